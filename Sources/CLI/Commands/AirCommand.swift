import Foundation
import HaruForecast
import HaruModels
import HaruSettings

/// `haru air`: the air quality near a town, from AirKorea.
enum AirCommand {
  static let usage = Help.air

  static func run(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let options = try ParsedOptions(
      arguments,
      valued: [
        "--town", "--lat", "--lon", "--nx", "--ny", "--scale", "--air-service-key", "--service-key",
        "--air-base-url", "--now",
      ],
      flags: ["--offline"], usage: usage)
    try options.expectPositionals(0...0, usage: usage)
    let offline = options.flag("--offline")
    if offline, options.has("--air-base-url") || options.has("--now") {
      throw .usage(Text(.airOfflineNoURL), usage)
    }
    let settings = try context.openSettings()
    let scale =
      try options.value("--scale").map { (text) throws(CLIError) in
        try parseScale(text, usage: usage)
      } ?? settings[.airQualityScale]
    var now = try options.value("--now").map { (text) throws(CLIError) in
      try ForecastCommand.parseInstant(text, usage: usage)
    }
    var town = try ForecastCommand.pickTown(options, settings)
    let client: AirKoreaClient
    if offline {
      town = try SampleData.seoulTown(options, town, usage: usage)
      now = SampleData.airInstant
      client = try sampleClient()
    } else {
      guard let asked = try Self.client(options, context, kmaBaseURL: nil, now: now, usage: usage)
      else {
        throw .usage(Text(.airNeedsKey, Keys.whereToGetOne), usage)
      }
      client = asked
    }
    let place = town.coordinate ?? town.gridPoint.center
    let quality: AirQuality
    switch await client.airQualityReport(near: place, at: now) {
    case .success(let report): quality = report.quality
    case .failure(let failure):
      let reason = MissingPartReason(service: failure.service, error: failure.error)
      let error = CLIError(failure.error)
      throw CLIError(
        error.kind,
        Text(
          .airRefused, reason.message(in: context.language),
          error.message(in: context.language), Keys.hint(for: failure.error)))
    }
    let day = CalendarDay(containing: now ?? Date(), in: CalendarDay.koreaTimeZone)
    if context.json {
      if offline { SampleData.printLabel(SampleData.airLabel(context.language), context) }
      try context.printJSON(
        AirDocument(
          town: town.name, air: AirJSON(quality, scale: scale, today: day, context.language)))
      return
    }
    if offline { SampleData.printLabel(SampleData.airLabel(context.language), context) }
    context.console.print("\(town.name) · \(ForecastAttribution.airKorea.text)")
    for line in lines(quality, scale: scale, today: day, context) {
      context.console.print(line)
    }
  }

  /// A client that answers from the bundled AirKorea samples, at their own instant.
  static func sampleClient() throws(CLIError) -> AirKoreaClient {
    let transport = SampleTransport(folder: try SampleData.folder(), service: .airKorea)
    do {
      return try AirKoreaClient(
        serviceKey: "sample", transport: transport, now: { SampleData.airInstant })
    } catch {
      throw CLIError(error)
    }
  }

  /// `korea`, `who2021`, `eight` (or `eightLevel`).
  static func parseScale(_ text: String, usage: String) throws(CLIError) -> AirQualityScale {
    switch text.lowercased() {
    case "korea": return .korea
    case "who2021", "who": return .who2021
    case "eight", "eightlevel", "8": return .eightLevel
    default:
      throw .usage(Text(.scaleUnknown, String(text.prefix(20))), usage)
    }
  }

  /// A scale's name for `haru settings`.
  static func scaleName(_ scale: AirQualityScale, in language: DisplayLanguage) -> String {
    switch (scale, language) {
    case (.korea, .korean): "환경부 4단계"
    case (.korea, .english): "Ministry of Environment, four grades"
    case (.who2021, .korean): "WHO 2021 권고기준"
    case (.who2021, .english): "WHO 2021 guideline"
    case (.eightLevel, .korean): "8단계"
    case (.eightLevel, .english): "eight steps"
    }
  }

