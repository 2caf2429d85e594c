import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import Testing

/// Decoding `getVilageFcst` and `getUltraSrtFcst` answers into days and hours.
struct KMAForecastDecodingTests {
  private let baseDay: CalendarDay
  private let evening: KMARun

  init() throws {
    baseDay = try day(2026, 11, 30)
    evening = try run(.shortTermForecast, baseDay, 23)
  }

  private func decode(
    _ items: [KMAFixtures.Item], operation: KMAOperation = .shortTermForecast
  ) throws -> KMAForecast {
    try KMAForecast(decoding: Data(KMAFixtures.json(items: items).utf8), operation: operation)
  }

  private func items(_ run: KMARun? = nil) -> [KMAFixtures.Item] {
    KMAFixtures.shortTermForecastItems(for: run ?? evening, at: seoul)
  }

  /// The hour of a forecast at a Korean wall-clock time.
  private func hour(
    _ forecast: KMAForecast, _ day: CalendarDay, _ hour: Int
  ) throws -> HourlyForecast {
    let time = day.start(in: CalendarDay.koreaTimeZone).addingTimeInterval(Double(hour * 3600))
    return try #require(forecast.hours.first { $0.time == time })
  }

  /// Items with one category's value at one hour replaced.
  private func replacing(
    _ category: String, at date: CalendarDay, _ hour: Int, with value: String,
    in run: KMARun? = nil
  ) -> [KMAFixtures.Item] {
    let dateText = String(format: "%04d%02d%02d", date.year, date.month, date.day)
    let timeText = String(format: "%02d00", hour)
    return items(run).map { item in
      var item = item
      if item.category == category, item.forecastDate == dateText, item.forecastTime == timeText {
        item.value = value
      }
      return item
    }
  }

  @Test func aWholeEveningRunBecomesFourKoreanDays() throws {
    let forecast = try decode(items())
    #expect(forecast.run == evening)
    #expect(forecast.gridPoint == seoul)
    #expect(forecast.days.map(\.day) == (1...4).map { baseDay.adding(days: $0) })
    #expect(forecast.days.map(\.hourly.count) == [24, 24, 24, 8])
    let first = try #require(forecast.days.first)
    #expect(first.hourly.first?.time == baseDay.adding(days: 1).start(in: .koreaTimeZoneForTests))
    #expect(first.minimum?.isDerived == false)
    #expect(first.maximum?.isDerived == false)
    let coldestHour = try #require(first.hourly.compactMap(\.temperature).min())
    #expect(try #require(first.minimum?.temperature) < coldestHour)
  }

  @Test func everyFieldOfAnHourIsRead() throws {
    let forecast = try decode(items())
    let hour = try hour(forecast, baseDay.adding(days: 2), 14)
    #expect(hour.temperature != nil)
    #expect(hour.sky == .overcast)
    #expect(hour.precipitationType == .shower)
    #expect(hour.precipitationProbability?.percent == 80)
    #expect(hour.precipitation?.originalText == "6.2mm")
    #expect(hour.precipitation?.measure == .about(6.2))
    #expect(hour.snowfall?.measure == PrecipitationAmount.Measure.nothing)
    #expect(hour.snowfall?.unit == .centimeters)
    #expect(hour.humidity != nil)
    #expect(hour.windSpeed != nil)
    #expect(hour.windDirection != nil)
  }

  @Test func anUnreadableTemperatureIsMissingAndTheRestDecodes() throws {
    let target = baseDay.adding(days: 1)
    let forecast = try decode(replacing("TMP", at: target, 9, with: "abc"))
    let hour = try hour(forecast, target, 9)
    #expect(hour.temperature == nil)
    #expect(hour.sky != nil)
    #expect(hour.humidity != nil)
    #expect(try self.hour(forecast, target, 10).temperature != nil)
    #expect(forecast.hours.count == 80)
  }

