public import Foundation

/// The language Haru writes display strings in.
///
/// Every type with text for a person (conditions, units, formatted amounts) has a
/// `displayName(in:)` or `formatted(…)` method taking a language, so the same value can be shown in
/// Korean and in English without a string catalog.
public enum DisplayLanguage: String, Hashable, Sendable, Codable, CaseIterable {
  /// Korean (한국어).
  case korean = "ko"
  /// English.
  case english = "en"

  /// The language for a locale: Korean when the locale's language is Korean, English otherwise.
  ///
  /// - Parameter locale: A locale, such as `Locale.current`.
  public init(locale: Locale) {
    let code = locale.language.languageCode?.identifier ?? locale.identifier
    self = code.lowercased().hasPrefix("ko") ? .korean : .english
  }
}
