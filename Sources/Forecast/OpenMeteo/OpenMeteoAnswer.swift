import Foundation
import HaruModels

/// Open-Meteo's JSON answer: parallel arrays of hourly and daily values, local times without an
/// offset.
struct OpenMeteoAnswer: Decodable {
  struct Hourly: Decodable {
    var time: [String]
    var temperature: [Double?]? = nil
    var humidity: [Double?]? = nil
    var precipitationProbability: [Double?]? = nil
    var precipitation: [Double?]? = nil
    var snowfall: [Double?]? = nil
    var weatherCode: [Double?]? = nil
    var windSpeed: [Double?]? = nil
    var windDirection: [Double?]? = nil

    enum CodingKeys: String, CodingKey {
      case time
      case temperature = "temperature_2m"
      case humidity = "relative_humidity_2m"
      case precipitationProbability = "precipitation_probability"
      case precipitation
      case snowfall
      case weatherCode = "weather_code"
      case windSpeed = "wind_speed_10m"
      case windDirection = "wind_direction_10m"
    }
  }

  struct Daily: Decodable {
    var time: [String]
    var maximum: [Double?]?
    var minimum: [Double?]?

    enum CodingKeys: String, CodingKey {
      case time
      case maximum = "temperature_2m_max"
      case minimum = "temperature_2m_min"
    }
  }

  struct Current: Decodable {
    var time: String
    var temperature: Double?
    var humidity: Double?
    var precipitation: Double?
    var snowfall: Double?
    var weatherCode: Double?
    var windSpeed: Double?
    var windDirection: Double?

    enum CodingKeys: String, CodingKey {
      case time
      case temperature = "temperature_2m"
      case humidity = "relative_humidity_2m"
      case precipitation
      case snowfall
      case weatherCode = "weather_code"
      case windSpeed = "wind_speed_10m"
      case windDirection = "wind_direction_10m"
    }
  }

  var utcOffsetSeconds: Int? = nil
  var hourly: Hourly? = nil
  var daily: Daily? = nil
  var current: Current? = nil
  /// The unit of each hourly column, such as `"temperature_2m": "°C"`.
  var hourlyUnits: [String: String]? = nil
  /// The unit of each daily column.
  var dailyUnits: [String: String]? = nil
  /// The unit of each current value.
  var currentUnits: [String: String]? = nil

  enum CodingKeys: String, CodingKey {
    case utcOffsetSeconds = "utc_offset_seconds"
    case hourly
    case daily
    case current
    case hourlyUnits = "hourly_units"
    case dailyUnits = "daily_units"
    case currentUnits = "current_units"
  }

  /// The answer with every value in the units Haru works in — °C, mm, cm of snow, m/s — read
  /// from `hourly_units`, `daily_units` and `current_units`. A column whose unit is not given is
  /// taken to be in the unit asked for (metric).
  ///
  /// - Throws: ``ForecastError/Code/decoding`` for a unit Haru cannot convert, rather than read
  ///   values in an unknown unit as if they were metric.
  func inMetricUnits() throws(ForecastError) -> OpenMeteoAnswer {
    var answer = self
    func convert(_ values: [Double?]?, _ column: String, _ units: [String: String]?)
      throws(ForecastError) -> [Double?]?
    {
      guard let values, let unit = units?[column] else { return values }
      let (offset, factor) = try Self.conversion(for: unit, column: column)
      return values.map { $0.map { ($0 + offset) * factor } }
    }
    func convert(_ value: Double?, _ column: String) throws(ForecastError) -> Double? {
      guard let value, let unit = currentUnits?[column] else { return value }
      let (offset, factor) = try Self.conversion(for: unit, column: column)
      return (value + offset) * factor
    }
    if var hourly = answer.hourly {
      hourly.temperature = try convert(hourly.temperature, "temperature_2m", hourlyUnits)
      hourly.precipitation = try convert(hourly.precipitation, "precipitation", hourlyUnits)
      hourly.snowfall = try convert(hourly.snowfall, "snowfall", hourlyUnits)
      hourly.windSpeed = try convert(hourly.windSpeed, "wind_speed_10m", hourlyUnits)
      answer.hourly = hourly
    }
    if var daily = answer.daily {
      daily.maximum = try convert(daily.maximum, "temperature_2m_max", dailyUnits)
      daily.minimum = try convert(daily.minimum, "temperature_2m_min", dailyUnits)
      answer.daily = daily
    }
    if var current = answer.current {
      current.temperature = try convert(current.temperature, "temperature_2m")
      current.precipitation = try convert(current.precipitation, "precipitation")
      current.snowfall = try convert(current.snowfall, "snowfall")
      current.windSpeed = try convert(current.windSpeed, "wind_speed_10m")
      answer.current = current
    }
    return answer
  }