  @Test(arguments: [
    ("TMP", "-999"), ("TMP", "900"), ("TMP", "+900"), ("TMP", "-900.0"), ("REH", "-999"),
    ("WSD", "900"), ("VEC", "-999"), ("POP", "-999"), ("SKY", "-999"), ("PTY", "-999"),
    ("PCP", "-999"), ("SNO", "-999"), ("PCP", "900"),
  ])
  func sentinelsAreMissingValues(category: String, value: String) throws {
    let target = baseDay.adding(days: 1)
    let forecast = try decode(replacing(category, at: target, 9, with: value))
    let hour = try hour(forecast, target, 9)
    let isMissing =
      switch category {
      case "TMP": hour.temperature == nil
      case "REH": hour.humidity == nil
      case "WSD": hour.windSpeed == nil
      case "VEC": hour.windDirection == nil
      case "POP": hour.precipitationProbability == nil
      case "SKY": hour.sky == nil
      case "PTY": hour.precipitationType == nil
      case "PCP": hour.precipitation == nil
      default: hour.snowfall == nil
      }
    #expect(isMissing)
    #expect(hour.temperature != nil || category == "TMP")
  }

  @Test(arguments: [
    ("0", PrecipitationType.nothing, PrecipitationType.nothing), ("1", .rain, .rain),
    ("2", .rainAndSnow, .rainAndSnow), ("3", .snow, .snow), ("4", .shower, nil),
    ("5", nil, .drizzle), ("6", nil, .drizzleAndFlurries), ("7", nil, .flurries), ("8", nil, nil),
    ("x", nil, nil),
  ])
  func precipitationTypeCodesDependOnTheEndpoint(
    code: String, shortTerm: PrecipitationType?, ultraShort: PrecipitationType?
  ) throws {
    let target = baseDay.adding(days: 1)
    let changed = replacing("PTY", at: target, 9, with: code)
    #expect(try hour(decode(changed), target, 9).precipitationType == shortTerm)
    let ultra = try decode(changed, operation: .ultraShortForecast)
    #expect(try hour(ultra, target, 9).precipitationType == ultraShort)
  }

  @Test(arguments: [
    ("1", Sky?.some(.clear)), ("3", .mostlyCloudy), ("4", .overcast), ("2", nil), ("5", nil),
    ("1.0", .clear), ("맑음", nil),
  ])
  func skyCodesAreRead(code: String, sky: Sky?) throws {
    let target = baseDay.adding(days: 1)
    #expect(try hour(decode(replacing("SKY", at: target, 9, with: code)), target, 9).sky == sky)
  }

  @Test(arguments: [
    ("강수없음", PrecipitationAmount.Measure?.some(.nothing)), ("-", .nothing), ("0", .nothing),
    ("1mm 미만", .lessThan(1)), ("1.0mm 미만", .lessThan(1)), ("6.2mm", .about(6.2)),
    ("30.0~50.0mm", .between(30, 50)), ("50.0mm 이상", .atLeast(50)), ("비 조금", nil),
  ])
  func rainTextCategoriesKeepTheirText(text: String, measure: PrecipitationAmount.Measure?) throws {
    let target = baseDay.adding(days: 1)
    let amount = try hour(decode(replacing("PCP", at: target, 9, with: text)), target, 9)
      .precipitation
    #expect(amount?.originalText == text)
    #expect(amount?.measure == measure)
    #expect(amount?.unit == .millimeters)
  }

  @Test(arguments: [
    ("적설없음", PrecipitationAmount.Measure?.some(.nothing)), ("0.5cm 미만", .lessThan(0.5)),
    ("1cm 미만", .lessThan(1)), ("1.0cm 미만", .lessThan(1)), ("3.2cm", .about(3.2)),
    ("5.0cm 이상", .atLeast(5)),
  ])
  func snowTextCategoriesAreCentimetres(text: String, measure: PrecipitationAmount.Measure?) throws
  {
    let target = baseDay.adding(days: 1)
    let amount = try hour(decode(replacing("SNO", at: target, 9, with: text)), target, 9).snowfall
    #expect(amount?.originalText == text)
    #expect(amount?.measure == measure)
    #expect(amount?.unit == .centimeters)
  }

  @Test(arguments: [
    ("PCP", "1", PrecipitationAmount.Measure.lessThan(3)), ("PCP", "2", .between(3, 15)),
    ("PCP", "3", .atLeast(15)), ("SNO", "1", .lessThan(1)), ("SNO", "2", .atLeast(1)),
    ("PCP", "0", .nothing),
  ])
  func theLastDaysCodedAmountsAreReadWithTheirCode(
    category: String, code: String, measure: PrecipitationAmount.Measure
  ) throws {
    let last = baseDay.adding(days: 4)
    let hour = try hour(decode(replacing(category, at: last, 12, with: code)), last, 12)
    let amount = try #require(category == "PCP" ? hour.precipitation : hour.snowfall)
    #expect(amount.originalText == code)
    #expect(amount.measure == measure)
  }

