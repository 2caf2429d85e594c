import Foundation
import HaruModels
import Testing

/// The one line about rain in the next hours, from hours in which something falls or not.
struct RainLineTests {
  /// 2026-11-30 at an hour, Korea Standard Time.
  static func at(_ hour: Int, minute: Int = 0) throws -> Date {
    try CalendarDay(year: 2026, month: 11, day: 30).start(in: CalendarDay.koreaTimeZone)
      .addingTimeInterval(Double(hour * 3600 + minute * 60))
  }

  /// Hours from 13:00 on, one a character: `.` nothing, `r` rain, `s` snow, `?` unknown.
  static func hours(_ pattern: String, amount: String = "1mm 미만") throws -> [HourlyForecast] {
    try pattern.enumerated().map { offset, mark in
      let type: PrecipitationType? =
        switch mark {
        case "r": .rain
        case "s": .snow
        case ".": .nothing
        default: nil
        }
      return HourlyForecast(
        time: try at(13 + offset), precipitationType: type,
        precipitation: type?.isFalling == true
          ? PrecipitationAmount(parsing: amount) : PrecipitationAmount(parsing: "강수없음"))
    }
  }

  @Test(arguments: [
    // Dry now, rain from 15:00.
    ("..rrr.", "15시부터 비 (1mm 미만)", "Rain from 15:00 (under 1 mm)"),
    // Raining now, stops at 17:00.
    ("rrrr..", "17시쯤 그쳐요", "Stops around 17:00"),
    // Raining through the six hours.
    ("rrrrrr", "6시간 동안 계속 비", "Rain for the next 6 hours"),
    // Nothing, or only unknown hours.
    ("......", "6시간 동안 비 소식 없음", "No rain in the next 6 hours"),
    ("..??..", "6시간 동안 비 소식 없음", "No rain in the next 6 hours"),
    // Snow from 18:00, the last hour of the span.
    (".....s", "18시부터 눈 (1mm 미만)", "Snow from 18:00 (under 1 mm)"),
    // Rain at 19:00 is past the span.
    ("......r", "6시간 동안 비 소식 없음", "No rain in the next 6 hours"),
  ])
  func theLineSaysWhenRainStartsOrStops(pattern: String, korean: String, english: String) throws {
    let line = try #require(
      RainLine(hours: try Self.hours(pattern), at: try Self.at(13, minute: 40)))
    #expect(line.text(in: .korean) == korean)
    #expect(line.text(in: .english) == english)
  }

  @Test func anAmountOfNothingOrUnreadIsLeftOut() throws {
    let unread = try #require(
      RainLine(hours: try Self.hours("..r", amount: "비가 옴"), at: try Self.at(13)))
    #expect(unread.text(in: .korean) == "15시부터 비")
    let ranged = try #require(
      RainLine(hours: try Self.hours("..r", amount: "30.0~50.0mm"), at: try Self.at(13)))
    #expect(ranged.text(in: .english) == "Rain from 15:00 (30–50 mm)")
  }

  @Test func theConditionsNowComeBeforeTheForecastOfTheSameHour() throws {
    let forecast = try Self.hours("......")
    let raining = HourlyForecast(time: try Self.at(13), precipitationType: .rain)
    let line = try #require(RainLine(hours: [raining] + forecast, at: try Self.at(13, minute: 20)))
    #expect(line.outlook == .stops(at: try Self.at(14)))
  }

  @Test func noHourOfTheSpanOrNoSpanIsNoLine() throws {
    #expect(RainLine(hours: [], at: try Self.at(13)) == nil)
    #expect(RainLine(hours: try Self.hours("rr"), at: try Self.at(20)) == nil)
    #expect(RainLine(hours: try Self.hours("rr"), at: try Self.at(13), span: 0) == nil)
    #expect(
      RainLine(hours: try Self.hours("rr"), at: Date(timeIntervalSince1970: .infinity)) == nil)
  }
}
