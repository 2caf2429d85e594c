public import Foundation

/// One announcement of KMA's warnings (특보 발표): when it was made and its number.
///
/// Announcements are ordered by time, then number. The number (`tmSeq`, 발표번호) restarts on the
/// first of each month, so it orders only announcements of the same time.
public struct WarningAnnouncement: Hashable, Sendable, Comparable {
  /// When the announcement was made (`tmFc`).
  public let issuedAt: Date
  /// Its number in the month (`tmSeq`).
  public let number: Int64

  /// Creates an announcement.
  ///
  /// - Parameters:
  ///   - issuedAt: When it was made.
  ///   - number: Its number in the month.
  public init(issuedAt: Date, number: Int64) {
    self.issuedAt = issuedAt
    self.number = number
  }

  /// Orders announcements by time, then number.
  public static func < (lhs: WarningAnnouncement, rhs: WarningAnnouncement) -> Bool {
    (lhs.issuedAt, lhs.number) < (rhs.issuedAt, rhs.number)
  }
}

/// One row of `getPwnCd`: something an announcement did to one kind of warning in one zone.
///
/// The service sends events, not a state; ``KMAWarningsClient`` replays them into the warnings
/// in force. Times are KMA's `YYYYMMDDHHmm` in Korea Standard Time; KMA's `0` ("no time") is `nil`.
public struct WarningEvent: Hashable, Sendable {
  /// The announcement the event belongs to (`tmFc`, `tmSeq`).
  public let announcement: WarningAnnouncement
  /// The office that announced it (`stnId`), such as `"108"`.
  public let office: String?
  /// The zone (`areaCode`), such as `"L1090500"` or a marine `"S1322200"`.
  public let zoneCode: String
  /// The zone's name as the service sent it (`areaName`); `nil` when it was empty or garbled
  /// (U+FFFD), in which case the zone table's name is shown.
  public let zoneName: String?
  /// The kind (`warnVar`).
  public let kind: WarningKind
  /// The level (`warnStress`).
  public let level: WarningLevel
  /// What the event does (`command`).
  public let command: WarningCommand
  /// When an issued warning comes into force (`startTime`); it can be later than the
  /// announcement.
  public let startsAt: Date?
  /// When a released warning ended (`endTime`).
  public let endsAt: Date?
  /// When every warning the announcement released ended (`allEndTime`); it ends nothing else.
  public let allEndsAt: Date?
  /// Whether the row is a cancelled announcement (`cancel` `"1"`), which the replay ignores.
  public let isCancelled: Bool

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - announcement: The announcement it belongs to.
  ///   - office: The announcing office.
  ///   - zoneCode: The zone.
  ///   - zoneName: The zone's name as sent, `nil` when unusable.
  ///   - kind: The kind.
  ///   - level: The level.
  ///   - command: What it does.
  ///   - startsAt: When an issued warning comes into force.
  ///   - endsAt: When a released warning ended.
  ///   - allEndsAt: When all the announcement's released warnings ended.
  ///   - isCancelled: Whether it was cancelled.
  public init(
    announcement: WarningAnnouncement, office: String? = nil, zoneCode: String,
    zoneName: String? = nil, kind: WarningKind, level: WarningLevel, command: WarningCommand,
    startsAt: Date? = nil, endsAt: Date? = nil, allEndsAt: Date? = nil, isCancelled: Bool = false
  ) {
    self.announcement = announcement
    self.office = office
    self.zoneCode = zoneCode
    self.zoneName = zoneName
    self.kind = kind
    self.level = level
    self.command = command
    self.startsAt = startsAt
    self.endsAt = endsAt
    self.allEndsAt = allEndsAt
    self.isCancelled = isCancelled
  }
}
