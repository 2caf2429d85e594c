/// The words KMA writes its grades of an index in, shared by the grades whose steps are the same:
/// 낮음, 보통, 높음, 매우높음 (the pollen risk, the UV index), and 위험 (the UV index's fifth).
enum KMAGradeWords {
  private static let korean = ["낮음", "보통", "높음", "매우높음", "위험"]
  private static let english = ["Low", "Moderate", "High", "Very high", "Extreme"]

  /// The name of a grade by its step from the lowest, 0…4.
  static func name(ofStep step: Int, in language: DisplayLanguage) -> String {
    let words: [String]
    switch language {
    case .korean: words = korean
    case .english: words = english
    }
    return words[min(max(step, 0), words.count - 1)]
  }
}
