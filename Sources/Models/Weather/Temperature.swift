/// A temperature, stored in degrees Celsius and shown in either unit.
///
/// ```swift
/// let noon = Temperature(celsius: 23)
/// noon.formatted(in: .celsius)     // "23°"
/// noon.formatted(in: .fahrenheit)  // "73°F"
/// ```
public struct Temperature: Hashable, Sendable, Comparable {
  /// Degrees Celsius.
  public let celsius: Double

  /// Creates a temperature in degrees Celsius.
  ///
  /// - Parameter celsius: Degrees Celsius.
  public init(celsius: Double) {
    self.celsius = celsius
  }

  /// Creates a temperature in degrees Fahrenheit.
  ///
  /// - Parameter fahrenheit: Degrees Fahrenheit.
  public init(fahrenheit: Double) {
    self.celsius = (fahrenheit - 32) * 5 / 9
  }

  /// Degrees Fahrenheit.
  public var fahrenheit: Double { celsius * 9 / 5 + 32 }

  /// The temperature as a number in a unit.
  ///
  /// - Parameter unit: The unit to express the temperature in.
  /// - Returns: Degrees in that unit.
  public func value(in unit: TemperatureUnit) -> Double {
    switch unit {
    case .celsius: celsius
    case .fahrenheit: fahrenheit
    }
  }

  /// The temperature rounded to whole degrees with its unit: `"23°"`, `"-4°"`, `"73°F"`.
  ///
  /// Halves round away from zero, and a value that rounds to zero is written `"0°"`, never `"-0°"`.
  ///
  /// - Parameter unit: The unit to show.
  /// - Returns: The formatted temperature, the same in Korean and English.
  public func formatted(in unit: TemperatureUnit) -> String {
    "\(Self.wholeDegrees(value(in: unit)))\(unit.symbol)"
  }

  /// Whole degrees, rounded half away from zero; a non-finite value becomes 0.
  package static func wholeDegrees(_ value: Double) -> Int {
    let rounded = value.rounded(.toNearestOrAwayFromZero)
    guard rounded.isFinite, abs(rounded) < 1e9 else { return 0 }
    return Int(rounded)
  }

  /// Orders temperatures from colder to warmer.
  public static func < (lhs: Temperature, rhs: Temperature) -> Bool {
    lhs.celsius < rhs.celsius
  }
}

extension Temperature: Codable {
  /// Decodes a temperature stored as a number of degrees Celsius.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(celsius: try container.decode(Double.self))
  }

  /// Encodes the temperature as a number of degrees Celsius.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(celsius)
  }
}