  @Test func theLastDaysCodedWindIsNotASpeedButEarlierDaysAre() throws {
    let last = baseDay.adding(days: 4)
    let middle = baseDay.adding(days: 2)
    let changed = replacing("WSD", at: middle, 12, with: "2")
    let forecast = try decode(changed)
    #expect(try hour(forecast, last, 12).windSpeed == nil)
    #expect(try hour(forecast, middle, 12).windSpeed == 2)
  }

  @Test func aMissingDailyExtremeIsDerivedFromTheHoursAndMarked() throws {
    // The 14:00 run no longer carries today's TMX, nor any run today's TMN after 02:00.
    let afternoon = try run(.shortTermForecast, baseDay, 14)
    let forecast = try decode(items(afternoon))
    let today = try #require(forecast.day(baseDay))
    #expect(today.maximum?.isDerived == true)
    #expect(today.minimum?.isDerived == true)
    #expect(today.maximum?.temperature == today.hourly.compactMap(\.temperature).max())
    let tomorrow = try #require(forecast.day(baseDay.adding(days: 1)))
    #expect(tomorrow.maximum?.isDerived == false)
    #expect(tomorrow.minimum?.isDerived == false)
  }

  @Test func anUnreadableExtremeFallsBackToTheHours() throws {
    let target = baseDay.adding(days: 1)
    let forecast = try decode(replacing("TMX", at: target, 15, with: "-999"))
    let day = try #require(forecast.day(target))
    #expect(day.maximum?.isDerived == true)
    #expect(day.minimum?.isDerived == false)
  }

  @Test func unknownCategoriesAreIgnored() throws {
    var changed = items()
    let template = changed[0]
    for category in ["XYZ", "LGT", "WAV", "T1HX", ""] {
      var extra = template
      extra.category = category
      extra.value = "not a number"
      changed.insert(extra, at: 5)
    }
    #expect(try decode(changed) == (try decode(items())))
  }

  @Test func itemsWithImpossibleTimesAreSkipped() throws {
    var changed = items()
    changed[0].forecastTime = "2400"
    changed[1].forecastTime = "0960"
    changed[2].forecastDate = "20261331"
    let forecast = try decode(changed)
    #expect(forecast.hours.count == 80)
    let first = try hour(forecast, baseDay.adding(days: 1), 0)
    #expect(first.temperature == nil)
    #expect(first.sky != nil)
  }

  @Test func aPageWithoutItemsIsNoData() throws {
    let error = #expect(throws: ForecastError.self) {
      try KMAForecast(
        decoding: Data(KMAFixtures.json(items: []).utf8), operation: .shortTermForecast)
    }
    #expect(error?.code == .noData)
  }

  @Test func theUltraShortForecastHasSixHoursWithTextRain() throws {
    let ultra = try run(.ultraShortForecast, baseDay, 10)
    let body = KMAFixtures.ultraShortForecast(for: ultra, at: seoul)
    let forecast = try KMAForecast(decoding: Data(body.utf8), operation: .ultraShortForecast)
    #expect(forecast.run == ultra)
    #expect(forecast.hours.count == 6)
    #expect(forecast.hours.first?.time == (try kst(2026, 11, 30, 11)))
    #expect(forecast.hours.allSatisfy { $0.temperature != nil && $0.sky != nil })
    #expect(forecast.hours.last?.precipitationType == .drizzle)
    #expect(forecast.hours.last?.precipitation?.measure == .lessThan(1))
  }

  @Test func hoursAtMidnightBelongToTheirKoreanDay() throws {
    let forecast = try decode(items())
    let second = try #require(forecast.day(baseDay.adding(days: 2)))
    let midnight = baseDay.adding(days: 2).start(in: .koreaTimeZoneForTests)
    #expect(second.hourly.first?.time == midnight)
    #expect(CalendarDay(containing: midnight, in: .koreaTimeZoneForTests) == second.day)
  }
}

extension TimeZone {
  static let koreaTimeZoneForTests = CalendarDay.koreaTimeZone
}
