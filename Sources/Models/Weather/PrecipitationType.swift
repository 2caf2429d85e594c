/// What is falling from the sky, if anything.
public enum PrecipitationType: String, Hashable, Sendable, Codable, CaseIterable {
  /// Nothing falls (없음).
  case nothing
  /// Rain (비).
  case rain
  /// Rain and snow mixed (비/눈).
  case rainAndSnow
  /// Snow (눈).
  case snow
  /// A passing shower (소나기).
  case shower
  /// Drizzle, a few raindrops (빗방울).
  case drizzle
  /// Drizzle with snow flurries (빗방울눈날림).
  case drizzleAndFlurries
  /// Snow flurries (눈날림).
  case flurries

  /// Whether anything is falling.
  public var isFalling: Bool { self != .nothing }

  /// The condition's name, such as "비/눈" or "Rain and snow".
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The display name.
  public func displayName(in language: DisplayLanguage) -> String {
    switch language {
    case .korean:
      switch self {
      case .nothing: "없음"
      case .rain: "비"
      case .rainAndSnow: "비/눈"
      case .snow: "눈"
      case .shower: "소나기"
      case .drizzle: "빗방울"
      case .drizzleAndFlurries: "빗방울눈날림"
      case .flurries: "눈날림"
      }
    case .english:
      switch self {
      case .nothing: "Nothing"
      case .rain: "Rain"
      case .rainAndSnow: "Rain and snow"
      case .snow: "Snow"
      case .shower: "Shower"
      case .drizzle: "Drizzle"
      case .drizzleAndFlurries: "Drizzle and flurries"
      case .flurries: "Flurries"
      }
    }
  }
}
