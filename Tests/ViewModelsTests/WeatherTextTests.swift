import Foundation
import HaruForecast
import HaruModels
import Testing

@testable import HaruViewModelCore
@testable import HaruWeatherViewModels

struct WeatherTextTests {
  @Test(arguments: [
    (PrecipitationType.rain, "30.0~50.0mm", DisplayLanguage.english, "Rain 30–50 mm"),
    (.rain, "30.0~50.0mm", .korean, "비 30~50mm"),
    (.rain, "1mm 미만", .korean, "비 1mm 미만"),
    (.shower, "강수없음", .english, "Shower"),
    (.rain, "비가 옴", .english, "Rain"),
    (.nothing, "강수없음", .korean, "없음"),
  ])
  func precipitationIsNamedWithItsAmountWhenKnown(
    type: PrecipitationType, amount: String, language: DisplayLanguage, expected: String
  ) {
    let rain = PrecipitationAmount(parsing: amount)
    #expect(
      WeatherText.precipitation(type, rain: rain, snow: nil, in: language) == expected)
  }

  @Test func snowIsMeasuredBySnowfall() {
    let snow = PrecipitationAmount(parsing: "1.0cm 미만", defaultUnit: .centimeters)
    let rain = PrecipitationAmount(parsing: "5.0mm")
    #expect(
      WeatherText.precipitation(.snow, rain: rain, snow: snow, in: .korean) == "눈 1cm 미만")
    #expect(WeatherText.precipitation(nil, rain: rain, snow: snow, in: .korean) == nil)
  }

  @Test(arguments: [
    (0.0, DisplayLanguage.english, "09:00", "Issued Jan 1, 09:00"),
    (0.0, .korean, "9시", "1월 1일 09:00 발표"),
    (1_795_984_200.0, .english, "05:00", "Issued Nov 30, 05:30"),
  ])
  func timesAreWrittenInKoreaStandardTime(
    seconds: Double, language: DisplayLanguage, hour: String, issued: String
  ) {
    let date = Date(timeIntervalSince1970: seconds)
    #expect(WeatherText.hourText(date, in: language) == hour)
    #expect(WeatherText.issuedText(date, in: language) == issued)
  }
}

/// 체감온도 on the weather screen: shown only where it differs from the temperature by 1° or more.
struct WeatherFeelsLikeTests {
  /// An hour of 2026-11-30 (winter) at `hour` KST.
  static func hour(_ hour: Int, celsius: Double, wind: Double?, humidity: Int? = 70) throws
    -> HourlyForecast
  {
    let midnight = try CalendarDay(year: 2026, month: 11, day: 30).start(
      in: CalendarDay.koreaTimeZone)
    return HourlyForecast(
      time: midnight.addingTimeInterval(Double(hour) * 3600),
      temperature: try Temperature(celsius: celsius), humidity: humidity, windSpeed: wind)
  }

  @Test(arguments: [
    // 5 m/s at −1.2 °C: a wind chill of −6.4 °C.
    (-1.2, 5.0 as Double?, DisplayLanguage.english, "Feels like -6°" as String?),
    (-1.2, 5.0, .korean, "체감 -6°"),
    // Below the 1.3 m/s of wind chill: the air's own, not shown.
    (-5.0, 0.0, .english, nil),
    // Above 10 °C in winter: the air's own.
    (12.0, 8.0, .korean, nil),
    // No wind known at −5 °C: none.
    (-5.0, nil, .english, nil),
  ])
  func anHourShowsItsFeelsLikeWhenItDiffersByADegree(
    celsius: Double, wind: Double?, language: DisplayLanguage, expected: String?
  ) throws {
    let hour = try Self.hour(9, celsius: celsius, wind: wind)
    #expect(
      WeatherText.conditions(hour, unit: .celsius, language: language).feelsLike == expected)
  }

  @Test func aDayShowsItsFeelsLikeExtremesWhenOneDiffers() throws {
    let day = try CalendarDay(year: 2026, month: 11, day: 30)
    let windy = DayForecast(
      day: day,
      hourly: [
        try Self.hour(6, celsius: -1.2, wind: 5), try Self.hour(15, celsius: 8, wind: 1),
      ])
    let calm = DayForecast(
      day: day,
      hourly: [
        try Self.hour(6, celsius: -1.2, wind: 0.5), try Self.hour(15, celsius: 8, wind: 1),
      ])
    let midTerm = DayForecast(day: day, hourly: [])

    #expect(WeatherText.dayFeelsLike(windy, unit: .celsius) == "-6° / 8°")
    #expect(WeatherText.dayFeelsLike(windy, unit: .fahrenheit) == "20°F / 46°F")
    #expect(WeatherText.dayFeelsLike(calm, unit: .celsius) == nil)
    #expect(WeatherText.dayFeelsLike(midTerm, unit: .celsius) == nil)
  }
}

