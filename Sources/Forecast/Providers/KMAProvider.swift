public import Foundation
public import HaruModels
import HaruShared

/// The Korea Meteorological Administration's short-term forecast service as a
/// ``ForecastProvider``, over ``KMAClient``.
///
/// For an outlook it asks, at the same time, for today and the days after
/// (``KMAClient/dailyForecast(for:)-(GridPoint)``), for yesterday while the service still keeps
/// the run that forecast it (``KMAClient/yesterday(for:)-(GridPoint)``; when it is gone, the
/// outlook has no yesterday of its own and ``ForecastService`` fills it from its cache), for
/// the conditions observed now (``KMAClient/currentConditions(for:)-(GridPoint)``), and for days
/// 4–10 from the mid-term forecast (`MidFcstInfoService`: `getMidLandFcst` and `getMidTa`).
///
/// **Ten days.** The mid-term days are stitched after the short-term ones; where both cover a
/// day the short-term one is kept (it is finer), and each day says its
/// `DayForecast/source`. The mid-term day numbers count from the issuance date (`tmFc`), so
/// after midnight the 18:00 issuance's day 5 is today + 4. When the newest issuance answers "no
/// data" the one before is asked. The mid-term regions are the town's
/// (`Town/midTermRegions`, filled by `HaruPlaces`) or, for a town made from a bare coordinate or
/// grid cell, those of the nearest of KMA's temperature points (bundled; 출처: 기상청).
///
/// **Missing parts.** The portal approves each service on its own, so a key can be accepted by
/// the short-term service and refused by the mid-term one or by AirKorea's. Only the short-term
/// forecast is needed: when the nowcast, the mid-term forecast or the air quality cannot be had —
/// refused (not approved, quota, expired) or failing — the answer is served without that part,
/// ``ProviderForecast/missing`` names it and ``ProviderForecast/missingReasons`` says which
/// service refused it and what to do. An error of the short-term forecast itself fails the
/// answer.
///
/// **Air quality.** Given an ``AirKoreaClient``, the answer carries the town's air quality
/// (``ProviderForecast/air``), asked at the same time as the rest; the run then also changes when
/// AirKorea's next hour is due (20 minutes past the hour).
///
/// ```swift
/// let service = ForecastService(provider: try KMAProvider(serviceKey: key))
/// let withAir = ForecastService(
///   provider: try KMAProvider(serviceKey: key, airQuality: try AirKoreaClient(serviceKey: key)))
/// ```
///
/// Its run changes whenever a new short-term run or nowcast is published (every hour, ten
/// minutes past the hour with the standard delays). Show ``attribution`` ("기상청 제공") with the
/// data.
public struct KMAProvider: ForecastProvider {
  /// `"kma"`.
  public let identifier = "kma"

  /// The host and its settings.
  public let configuration: KMAConfiguration

  /// The key, checked and percent-encoded once, with the configuration.
  private let builder: KMARequestBuilder
  private let transport: any HTTPTransport
  /// Where the air quality comes from, when it is asked for.
  public let airQuality: AirKoreaClient?

  /// Creates the provider, checking the key and the configuration once.
  ///
  /// ```swift
  /// let provider = try KMAProvider(serviceKey: key)
  /// let hub = try KMAProvider(serviceKey: hubKey, configuration: .apiHub)  // authKey=…
  /// ```
  ///
  /// - Parameters:
  ///   - serviceKey: The key the data portal issued, raw (with `+`, `/`, `=`) or
  ///     percent-encoded; it is encoded exactly once either way.
  ///   - configuration: The host and its settings, key parameter name included; the public data
  ///     portal unless given (``KMAConfiguration/apiHub`` for KMA's API Hub).
  ///   - transport: How requests are sent; a ``URLSessionTransport`` unless given.
  ///   - airQuality: Where the town's air quality comes from; `nil` (no air quality) unless
  ///     given.
  /// - Throws: ``ForecastError/Code/invalidRequest`` for an empty key, a key with control
  ///   characters, or a base URL that is not `http(s)` with a host; nothing is sent.
  public init(
    serviceKey: String,
    configuration: KMAConfiguration = .dataGoKr,
    transport: any HTTPTransport = URLSessionTransport(),
    airQuality: AirKoreaClient? = nil
  ) throws(ForecastError) {
    self.builder = try KMARequestBuilder(configuration: configuration, serviceKey: serviceKey)
    self.configuration = configuration
    self.transport = transport
    self.airQuality = airQuality
  }

