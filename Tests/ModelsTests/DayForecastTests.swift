import Foundation
import HaruModels
import Testing

struct DayForecastTests {
  let day: CalendarDay
  let midnight: Date

  init() throws {
    day = try CalendarDay(year: 2026, month: 11, day: 30)
    midnight = day.start(in: CalendarDay.koreaTimeZone)
  }

  func hour(
    _ hour: Int, _ celsius: Double? = nil, sky: Sky? = nil, type: PrecipitationType? = nil,
    probability: Int? = nil
  ) throws -> HourlyForecast {
    HourlyForecast(
      time: midnight.addingTimeInterval(Double(hour) * 3600),
      temperature: try celsius.map { try Temperature(celsius: $0) }, sky: sky,
      precipitationType: type,
      precipitationProbability: try probability.map { try Probability(percent: $0) })
  }

  @Test func missingExtremesAreDerivedFromHoursAndSaySo() throws {
    let forecast = DayForecast(
      day: day, hourly: [try hour(6, 2), try hour(15, 11), try hour(21, 5)])
    #expect(forecast.minimum == DailyTemperature(try Temperature(celsius: 2), isDerived: true))
    #expect(forecast.maximum == DailyTemperature(try Temperature(celsius: 11), isDerived: true))
  }

  @Test func reportedExtremesWinOverHours() throws {
    let forecast = DayForecast(
      day: day, hourly: [try hour(6, 2), try hour(15, 11)],
      reportedMinimum: try Temperature(celsius: 1), reportedMaximum: try Temperature(celsius: 12))
    #expect(forecast.minimum == DailyTemperature(try Temperature(celsius: 1), isDerived: false))
    #expect(forecast.maximum == DailyTemperature(try Temperature(celsius: 12), isDerived: false))
  }

  @Test func oneReportedExtremeAndOneDerived() throws {
    let forecast = DayForecast(
      day: day, hourly: [try hour(6, 2), try hour(15, 11)],
      reportedMaximum: try Temperature(celsius: 12))
    #expect(forecast.minimum?.isDerived == true)
    #expect(forecast.maximum?.isDerived == false)
  }

  @Test func aDayWithoutHoursHasNoSummary() {
    let forecast = DayForecast(day: day, hourly: [])
    #expect(forecast.minimum == nil)
    #expect(forecast.maximum == nil)
    #expect(forecast.sky == nil)
    #expect(forecast.precipitationType == nil)
    #expect(forecast.precipitationProbability == nil)
  }

  @Test func skyIsTheMostFrequentAndATieGoesToTheCloudier() throws {
    let mostlyClear = DayForecast(
      day: day,
      hourly: [try hour(1, sky: .clear), try hour(2, sky: .clear), try hour(3, sky: .overcast)])
    #expect(mostlyClear.sky == .clear)
    let tie = DayForecast(
      day: day, hourly: [try hour(1, sky: .clear), try hour(2, sky: .mostlyCloudy)])
    #expect(tie.sky == .mostlyCloudy)
  }

  @Test func precipitationIsWhatFallsMostEvenIfMostHoursAreDry() throws {
    let forecast = DayForecast(
      day: day,
      hourly: [
        try hour(1, type: PrecipitationType.nothing), try hour(2, type: PrecipitationType.nothing),
        try hour(3, type: .snow), try hour(4, type: .rain), try hour(5, type: .rain),
      ])
    #expect(forecast.precipitationType == .rain)
    let tie = DayForecast(day: day, hourly: [try hour(3, type: .snow), try hour(1, type: .shower)])
    #expect(tie.precipitationType == .shower, "a tie goes to the earliest hour")
    let dry = DayForecast(day: day, hourly: [try hour(1, type: PrecipitationType.nothing)])
    #expect(dry.precipitationType == PrecipitationType.nothing)
  }

  @Test func probabilityIsTheHighestHour() throws {
    let forecast = DayForecast(
      day: day,
      hourly: [
        try hour(1, probability: 20), try hour(2, probability: 70), try hour(3, probability: 30),
      ])
    #expect(forecast.precipitationProbability?.percent == 70)
  }

  @Test func hoursAreKeptInTimeOrder() throws {
    let forecast = DayForecast(day: day, hourly: [try hour(9, 4), try hour(3, 1), try hour(6, 2)])
    #expect(forecast.hourly.map(\.temperature?.celsius) == [1, 2, 4])
  }

  @Test(arguments: [-1, 101, 1000, Int.min])
  func probabilitiesOutsideZeroToAHundredAreRefused(percent: Int) {
    let error = #expect(throws: ModelError.self) {
      try Probability(percent: percent)
    }
    #expect(error?.code == .valueOutOfRange)
  }

  @Test func probabilityFormatsAsPercent() throws {
    #expect(try Probability(percent: 60).formatted == "60%")
  }
}

struct DayForecastAmountTests {
  @Test func theDaysAmountIsTheLargestHourlyAmount() throws {
    let day = try CalendarDay(year: 2026, month: 7, day: 1)
    let start = day.start(in: CalendarDay.koreaTimeZone)
    let texts = ["1mm 미만", "30.0~50.0mm", "6.2mm", "알 수 없음", "강수없음"]
    let hours = texts.enumerated().map { index, text in
      HourlyForecast(
        time: start.addingTimeInterval(Double(index) * 3600),
        precipitation: PrecipitationAmount(parsing: text))
    }
    let forecast = DayForecast(day: day, hourly: hours)
    #expect(forecast.precipitation?.originalText == "30.0~50.0mm")
    #expect(forecast.snowfall == nil)
  }

  @Test func unreadableAmountsCountOnlyWhenNothingIsReadable() throws {
    let day = try CalendarDay(year: 2026, month: 7, day: 1)
    let hour = HourlyForecast(
      time: day.start(in: CalendarDay.koreaTimeZone),
      snowfall: PrecipitationAmount(parsing: "많음", defaultUnit: .centimeters))
    #expect(DayForecast(day: day, hourly: [hour]).snowfall?.originalText == "많음")
  }

  @Test func decodedHoursAreInTimeOrder() throws {
    let day = try CalendarDay(year: 2026, month: 7, day: 1)
    let json = """
      {"day": "2026-07-01", "hourly": [
        {"time": 100.0, "humidity": 2}, {"time": 50.0, "humidity": 1}]}
      """
    let decoded = try JSONDecoder().decode(DayForecast.self, from: Data(json.utf8))
    #expect(decoded.day == day)
    #expect(decoded.hourly.map(\.humidity) == [1, 2])
  }
}
