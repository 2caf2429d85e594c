/// A step on an ``AirQualityScale``: 1 is the cleanest, ``AirQualityScale/levelCount`` the worst.
///
/// ```swift
/// let grade = AirQualityScale.eightLevel.grade(.pm10, value: 42)
/// grade?.level                  // 4
/// grade?.name(in: .korean)      // "보통"
/// ```
public struct AirQualityGrade: Hashable, Sendable, Codable, Comparable {
  /// The scale the grade is on.
  public let scale: AirQualityScale
  /// The step, from 1 (cleanest) to the scale's ``AirQualityScale/levelCount`` (worst).
  public let level: Int

  package init(scale: AirQualityScale, level: Int) {
    self.scale = scale
    self.level = level
  }

  /// Orders grades from the cleanest to the worst; grades on different scales are ordered by
  /// their share of the scale.
  public static func < (lhs: AirQualityGrade, rhs: AirQualityGrade) -> Bool {
    lhs.level * rhs.scale.levelCount < rhs.level * lhs.scale.levelCount
  }

  /// The grade's name: "좋음", "나쁨", "WHO 권고기준 이내" or "Good", "Bad", "Within the WHO
  /// guideline".
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The name.
  public func name(in language: DisplayLanguage) -> String {
    let names: [String]
    switch (scale, language) {
    case (.korea, .korean): names = ["좋음", "보통", "나쁨", "매우나쁨"]
    case (.korea, .english): names = ["Good", "Moderate", "Bad", "Very bad"]
    case (.who2021, .korean):
      names = [
        "WHO 권고기준 이내", "잠정목표 4 이내", "잠정목표 3 이내", "잠정목표 2 이내", "잠정목표 1 이내",
        "잠정목표 1 초과",
      ]
    case (.who2021, .english):
      names = [
        "Within the WHO guideline", "Within interim target 4", "Within interim target 3",
        "Within interim target 2", "Within interim target 1", "Above interim target 1",
      ]
    case (.eightLevel, .korean):
      names = ["최고", "좋음", "양호", "보통", "나쁨", "상당히 나쁨", "매우 나쁨", "최악"]
    case (.eightLevel, .english):
      names = ["Excellent", "Good", "Fair", "Moderate", "Bad", "Quite bad", "Very bad", "Worst"]
    }
    return names[min(max(level, 1), names.count) - 1]
  }
}