  /// "기상청 제공", linking to the service's page on the public data portal.
  public var attribution: ForecastAttribution { .kma }

  /// The newer of the newest published short-term run and the newest published nowcast,
  /// identified by the instant it was published.
  ///
  /// - Parameter date: The instant.
  /// - Returns: The run.
  public func run(at date: Date) -> ForecastRun {
    // Plain arithmetic rather than calendar work: this runs on every cached answer. Korea has no
    // daylight saving time and its offset is whole hours, so hours since the epoch line up with
    // Korean hours; short-term runs (02, 05, … 23 KST) fall on UTC hours ≡ 2 (mod 3).
    let seconds = date.timeIntervalSince1970
    let nowcastDelay = delay(of: .nowcast)
    let shortTermDelay = delay(of: .shortTermForecast)
    let nowcastHour = ((seconds - nowcastDelay) / 3600).rounded(.down)
    let shortTermHour = ((seconds - shortTermDelay) / 3600).rounded(.down)
    let shortTermBase = shortTermHour - (shortTermHour - 2).truncatingRemainder(dividingBy: 3)
    let adjusted =
      (shortTermHour - 2).truncatingRemainder(dividingBy: 3) < 0 ? shortTermBase - 3 : shortTermBase
    let midTerm = MidTermIssuance.latest(at: date, delay: configuration.midTermPublicationDelay)
    var published = max(
      nowcastHour * 3600 + nowcastDelay, adjusted * 3600 + shortTermDelay,
      midTerm.time.timeIntervalSince1970 + configuration.midTermPublicationDelay.inSeconds)
    if airQuality != nil {
      published = max(published, Double(AirKoreaClient.measurementSlot(at: date)) * 3600 + 20 * 60)
    }
    return ForecastRun(publishedAt: Date(timeIntervalSince1970: published))
  }

