/// How much of the sky is covered by cloud.
public enum Sky: String, Hashable, Sendable, Codable, CaseIterable {
  /// Clear (맑음).
  case clear
  /// Mostly cloudy (구름많음).
  case mostlyCloudy
  /// Overcast (흐림).
  case overcast

  /// The condition's name: "맑음", "구름많음", "흐림" or "Clear", "Mostly cloudy", "Overcast".
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The display name.
  public func displayName(in language: DisplayLanguage) -> String {
    switch (self, language) {
    case (.clear, .korean): "맑음"
    case (.clear, .english): "Clear"
    case (.mostlyCloudy, .korean): "구름많음"
    case (.mostlyCloudy, .english): "Mostly cloudy"
    case (.overcast, .korean): "흐림"
    case (.overcast, .english): "Overcast"
    }
  }
}
