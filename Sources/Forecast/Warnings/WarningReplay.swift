import Foundation

/// Turns `getPwnCd`'s events into the warnings issued and not released at an instant.
///
/// ```swift
/// let issued = WarningReplay.warnings(from: events, at: now)
/// let inForce = issued.filter { $0.isInForce(at: now) }    // the rest are not in force yet
/// ```
///
/// The rules are those KMA's events need: per zone and kind the newest event by announcement
/// (time, then number, which restarts each month) decides; rows with `cancel` `"1"` are
/// ignored; identical rows count once; within one announcement a release applies before an
/// issue; `allEndTime` ends nothing else; an event announced after the instant is not yet
/// known; a release whose `endTime` is still to come leaves the warning in force until then. An
/// event with a command Haru does not know decides nothing.
enum WarningReplay {
  /// The warnings issued and not released at an instant, most severe first.
  ///
  /// - Parameters:
  ///   - events: The events, in any order, duplicates allowed.
  ///   - date: The instant.
  ///   - zones: The zone table that names the zones.
  /// - Returns: The warnings, including those issued but not yet in force
  ///   (``ActiveWarning/isInForce(at:)``).
  /// - Complexity: O(*n*) in the events, plus sorting the warnings found.
  static func warnings(
    from events: [WarningEvent], at date: Date, zones: WarningZones = .bundled
  ) -> [ActiveWarning] {
    var slots: [Key: Slot] = [:]
    slots.reserveCapacity(256)
    for index in events.indices {
      let event = events[index]
      guard !event.isCancelled, event.announcement.issuedAt <= date,
        let active = event.command.leavesWarningActive
      else { continue }
      let key = Key(zone: event.zoneCode, kind: event.kind.code)
      var slot = slots[key] ?? Slot(newest: index, newestActive: nil)
      if Self.precedes(events[slot.newest], event) { slot.newest = index }
      if active {
        if let kept = slot.newestActive {
          if Self.precedes(events[kept], event) { slot.newestActive = index }
        } else {
          slot.newestActive = index
        }
      }
      slots[key] = slot
    }
    let minute = WarningTime.kmaMinute(of: date)
    var found: [ActiveWarning] = []
    for slot in slots.values {
      let newest = events[slot.newest]
      let deciding: WarningEvent
      if newest.command.leavesWarningActive == true {
        deciding = newest
      } else if let ends = newest.endsAt, ends > date, let kept = slot.newestActive {
        // Released from a time still to come: in force until then.
        deciding = events[kept]
      } else {
        continue
      }
      let name =
        zones.row(deciding.zoneCode, minute: minute)?.name ?? deciding.zoneName
        ?? deciding.zoneCode
      found.append(
        ActiveWarning(
          zoneCode: deciding.zoneCode, zoneName: name, kind: deciding.kind,
          level: deciding.level, issuedAt: deciding.announcement.issuedAt,
          effectiveAt: deciding.startsAt ?? deciding.announcement.issuedAt,
          announcement: deciding.announcement, command: deciding.command))
    }
    return found.sorted(by: ActiveWarning.moreSevere)
  }

  /// Whether `later` replaces `earlier`: a later announcement; in the same announcement an
  /// issue over a release, then the higher level.
  private static func precedes(_ earlier: WarningEvent, _ later: WarningEvent) -> Bool {
    if earlier.announcement != later.announcement {
      return earlier.announcement < later.announcement
    }
    let earlierActive = earlier.command.leavesWarningActive == true
    let laterActive = later.command.leavesWarningActive == true
    if earlierActive != laterActive { return laterActive }
    return earlier.level < later.level
  }

  private struct Key: Hashable {
    let zone: String
    let kind: Int64
  }

  private struct Slot {
    var newest: Int
    var newestActive: Int?
  }
}
