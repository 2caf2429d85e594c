import Dispatch
import Foundation
import HaruModels

/// What ``KMAWarningsClient`` keeps in a file across launches and processes, so that a new process
/// asks only for what it has not seen: the settled days of `getPwnCd` events (never asked again),
/// today's and yesterday's with when they were fetched and the announcement they were fetched
/// for (asked again after an hour or a newer announcement), the `getPwnStatus` rows with when
/// they were fetched (used for ten minutes, by every process), the quota's closing and each
/// operation's last failure, which holds it back until its retry time (``PartSchedule``). One JSON
/// file, replaced atomically, read and written on a dispatch queue rather than on Swift's
/// cooperative threads.
///
/// The store is best effort: a file that cannot be read or decoded counts as empty, and a write
/// that fails leaves the days in memory. Two processes writing at once keep the later write.
struct WarningDayStore: Sendable {
  let file: URL

  private static let version = 1
  private static let queue = DispatchQueue(label: "haru.warning-days", qos: .utility)

  init(directory: URL) {
    file = directory.appending(path: "kma-warning-days.json", directoryHint: .notDirectory)
  }

  /// What the file holds.
  struct Snapshot: Sendable {
    /// The days, settled and recent.
    var days: [CalendarDay: KMAWarningsClient.KeptDay] = [:]
    /// The status's rows and when they were fetched.
    var status: KeptStatusRows?
    /// Until when the service's quota is used up.
    var closedUntil: Date?
    /// The last failure of each operation, which holds it back until its retry time.
    var failures: [String: PartFailure] = [:]
  }

  /// The status's rows as fetched.
  struct KeptStatusRows: Sendable, Codable {
    let rows: [[String?]]
    let fetchedAt: Date
  }

  /// The claim a refresh holds while it reads, asks and writes the file
  /// (`kma-warning-days.lease`, and its `.lock`).
  var lease: RefreshLease {
    RefreshLease(directory: file.deletingLastPathComponent(), name: "kma-warning-days")
  }

  /// What the file holds; empty when it cannot be read.
  func read() async -> Snapshot {
    let file = file
    return await withCheckedContinuation { continuation in
      Self.queue.async {
        continuation.resume(returning: Self.decode(file))
      }
    }
  }

  /// Changes the file: reads it, applies `change`, and replaces it.
  func update(_ change: @escaping @Sendable (inout Snapshot) -> Void) async {
    let file = file
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Self.queue.async {
        defer { continuation.resume() }
        var snapshot = Self.decode(file)
        change(&snapshot)
        let stored = Stored(
          version: Self.version,
          days: Dictionary(
            uniqueKeysWithValues: snapshot.days.filter {
              KMAWarningsClient.isSettled($0.key, at: $0.value.fetchedAt)
            }.map { ($0.key.description, $0.value.events.map(StoredEvent.init)) }),
          recent: Dictionary(
            uniqueKeysWithValues: snapshot.days.filter {
              !KMAWarningsClient.isSettled($0.key, at: $0.value.fetchedAt)
            }.map { ($0.key.description, StoredRecentDay($0.value)) }),
          status: snapshot.status, closedUntil: snapshot.closedUntil, failures: snapshot.failures)
        guard let data = try? JSONEncoder().encode(stored) else { return }
        try? FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
      }
    }
  }

  private static func decode(_ file: URL) -> Snapshot {
    guard let data = try? Data(contentsOf: file),
      let stored = try? JSONDecoder().decode(Stored.self, from: data),
      stored.version == Self.version
    else { return Snapshot() }
    var snapshot = Snapshot(
      status: stored.status, closedUntil: stored.closedUntil, failures: stored.failures ?? [:])
    for (text, rows) in stored.days {
      guard let day = try? CalendarDay(parsing: text) else { continue }
      let settled = day.adding(days: 2).start(in: CalendarDay.koreaTimeZone)
      snapshot.days[day] = KMAWarningsClient.KeptDay(
        events: rows.compactMap(\.event), fetchedAt: settled, signal: nil)
    }
    for (text, recent) in stored.recent ?? [:] {
      guard let day = try? CalendarDay(parsing: text) else { continue }
      snapshot.days[day] = recent.kept
    }
    return snapshot
  }

  private struct Stored: Codable {
    let version: Int
    let days: [String: [StoredEvent]]
    // Added after version 1 was first written; absent in older files.
    let recent: [String: StoredRecentDay]?
    let status: KeptStatusRows?
    let closedUntil: Date?
    // Added later still; absent in older files.
    let failures: [String: PartFailure]?
  }

  /// Today's or yesterday's events, with when and for which announcement they were fetched.
  private struct StoredRecentDay: Codable {
    let events: [StoredEvent]
    let fetchedAt: Date
    let signalIssued: Int64?
    let signalNumber: Int64?

    init(_ kept: KMAWarningsClient.KeptDay) {
      events = kept.events.map(StoredEvent.init)
      fetchedAt = kept.fetchedAt
      signalIssued = kept.signal.map { WarningTime.kmaMinute(of: $0.issuedAt) }
      signalNumber = kept.signal?.number
    }

    var kept: KMAWarningsClient.KeptDay {
      let signal = signalIssued.flatMap(WarningTime.date(kmaMinute:)).map {
        WarningAnnouncement(issuedAt: $0, number: signalNumber ?? 0)
      }
      return KMAWarningsClient.KeptDay(
        events: events.compactMap(\.event), fetchedAt: fetchedAt, signal: signal)
    }
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
