import Foundation
import HaruForecast
import HaruModels

/// The forecast as JSON: the contract of `haru forecast --json`.
struct OutlookJSON: Encodable {
  struct Grid: Encodable {
    let nx: Int
    let ny: Int
  }

  struct Half: Encodable {
    let sky: String?
    let precipitationType: String?
    let precipitationProbability: Int?

    init(_ half: DayHalf) {
      sky = half.sky?.rawValue
      precipitationType = half.precipitationType.map(OutlookJSON.typeName)
      precipitationProbability = half.precipitationProbability?.percent
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(sky, forKey: .sky)
      try container.encode(precipitationType, forKey: .precipitationType)
      try container.encode(precipitationProbability, forKey: .precipitationProbability)
    }

    enum CodingKeys: String, CodingKey {
      case sky, precipitationType, precipitationProbability
    }
  }

  struct Day: Encodable {
    let date: String
    let source: String
    let minTemperature: Double?
    let maxTemperature: Double?
    let minTemperatureDerived: Bool
    let maxTemperatureDerived: Bool
    let partial: Bool
    let sky: String?
    let precipitationType: String?
    let precipitationProbability: Int?
    let morning: Half?
    let afternoon: Half?
    let sunrise: String?
    let sunset: String?
    let feelsLikeMin: Double?
    let feelsLikeMax: Double?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(date, forKey: .date)
      try container.encode(source, forKey: .source)
      try container.encode(minTemperature, forKey: .minTemperature)
      try container.encode(maxTemperature, forKey: .maxTemperature)
      try container.encode(minTemperatureDerived, forKey: .minTemperatureDerived)
      try container.encode(maxTemperatureDerived, forKey: .maxTemperatureDerived)
      try container.encode(partial, forKey: .partial)
      try container.encode(sky, forKey: .sky)
      try container.encode(precipitationType, forKey: .precipitationType)
      try container.encode(precipitationProbability, forKey: .precipitationProbability)
      try container.encode(morning, forKey: .morning)
      try container.encode(afternoon, forKey: .afternoon)
      try container.encode(sunrise, forKey: .sunrise)
      try container.encode(sunset, forKey: .sunset)
      try container.encode(feelsLikeMin, forKey: .feelsLikeMin)
      try container.encode(feelsLikeMax, forKey: .feelsLikeMax)
    }