  /// The AirKorea client the options ask for: its key from `--air-service-key`,
  /// `HARU_AIRKOREA_SERVICE_KEY`, or else the KMA key; `nil` when there is no key at all.
  ///
  /// With no `--air-base-url`, a KMA base URL given on the command line (a proxy or a test
  /// server) is followed: AirKorea is asked on the same host, at `/B552584`.
  static func client(
    _ options: ParsedOptions, _ context: Context, kmaBaseURL: URL?, now: Date?, usage: String,
    gateway: ServiceOptions.Gateway = .portal, transport: any HTTPTransport = URLSessionTransport()
  ) throws(CLIError) -> AirKoreaClient? {
    let environment = context.environment
    // AirKorea is on the data portal only: an API Hub key given for KMA is not its key.
    let candidates = [
      options.value("--air-service-key"), environment["HARU_AIRKOREA_SERVICE_KEY"],
      gateway == .portal ? options.value("--service-key") : nil,
      environment["HARU_KMA_SERVICE_KEY"],
    ]
    guard let key = candidates.compactMap({ $0 }).first(where: { !$0.isEmpty }) else { return nil }
    let baseURL = try ServiceOptions.baseURL(
      options, option: "--air-base-url", usage: usage, standard: AirKoreaClient.dataGoKr,
      kmaBaseURL: kmaBaseURL, path: { _ in "/B552584" })
    do {
      return try AirKoreaClient(
        serviceKey: key, baseURL: baseURL, transport: transport,
        cacheDirectory: context.forecastCacheDirectory,
        now: ServiceOptions.clock(fixedAt: now))
    } catch {
      throw CLIError(error)
    }
  }

  /// The air quality as lines: the particles and ozone with grades and stations, the index and
  /// the forecast for today and tomorrow.
  static func lines(
    _ quality: AirQuality, scale: AirQualityScale, today: CalendarDay, _ context: Context
  ) -> [String] {
    let language = context.language
    var lines: [String] = []
    for pollutant in AirPollutant.allCases {
      let reading = quality.reading(pollutant)
      let name = pad(pollutant.name(in: language), 8)
      guard let value = reading.value, let station = reading.station else {
        let reason = reading.missingReason?.message(in: language) ?? "-"
        lines.append("\(name)- (\(reason))")
        continue
      }
      let averaging = scale.averaging(for: pollutant)
      let shown = value.value(averaging) ?? value.oneHour
      let number = shown.map { format($0, pollutant) } ?? "-"
      let window =
        averaging == .twentyFourHours
        ? context.text(.hours) : context.text(.hours2)
      let grade = reading.grade(on: scale)?.name(in: language) ?? context.text(.noGrade)
      lines.append(
        "\(name)\(pad(grade, 16))\(number) \(pollutant.unit) (\(window)) · "
          + "\(station.name) \(station.network.rawValue) · "
          + (reading.measuredAt.map(ForecastCommand.koreanTime) ?? ""))
    }
    if let index = quality.integratedIndex {
      let grade = index.grade.map { AirQualityGrade.korea($0).name(in: language) } ?? "-"
      lines.append(
        "\(pad(context.text(.cai), 8))\(pad(grade, 16))"
          + "\(Int(index.value.rounded())) · \(index.stationName)")
    }
    if let region = quality.forecastRegion, quality.forecast != nil {
      for (offset, label) in [
        (0, context.text(.today)), (1, context.text(.tomorrow)),
      ] {
        let day = today.adding(days: offset)
        let grades = [AirPollutant.pm10, .pm25].map { pollutant in
          "\(pollutant.name(in: language)) "
            + (quality.forecastGrade(of: pollutant, on: day)?.name(in: language) ?? "-")
        }
        lines.append(
          "\(context.text(.forecast)) \(region) \(label): \(grades.joined(separator: " · "))"
        )
      }
    }
    lines.append(
      context.text(.realTimeValuesAreProvisional))
    return lines
  }

  static func format(_ value: Double, _ pollutant: AirPollutant) -> String {
    pollutant == .ozone ? String(format: "%.3f", value) : String(Int(value.rounded()))
  }
}

