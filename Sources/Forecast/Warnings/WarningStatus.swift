public import Foundation

/// KMA's nationwide status of warnings (`getPwnStatus`): the newest announcement, the warnings
/// in force as its text lists them (`t6`) and the 예비특보 (`t7`).
///
/// The text names areas as the bulletins do (`제주도(제주도산지, 제주시중산간)`,
/// `서울(서울서북권 제외)`); it is kept as written. Haru uses the status as the cross-check of the
/// replayed events and as the sign that something changed.
public struct WarningStatus: Hashable, Sendable {
  /// One `o 호우경보 : 제주도(제주도산지)` line of `t6`.
  public struct Line: Hashable, Sendable {
    /// The kind, when the title names one Haru knows.
    public let kind: WarningKind?
    /// The level, when the title ends with one.
    public let level: WarningLevel?
    /// The title as written, such as `"호우경보"`.
    public let title: String
    /// The areas as written.
    public let areas: String
  }

  /// The newest announcement.
  public let announcement: WarningAnnouncement
  /// The time the status is of (`tmEf`).
  public let effectiveAt: Date?
  /// The warnings in force, nationwide; empty for `o 없음` and `o 없 음`.
  public let inForce: [Line]
  /// The 예비특보, nationwide.
  public let preliminary: [PreliminaryWarning]
  /// `t6` as sent, its lines joined by `\n`.
  public let text: String
}

/// A 예비특보 (preliminary warning): a warning KMA expects to issue, with its expected time and
/// areas as KMA wrote them. It is never in force, and may be withdrawn.
///
/// ```swift
/// warning.kind?.name(in: .korean)   // "풍랑"
/// warning.expected                  // "09월 26일 새벽(00시~06시)"
/// warning.areas                     // "남해서부서쪽먼바다, 제주도남쪽바깥먼바다, …"
/// ```
public struct PreliminaryWarning: Hashable, Sendable {
  /// The kind, when its name is one Haru knows.
  public let kind: WarningKind?
  /// The kind as written, such as `"풍랑"`.
  public let kindText: String
  /// When the warning is expected, as written: `"09월 26일 새벽(00시~06시)"` (no year).
  public let expected: String
  /// The areas, as written.
  public let areas: String
  /// The announcement it was read from.
  public let announcement: WarningAnnouncement?

  /// Creates a 예비특보, as in tests and previews.
  ///
  /// - Parameters:
  ///   - kindText: The kind as written, such as `"풍랑"`; ``kind`` is read from it.
  ///   - expected: When it is expected, as written.
  ///   - areas: The areas, as written.
  ///   - announcement: The announcement it came from.
  public init(
    kindText: String, expected: String, areas: String, announcement: WarningAnnouncement? = nil
  ) {
    self.init(
      kind: WarningKind(koreanName: kindText), kindText: kindText, expected: expected,
      areas: areas, announcement: announcement)
  }

  init(
    kind: WarningKind?, kindText: String, expected: String, areas: String,
    announcement: WarningAnnouncement?
  ) {
    self.kind = kind
    self.kindText = kindText
    self.expected = expected
    self.areas = areas
    self.announcement = announcement
  }

  /// The expected time and areas as one line: `"09월 26일 새벽(00시~06시) : 남해서부서쪽먼바다, …"`.
  public var text: String {
    areas.isEmpty ? expected : "\(expected) : \(areas)"
  }
}