  /// How a value in `unit` becomes one in Haru's unit for its column: add `offset`, then
  /// multiply by `factor`.
  private static func conversion(
    for unit: String, column: String
  ) throws(ForecastError) -> (offset: Double, factor: Double) {
    // Snowfall is kept in centimetres, rain in millimetres.
    let isSnow = column == "snowfall"
    switch unit.trimmingASCIIWhitespace() {
    case "°C", "m/s", "%", "": return (0, 1)
    case "mm": return (0, isSnow ? 0.1 : 1)
    case "cm": return (0, isSnow ? 1 : 10)
    case "°F": return (-32, 5.0 / 9.0)
    case "inch", "in": return (0, isSnow ? 2.54 : 25.4)
    case "km/h": return (0, 1 / 3.6)
    case "mp/h", "mph": return (0, 0.447_04)
    case "kn", "kt": return (0, 0.514_444)
    default:
      throw ForecastError(
        .decoding,
        message:
          "Open-Meteo gave \(column) in \"\(unit.prefix(20))\", a unit Haru cannot convert; "
          + "check the endpoint's unit parameters.")
    }
  }

  private struct ErrorBody: Decodable {
    var error: Bool?
    var reason: String?
  }

  /// Reads a response, turning every failure status into a typed error with Open-Meteo's reason.
  /// The model whose values come first when two were asked for: KMA's.
  static let kmaModel = "kma_seamless"
  /// The model that fills what the first lacks: Open-Meteo's best match.
  static let bestMatchModel = "best_match"

  /// An answer of two models (`temperature_2m_kma_seamless`, `temperature_2m_best_match`, …) as
  /// an answer of one: each column, unit and current value named without its model, KMA's value
  /// where it has one, the best match's where it has none. An answer of one model, or a body
  /// that is not a JSON object, is returned as it is.
  static func mergingModels(in body: Data) -> Data {
    let first = "_" + kmaModel
    let second = "_" + bestMatchModel
    guard body.range(of: Data(first.utf8)) != nil || body.range(of: Data(second.utf8)) != nil,
      var document = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    else { return body }
    for name in ["hourly", "daily", "current", "hourly_units", "daily_units", "current_units"] {
      guard let section = document[name] as? [String: Any] else { continue }
      var merged: [String: Any] = [:]
      var bases: Set<String> = []
      for (key, value) in section {
        if key.hasSuffix(first) {
          bases.insert(String(key.dropLast(first.count)))
        } else if key.hasSuffix(second) {
          bases.insert(String(key.dropLast(second.count)))
        } else {
          merged[key] = value
        }
      }
      for base in bases {
        merged[base] = preferring(section[base + first], over: section[base + second])
      }
      document[name] = merged
    }
    return (try? JSONSerialization.data(withJSONObject: document)) ?? body
  }

  /// The first value where it has one, the second where it does not; column by column for two
  /// columns of the same length.
  private static func preferring(_ first: Any?, over second: Any?) -> Any? {
    guard let first, !(first is NSNull) else { return second }
    guard let column = first as? [Any], let fallback = second as? [Any],
      column.count == fallback.count
    else { return first }
    return zip(column, fallback).map { $0 is NSNull ? $1 : $0 }
  }

