/// The appearance a person chose for the app.
public enum ThemeMode: String, Hashable, Sendable, Codable, CaseIterable {
  /// Always light.
  case light
  /// Always dark.
  case dark
  /// Follow the system's appearance.
  case system

  /// The name to show in a settings screen: "라이트", "다크", "시스템 설정" or "Light", "Dark", "System".
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The display name.
  public func displayName(in language: DisplayLanguage) -> String {
    switch (self, language) {
    case (.light, .korean): "라이트"
    case (.light, .english): "Light"
    case (.dark, .korean): "다크"
    case (.dark, .english): "Dark"
    case (.system, .korean): "시스템 설정"
    case (.system, .english): "System"
    }
  }
}
