import Foundation
import HaruModels
import HaruTestSupport
import Testing

@testable import HaruJournal

/// A writer killed with SIGKILL in the middle of adding entries with photos loses nothing it
/// reported, leaves the database sound, and leaves no orphaned photo once the journal is reopened.
@Suite(.timeLimit(.minutes(3)))
struct CrashConsistencyTests {
  @Test func aWriterKilledMidwayLosesNoAddThatReturned() throws {
    let helper = try #require(Self.helperExecutable(), "HaruJournalCrashHelper was not built")
    try withTemporaryDirectory { directory in
      var generator = SeededGenerator(seed: 0x4B49_4C4C)  // "KILL"
      var reported: [JournalEntry.ID] = []
      for run in 0..<5 {
        // Up to 600 adds, past the points where the write-ahead log reaches 1,000 pages and a
        // background checkpoint runs, so some kills land during one.
        let killAfter = Int.random(in: 3...600, using: &generator)
        let ids = try Self.runAndKill(
          helper, directory: directory, seed: UInt64(run + 1), afterLines: killAfter)
        #expect(ids.count >= killAfter, "run \(run): the helper stopped early")
        reported += ids
        try Self.checkJournal(in: directory, holds: reported)
      }
    }
  }

  @Test func twoWritersKilledAtOnceLoseNoAddThatReturned() throws {
    let helper = try #require(Self.helperExecutable(), "HaruJournalCrashHelper was not built")
    try withTemporaryDirectory { directory in
      var generator = SeededGenerator(seed: 0x5457_4F4B)  // "TWOK"
      var reported: [JournalEntry.ID] = []
      for run in 0..<3 {
        let kills = (0..<2).map { _ in Int.random(in: 3...300, using: &generator) }
        let runs = LockedRuns()
        // Both writers run at once on one journal and are killed independently.
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
          let ids = Result {
            try Self.runAndKill(
              helper, directory: directory, seed: UInt64(100 * run + writer + 1),
              afterLines: kills[writer])
          }
          runs.append(ids)
        }
        for ids in runs.all {
          reported += try ids.get()
        }
        try Self.checkJournal(in: directory, holds: reported)
      }
    }
  }

  /// Starts the helper, reads the identities it prints, kills it with SIGKILL once it has printed
  /// `afterLines` of them, and returns every identity it printed in full.
  static func runAndKill(
    _ helper: URL, directory: URL, seed: UInt64, afterLines: Int
  ) throws -> [JournalEntry.ID] {
    let run = try KilledRun(
      helper, arguments: [directory.path, "1000", String(seed)], killedAfterLines: afterLines)
    #expect(run.errors.isEmpty, "the helper reported: \(run.errors)")
    return run.lines.compactMap { UUID(uuidString: $0).map(JournalEntry.ID.init) }
  }

  /// Opens the journal as an app would after the crash and checks it.
  static func checkJournal(
    in directory: URL, holds reported: [JournalEntry.ID],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let store = try SQLiteJournalStore(
      fileURL: directory.appendingPathComponent(JournalRepository.databaseFileName))
    #expect(try store.integrityCheck() == "ok", sourceLocation: sourceLocation)
    // No writer is running now, so every file no entry refers to is an orphan.
    let journal = try JournalRepository(
      store: store, directory: directory, options: .init(orphanGracePeriod: .zero),
      now: { Date().addingTimeInterval(60) })
    for id in reported {
      let entry = try #require(try store.entry(id), "\(id) was reported but is missing")
      guard case .stored(let url)? = journal.photo(of: entry) else {
        Issue.record("the photo of \(id) is missing", sourceLocation: sourceLocation)
        continue
      }
      let bytes = try Data(contentsOf: url)
      #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]), sourceLocation: sourceLocation)
      #expect(bytes.count >= 4_096, sourceLocation: sourceLocation)
    }
    var referenced: Set<String> = []
    var cursor: JournalCursor?
    while true {
      let page = try store.entries(in: .all, after: cursor, limit: 500)
      referenced.formUnion(page.compactMap(\.photo?.rawValue))
      guard page.count == 500, let last = page.last else { break }
      cursor = JournalCursor(after: last)
    }
    let files = Set(fileNames(in: directory.appendingPathComponent("photos")))
    #expect(
      files == referenced, "orphans: \(files.subtracting(referenced))",
      sourceLocation: sourceLocation)
  }

  /// The helper sits next to the test bundle in the build folder.
  static func helperExecutable() -> URL? {
    builtExecutable(named: "HaruJournalCrashHelper")
  }
}

/// What helpers running at once returned, gathered from the threads that ran them.
private final class LockedRuns: @unchecked Sendable {
  private let lock = NSLock()
  private var runs: [Result<[JournalEntry.ID], any Error>] = []

  func append(_ run: Result<[JournalEntry.ID], any Error>) {
    lock.lock()
    runs.append(run)
    lock.unlock()
  }

  var all: [Result<[JournalEntry.ID], any Error>] {
    lock.lock()
    defer { lock.unlock() }
    return runs
  }
}
