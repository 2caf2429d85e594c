import HaruModels

/// How today's temperature compares with yesterday's, in the unit a person reads.
struct TemperatureComparison: Hashable, Sendable {
  /// Whole degrees warmer (positive) or colder (negative), rounded in the display unit.
  let degrees: Int
  let unit: TemperatureUnit

  init(today: Temperature, yesterday: Temperature, unit: TemperatureUnit) {
    // Round each side first, so the text agrees with the two numbers on screen.
    degrees =
      Temperature.wholeDegrees(today.value(in: unit))
      - Temperature.wholeDegrees(yesterday.value(in: unit))
    self.unit = unit
  }

  /// "2° warmer than yesterday", "어제보다 3° 낮아요", "Same as yesterday".
  func text(in language: DisplayLanguage) -> String {
    let amount = "\(abs(degrees))\(unit.symbol)"
    switch (language, degrees) {
    case (.korean, 0): return "어제와 같아요"
    case (.korean, 1...): return "어제보다 \(amount) 높아요"
    case (.korean, _): return "어제보다 \(amount) 낮아요"
    case (.english, 0): return "Same as yesterday"
    case (.english, 1...): return "\(amount) warmer than yesterday"
    case (.english, _): return "\(amount) colder than yesterday"
    }
  }
}
