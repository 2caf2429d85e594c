import Foundation
import HaruModels
import Testing

struct DayHalvesTests {
  let day: CalendarDay
  let midnight: Date

  init() throws {
    day = try CalendarDay(year: 2026, month: 11, day: 30)
    midnight = day.start(in: CalendarDay.koreaTimeZone)
  }

  func hour(
    _ hour: Int, _ celsius: Double = 5, sky: Sky? = .clear, type: PrecipitationType = .nothing,
    probability: Int = 0
  ) throws -> HourlyForecast {
    HourlyForecast(
      time: midnight.addingTimeInterval(Double(hour) * 3600),
      temperature: try Temperature(celsius: celsius), sky: sky, precipitationType: type,
      precipitationProbability: try Probability(percent: probability))
  }

  @Test func morningAndAfternoonSummariseTheHoursBeforeAndFromNoon() throws {
    var hours = try (0..<12).map { try hour($0, sky: .clear, probability: 10) }
    hours += try (12..<24).map {
      try hour(
        $0, sky: .overcast, type: $0 >= 15 ? .rain : .nothing, probability: $0 == 18 ? 80 : 60)
    }
    let forecast = DayForecast(day: day, hourly: hours)
    #expect(
      forecast.morning
        == DayHalf(
          sky: .clear, precipitationType: PrecipitationType.nothing,
          precipitationProbability: try Probability(percent: 10)))
    #expect(forecast.afternoon?.sky == .overcast)
    #expect(forecast.afternoon?.precipitationType == .rain)
    #expect(forecast.afternoon?.precipitationProbability?.percent == 80)
    #expect(forecast.source == .shortTerm)
    #expect(!forecast.isPartial)
  }

  @Test func threeHourlyHoursCoverTheWholeDay() throws {
    let forecast = DayForecast(
      day: day, hourly: try stride(from: 0, to: 24, by: 3).map { try hour($0) })
    #expect(!forecast.isPartial)
  }

  @Test(arguments: [[15, 18, 21, 23], [0, 3, 6, 9, 12, 15, 18], [22], [4, 5, 6, 23]])
  func hoursThatLeavePartOfTheDayUncoveredMakeItPartial(_ hourNumbers: [Int]) throws {
    let forecast = DayForecast(day: day, hourly: try hourNumbers.map { try hour($0) })
    #expect(forecast.isPartial)
  }

  @Test func aDayOfOneHourIsPartialWithItsExtremesFlaggedDerived() throws {
    let forecast = DayForecast(day: day, hourly: [try hour(23, 7)])
    #expect(forecast.isPartial)
    #expect(forecast.minimum?.isDerived == true)
    #expect(forecast.maximum?.isDerived == true)
    #expect(forecast.morning == nil)
    #expect(forecast.afternoon?.sky == .clear)
  }

  @Test func aDayWithNoHoursIsPartial() {
    #expect(DayForecast(day: day, hourly: []).isPartial)
  }

  @Test func theNewFieldsSurviveCoding() throws {
    let forecast = DayForecast(
      day: day, minimum: nil, maximum: nil, sky: .overcast, precipitationType: .rain,
      precipitationProbability: try Probability(percent: 60), hourly: [], source: .midTerm,
      morning: DayHalf(
        sky: nil, precipitationType: nil, precipitationProbability: nil, wording: "황사"),
      afternoon: DayHalf(
        sky: .overcast, precipitationType: .rain,
        precipitationProbability: try Probability(percent: 60), wording: "흐리고 비"))
    let decoded = try JSONDecoder().decode(
      DayForecast.self, from: try JSONEncoder().encode(forecast))
    #expect(decoded == forecast)
  }
}

