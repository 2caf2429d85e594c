public import Foundation
public import HaruModels

/// A warning the replay of `getPwnCd` found issued for a zone and not released.
///
/// An issued warning may not be in force yet: its ``effectiveAt`` can be later than the
/// announcement. ``isInForce(at:)`` says which.
public struct ActiveWarning: Hashable, Sendable {
  /// The zone's code.
  public let zoneCode: String
  /// The zone's name: the zone table's at the time, else the service's, else the code.
  public let zoneName: String
  /// The kind.
  public let kind: WarningKind
  /// The level.
  public let level: WarningLevel
  /// When the announcement that left the warning as it is was made.
  public let issuedAt: Date
  /// When the warning comes (or came) into force: the event's `startTime`, else its
  /// announcement.
  public let effectiveAt: Date
  /// The announcement the state comes from.
  public let announcement: WarningAnnouncement
  /// What that announcement did: issued, extended, corrected or changed the warning.
  public let command: WarningCommand

  /// Creates a warning.
  ///
  /// - Parameters:
  ///   - zoneCode: The zone's code.
  ///   - zoneName: The zone's name.
  ///   - kind: The kind.
  ///   - level: The level.
  ///   - issuedAt: When the deciding announcement was made.
  ///   - effectiveAt: When the warning comes into force.
  ///   - announcement: The deciding announcement.
  ///   - command: What it did.
  public init(
    zoneCode: String, zoneName: String, kind: WarningKind, level: WarningLevel, issuedAt: Date,
    effectiveAt: Date, announcement: WarningAnnouncement, command: WarningCommand
  ) {
    self.zoneCode = zoneCode
    self.zoneName = zoneName
    self.kind = kind
    self.level = level
    self.issuedAt = issuedAt
    self.effectiveAt = effectiveAt
    self.announcement = announcement
    self.command = command
  }

  /// Whether the warning is in force at an instant: issued and its start reached.
  ///
  /// - Parameter date: The instant.
  /// - Returns: Whether ``effectiveAt`` is not later than it.
  public func isInForce(at date: Date) -> Bool {
    effectiveAt <= date
  }

  /// The kind and level as one Korean word, as KMA writes it: `"호우경보"`, `"폭염중대경보"`.
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The name.
  public func title(in language: DisplayLanguage) -> String {
    switch language {
    case .korean: kind.name(in: .korean) + level.name(in: .korean)
    case .english: "\(kind.name(in: .english)) \(level.name(in: .english))"
    }
  }

  /// Orders warnings most severe first, then by kind's code, then by zone.
  static func moreSevere(_ lhs: ActiveWarning, _ rhs: ActiveWarning) -> Bool {
    if lhs.level != rhs.level { return lhs.level > rhs.level }
    if lhs.kind.code != rhs.kind.code { return lhs.kind.code < rhs.kind.code }
    return lhs.zoneCode < rhs.zoneCode
  }
}
