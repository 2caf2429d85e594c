public import Foundation
public import HaruModels
import HaruShared

/// AirKorea's air-quality services (한국환경공단 에어코리아, data.go.kr provider `B552584`) over the
/// same ``HTTPTransport`` and key handling as the forecast.
///
/// ```swift
/// let air = try AirKoreaClient(serviceKey: key)       // often the same portal key as KMA's
/// let quality = try await air.airQuality(near: town.coordinate!)
/// quality.pm25.grade(on: .korea)?.name(in: .korean)     // "보통"
/// quality.pm25.station?.name                            // "수지"
/// ```
///
/// **Stations.** The station list (`getMsrstnList`, about 650 stations with WGS84 coordinates)
/// is fetched once and kept for a week (in `cacheDirectory` too, when given); the stations
/// nearest a place are found locally, so no TM coordinate is ever needed.
///
/// **Values.** Real-time values come from the province's answer (`getCtprvnRltmMesureDnsty`,
/// `ver=1.5`): one request a province an hour serves every town in it. Each pollutant is taken
/// from the nearest station that has a value for it measured within three hours; a flagged,
/// missing or old value gives way to the next-nearest station, and each ``AirReading`` names its
/// station. Among stations within 2 km of each other an urban one (도시대기) is preferred to a
/// roadside one.
///
/// **Quota.** A development key has 500 requests a day per service. When a service answers that
/// the quota is used up (code 22), no request is sent to it again until midnight, Korea time:
/// every call until then fails at once with the same error.
///
/// Values are provisional until AirKorea confirms them. Show ``ForecastAttribution/airKorea``
/// ("출처: 한국환경공단 에어코리아") with them.
public final class AirKoreaClient: Sendable {
  /// The data portal's address of AirKorea's services.
  public static let dataGoKr =
    URL(string: "https://apis.data.go.kr/B552584") ?? URL(fileURLWithPath: "/")

  /// Where the services are asked.
  public let baseURL: URL

  private let key: Secret
  private let transport: any HTTPTransport
  private let timeout: Duration
  private let now: @Sendable () -> Date
  private let cacheFile: URL?
  /// Where the dust forecasts are kept across processes, with a cache directory.
  private let forecastFile: URL?
  private let state = LockedState(State())

  /// How long the station list is kept before it is fetched again.
  static let stationListLifetime: TimeInterval = 7 * 24 * 3600
  /// How old a station's newest value may be and still be used.
  static let freshness: TimeInterval = 3 * 3600
  /// How far a station may be from a place and still be asked, in metres.
  static let reach: Double = 50_000

  /// Creates a client, checking the key and the base URL once.
  ///
  /// - Parameters:
  ///   - serviceKey: The key the data portal issued, raw (with `+`, `/`, `=`) or
  ///     percent-encoded; it is encoded exactly once either way.
  ///   - baseURL: Where the services are; ``dataGoKr`` unless given.
  ///   - transport: How requests are sent; a ``URLSessionTransport`` unless given.
  ///   - timeout: The longest one request may take.
  ///   - cacheDirectory: A directory of your choosing to keep the station list in across
  ///     launches; `nil` keeps it in memory only.
  ///   - now: The wall-clock time, which decides freshness and the quota's reset.
  /// - Throws: ``ForecastError/Code/invalidRequest`` for an empty key, a key with control
  ///   characters, or a base URL that is not `http(s)` with a host; nothing is sent.
  public init(
    serviceKey: String,
    baseURL: URL = AirKoreaClient.dataGoKr,
    transport: any HTTPTransport = URLSessionTransport(),
    timeout: Duration = .seconds(10),
    cacheDirectory: URL? = nil,
    now: @escaping @Sendable () -> Date = Date.init
  ) throws(ForecastError) {
    self.key = try KMARequestBuilder.encodedKey(serviceKey, of: "AirKorea")
    try KMARequestBuilder.check(
      baseURL, named: "AirKorea base URL", example: "https://apis.data.go.kr/B552584")
    self.baseURL = baseURL
    self.transport = transport
    self.timeout = timeout
    self.now = now
    self.cacheFile = cacheDirectory?.appending(
      path: "airkorea-stations.json", directoryHint: .notDirectory)
    self.forecastFile = cacheDirectory?.appending(
      path: "airkorea-dust-forecasts.json", directoryHint: .notDirectory)
  }

  // MARK: - Stations

  /// Every station, from the list kept for a week, fetched when there is none or it is older.
  ///
  /// When the list is due again but cannot be fetched, the kept one is returned.
  ///
  /// - Returns: The stations whose coordinates lie in Korea (swapped axes are put right).
  /// - Throws: ``ForecastError`` when there is no list and none can be fetched.
  public func stations() async throws(ForecastError) -> [AirStation] {
    try await stationList().get()
  }