    enum CodingKeys: String, CodingKey {
      case date, source, minTemperature, maxTemperature, minTemperatureDerived,
        maxTemperatureDerived, partial, sky, precipitationType, precipitationProbability,
        morning, afternoon, sunrise, sunset, feelsLikeMin, feelsLikeMax
    }
  }

  struct Current: Encodable {
    let time: String
    let temperature: Double?
    let feelsLike: Double?
    let sky: String?
    let precipitationType: String?
    let humidity: Int?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(time, forKey: .time)
      try container.encode(temperature, forKey: .temperature)
      try container.encode(feelsLike, forKey: .feelsLike)
      try container.encode(sky, forKey: .sky)
      try container.encode(precipitationType, forKey: .precipitationType)
      try container.encode(humidity, forKey: .humidity)
    }

    enum CodingKeys: String, CodingKey {
      case time, temperature, feelsLike, sky, precipitationType, humidity
    }
  }

  /// One hour of the short-term forecast.
  struct Hour: Encodable {
    let time: String
    let temperature: Double?
    let feelsLike: Double?
    let humidity: Int?
    /// m/s.
    let windSpeed: Double?
    let sky: String?
    /// KMA's words for the amount (`"1mm 미만"`, `"강수없음"`), as the forecast gives them.
    let precipitation: String?
    let precipitationType: String?
    let probability: Int?

    init(_ hour: HourlyForecast) {
      time = OutlookJSON.time(hour.time)
      temperature = hour.temperature.map { OutlookJSON.rounded($0.celsius) }
      feelsLike = hour.feelsLike.map { OutlookJSON.rounded($0.temperature.celsius) }
      humidity = hour.humidity
      windSpeed = hour.windSpeed.map(OutlookJSON.rounded)
      sky = hour.sky?.rawValue
      precipitation = hour.precipitation?.originalText
      precipitationType = hour.precipitationType.map(OutlookJSON.typeName)
      probability = hour.precipitationProbability?.percent
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(time, forKey: .time)
      try container.encode(temperature, forKey: .temperature)
      try container.encode(feelsLike, forKey: .feelsLike)
      try container.encode(humidity, forKey: .humidity)
      try container.encode(windSpeed, forKey: .windSpeed)
      try container.encode(sky, forKey: .sky)
      try container.encode(precipitation, forKey: .precipitation)
      try container.encode(precipitationType, forKey: .precipitationType)
      try container.encode(probability, forKey: .probability)
    }

    enum CodingKeys: String, CodingKey {
      case time, temperature, feelsLike, humidity, windSpeed, sky, precipitation,
        precipitationType, probability
    }
  }

  struct Reason: Encodable {
    let code: String
    let message: String
  }

  /// Why a part is missing: `{"part", "code", "message"}`, with the service and its result code.
  struct MissingReason: Encodable {
    let part: String
    let service: String
    let code: String
    let resultCode: String?
    let message: String

    init(part: String, _ reason: MissingPartReason, language: DisplayLanguage) {
      self.part = part
      service = reason.service.rawValue
      code = reason.error.code.rawValue
      resultCode = reason.error.kmaResultCode?.rawValue
      message = reason.message(in: language)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(part, forKey: .part)
      try container.encode(service, forKey: .service)
      try container.encode(code, forKey: .code)
      try container.encode(resultCode, forKey: .resultCode)
      try container.encode(message, forKey: .message)
    }

    enum CodingKeys: String, CodingKey {
      case part, service, code, resultCode, message
    }
  }

  let provider: String
  let grid: Grid
  let issuedAt: String
  let midTermIssuedAt: String?
  let stale: Bool
  let staleReason: Reason?
  let current: Current?
  let missing: [String]
  let missingReasons: [MissingReason]
  let air: AirJSON?
  /// The warnings in force (`haru warnings`' `active`); `nil` when they were not asked for or
  /// could not be had.
  let warnings: [ActiveWarningJSON]?
  let days: [Day]
  /// The short-term forecast hour by hour, from the hour of the reference time on.
  let hours: [Hour]
  /// The ultra-short forecast's hours (the next six), from the hour of the reference time on;
  /// empty when the provider has none or they could not be had (`missing` says `nextHours`).
  let nextHours: [Hour]
  /// Rain in the next six hours, `{"ko", "en"}`; `nil` when no hour of them is known.
  let rain: [String: String]?
  /// The UV index now and today's highest; `nil` for a town without it or when it could not be
  /// had (`missing` then says `uvIndex`).
  let uv: UV?
  /// The pollen risk of each kind today and tomorrow; `nil` for a town without it or when it
  /// could not be had (`missing` then says `pollen`).
  let pollen: [Pollen]?

  /// `{"index", "grade", "max", "issuedAt"}`: the index of the reading that holds the reference
  /// time, its grade, the day's highest and the issuance.
  struct UV: Encodable {
    let index: Int?
    let grade: String?
    let max: Int?
    let issuedAt: String

    func encode(to encoder: any Encoder) throws {
      try encoder.encodeEveryKey([
        ("index", index), ("grade", grade), ("max", max), ("issuedAt", issuedAt),
      ])
    }
  }

  /// `{"kind", "today", "tomorrow", "inSeason"}`: the risk of a kind (`low`, `moderate`, `high`,
  /// `veryHigh`), `null` out of season or when the bulletin has no value for the day.
  struct Pollen: Encodable {
    let kind: String
    let today: String?
    let tomorrow: String?
    let inSeason: Bool

    /// A risk's name in the JSON.
    static func name(_ risk: PollenRisk) -> String {
      switch risk {
      case .low: "low"
      case .moderate: "moderate"
      case .high: "high"
      case .veryHigh: "veryHigh"
      }
    }

    func encode(to encoder: any Encoder) throws {
      try encoder.encodeEveryKey([
        ("kind", kind), ("today", today), ("tomorrow", tomorrow), ("inSeason", inSeason),
      ])
    }
  }

  /// How many requests this refresh sent, by service and by operation; `nil` for the samples.
  let requests: RequestsJSON?

  init(
    _ outlook: ForecastOutlook, days count: Int = 11, language: DisplayLanguage = .english,
    scale: AirQualityScale = .korea, warnings report: WarningsReport? = nil,
    requests: RequestsJSON? = nil
  ) {
    self.requests = requests
    provider = outlook.provider
    grid = Grid(nx: outlook.town.gridPoint.nx, ny: outlook.town.gridPoint.ny)
    issuedAt = Self.time(outlook.issuedAt)
    midTermIssuedAt = outlook.midTermIssuedAt.map(Self.time)
    stale = outlook.isStale
    staleReason = outlook.staleReason.map {
      Reason(code: $0.code.rawValue, message: $0.message(in: language))
    }
    current = outlook.current.map { hour in
      Current(
        time: Self.time(hour.time), temperature: hour.temperature.map { Self.rounded($0.celsius) },
        feelsLike: hour.feelsLike.map { Self.rounded($0.temperature.celsius) },
        sky: hour.sky?.rawValue, precipitationType: hour.precipitationType.map(Self.typeName),
        humidity: hour.humidity)
    }
    rain = outlook.rainLine.map { ["ko": $0.text(in: .korean), "en": $0.text(in: .english)] }
    uv = outlook.uvIndex.map { forecast in
      let now = forecast.index(at: outlook.referenceTime)
      return UV(
        index: now?.value, grade: now?.grade.rawValue,
        max: forecast.maximum(on: outlook.referenceDay)?.value,
        issuedAt: Self.time(forecast.issuedAt))
    }
    pollen =
      outlook.pollen.isEmpty || outlook.missing.contains(.pollen)
      ? nil
      : outlook.pollen.map { forecast in
        Pollen(
          kind: forecast.kind.rawValue,
          today: forecast.risk(on: outlook.referenceDay).map(Pollen.name),
          tomorrow: forecast.risk(on: outlook.referenceDay.adding(days: 1)).map(Pollen.name),
          inSeason: forecast.isInSeason)
      }
    let hourStart = Date(
      timeIntervalSince1970: (outlook.referenceTime.timeIntervalSince1970 / 3600).rounded(.down)
        * 3600)
    hours = outlook.days.flatMap(\.hourly).filter { $0.time >= hourStart }
      .sorted { $0.time < $1.time }.map(Hour.init)
    nextHours = outlook.nextHours.filter { $0.time >= hourStart }.map(Hour.init)
    let warningsReason = report?.missingReason
    missing =
      ForecastPart.allCases.filter { outlook.missing.contains($0) }.map(\.rawValue)
      + (warningsReason == nil ? [] : ["warnings"])
    let reasons = ForecastPart.allCases.map { ($0.rawValue, outlook.missingReasons[$0]) }
    missingReasons = (reasons + [("warnings", warningsReason)]).compactMap { part, reason in
      reason.map { MissingReason(part: part, $0, language: language) }
    }
    warnings = report.flatMap {
      $0.missingReason == nil ? $0.active.map(ActiveWarningJSON.init) : nil
    }
    air = outlook.air.map { AirJSON($0, scale: scale, today: outlook.referenceDay, language) }
    days = ForecastCommand.shownDays(outlook, count: count).map { day in
      let sun = outlook.sunTimes(for: day.day)
      return Day(
        date: day.day.description,
        source: day.source.rawValue,
        minTemperature: day.minimum.map { Self.rounded($0.temperature.celsius) },
        maxTemperature: day.maximum.map { Self.rounded($0.temperature.celsius) },
        minTemperatureDerived: day.minimum?.isDerived ?? false,
        maxTemperatureDerived: day.maximum?.isDerived ?? false,
        partial: day.isPartial,
        sky: day.sky?.rawValue,
        precipitationType: day.precipitationType.map(Self.typeName),
        precipitationProbability: day.precipitationProbability?.percent,
        morning: day.morning.map(Half.init),
        afternoon: day.afternoon.map(Half.init),
        sunrise: sun.sunrise.map(Self.time),
        sunset: sun.sunset.map(Self.time),
        feelsLikeMin: day.feelsLikeMinimum.map { Self.rounded($0.temperature.celsius) },
        feelsLikeMax: day.feelsLikeMaximum.map { Self.rounded($0.temperature.celsius) })
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(provider, forKey: .provider)
    try container.encode(grid, forKey: .grid)
    try container.encode(issuedAt, forKey: .issuedAt)
    try container.encode(midTermIssuedAt, forKey: .midTermIssuedAt)
    try container.encode(stale, forKey: .stale)
    try container.encode(staleReason, forKey: .staleReason)
    try container.encode(current, forKey: .current)
    try container.encode(missing, forKey: .missing)
    try container.encode(missingReasons, forKey: .missingReasons)
    try container.encode(air, forKey: .air)
    try container.encode(warnings, forKey: .warnings)
    try container.encode(days, forKey: .days)
    try container.encode(hours, forKey: .hours)
    try container.encode(nextHours, forKey: .nextHours)
    try container.encode(rain, forKey: .rain)
    try container.encode(uv, forKey: .uv)
    try container.encode(pollen, forKey: .pollen)
    try container.encodeIfPresent(requests, forKey: .requests)
  }

  enum CodingKeys: String, CodingKey {
    case provider, grid, issuedAt, midTermIssuedAt, stale, staleReason, current, missing,
      missingReasons, air, warnings, days, hours, nextHours, rain, uv, pollen, requests
  }

  /// ISO 8601 in Korea Standard Time, `2026-11-30T08:00:00+09:00`.
  static func time(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = CalendarDay.koreaTimeZone
    return formatter.string(from: date)
  }

  static func typeName(_ type: PrecipitationType) -> String {
    type == .nothing ? "none" : type.rawValue
  }

  /// Tenths of a degree, as the services report them.
  static func rounded(_ value: Double) -> Double {
    (value * 10).rounded() / 10
  }
}

/// A key of an object written by name.
private struct NamedKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension Encoder {
  /// Writes an object with every key given, in order, a missing value as `null` (the synthesized
  /// encoding leaves such a key out).
  fileprivate func encodeEveryKey(_ fields: [(String, (any Encodable)?)]) throws {
    var container = self.container(keyedBy: NamedKey.self)
    for (name, value) in fields {
      let key = NamedKey(stringValue: name)
      if let value {
        try container.encode(value, forKey: key)
      } else {
        try container.encodeNil(forKey: key)
      }
    }
  }
}
