import Foundation
import HaruModels
import Testing

struct TemperatureTests {
  @Test(arguments: [
    (23.0, TemperatureUnit.celsius, "23°"),
    (23.0, .fahrenheit, "73°F"),
    (-3.6, .celsius, "-4°"),
    (-0.4, .celsius, "0°"),
    (-0.5, .celsius, "-1°"),
    (0.5, .celsius, "1°"),
    (0.0, .fahrenheit, "32°F"),
    (-40.0, .fahrenheit, "-40°F"),
    (100.0, .fahrenheit, "212°F"),
  ])
  func formatsWholeDegreesWithTheUnit(
    celsius: Double, unit: TemperatureUnit, expected: String
  ) throws {
    #expect(try Temperature(celsius: celsius).formatted(in: unit) == expected)
  }

  @Test func convertsBetweenUnits() throws {
    #expect(try Temperature(fahrenheit: 212).celsius == 100)
    #expect(try Temperature(celsius: 37).value(in: .fahrenheit) == 98.6)
    #expect(try Temperature(fahrenheit: 50).value(in: .celsius) == 10)
    let original = try Temperature(celsius: 17.3)
    #expect(abs(try Temperature(fahrenheit: original.fahrenheit).celsius - 17.3) < 1e-12)
  }

  @Test func ordersFromColderToWarmer() throws {
    let temperatures = [
      try Temperature(celsius: 3), try Temperature(celsius: -2), try Temperature(celsius: 1),
    ]
    #expect(temperatures.sorted().map(\.celsius) == [-2, 1, 3])
    #expect(temperatures.max()?.celsius == 3)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity, -273.16, -1000])
  func valuesThatAreNotTemperaturesAreRefused(celsius: Double) {
    let error = #expect(throws: ModelError.self) { try Temperature(celsius: celsius) }
    #expect(error?.code == .valueOutOfRange)
  }

  @Test(arguments: [Double.nan, .infinity, -459.68])
  func fahrenheitValuesThatAreNotTemperaturesAreRefused(fahrenheit: Double) {
    #expect(throws: ModelError.self) { try Temperature(fahrenheit: fahrenheit) }
  }

  @Test func absoluteZeroIsATemperature() throws {
    #expect(try Temperature(celsius: -273.15).formatted(in: .celsius) == "-273°")
    #expect(try Temperature(fahrenheit: -459.67).celsius >= Temperature.absoluteZeroCelsius)
  }

  @Test func storedValuesBelowAbsoluteZeroAreRefused() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Temperature].self, from: Data("[-300]".utf8))
    }
  }
}

struct DisplayTextTests {
  @Test func everyConditionHasADistinctNameInEachLanguage() {
    for language in DisplayLanguage.allCases {
      let skies = Sky.allCases.map { $0.displayName(in: language) }
      let types = PrecipitationType.allCases.map { $0.displayName(in: language) }
      let themes = ThemeMode.allCases.map { $0.displayName(in: language) }
      let units = TemperatureUnit.allCases.map { $0.displayName(in: language) }
      let pets = PetType.allCases.map { $0.displayName(in: language) }
      for names in [skies, types, themes, units, pets] {
        #expect(Set(names).count == names.count, "\(names)")
        #expect(names.allSatisfy { !$0.isEmpty })
      }
    }
  }

  @Test func koreanNamesFollowTheForecastsWording() {
    #expect(Sky.allCases.map { $0.displayName(in: .korean) } == ["맑음", "구름많음", "흐림"])
    #expect(
      PrecipitationType.allCases.map { $0.displayName(in: .korean) } == [
        "없음", "비", "비/눈", "눈", "소나기", "빗방울", "빗방울눈날림", "눈날림",
      ])
    #expect(PetType.cat.displayName(in: .korean) == "고양이")
    #expect(ThemeMode.system.displayName(in: .english) == "System")
  }

  @Test(arguments: [
    ("ko_KR", DisplayLanguage.korean), ("ko", .korean), ("en_US", .english), ("fr_FR", .english),
    ("ja_JP", .english),
  ])
  func languageFollowsTheLocale(identifier: String, expected: DisplayLanguage) {
    #expect(DisplayLanguage(locale: Locale(identifier: identifier)) == expected)
  }
}