/// The UV index and the pollen risk on the weather screen.
struct WeatherLivingTextTests {
  /// 2026-09-26 13:00 KST.
  private static let now = Date(timeIntervalSince1970: 1_790_395_200)

  private func outlook(
    uv: UVForecast?, pollen: [PollenForecast], missing: [ForecastPart: MissingPartReason] = [:]
  ) throws -> ForecastOutlook {
    ForecastOutlook(
      town: .seoulCityHall, provider: "kma", attribution: .kma,
      run: ForecastRun(publishedAt: Self.now),
      forecast: ProviderForecast(
        days: [], current: nil, issuedAt: Self.now, missingReasons: missing, uvIndex: uv,
        pollen: pollen),
      fetchedAt: Self.now)
  }

  private func uv() throws -> UVForecast {
    let noon = Self.now.addingTimeInterval(-3600)
    return UVForecast(
      issuedAt: noon,
      readings: [
        .init(time: noon, index: try UVIndex(4)),
        .init(time: noon.addingTimeInterval(3 * 3600), index: try UVIndex(8)),
      ])
  }

  private func weeds() throws -> PollenForecast {
    let day = try CalendarDay(year: 2026, month: 9, day: 26)
    return PollenForecast(
      kind: .weeds, issuedAt: Self.now.addingTimeInterval(-7 * 3600),
      days: [.init(day: day, risk: .low), .init(day: day.adding(days: 1), risk: .high)])
  }

  @Test(arguments: [
    (DisplayLanguage.korean, "보통 (4) · 오늘 최고 8", "잡초류 오늘 낮음 · 내일 높음"),
    (.english, "Moderate (4) · highest today 8", "Weeds today Low · tomorrow High"),
  ])
  func theUVIndexAndThePollenInSeasonAreWrittenOut(
    language: DisplayLanguage, uvText: String, pollenText: String
  ) throws {
    let report = WeatherText.report(
      try outlook(uv: try uv(), pollen: [.notInSeason(.oak), .notInSeason(.pine), try weeds()]),
      unit: .celsius, language: language)
    #expect(report.uvText == uvText)
    #expect(report.pollenText == pollenText)
  }

  @Test func noKindInSeasonSaysSoAndATownWithoutEitherHasNoText() throws {
    let outOfSeason = WeatherText.report(
      try outlook(uv: nil, pollen: PollenKind.allCases.map(PollenForecast.notInSeason)),
      unit: .celsius, language: .korean)
    #expect(outOfSeason.pollenText == "꽃가루 철이 아님")
    #expect(outOfSeason.uvText == nil)

    let neither = WeatherText.report(
      try outlook(uv: nil, pollen: []), unit: .celsius, language: .english)
    #expect(neither.uvText == nil && neither.pollenText == nil)
  }

  @Test func aRefusedIndexSaysWhy() throws {
    let refusal = MissingPartReason(
      service: .kmaLivingIndices,
      error: ForecastError(.decoding, message: "refused"))
    let report = WeatherText.report(
      try outlook(uv: nil, pollen: [], missing: [.uvIndex: refusal]), unit: .celsius,
      language: .korean)
    #expect(report.uvText == refusal.message(in: .korean))
    #expect(report.uvText?.contains("기상청_생활기상지수 조회서비스") == true, "\(report.uvText ?? "")")
  }
}