  static func read(_ response: HTTPResponse) throws(ForecastError) -> OpenMeteoAnswer {
    guard response.isSuccess else {
      let reason = (try? JSONDecoder().decode(ErrorBody.self, from: response.body))?.reason
        .map { String($0.prefix(300)) }
      let because = reason.map { ": \($0)" } ?? "."
      switch response.status {
      case 400:
        throw ForecastError(
          .rejected, message: "Open-Meteo refused the request\(because)",
          httpStatus: response.status)
      case 429:
        throw ForecastError(
          .rateLimited,
          message: "Open-Meteo's request limit is reached; try again later\(because)",
          httpStatus: response.status)
      default:
        throw ForecastError(
          .httpStatus, message: "Open-Meteo answered HTTP \(response.status)\(because)",
          httpStatus: response.status)
      }
    }
    let answer: OpenMeteoAnswer
    do {
      answer = try JSONDecoder().decode(
        OpenMeteoAnswer.self, from: mergingModels(in: response.body))
    } catch {
      throw ForecastError(
        .decoding,
        message: "Open-Meteo's answer is not the forecast JSON it should be; try again later.",
        httpStatus: response.status)
    }
    return try answer.inMetricUnits()
  }

  /// The days and the conditions now.
  func forecast(issuedAt: Date) throws(ForecastError) -> ProviderForecast {
    guard let hourly, let daily else {
      throw ForecastError(
        .decoding, message: "Open-Meteo's answer has no hourly or no daily values.")
    }
    let zone =
      TimeZone(secondsFromGMT: utcOffsetSeconds ?? 9 * 3600) ?? CalendarDay.koreaTimeZone
    var clock = LocalClock(zone: zone)
    let count = hourly.time.count
    let columns: [(String, [Double?]?)] = [
      ("temperature_2m", hourly.temperature), ("relative_humidity_2m", hourly.humidity),
      ("precipitation_probability", hourly.precipitationProbability),
      ("precipitation", hourly.precipitation), ("snowfall", hourly.snowfall),
      ("weather_code", hourly.weatherCode), ("wind_speed_10m", hourly.windSpeed),
      ("wind_direction_10m", hourly.windDirection),
    ]
    for (name, values) in columns where values != nil && values?.count != count {
      throw ForecastError(
        .decoding,
        message:
          "Open-Meteo's answer has \(count) hourly times but \(values?.count ?? 0) values of "
          + "\(name).")
    }
    var hoursByDay: [CalendarDay: [HourlyForecast]] = [:]
    for index in 0..<count {
      let (day, time) = try clock.instant(hourly.time[index])
      func value(_ column: [Double?]?) -> Double? { column?[index] ?? nil }
      let conditions = value(hourly.weatherCode).flatMap(wholeNumber).map(WMOWeatherCode.conditions)
      let hour = HourlyForecast(
        time: time,
        temperature: Self.temperature(value(hourly.temperature)),
        sky: conditions?.sky,
        precipitationType: conditions?.precipitation,
        precipitationProbability: Self.probability(value(hourly.precipitationProbability)),
        precipitation: Self.amount(value(hourly.precipitation), unit: .millimeters),
        snowfall: Self.amount(value(hourly.snowfall), unit: .centimeters),
        humidity: value(hourly.humidity).flatMap(wholeNumber),
        windSpeed: value(hourly.windSpeed),
        windDirection: value(hourly.windDirection))
      hoursByDay[day, default: []].append(hour)
    }
    guard daily.maximum.map({ $0.count == daily.time.count }) ?? true,
      daily.minimum.map({ $0.count == daily.time.count }) ?? true
    else {
      throw ForecastError(
        .decoding,
        message: "Open-Meteo's answer has \(daily.time.count) days but a different number of "
          + "daily temperatures.")
    }
    var days: [DayForecast] = []
    var seen: Set<CalendarDay> = []
    for (index, text) in daily.time.enumerated() {
      let day = try LocalClock.day(text)
      seen.insert(day)
      days.append(
        DayForecast(
          day: day, hourly: hoursByDay[day] ?? [],
          reportedMinimum: Self.temperature(daily.minimum?[index] ?? nil),
          reportedMaximum: Self.temperature(daily.maximum?[index] ?? nil)))
    }
    for (day, hours) in hoursByDay where !seen.contains(day) {
      days.append(DayForecast(day: day, hourly: hours))
    }
    return ProviderForecast(
      days: days,
      current: try current.map { current throws(ForecastError) in
        try Self.hour(current, clock: &clock)
      }, issuedAt: issuedAt)
  }