  /// Today and the days to day 10, yesterday while the service keeps it, and the conditions now.
  ///
  /// - Parameters:
  ///   - town: The town; its grid point is asked for.
  ///   - date: The instant that decides which runs are published.
  /// - Returns: The answer; its `issuedAt` is the base time of the newest short-term run used.
  /// - Throws: ``ForecastError`` from the short-term forecast, and cancellation. Yesterday, when
  ///   it cannot be had, is left out; the nowcast, the mid-term forecast and the air quality,
  ///   when they cannot be had, are left out, named in ``ProviderForecast/missing`` and
  ///   explained in ``ProviderForecast/missingReasons``.
  public func forecast(for town: Town, at date: Date) async throws(ForecastError)
    -> ProviderForecast
  {
    let client = KMAClient(builder: builder, transport: transport, now: { date })
    let gridPoint = town.gridPoint
    let midTermClient = KMAMidTermClient(builder: builder, transport: transport)
    let regions =
      town.midTermRegions
      ?? MidTermTemperaturePoints.regions(nearest: town.coordinate ?? gridPoint.center)
    async let daily = capture { () async throws(ForecastError) in
      try await client.dailyForecast(for: gridPoint)
    }
    async let past = capture { () async throws(ForecastError) in
      try await client.yesterday(for: gridPoint)
    }
    async let observed = capture { () async throws(ForecastError) in
      try await client.currentConditions(for: gridPoint)
    }
    async let midTerm = capture { () async throws(ForecastError) -> MidTermForecast? in
      guard let regions else { return nil }
      return try await midTermClient.forecast(regions, at: date)
    }
    let airQuality = airQuality
    let place = town.coordinate ?? gridPoint.center
    async let air = { () async -> Result<AirQualityReport, ServiceFailure>? in
      await airQuality?.airQualityReport(near: place, at: date)
    }()
    let forecast = try await daily.get()
    var missing: Set<ForecastPart> = []
    var reasons: [ForecastPart: MissingPartReason] = [:]
    let conditions: CurrentConditions?
    switch await observed {
    case .success(let value): conditions = value
    case .failure(let error) where error.code == .cancelled: throw error
    case .failure(let error):
      conditions = nil
      reasons[.current] = MissingPartReason(service: .kmaShortTerm, error: error)
    }
    let midTermForecast: MidTermForecast?
    switch await midTerm {
    case .success(let value):
      midTermForecast = value
      if value == nil { missing.insert(.midTerm) }
    case .failure(let error) where error.code == .cancelled: throw error
    case .failure(let error):
      midTermForecast = nil
      reasons[.midTerm] = MissingPartReason(service: .kmaMidTerm, error: error)
    }
    var airQualityNow: AirQuality?
    switch await air {
    case nil: break
    case .success(let report)?: airQualityNow = report.quality
    case .failure(let failure)? where failure.error.code == .cancelled: throw failure.error
    case .failure(let failure)?:
      reasons[.air] = MissingPartReason(service: failure.service, error: failure.error)
    }
    var days = forecast.days
    // Yesterday is a bonus: the service keeps old runs only briefly, and today's forecast is
    // worth showing without it (the service fills it from its cache when it can).
    if case .success(let yesterday) = await past,
      !days.contains(where: { $0.day == yesterday.day })
    {
      days.append(yesterday)
    }
    let today = CalendarDay(containing: date, in: CalendarDay.koreaTimeZone)
    days = Self.stitch(days, midTermForecast, today: today)
    let current = conditions.map { conditions in
      let hourStart = Date(
        timeIntervalSince1970: (date.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
      let hour = forecast.hours.last { $0.time <= hourStart } ?? forecast.hours.first
      return HourlyForecast(
        time: conditions.observedAt, temperature: conditions.temperature ?? hour?.temperature,
        sky: hour?.sky, precipitationType: conditions.precipitationType,
        precipitationProbability: hour?.precipitationProbability,
        precipitation: conditions.precipitation, humidity: conditions.humidity,
        windSpeed: conditions.windSpeed, windDirection: conditions.windDirection)
    }
    let nextRun = forecast.run.baseTime.addingTimeInterval(
      3 * 3600 + delay(of: .shortTermForecast))
    let midTermIssuance =
      midTermForecast?.issuance
      ?? MidTermIssuance.latest(at: date, delay: configuration.midTermPublicationDelay)
    let midTermNext = midTermIssuance.next
    return ProviderForecast(
      days: days, current: current, issuedAt: forecast.run.baseTime, nextIssueAt: nextRun,
      midTermIssuedAt: midTermForecast?.issuance.time,
      midTermNextIssueAt: midTermNext.time.addingTimeInterval(
        configuration.midTermPublicationDelay.inSeconds),
      missing: missing, missingReasons: reasons, air: airQualityNow)
  }

  /// The short-term days followed by the mid-term days they do not cover, up to today + 10.
  static func stitch(
    _ shortTerm: [DayForecast], _ midTerm: MidTermForecast?, today: CalendarDay
  ) -> [DayForecast] {
    guard let midTerm else { return shortTerm }
    let covered = Set(shortTerm.map(\.day))
    let last = today.adding(days: 10)
    let added = midTerm.days.filter {
      !covered.contains($0.day) && $0.day > today && $0.day <= last
    }
    return shortTerm + added.map(\.dayForecast)
  }

  private func delay(of operation: KMAOperation) -> Double {
    let delay =
      configuration.publicationDelays[operation]
      ?? KMAConfiguration.standardPublicationDelays[operation] ?? .seconds(10 * 60)
    return delay.inSeconds
  }
}

extension ForecastAttribution {
  /// The credit KMA's data carries: "기상청 제공" (provided by the Korea Meteorological
  /// Administration), linking to the service's page on the public data portal.
  public static let kma = ForecastAttribution(
    text: "기상청 제공",
    link: URL(string: "https://www.data.go.kr/data/15084084/openapi.do")
      ?? URL(fileURLWithPath: "/"))
}

/// Runs an operation and keeps its outcome, so that `async let` keeps the error's type.
func capture<Value: Sendable>(
  _ operation: () async throws(ForecastError) -> Value
) async -> Result<Value, ForecastError> {
  do {
    return .success(try await operation())
  } catch {
    return .failure(error)
  }
}
