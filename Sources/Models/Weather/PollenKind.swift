/// The pollen KMA forecasts a risk for, each in its own season.
///
/// ```swift
/// let may = try CalendarDay(year: 2026, month: 5, day: 10)
/// PollenKind.oak.displayName(in: .korean)  // "참나무"
/// PollenKind.oak.isInSeason(on: may)       // true
/// PollenKind.weeds.months                  // 8...10
/// ```
///
/// 출처: 기상청 (`HealthWthrIdxServiceV3`, 꽃가루농도위험지수).
public enum PollenKind: String, Hashable, Sendable, Codable, CaseIterable {
  /// Oak (참나무), March to June.
  case oak
  /// Pine (소나무), March to June.
  case pine
  /// Weeds (잡초류): ragweed, mugwort and others, August to October.
  case weeds

  /// The months KMA serves the kind's forecast in: `3...6` for oak and pine, `8...10` for weeds.
  ///
  /// These are the periods the service itself names when asked outside them ("[자료제공기간 3월
  /// ~ 6월]"); one guide says April to June for oak and pine.
  public var months: ClosedRange<Int> {
    switch self {
    case .oak, .pine: 3...6
    case .weeds: 8...10
    }
  }

  /// Whether a day falls within the kind's season.
  ///
  /// - Parameter day: The day, in Korea.
  /// - Returns: Whether its month is one of ``months``.
  public func isInSeason(on day: CalendarDay) -> Bool {
    months.contains(day.month)
  }

  /// The kind's name: "참나무", "소나무", "잡초류" or "Oak", "Pine", "Weeds".
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The display name.
  public func displayName(in language: DisplayLanguage) -> String {
    switch (self, language) {
    case (.oak, .korean): "참나무"
    case (.oak, .english): "Oak"
    case (.pine, .korean): "소나무"
    case (.pine, .english): "Pine"
    case (.weeds, .korean): "잡초류"
    case (.weeds, .english): "Weeds"
    }
  }
}
