import Foundation

/// Turns the rows of `WthrWrnInfoService`'s answers into Haru's types, reading leniently: a
/// number may come as a string and the reverse, `0` is "no time", text has `\r\n`, `\n` or a
/// literal backslash-n for its line breaks.
enum WarningRows {
  // MARK: - getPwnCd

  static let eventFields = [
    "stnId", "tmFc", "tmSeq", "areaCode", "areaName", "warnVar", "warnStress", "command",
    "startTime", "endTime", "allEndTime", "cancel",
  ]

  /// The events of rows read with ``eventFields``; a row without a readable announcement time,
  /// zone, kind, level or command is left out and counted.
  static func events(_ rows: [[String?]]) -> (events: [WarningEvent], unreadable: Int) {
    var events: [WarningEvent] = []
    events.reserveCapacity(rows.count)
    var unreadable = 0
    for row in rows {
      guard let issued = WarningTime.date(text: row[1]),
        let zone = trimmed(row[3]),
        let kind = WarningTime.number(row[5]), let level = WarningTime.number(row[6]),
        let command = WarningTime.number(row[7])
      else {
        unreadable += 1
        continue
      }
      events.append(
        WarningEvent(
          announcement: WarningAnnouncement(
            issuedAt: issued, number: WarningTime.number(row[2]) ?? 0),
          office: trimmed(row[0]), zoneCode: zone, zoneName: usableName(row[4]),
          kind: WarningKind(code: kind), level: WarningLevel(code: level),
          command: WarningCommand(code: command), startsAt: WarningTime.date(text: row[8]),
          endsAt: WarningTime.date(text: row[9]), allEndsAt: WarningTime.date(text: row[10]),
          isCancelled: WarningTime.number(row[11]) == 1))
    }
    return (events, unreadable)
  }

  /// A name without U+FFFD and not empty.
  static func usableName(_ text: String?) -> String? {
    guard let name = trimmed(text), !name.unicodeScalars.contains("\u{FFFD}") else { return nil }
    return name
  }

  // MARK: - getPwnStatus

  static let statusFields = ["tmFc", "tmSeq", "tmEf", "t6", "t7", "other"]

  /// The newest announcement's status among rows read with ``statusFields``.
  static func status(_ rows: [[String?]]) -> WarningStatus? {
    var newest: WarningStatus?
    for row in rows {
      guard let issued = WarningTime.date(text: row[0]) else { continue }
      let announcement = WarningAnnouncement(
        issuedAt: issued, number: WarningTime.number(row[1]) ?? 0)
      if let newest, newest.announcement >= announcement { continue }
      let inForce = lines(row[3])
      newest = WarningStatus(
        announcement: announcement, effectiveAt: WarningTime.date(text: row[2]),
        inForce: WarningText.statusLines(inForce),
        preliminary: WarningText.preliminary(
          lines(row[4]), announcement: announcement),
        text: inForce.joined(separator: "\n"))
    }
    return newest
  }

  // MARK: - getWthrPwn

  static let preliminaryFields = ["tmFc", "tmSeq", "pwn", "rem"]

  /// The newest announcement's 예비특보 among rows read with ``preliminaryFields``, with it.
  static func preliminary(_ rows: [[String?]]) -> (
    announcement: WarningAnnouncement, warnings: [PreliminaryWarning]
  )? {
    var newest: (announcement: WarningAnnouncement, warnings: [PreliminaryWarning])?
    for row in rows {
      guard let issued = WarningTime.date(text: row[0]) else { continue }
      let announcement = WarningAnnouncement(
        issuedAt: issued, number: WarningTime.number(row[1]) ?? 0)
      if let newest, newest.announcement >= announcement { continue }
      newest = (announcement, WarningText.preliminary(lines(row[2]), announcement: announcement))
    }
    return newest
  }

  // MARK: - Text

  /// A text's lines, whatever its line breaks (`\r\n`, `\n`, `\r`, a literal backslash-n),
  /// trimmed, the empty ones left out.
  static func lines(_ text: String?) -> [String] {
    guard let text else { return [] }
    return text.replacingOccurrences(of: "\\n", with: "\n")
      .split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// The text without ASCII spaces around it (the service pads some values), `nil` when
  /// nothing is left.
  private static func trimmed(_ text: String?) -> String? {
    guard let text else { return nil }
    if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, last > 0x20 {
      return text
    }
    let trimmed = text.trimmingASCIIWhitespace()
    return trimmed.isEmpty ? nil : trimmed
  }
}