  private static func hour(_ current: Current, clock: inout LocalClock) throws(ForecastError)
    -> HourlyForecast
  {
    let conditions = current.weatherCode.flatMap(wholeNumber).map(WMOWeatherCode.conditions)
    let precipitation = amount(current.precipitation, unit: .millimeters)
    return HourlyForecast(
      time: try clock.instant(current.time).time,
      temperature: temperature(current.temperature),
      sky: conditions?.sky,
      precipitationType: conditions?.precipitation,
      precipitation: precipitation,
      snowfall: amount(current.snowfall, unit: .centimeters),
      humidity: current.humidity.flatMap(wholeNumber),
      windSpeed: current.windSpeed,
      windDirection: current.windDirection)
  }

  /// A temperature, or `nil` for one that cannot be (below absolute zero).
  private static func temperature(_ celsius: Double?) -> Temperature? {
    guard let celsius else { return nil }
    return try? Temperature(celsius: celsius)
  }

  private static func probability(_ percent: Double?) -> Probability? {
    guard let percent else { return nil }
    return wholeNumber(percent).flatMap { try? Probability(percent: $0) }
  }

  private static func amount(_ value: Double?, unit: PrecipitationAmount.Unit)
    -> PrecipitationAmount?
  {
    guard let value, value.isFinite, value >= 0 else { return nil }
    let text = String(format: "%.1f", value) + unit.rawValue
    return try? PrecipitationAmount(
      originalText: text, unit: unit, measure: value == 0 ? .nothing : .about(value))
  }
}

/// Turns Open-Meteo's local times (`"2026-11-30T14:00"`) into instants, remembering each day's
/// start.
private struct LocalClock {
  let zone: TimeZone
  var dayStarts: [CalendarDay: Date] = [:]

  init(zone: TimeZone) {
    self.zone = zone
  }

  static func day(_ text: String) throws(ForecastError) -> CalendarDay {
    do {
      return try CalendarDay(parsing: text)
    } catch {
      throw ForecastError(
        .decoding, message: "Open-Meteo's answer has \"\(text.prefix(40))\" where a day should be.")
    }
  }

  mutating func instant(_ text: String) throws(ForecastError) -> (day: CalendarDay, time: Date) {
    let parts = text.split(separator: "T", maxSplits: 1)
    let clockParts = parts.count == 2 ? parts[1].split(separator: ":") : []
    guard parts.count == 2, clockParts.count >= 2, let hour = Int(clockParts[0]),
      let minute = Int(clockParts[1]), (0...23).contains(hour), (0...59).contains(minute)
    else {
      throw ForecastError(
        .decoding,
        message: "Open-Meteo's answer has \"\(text.prefix(40))\" where a time should be.")
    }
    let day = try Self.day(String(parts[0]))
    let start: Date
    if let known = dayStarts[day] {
      start = known
    } else {
      start = day.start(in: zone)
      dayStarts[day] = start
    }
    return (day, start.addingTimeInterval(Double(hour * 3600 + minute * 60)))
  }
}

/// A number rounded to a whole one, or `nil` when it is not finite or too large to mean anything:
/// answers are data nobody here controls, and converting a huge `Double` to `Int` would trap.
func wholeNumber(_ value: Double) -> Int? {
  guard value.isFinite, abs(value) < 1e9 else { return nil }
  return Int(value.rounded())
}
