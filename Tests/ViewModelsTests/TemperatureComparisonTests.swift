import HaruModels
import Testing

@testable import HaruViewModels

struct TemperatureComparisonTests {
  @Test(arguments: [
    (20.0, 18.0, TemperatureUnit.celsius, DisplayLanguage.english, "2° warmer than yesterday"),
    (15.0, 18.0, .celsius, .english, "3° colder than yesterday"),
    (18.2, 17.9, .celsius, .english, "Same as yesterday"),
    (20.0, 18.0, .celsius, .korean, "어제보다 2° 높아요"),
    (15.0, 18.0, .celsius, .korean, "어제보다 3° 낮아요"),
    (18.0, 18.0, .celsius, .korean, "어제와 같아요"),
    (20.0, 18.0, .fahrenheit, .english, "4°F warmer than yesterday"),
  ])
  func comparisonReadsAsASentence(
    today: Double, yesterday: Double, unit: TemperatureUnit, language: DisplayLanguage,
    expected: String
  ) throws {
    let comparison = TemperatureComparison(
      today: try Temperature(celsius: today), yesterday: try Temperature(celsius: yesterday),
      unit: unit)
    #expect(comparison.text(in: language) == expected)
  }

  @Test func differenceAgreesWithTheRoundedNumbersOnScreen() throws {
    // 18.4° and 17.6° are shown as 18° and 18°; the text must not claim a difference.
    let comparison = TemperatureComparison(
      today: try Temperature(celsius: 18.4), yesterday: try Temperature(celsius: 17.6),
      unit: .celsius)
    #expect(comparison.degrees == 0)
  }
}
