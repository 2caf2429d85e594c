import Foundation
import HaruModels
import Testing

/// 체감온도 by KMA's formulas, against values published with the formulas: Stull's own example of
/// the wet-bulb temperature, and Environment Canada's wind chill table (the same JAG/TI 2001
/// formula), with the summer formula's values computed from KMA's published coefficients.
struct ApparentTemperatureTests {
  private func day(_ month: Int) throws -> CalendarDay {
    try CalendarDay(year: 2026, month: month, day: 15)
  }

  private func feels(
    _ celsius: Double, wind: Double, humidity: Double, month: Int
  ) throws -> ApparentTemperature {
    try ApparentTemperature(
      air: Temperature(celsius: celsius), windSpeed: wind, humidity: humidity, on: day(month))
  }

  @Test func theWetBulbTemperatureIsStullsOwnExample() {
    // Stull (2011): 20 °C at 50 % is 13.7 °C.
    let wetBulb = ApparentTemperature.wetBulb(celsius: 20, humidity: 50)
    #expect(abs(wetBulb - 13.7) < 0.05)
  }

  @Test(arguments: [
    // Environment Canada's wind chill table: (air °C, wind km/h, the table's whole degrees).
    (-10.0, 20.0, -18.0), (-20.0, 30.0, -33.0), (0.0, 10.0, -3.0), (-5.0, 40.0, -14.0),
  ])
  func windChillIsThePublishedTable(celsius: Double, kilometresPerHour: Double, table: Double) {
    let value = ApparentTemperature.windChill(
      celsius: celsius, windSpeed: kilometresPerHour / 3.6)
    #expect(value.rounded() == table)
  }

  @Test(arguments: [
    // (air °C, humidity %, KMA's 2022 formula over Stull's wet-bulb, to 0.01 °C)
    (35.0, 20.0, 30.44), (25.0, 90.0, 27.68), (33.0, 60.0, 33.45), (30.0, 50.0, 29.53),
  ])
  func theSummerFormulasValues(celsius: Double, humidity: Double, expected: Double) throws {
    let feels = try feels(celsius, wind: 3, humidity: humidity, month: 8)
    #expect(feels.season == .summer)
    #expect(feels.formula == .summer2022)
    #expect(abs(feels.temperature.celsius - expected) < 0.01)
    #expect(feels.air.celsius == celsius)
  }

  @Test func dryHeatFeelsCoolerAndHumidWarmthHotter() throws {
    let dry = try feels(35, wind: 0, humidity: 20, month: 7)
    #expect(dry.temperature.celsius < 35)
    #expect(dry.differsFromAir)
    let humid = try feels(25, wind: 0, humidity: 90, month: 7)
    #expect(humid.temperature.celsius > 25)
    #expect(humid.differsFromAir)
  }

  @Test func noWindAtMinusFiveIsTheAirTemperature() throws {
    let still = try feels(-5, wind: 0, humidity: 50, month: 1)
    #expect(still.season == .winter)
    #expect(still.formula == .airTemperature)
    #expect(still.temperature.celsius == -5)
    #expect(!still.differsFromAir)
  }

  @Test(arguments: [
    // (air °C, wind m/s, month, formula)
    (-5.0, 5.0, 1, ApparentTemperature.Formula.windChill), (10.0, 1.3, 4, .windChill),
    (10.1, 5.0, 12, .airTemperature), (5.0, 1.2, 11, .airTemperature),
    (5.0, 3.0, 10, .windChill), (5.0, 3.0, 5, .airTemperature),
    (19.9, 3.0, 9, .airTemperature), (20.0, 3.0, 9, .summer2022), (30.0, 3.0, 10, .airTemperature),
  ])
  func eachFormulaOnlyUnderItsConditions(
    celsius: Double, wind: Double, month: Int, formula: ApparentTemperature.Formula
  ) throws {
    let feels = try feels(celsius, wind: wind, humidity: 60, month: month)
    #expect(feels.formula == formula)
    #expect(feels.season == ((5...9).contains(month) ? .summer : .winter))
    if formula == .airTemperature { #expect(feels.temperature.celsius == celsius) }
  }

  @Test func windChillInWinterIsTheFormulasValue() throws {
    let feels = try feels(-5, wind: 5, humidity: 50, month: 2)
    #expect(abs(feels.temperature.celsius - -11.19) < 0.01)
    #expect(feels.differsFromAir)
  }

  @Test func aDifferenceUnderOneDegreeIsNotWorthShowing() throws {
    // 10 °C with a wind of 1.3 m/s: wind chill 9.86 °C.
    let feels = try feels(10, wind: 1.3, humidity: 50, month: 3)
    #expect(feels.formula == .windChill)
    #expect(feels.temperature.celsius < 10)
    #expect(!feels.differsFromAir)
  }

  @Test(arguments: [
    (-1.0, 50.0, "windSpeed"), (.nan, 50.0, "windSpeed"), (.infinity, 50.0, "windSpeed"),
    (2.0, -1.0, "humidity"), (2.0, 100.5, "humidity"), (2.0, .nan, "humidity"),
  ])
  func impossibleWindOrHumidityIsATypedError(wind: Double, humidity: Double, field: String) {
    let error = #expect(throws: ModelError.self) {
      try feels(25, wind: wind, humidity: humidity, month: 7)
    }
    #expect(error?.code == .valueOutOfRange)
    #expect(error?.field == field)
  }

