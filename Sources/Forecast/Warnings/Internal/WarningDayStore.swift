import Dispatch
import Foundation
import HaruModels

/// The settled days of `getPwnCd` events kept in a file across launches, so that a new process
/// asks only for the days it has not seen: one JSON file, replaced atomically, read and written
/// on a dispatch queue rather than on Swift's cooperative threads.
///
/// The store is best effort: a file that cannot be read or decoded counts as empty, and a write
/// that fails leaves the days in memory.
struct WarningDayStore: Sendable {
  let file: URL

  private static let version = 1
  private static let queue = DispatchQueue(label: "haru.warning-days", qos: .utility)

  init(directory: URL) {
    file = directory.appending(path: "kma-warning-days.json", directoryHint: .notDirectory)
  }

  /// The days the file holds, by day.
  func read() async -> [CalendarDay: [WarningEvent]] {
    let file = file
    return await withCheckedContinuation { continuation in
      Self.queue.async {
        guard let data = try? Data(contentsOf: file),
          let stored = try? JSONDecoder().decode(Stored.self, from: data),
          stored.version == Self.version
        else { return continuation.resume(returning: [:]) }
        var days: [CalendarDay: [WarningEvent]] = [:]
        for (text, rows) in stored.days {
          guard let day = try? CalendarDay(parsing: text) else { continue }
          days[day] = rows.compactMap(\.event)
        }
        continuation.resume(returning: days)
      }
    }
  }

  /// Replaces the file with these days.
  func write(_ days: [CalendarDay: [WarningEvent]]) async {
    let file = file
    let stored = Stored(
      version: Self.version,
      days: Dictionary(
        uniqueKeysWithValues: days.map { ($0.key.description, $0.value.map(StoredEvent.init)) }))
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Self.queue.async {
        defer { continuation.resume() }
        guard let data = try? JSONEncoder().encode(stored) else { return }
        try? FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
      }
    }
  }

  private struct Stored: Codable {
    let version: Int
    let days: [String: [StoredEvent]]
  }

  /// An event with its times as KMA's `YYYYMMDDHHmm` numbers.
  private struct StoredEvent: Codable {
    let issued: Int64
    let number: Int64
    let office: String?
    let zone: String
    let name: String?
    let kind: Int64
    let level: Int64
    let command: Int64
    let start: Int64?
    let end: Int64?
    let allEnd: Int64?
    let cancelled: Bool

    init(_ event: WarningEvent) {
      issued = WarningTime.kmaMinute(of: event.announcement.issuedAt)
      number = event.announcement.number
      office = event.office
      zone = event.zoneCode
      name = event.zoneName
      kind = event.kind.code
      level = event.level.code
      command = event.command.code
      start = event.startsAt.map(WarningTime.kmaMinute(of:))
      end = event.endsAt.map(WarningTime.kmaMinute(of:))
      allEnd = event.allEndsAt.map(WarningTime.kmaMinute(of:))
      cancelled = event.isCancelled
    }

    var event: WarningEvent? {
      guard let issuedAt = WarningTime.date(kmaMinute: issued) else { return nil }
      return WarningEvent(
        announcement: WarningAnnouncement(issuedAt: issuedAt, number: number), office: office,
        zoneCode: zone, zoneName: name, kind: WarningKind(code: kind),
        level: WarningLevel(code: level), command: WarningCommand(code: command),
        startsAt: start.flatMap(WarningTime.date(kmaMinute:)),
        endsAt: end.flatMap(WarningTime.date(kmaMinute:)),
        allEndsAt: allEnd.flatMap(WarningTime.date(kmaMinute:)), isCancelled: cancelled)
    }
  }
}
