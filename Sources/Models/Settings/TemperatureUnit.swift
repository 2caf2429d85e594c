/// The unit temperatures are shown in.
public enum TemperatureUnit: String, Hashable, Sendable, Codable, CaseIterable {
  /// Degrees Celsius, shown as `23°`.
  case celsius
  /// Degrees Fahrenheit, shown as `73°F`.
  case fahrenheit

  /// The suffix written after a number: `"°"` for Celsius, `"°F"` for Fahrenheit.
  public var symbol: String {
    switch self {
    case .celsius: "°"
    case .fahrenheit: "°F"
    }
  }

  /// The name to show in a settings screen: "섭씨 (°C)", "화씨 (°F)" or "Celsius (°C)",
  /// "Fahrenheit (°F)".
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The display name.
  public func displayName(in language: DisplayLanguage) -> String {
    switch (self, language) {
    case (.celsius, .korean): "섭씨 (°C)"
    case (.celsius, .english): "Celsius (°C)"
    case (.fahrenheit, .korean): "화씨 (°F)"
    case (.fahrenheit, .english): "Fahrenheit (°F)"
    }
  }
}