  // MARK: - Hours and days

  /// An hour at `hour`:00 KST on the 15th of a month of 2026.
  private func hour(
    month: Int, _ hour: Int = 12, celsius: Double?, wind: Double? = nil, humidity: Int? = nil
  ) throws -> HourlyForecast {
    let start = try day(month).start(in: CalendarDay.koreaTimeZone)
    return HourlyForecast(
      time: start.addingTimeInterval(Double(hour) * 3600),
      temperature: try celsius.map { try Temperature(celsius: $0) }, humidity: humidity,
      windSpeed: wind)
  }

  @Test func anHourFeelsByItsSeasonsFormula() throws {
    let winter = try #require(try hour(month: 1, celsius: -5, wind: 5, humidity: 40).feelsLike)
    #expect(winter.formula == .windChill)
    #expect(abs(winter.temperature.celsius - -11.19) < 0.01)
    let summer = try #require(try hour(month: 8, celsius: 33, wind: 1, humidity: 60).feelsLike)
    #expect(summer.formula == .summer2022)
    #expect(abs(summer.temperature.celsius - 33.45) < 0.01)
  }

  /// (month, air °C, wind, humidity, the formula, or nil when an input it needs is missing)
  static let missingInputs: [(Int, Double, Double?, Int?, ApparentTemperature.Formula?)] = [
    (1, 5, nil, 40, nil), (1, 15, nil, nil, .airTemperature), (8, 25, 2, nil, nil),
    (8, 18, nil, nil, .airTemperature), (8, 25, nil, 70, .summer2022), (1, 5, 3, nil, .windChill),
  ]

  @Test(arguments: missingInputs)
  func anHourMissingAnInputItsFormulaNeedsHasNone(
    month: Int, celsius: Double, wind: Double?, humidity: Int?,
    formula: ApparentTemperature.Formula?
  ) throws {
    let feels = try hour(month: month, celsius: celsius, wind: wind, humidity: humidity).feelsLike
    #expect(feels?.formula == formula)
  }

  @Test func anHourWithoutATemperatureHasNone() throws {
    #expect(try hour(month: 8, celsius: nil, wind: 2, humidity: 60).feelsLike == nil)
  }

  @Test func theSeasonIsTheKoreanDays() throws {
    // 2026-04-30 15:30 UTC is 2026-05-01 00:30 KST: summer.
    let time = try #require(
      Calendar(identifier: .gregorian).date(
        from: DateComponents(
          timeZone: TimeZone(identifier: "UTC"), year: 2026, month: 4, day: 30, hour: 15,
          minute: 30)))
    let hour = HourlyForecast(
      time: time, temperature: try Temperature(celsius: 25), humidity: 90, windSpeed: 4)
    #expect(hour.feelsLike?.season == .summer)
    #expect(hour.feelsLike?.formula == .summer2022)
  }

  @Test func aDaysExtremesAreItsHoursExtremes() throws {
    let hours = [
      try hour(month: 1, 3, celsius: -5, wind: 5), try hour(month: 1, 9, celsius: 0, wind: 0),
      try hour(month: 1, 15, celsius: 3, wind: 2), try hour(month: 1, 18, celsius: nil),
    ]
    let day = DayForecast(day: try day(1), hourly: hours)
    let lowest = try #require(day.feelsLikeMinimum)
    #expect(abs(lowest.temperature.celsius - -11.19) < 0.01)
    #expect(lowest.formula == .windChill)
    // 3 °C in a 2 m/s wind feels like 1.02 °C, warmer than the still 0 °C of the morning.
    let highest = try #require(day.feelsLikeMaximum)
    #expect(abs(highest.temperature.celsius - 1.02) < 0.01)
    #expect(highest.air.celsius == 3)
  }

  @Test func aDayWithoutHoursHasNoExtremes() throws {
    let day = DayForecast(day: try day(8), hourly: [])
    #expect(day.feelsLikeMinimum == nil)
    #expect(day.feelsLikeMaximum == nil)
  }
}
