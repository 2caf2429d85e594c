public import Foundation
import HaruModels

/// Answers shaped like Open-Meteo's, for tests of ``/HaruForecast/OpenMeteoProvider`` and of code
/// that uses it over a ``StubTransport``.
///
/// ```swift
/// let transport = StubTransport { _ in .json(OpenMeteoFixtures.forecast(around: now)) }
/// let provider = OpenMeteoProvider(transport: transport)
/// ```
public enum OpenMeteoFixtures {
  /// A whole answer: yesterday and `forecastDays` days from today, hourly, in Korea Standard
  /// Time, with daily maxima rising one degree a day from 15 °C yesterday and the given weather
  /// code every hour.
  ///
  /// - Parameters:
  ///   - date: The instant; its Korean day is today.
  ///   - forecastDays: The days from today on.
  ///   - weatherCode: The WMO weather code of every hour and of the current conditions.
  /// - Returns: The JSON body.
  public static func forecast(around date: Date, forecastDays: Int = 4, weatherCode: Int = 0)
    -> String
  {
    let today = CalendarDay(containing: date, in: CalendarDay.koreaTimeZone)
    let days = (-1..<max(forecastDays, 1)).map { today.adding(days: $0) }
    var times: [String] = []
    var temperatures: [String] = []
    for (index, day) in days.enumerated() {
      for hour in 0..<24 {
        times.append("\"\(day)T\(hour < 10 ? "0" : "")\(hour):00\"")
        let warmth = 1 - Double(abs(hour - 15)) / 15
        temperatures.append(String(format: "%.1f", 15 + Double(index) - 8 + 8 * warmth))
      }
    }
    let count = times.count
    func repeated(_ value: String) -> String {
      Array(repeating: value, count: count).joined(separator: ",")
    }
    let maxima = days.indices.map { String(format: "%.1f", 15 + Double($0)) }
    let minima = days.indices.map { String(format: "%.1f", 7 + Double($0)) }
    let hourText =
      Calendar(identifier: .gregorian).dateComponents(
        in: CalendarDay.koreaTimeZone, from: date
      ).hour ?? 0
    return """
      {"latitude":37.56,"longitude":126.98,"generationtime_ms":0.5,"utc_offset_seconds":32400,\
      "timezone":"Asia/Seoul","timezone_abbreviation":"GMT+9","elevation":38.0,\
      "current":{"time":"\(today)T\(hourText < 10 ? "0" : "")\(hourText):00","interval":900,\
      "temperature_2m":12.5,"relative_humidity_2m":55,"precipitation":0.0,"snowfall":0.0,\
      "weather_code":\(weatherCode),"wind_speed_10m":2.5,"wind_direction_10m":270},\
      "hourly_units":{"time":"iso8601","temperature_2m":"°C"},\
      "hourly":{"time":[\(times.joined(separator: ","))],\
      "temperature_2m":[\(temperatures.joined(separator: ","))],\
      "relative_humidity_2m":[\(repeated("60"))],\
      "precipitation_probability":[\(repeated("10"))],\
      "precipitation":[\(repeated("0.0"))],\
      "snowfall":[\(repeated("0.0"))],\
      "weather_code":[\(repeated(String(weatherCode)))],\
      "wind_speed_10m":[\(repeated("3.0"))],\
      "wind_direction_10m":[\(repeated("180"))]},\
      "daily_units":{"time":"iso8601","temperature_2m_max":"°C"},\
      "daily":{"time":[\(days.map { "\"\($0)\"" }.joined(separator: ","))],\
      "temperature_2m_max":[\(maxima.joined(separator: ","))],\
      "temperature_2m_min":[\(minima.joined(separator: ","))]}}
      """
  }

  /// Open-Meteo's error body, sent with HTTP 400 (and sometimes 429).
  ///
  /// - Parameter reason: The reason.
  /// - Returns: The JSON body.
  public static func error(reason: String) -> String {
    let escaped = reason.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
    return #"{"error":true,"reason":"\#(escaped)"}"#
  }
}
