/// KMA's pollen risk (꽃가루농도위험지수): 0 낮음, 1 보통, 2 높음, 3 매우높음.
///
/// ```swift
/// let risk = PollenRisk(rawValue: 2)   // .high
/// risk?.displayName(in: .korean)       // "높음"
/// PollenRisk.low < PollenRisk.veryHigh // true
/// ```
///
/// 출처: 기상청 (`HealthWthrIdxServiceV3`).
public enum PollenRisk: Int, Hashable, Sendable, Codable, CaseIterable, Comparable {
  /// 0: 낮음.
  case low = 0
  /// 1: 보통.
  case moderate = 1
  /// 2: 높음.
  case high = 2
  /// 3: 매우높음.
  case veryHigh = 3

  /// The risk's name as KMA writes it, or in English: "낮음", "보통", "높음", "매우높음" or
  /// "Low", "Moderate", "High", "Very high".
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The display name.
  public func displayName(in language: DisplayLanguage) -> String {
    KMAGradeWords.name(ofStep: rawValue, in: language)
  }

  /// Orders risks from the lowest to the highest.
  public static func < (lhs: PollenRisk, rhs: PollenRisk) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
