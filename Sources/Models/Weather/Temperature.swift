/// A temperature, stored in degrees Celsius and shown in either unit.
///
/// A temperature is always a finite number at or above absolute zero (−273.15 °C): a provider's
/// `NaN` or sentinel never becomes a plausible-looking reading.
///
/// ```swift
/// let noon = try Temperature(celsius: 23)
/// noon.formatted(in: .celsius)     // "23°"
/// noon.formatted(in: .fahrenheit)  // "73°F"
/// ```
public struct Temperature: Hashable, Sendable, Comparable {
  /// Degrees Celsius.
  public let celsius: Double

  /// Absolute zero, the lowest temperature there is, in degrees Celsius.
  public static let absoluteZeroCelsius = -273.15

  /// Creates a temperature in degrees Celsius.
  ///
  /// - Parameter celsius: Degrees Celsius.
  /// - Throws: ``ModelError/Code/valueOutOfRange`` when the value is not finite or is below
  ///   absolute zero.
  public init(celsius: Double) throws(ModelError) {
    guard celsius.isFinite, celsius >= Self.absoluteZeroCelsius else {
      throw ModelError(
        .valueOutOfRange, field: "temperature",
        message: "\(celsius) °C is not a temperature; use a finite value of -273.15 °C or more.")
    }
    self.celsius = celsius
  }

  /// Creates a temperature in degrees Fahrenheit.
  ///
  /// - Parameter fahrenheit: Degrees Fahrenheit.
  /// - Throws: ``ModelError/Code/valueOutOfRange`` when the value is not finite or is below
  ///   absolute zero.
  public init(fahrenheit: Double) throws(ModelError) {
    try self.init(celsius: (fahrenheit - 32) * 5 / 9)
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
  /// ```swift
  /// try Temperature(celsius: -0.4).formatted(in: .celsius)  // "0°"
  /// ```
  ///
  /// - Parameter unit: The unit to show.
  /// - Returns: The formatted temperature, the same in Korean and English.
  public func formatted(in unit: TemperatureUnit) -> String {
    "\(Self.wholeDegrees(value(in: unit)))\(unit.symbol)"
  }

  /// Whole degrees, rounded half away from zero. Temperatures are finite and at most a few
  /// thousand degrees in practice, but a provider's number can be anything: it is clamped to
  /// ±10¹⁵ rather than trapping, and `Int64` on every platform, since a 32-bit `Int` (Apple
  /// Watch) holds only ±2³¹.
  package static func wholeDegrees(_ value: Double) -> Int64 {
    let rounded = value.rounded(.toNearestOrAwayFromZero)
    guard rounded.isFinite else { return 0 }
    return Int64(max(min(rounded, 1e15), -1e15))
  }

  /// Orders temperatures from colder to warmer.
  public static func < (lhs: Temperature, rhs: Temperature) -> Bool {
    lhs.celsius < rhs.celsius
  }
}

extension Temperature: Codable {
  /// Decodes a temperature stored as a number of degrees Celsius.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the number is below absolute zero.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let celsius = try container.decode(Double.self)
    do {
      try self.init(celsius: celsius)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes the temperature as a number of degrees Celsius.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(celsius)
  }
}