  private func stationList() async -> Result<[AirStation], ForecastError> {
    let date = now()
    var kept = state.withLock { $0.stations }
    if kept == nil, let stored = readStoredStations() {
      state.withLock { $0.stations = stored }
      kept = stored
    }
    if let kept, date.timeIntervalSince(kept.fetchedAt) < Self.stationListLifetime {
      return .success(kept.stations)
    }
    do {
      let stations = try await fetchStations()
      let list = StationList(stations: stations, fetchedAt: date)
      state.withLock { $0.stations = list }
      storeStations(list)
      return .success(stations)
    } catch {
      if let kept, !kept.stations.isEmpty, error.code != .cancelled {
        return .success(kept.stations)
      }
      return .failure(error)
    }
  }

  private func fetchStations() async throws(ForecastError) -> [AirStation] {
    var rows: [[String?]] = []
    // About 650 stations: one page of 1,000, a few more should the list grow.
    for page in 1...5 {
      let envelope = try await ask(
        .airKoreaStations, "MsrstnInfoInqireSvc/getMsrstnList",
        ["numOfRows": "1000", "pageNo": String(page)], fields: AirKoreaRows.stationFields)
      rows += envelope.rows
      if envelope.rows.isEmpty || Int64(rows.count) >= (envelope.totalCount ?? 0) { break }
    }
    let stations = AirKoreaRows.stations(rows)
    guard !stations.isEmpty else {
      throw ForecastError(
        .noData, message: "AirKorea's station list came back without a usable station.")
    }
    return stations
  }

  private func readStoredStations() -> StationList? {
    guard let cacheFile, let data = try? Data(contentsOf: cacheFile) else { return nil }
    return try? JSONDecoder().decode(StationList.self, from: data)
  }