extension AirQualityGrade {
  /// A grade of AirKorea's own four (its `khaiGrade`), clamped to them.
  static func korea(_ level: Int) -> AirQualityGrade {
    AirQualityGrade(scale: .korea, level: min(max(level, 1), 4))
  }
}

/// `haru air --json`.
struct AirDocument: Encodable {
  let town: String
  let air: AirJSON
}

/// The air quality as JSON, in `haru air --json` and `haru forecast --json`.
struct AirJSON: Encodable {
  struct Grade: Encodable {
    let level: Int
    let name: String
  }

  struct Reading: Encodable {
    let value: Double?
    let oneHour: Double?
    let twentyFourHours: Double?
    let unit: String
    let grade: Grade?
    let station: String?
    let stationNetwork: String?
    let measuredAt: String?
    let missingReason: String?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(value, forKey: .value)
      try container.encode(oneHour, forKey: .oneHour)
      try container.encode(twentyFourHours, forKey: .twentyFourHours)
      try container.encode(unit, forKey: .unit)
      try container.encode(grade, forKey: .grade)
      try container.encode(station, forKey: .station)
      try container.encode(stationNetwork, forKey: .stationNetwork)
      try container.encode(measuredAt, forKey: .measuredAt)
      try container.encode(missingReason, forKey: .missingReason)
    }

    enum CodingKeys: String, CodingKey {
      case value, oneHour, twentyFourHours, unit, grade, station, stationNetwork, measuredAt,
        missingReason
    }
  }

  struct Index: Encodable {
    let value: Double
    let grade: Int?
    let station: String
  }

  struct ForecastDay: Encodable {
    let date: String
    let pm10: String?
    let pm25: String?
  }

  let scale: String
  let pm10: Reading
  let pm25: Reading
  let ozone: Reading
  let integratedIndex: Index?
  let forecastRegion: String?
  let forecast: [ForecastDay]
  let nextMeasurementAt: String
  let attribution: String

  init(
    _ quality: AirQuality, scale: AirQualityScale, today: CalendarDay, _ language: DisplayLanguage
  ) {
    func reading(_ pollutant: AirPollutant) -> Reading {
      let reading = quality.reading(pollutant)
      return Reading(
        value: reading.value(on: scale), oneHour: reading.value?.oneHour,
        twentyFourHours: reading.value?.twentyFourHours, unit: pollutant.unit,
        grade: reading.grade(on: scale).map { Grade(level: $0.level, name: $0.name(in: language)) },
        station: reading.station?.name, stationNetwork: reading.station?.network.rawValue,
        measuredAt: reading.measuredAt.map(OutlookJSON.time),
        missingReason: reading.missingReason?.message(in: language))
    }
    self.scale = scale.rawValue
    pm10 = reading(.pm10)
    pm25 = reading(.pm25)
    ozone = reading(.ozone)
    integratedIndex = quality.integratedIndex.map {
      Index(value: $0.value, grade: $0.grade, station: $0.stationName)
    }
    forecastRegion = quality.forecastRegion
    forecast =
      quality.forecast == nil
      ? []
      : [today, today.adding(days: 1)].map { day in
        ForecastDay(
          date: day.description, pm10: quality.forecastGrade(of: .pm10, on: day)?.rawValue,
          pm25: quality.forecastGrade(of: .pm25, on: day)?.rawValue)
      }
    nextMeasurementAt = OutlookJSON.time(quality.nextMeasurementAt)
    attribution = ForecastAttribution.airKorea.text
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(scale, forKey: .scale)
    try container.encode(pm10, forKey: .pm10)
    try container.encode(pm25, forKey: .pm25)
    try container.encode(ozone, forKey: .ozone)
    try container.encode(integratedIndex, forKey: .integratedIndex)
    try container.encode(forecastRegion, forKey: .forecastRegion)
    try container.encode(forecast, forKey: .forecast)
    try container.encode(nextMeasurementAt, forKey: .nextMeasurementAt)
    try container.encode(attribution, forKey: .attribution)
  }

  enum CodingKeys: String, CodingKey {
    case scale, pm10, pm25, ozone, integratedIndex, forecastRegion, forecast, nextMeasurementAt,
      attribution
  }
}
