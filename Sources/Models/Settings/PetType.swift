/// The companion animal shown alongside the weather.
public enum PetType: String, Hashable, Sendable, Codable, CaseIterable {
  /// A dog.
  case dog
  /// A cat.
  case cat

  /// The name to show: "강아지", "고양이" or "Dog", "Cat".
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The display name.
  public func displayName(in language: DisplayLanguage) -> String {
    switch (self, language) {
    case (.dog, .korean): "강아지"
    case (.dog, .english): "Dog"
    case (.cat, .korean): "고양이"
    case (.cat, .english): "Cat"
    }
  }
}