  private func storeStations(_ list: StationList) {
    guard let cacheFile, let data = try? JSONEncoder().encode(list) else { return }
    try? FileManager.default.createDirectory(
      at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? data.write(to: cacheFile, options: .atomic)
  }

  // MARK: - Real-time values

  /// The newest values of every station in a province (`getCtprvnRltmMesureDnsty`, `ver=1.5`),
  /// kept until the next hour's values are due.
  ///
  /// - Parameter province: The province as the service names it: `"서울"`, `"경기"`, `"강원"`, …
  ///   (``AirStation/province``).
  /// - Returns: One measurement a station, each its newest hour.
  /// - Throws: ``ForecastError``; code 03 is an empty answer, not an error.
  public func measurements(inProvince province: String) async throws(ForecastError)
    -> [AirMeasurement]
  {
    try await measurements(inProvince: province, at: now())
  }

  /// ``measurements(inProvince:)`` as kept for the hour of an instant.
  private func measurements(inProvince province: String, at date: Date) async throws(ForecastError)
    -> [AirMeasurement]
  {
    let slot = Self.measurementSlot(at: date)
    if let kept = state.withLock({ $0.provinces[province] }), kept.slot == slot {
      return kept.measurements
    }
    let envelope = try await ask(
      .airKoreaPollution, "ArpltnInforInqireSvc/getCtprvnRltmMesureDnsty",
      ["numOfRows": "1000", "pageNo": "1", "sidoName": province, "ver": "1.5"],
      fields: AirKoreaRows.measurementFields)
    let measurements = Self.newestPerStation(AirKoreaRows.measurements(envelope.rows))
    state.withLock {
      $0.provinces[province] = ProvinceValues(measurements: measurements, slot: slot)
    }
    return measurements
  }

  /// One station's values of the last day, newest first (`getMsrstnAcctoRltmMesureDnsty`,
  /// `dataTerm=DAILY`, `ver=1.5`).
  ///
  /// - Parameter name: The station's name, such as `"종로구"`.
  /// - Returns: Its hours, newest first.
  /// - Throws: ``ForecastError``; code 03 is an empty answer.
  public func measurements(atStation name: String) async throws(ForecastError) -> [AirMeasurement] {
    let envelope = try await ask(
      .airKoreaPollution, "ArpltnInforInqireSvc/getMsrstnAcctoRltmMesureDnsty",
      ["numOfRows": "24", "pageNo": "1", "stationName": name, "dataTerm": "DAILY", "ver": "1.5"],
      fields: AirKoreaRows.measurementFields)
    return AirKoreaRows.measurements(envelope.rows, station: name).sorted {
      $0.measuredAt > $1.measuredAt
    }
  }

  // MARK: - The forecast

  /// The daily forecast as announced on a day (`getMinuDustFrcstDspth`): today's, tomorrow's and
  /// the day after's grades, the newest announcement for each; kept until the next announcement
  /// is due.
  ///
  /// - Parameter day: The day of the announcements, in Korea Standard Time.
  /// - Returns: The forecast.
  /// - Throws: ``ForecastError``; code 03 is an empty forecast.
  public func dustForecast(on day: CalendarDay) async throws(ForecastError) -> DustForecast {
    try await dustForecast(on: day, at: now())
  }

  /// ``dustForecast(on:)`` as kept for the announcement in force at an instant.
  private func dustForecast(on day: CalendarDay, at date: Date) async throws(ForecastError)
    -> DustForecast
  {
    let slot = AirSchedule.forecastSlot(at: date)
    if let kept = state.withLock({ $0.forecasts[day] }), kept.slot == slot { return kept.forecast }
    // Announced four times a day: another process (the app, its widget, `haru`) may hold it.
    let file = forecastFile
    if let file,
      let stored = await CellFiles.onQueue({ Self.readStoredForecasts(file) }),
      let kept = stored.first(where: { $0.day == day && $0.slot == slot })
    {
      state.withLock { $0.forecasts[day] = KeptForecast(forecast: kept.forecast, slot: slot) }
      return kept.forecast
    }
    let envelope = try await ask(
      .airKoreaPollution, "ArpltnInforInqireSvc/getMinuDustFrcstDspth",
      ["numOfRows": "100", "pageNo": "1", "searchDate": day.description],
      fields: AirKoreaRows.forecastFields)
    let forecast = DustForecast(days: AirKoreaRows.forecastDays(envelope.rows))
    state.withLock { $0.forecasts[day] = KeptForecast(forecast: forecast, slot: slot) }
    if let file {
      let kept = StoredForecast(day: day, slot: slot, forecast: forecast)
      await CellFiles.onQueue {
        // The announcements of the last two days are enough for today's and tomorrow's asks.
        let others = (Self.readStoredForecasts(file) ?? []).filter {
          !($0.day == day) && $0.slot > slot - 8
        }
        guard let data = try? JSONEncoder().encode(StoredForecasts(forecasts: others + [kept]))
        else { return }
        try? FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
      }
    }
    return forecast
  }

  /// The dust forecasts kept in the cache directory; `nil` when none can be read.
  private static func readStoredForecasts(_ file: URL) -> [StoredForecast]? {
    guard let data = try? Data(contentsOf: file),
      let stored = try? JSONDecoder().decode(StoredForecasts.self, from: data),
      stored.version == StoredForecasts.currentVersion
    else { return nil }
    return stored.forecasts
  }

  // MARK: - A place

  /// The air quality near a place: each pollutant from the nearest station with a fresh value,
  /// the integrated index and the day's forecast for the place's region.
  ///
  /// - Parameters:
  ///   - coordinate: The place.
  ///   - date: The instant values are judged fresh at; now unless given.
  /// - Returns: The air quality. A pollutant no station near enough has is in the answer with its
  ///   ``AirReading/missingReason``; a forecast that cannot be had leaves ``AirQuality/forecast``
  ///   `nil`.
  /// - Throws: ``ForecastError`` when the station list or the real-time values cannot be had.
  public func airQuality(near coordinate: Coordinate, at date: Date? = nil)
    async throws(ForecastError)
    -> AirQuality
  {
    switch await airQualityReport(near: coordinate, at: date) {
    case .success(let report): return report.quality
    case .failure(let failure): throw failure.error
    }
  }

  /// ``airQuality(near:at:)``, saying which service failed when it fails.
  package func airQualityReport(near coordinate: Coordinate, at date: Date? = nil) async -> Result<
    AirQualityReport, ServiceFailure
  > {
    let date = date ?? now()
    let stations: [AirStation]
    switch await stationList() {
    case .success(let list): stations = list
    case .failure(let error):
      return .failure(ServiceFailure(service: .airKoreaStations, error: error))
    }
    let nearby = AirStationFinder.nearest(
      to: coordinate, in: stations, count: 6, within: Self.reach)
    let region = nearby.first.flatMap { AirRegions.forecastRegion(ofAddress: $0.station.address) }
    let day = CalendarDay(containing: date, in: CalendarDay.koreaTimeZone)
    async let forecast = capture { () async throws(ForecastError) in
      try await self.dustForecast(on: day, at: date)
    }
    var found: [String: AirMeasurement] = [:]
    var provinces: [String] = []
    for candidate in nearby {
      if let province = candidate.station.province, !provinces.contains(province) {
        provinces.append(province)
      }
    }
    for province in provinces.prefix(2) {
      do {
        for measurement in try await measurements(inProvince: province, at: date) {
          found[measurement.stationName] = measurement
        }
      } catch {
        // A second province only adds fallbacks; the first must answer.
        if province == provinces.first {
          return .failure(ServiceFailure(service: .airKoreaPollution, error: error))
        }
      }
    }
    let forecastOutcome = await forecast
    let quality = AirQualitySelection.select(
      nearby: nearby, measurements: found, at: date, region: region,
      forecast: try? forecastOutcome.get())
    return .success(AirQualityReport(quality: quality, forecastError: forecastOutcome.failure))
  }

  // MARK: - Asking

  /// Sends one request and reads its answer; a refused quota closes the service until midnight.
  private func ask(
    _ service: DataService, _ operation: String, _ parameters: KeyValuePairs<String, String>,
    fields: [String]
  ) async throws(ForecastError) -> Envelope<[String?]> {
    let date = now()
    if let closed = state.withLock({ $0.closedUntil[service] }), date < closed {
      throw ForecastError(
        .kmaResult,
        message:
          "The AirKorea service's daily quota is used up (result code 22); no request is sent "
          + "to it until midnight, Korea time.",
        kmaResultCode: .requestLimitExceeded)
    }
    let request = try PortalRequest.make(
      baseURL: baseURL, operation: operation, key: key, parameters: parameters, timeout: timeout)
    let response = try await transport.send(request)
    do {
      return try EnvelopeReader.read(response, from: .airKorea, fields: fields)
    } catch {
      if error.kmaResultCode == .requestLimitExceeded {
        let reset = CalendarDay(containing: date, in: CalendarDay.koreaTimeZone).adding(days: 1)
          .start(in: CalendarDay.koreaTimeZone)
        state.withLock { $0.closedUntil[service] = reset }
      }
      throw error
    }
  }

  /// Forgets the kept real-time values and forecasts (not the station list), as a new hour
  /// would.
  func forgetKeptHour() {
    state.withLock { state in
      state.provinces = [:]
      state.forecasts = [:]
    }
  }

  static func newestPerStation(_ measurements: [AirMeasurement]) -> [AirMeasurement] {
    var newest: [String: AirMeasurement] = [:]
    for measurement in measurements {
      if let kept = newest[measurement.stationName], kept.measuredAt >= measurement.measuredAt {
        continue
      }
      newest[measurement.stationName] = measurement
    }
    return newest.values.sorted { $0.stationName < $1.stationName }
  }

  /// Values are posted about 15–20 minutes past each hour: one slot an hour, from :20 on.
  static func measurementSlot(at date: Date) -> Int64 {
    Int64(((date.timeIntervalSince1970 - 20 * 60) / 3600).rounded(.down))
  }

  // MARK: - State

  private struct StationList: Codable {
    let stations: [AirStation]
    let fetchedAt: Date
  }

  private struct ProvinceValues {
    let measurements: [AirMeasurement]
    let slot: Int64
  }

  private struct KeptForecast {
    let forecast: DustForecast
    let slot: Int64
  }

  /// The file of dust forecasts: each asked day with the announcement (slot) it was asked in.
  private struct StoredForecasts: Codable {
    static let currentVersion = 1
    var version = StoredForecasts.currentVersion
    let forecasts: [StoredForecast]
  }

  private struct StoredForecast: Codable {
    let day: CalendarDay
    let slot: Int64
    let forecast: DustForecast
  }

  /// Guarded by `state`'s lock, all of it.
  private struct State {
    var stations: StationList?
    var provinces: [String: ProvinceValues] = [:]
    var forecasts: [CalendarDay: KeptForecast] = [:]
    /// Services whose quota ran out, and when it resets.
    var closedUntil: [DataService: Date] = [:]
  }
}

/// An answer of ``AirKoreaClient/airQualityReport(near:at:)``: the air quality and, when the
/// forecast could not be had, why.
package struct AirQualityReport: Sendable {
  package let quality: AirQuality
  package let forecastError: ForecastError?
}

/// A failure, with the service it came from.
package struct ServiceFailure: Error, Sendable {
  package let service: DataService
  package let error: ForecastError
}

extension Result {
  /// The error of a failure, `nil` for a success.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }

  /// The value of a success, `nil` for a failure.
  var success: Success? {
    if case .success(let value) = self { return value }
    return nil
  }
}

extension ForecastAttribution {
  /// The credit AirKorea's data carries: "출처: 한국환경공단 에어코리아", linking to AirKorea; its
  /// real-time values are provisional until AirKorea confirms them.
  public static let airKorea = ForecastAttribution(
    text: "출처: 한국환경공단 에어코리아",
    link: URL(string: "https://www.airkorea.or.kr") ?? URL(fileURLWithPath: "/"))
}