/// Sunrise and sunset against the Korea Astronomy and Space Science Institute's (KASI, 한국천문연구원)
/// published times for Seoul, which are for a sea-level horizon like NOAA's:
/// - 2026-01-01 sunrise 07:47 and 2025-12-31 sunset 17:23 (KASI's announcement of 2025-12-24, as
///   reported by Dong-A Ilbo, https://www.donga.com/news/Society/article/all/20251224/133028253/1);
/// - 2015-01-01 sunrise 07:46:43 (KASI's announcement, as reported by Dong-A Science,
///   http://conpaper.tistory.com/24742);
/// - 2024-01-01 sunrise 07:47 and 2023-12-31 sunset 17:23 (KASI, as reported by Edaily,
///   https://m3.edaily.co.kr/News/Read?mediaCodeNo=257&newsId=02030326635839832).
struct SunTimesTests {
  /// Seoul City Hall, as `Town.seoulCityHall` has it.
  static let seoul = Town.seoulCityHall.coordinate

  static let published:
    [(year: Int, month: Int, day: Int, rise: Bool, hour: Int, minute: Int, second: Int)] = [
      (2026, 1, 1, true, 7, 47, 0), (2025, 12, 31, false, 17, 23, 0), (2015, 1, 1, true, 7, 46, 43),
      (2024, 1, 1, true, 7, 47, 0), (2023, 12, 31, false, 17, 23, 0),
    ]

  @Test(arguments: 0..<5)
  func seoulAgreesWithKASIWithinAMinute(_ index: Int) throws {
    let reference = Self.published[index]
    let day = try CalendarDay(year: reference.year, month: reference.month, day: reference.day)
    let coordinate = try #require(Self.seoul)
    let sun = SunTimes(day: day, at: coordinate)
    let computed = try #require(reference.rise ? sun.sunrise : sun.sunset)
    let expected = day.start(in: CalendarDay.koreaTimeZone).addingTimeInterval(
      Double(reference.hour * 3600 + reference.minute * 60 + reference.second))
    // Published to the minute (but one): a minute either side of the published time.
    #expect(abs(computed.timeIntervalSince(expected)) <= 60, "\(computed) vs \(expected)")
  }

  @Test func summerDaysAreLongerThanWinterDaysInSeoul() throws {
    let coordinate = try #require(Self.seoul)
    let june = SunTimes(day: try CalendarDay(year: 2026, month: 6, day: 21), at: coordinate)
    let december = SunTimes(day: try CalendarDay(year: 2026, month: 12, day: 21), at: coordinate)
    let long = try #require(june.sunset).timeIntervalSince(try #require(june.sunrise))
    let short = try #require(december.sunset).timeIntervalSince(try #require(december.sunrise))
    // About 14 h 45 min and 9 h 35 min at 37.6° N.
    #expect((14.5 * 3600...15 * 3600).contains(long))
    #expect((9.3 * 3600...9.8 * 3600).contains(short))
  }

  @Test func isDaytimeIsTrueBetweenSunriseAndSunset() throws {
    let day = try CalendarDay(year: 2026, month: 1, day: 1)
    let sun = SunTimes(day: day, at: try #require(Self.seoul))
    let midnight = day.start(in: CalendarDay.koreaTimeZone)
    #expect(!sun.isDaytime(at: midnight.addingTimeInterval(7 * 3600)))
    #expect(sun.isDaytime(at: midnight.addingTimeInterval(12 * 3600)))
    #expect(!sun.isDaytime(at: midnight.addingTimeInterval(18 * 3600)))
    let sunrise = try #require(sun.sunrise)
    #expect(sun.isDaytime(at: sunrise))
    #expect(!sun.isDaytime(at: sunrise.addingTimeInterval(-1)))
  }

  @Test func polarDayAndNightHaveNoSunriseOrSunset() throws {
    let tromso = try Coordinate(latitude: 69.65, longitude: 18.96)
    let zone = try #require(TimeZone(secondsFromGMT: 3600))
    let winter = try CalendarDay(year: 2026, month: 12, day: 21)
    let night = SunTimes(day: winter, at: tromso, timeZone: zone)
    #expect(night.sunrise == nil && night.sunset == nil)
    #expect(!night.isDaytime(at: winter.start(in: zone).addingTimeInterval(12 * 3600)))
    let summer = try CalendarDay(year: 2026, month: 6, day: 21)
    let day = SunTimes(day: summer, at: tromso, timeZone: zone)
    #expect(day.sunrise == nil && day.sunset == nil)
    #expect(day.isDaytime(at: summer.start(in: zone).addingTimeInterval(12 * 3600)))
  }
}
