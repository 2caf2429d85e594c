import Foundation
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
