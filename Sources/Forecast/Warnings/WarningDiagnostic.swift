public import HaruModels

/// A disagreement between the replayed events and KMA's status (`getPwnStatus`'s `t6`) at the
/// status's time: reported, never hidden, since either may lag the other.
///
/// ```swift
/// for diagnostic in report.diagnostics {
///   diagnostic.onlyReplayed    // ["호우경보"]: in force by the events, not in the status
///   diagnostic.onlyInStatus    // []
/// }
/// ```
public struct WarningDiagnostic: Hashable, Sendable {
  /// The status's announcement.
  public let status: WarningAnnouncement
  /// The warnings in force by the events that the status does not list, as KMA writes them
  /// (`"호우경보"`), sorted.
  public let onlyReplayed: [String]
  /// The warnings the status lists that are not in force by the events, sorted.
  public let onlyInStatus: [String]

  /// What disagrees, in words.
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: A sentence.
  public func message(in language: DisplayLanguage) -> String {
    let replayed = onlyReplayed.isEmpty ? "-" : onlyReplayed.joined(separator: ", ")
    let listed = onlyInStatus.isEmpty ? "-" : onlyInStatus.joined(separator: ", ")
    switch language {
    case .korean:
      return "특보 이벤트와 특보현황(t6)이 다릅니다. 이벤트에만 있음: \(replayed); 현황에만 있음: \(listed)."
    case .english:
      return
        "The warning events and KMA's status (t6) disagree. Only in the events: \(replayed); "
        + "only in the status: \(listed)."
    }
  }
}

extension WarningReplay {
  /// Compares the warnings in force by the events at the status's time with the warnings the
  /// status lists, nationwide, by kind and level.
  ///
  /// - Parameters:
  ///   - status: KMA's status.
  ///   - events: The events.
  /// - Returns: The disagreement, or `nil` when both list the same kinds and levels.
  static func disagreement(with status: WarningStatus, events: [WarningEvent])
    -> WarningDiagnostic?
  {
    let date = status.effectiveAt ?? status.announcement.issuedAt
    let replayed = Set(
      warnings(from: events, at: date).filter { $0.isInForce(at: date) }.map {
        $0.title(in: .korean)
      })
    let listed = Set(status.inForce.map(\.title))
    guard replayed != listed else { return nil }
    return WarningDiagnostic(
      status: status.announcement, onlyReplayed: replayed.subtracting(listed).sorted(),
      onlyInStatus: listed.subtracting(replayed).sorted())
  }
}
