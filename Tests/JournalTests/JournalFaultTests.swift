import Foundation
import HaruModels
import HaruTestSupport
import Testing

@testable import HaruJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// The rows of the table of bad input and faults that one process can set up: files left
/// behind, a read-only medium, a full disk, damage, a lock held elsewhere, a cancelled read.
@Suite(.timeLimit(.minutes(3)))
struct JournalFaultTests {
  static var isRoot: Bool { getuid() == 0 }

  @Test func aLogLeftWithoutItsDatabaseIsATypedErrorAndIsNeitherAppliedNorDeleted() throws {
    try withTemporaryDirectory { directory in
      let journalFolder = directory.appendingPathComponent("journal")
      let database = journalFolder.appendingPathComponent(JournalRepository.databaseFileName)
      // A log with commits in it, as a running app leaves it.
      let writer = try SQLiteJournalStore(
        fileURL: database, migrator: Migrator(migrations: JournalSchema.migrations),
        configuration: .init(checkpointThresholdPages: .max))
      _ = try writer.insert([try Fixture.entry()])
      let log = try Data(contentsOf: URL(fileURLWithPath: database.path + "-wal"))
      #expect(!log.isEmpty)
      // The database is moved away, as an old message advised, while its log stays.
      try FileManager.default.moveItem(
        at: database, to: directory.appendingPathComponent("moved.sqlite"))
      let error = #expect(throws: JournalError.self) {
        try JournalRepository(directory: journalFolder)
      }
      #expect(error?.code == .logWithoutDatabase)
      #expect(error?.path == database.path + "-wal")
      #expect(error?.message.contains("journal.sqlite-wal") == true)
      #expect(error?.message.contains("move \"journal.sqlite\", \"journal.sqlite-wal\"") == true)
      // Nothing created, nothing deleted, the log as it was.
      #expect(!FileManager.default.fileExists(atPath: database.path))
      #expect(try Data(contentsOf: URL(fileURLWithPath: database.path + "-wal")) == log)
      withExtendedLifetime(writer) {}
    }
  }

  @Test func everyAdviceAboutMovingTheJournalNamesTheThreeFiles() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      try Data("not a database".utf8).write(to: url)
      let error = #expect(throws: JournalError.self) { try SQLiteJournalStore(fileURL: url) }
      #expect(error?.code == .notADatabase)
      #expect(
        error?.message.contains(
          "\"journal.sqlite\", \"journal.sqlite-wal\" and \"journal.sqlite-shm\"") == true)
    }
  }

  @Test func theSweepDeletesOnlyTheJournalsOwnOrphansAndNeverThroughALink() throws {
    try withTemporaryDirectory { directory in
      let photos = directory.appendingPathComponent("journal/photos")
      try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
      let old = Date(timeIntervalSinceNow: -86_400)
      let own = [
        "holiday.jpg", "IMG_0001.HEIC", "notes.txt", "6F9619FF-8B86-D011-B42D-00CF4FC964FF.jpg",
        "6f9619ff-8b86-d011-b42d-00cf4fc964ff.jpg.bak",
      ]
      for name in own {
        try Data("mine".utf8).write(to: photos.appendingPathComponent(name))
      }
      let orphan = "0b5d1a52-9a8e-4c4e-9d3c-6c1f9b8e2a11.jpg"
      let incoming = PhotoFolder.incomingPrefix + "0b5d1a52-9a8e-4c4e-9d3c-6c1f9b8e2a12"
      for name in [orphan, incoming] {
        try Fixture.jpeg.write(to: photos.appendingPathComponent(name))
      }
      for name in own + [orphan, incoming] {
        try FileManager.default.setAttributes(
          [.modificationDate: old], ofItemAtPath: photos.appendingPathComponent(name).path)
      }
      _ = try JournalRepository(directory: directory.appendingPathComponent("journal"))
      #expect(fileNames(in: photos) == own.sorted())

      // `photos` a link to a folder of pictures: nothing there is touched, not even a file
      // named like the journal's own.
      let pictures = directory.appendingPathComponent("Pictures")
      try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
      for name in ["cat.jpg", orphan] {
        try Fixture.jpeg.write(to: pictures.appendingPathComponent(name))
        try FileManager.default.setAttributes(
          [.modificationDate: old], ofItemAtPath: pictures.appendingPathComponent(name).path)
      }
      let linked = directory.appendingPathComponent("linked")
      try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        at: linked.appendingPathComponent("photos"), withDestinationURL: pictures)
      _ = try JournalRepository(directory: linked)
      #expect(fileNames(in: pictures) == [orphan, "cat.jpg"].sorted())
    }
  }

  @Test func aReadOnlyOptionReadsEverythingAndRefusesWrites() async throws {
    try await withTemporaryDirectory { directory in
      let entry = try await Self.makeJournal(in: directory, entries: 3)
      let journal = try JournalRepository(directory: directory, options: .init(readOnly: true))
      try await Self.expectReadsWorkAndWritesAreRefused(journal, entry: entry, count: 3)
    }
  }

  @Test(.enabled(if: isRoot, "bind mounts need root"))
  func aReadOnlyMediumReadsEverythingAndRefusesWrites() async throws {
    try await withTemporaryDirectory { directory in
      let source = directory.appendingPathComponent("source")
      let entry = try await Self.makeJournal(in: source, entries: 3)
      let mounted = directory.appendingPathComponent("mounted")
      try FileManager.default.createDirectory(at: mounted, withIntermediateDirectories: true)
      try Self.mount(["--bind", source.path, mounted.path])
      defer { _ = try? Self.mount([mounted.path], command: "/usr/bin/umount") }
      try Self.mount(["-o", "remount,ro,bind", mounted.path])
      let journal = try JournalRepository(directory: mounted)
      #expect(journal.isReadOnly)
      try await Self.expectReadsWorkAndWritesAreRefused(journal, entry: entry, count: 3)
      #expect(
        fileNames(in: mounted).filter { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }.isEmpty)
      // No journal in a folder that does not exist on the medium: read-only, said so.
      let missing = #expect(throws: JournalError.self) {
        try JournalRepository(directory: mounted.appendingPathComponent("nested/journal"))
      }
      #expect(missing?.code == .readOnly, "\(String(describing: missing))")
    }
  }

  @Test(.enabled(if: isRoot, "tmpfs mounts need root"))
  func aFullDiskIsATypedErrorThatLeavesNothingHalfWrittenAndReadsWorking() async throws {
    try await Self.withSmallDisk(size: "1200k") { mounted in
      let journal = try JournalRepository(directory: mounted)
      var added: [JournalEntry] = []
      var photo = Fixture.jpeg
      photo.append(Data(repeating: 0x5A, count: 48 * 1024))
      var failure: JournalError?
      for index in 0..<200 {
        do throws(JournalError) {
          added.append(
            try await journal.add(Fixture.draft(perfumeName: "Full \(index)"), photo: photo))
        } catch {
          failure = error
          break
        }
      }
      let error = try #require(failure, "the disk never filled up")
      #expect(error.code == .diskFull, "\(error)")
      // Every add that returned is there; the failed one left no row and no file.
      #expect(try await journal.count(in: .all) == added.count)
      let photos = mounted.appendingPathComponent("photos")
      #expect(fileNames(in: photos).count == added.count)
      #expect(!fileNames(in: photos).contains { $0.hasPrefix(PhotoFolder.incomingPrefix) })
      // An import that does not fit is rolled back whole; what came before stays.
      let lines = (0..<3000).map { index in
        [
          UUID().uuidString, "2026-11-20", "Bulk", "Bulk \(index)",
          String(repeating: "긴 메모 ", count: 40), "한 줄", "0",
        ].joined(separator: "\t")
      }
      let importError = await #expect(throws: JournalError.self) {
        try await journal.importEntries(fromTSV: Data(lines.joined(separator: "\n").utf8))
      }
      #expect(importError?.code == .diskFull, "\(String(describing: importError))")
      #expect(try await journal.count(in: .all) == added.count)
      let page = try await journal.entries(in: .all, limit: 1000)
      #expect(Set(page.entries.map(\.id)) == Set(added.map(\.id)))
    }
  }

  @Test(.enabled(if: isRoot, "tmpfs mounts need root"))
  func openingAJournalNobodyHasOpenOnAFullDiskIsATypedDiskFullError() async throws {
    try await Self.withSmallDisk(size: "600k") { mounted in
      let entry = try Fixture.entry()
      do {
        let store = try SQLiteJournalStore(
          fileURL: mounted.appendingPathComponent(JournalRepository.databaseFileName))
        _ = try store.insert([entry])
      }
      // Closed: SQLite removed its shared-memory file, which the next open has to make again.
      try #require(!fileNames(in: mounted).contains(JournalRepository.databaseFileName + "-shm"))
      let filler = mounted.appendingPathComponent("filler")
      #expect(FileManager.default.createFile(atPath: filler.path, contents: nil))
      let handle = try FileHandle(forWritingTo: filler)
      while (try? handle.write(contentsOf: Data(repeating: 0x20, count: 4096))) != nil {}
      try handle.close()
      let error = #expect(throws: JournalError.self) {
        _ = try JournalRepository(directory: mounted)
      }
      #expect(error?.code == .diskFull, "\(String(describing: error))")
      // With some space again, the journal opens as it was.
      try FileManager.default.removeItem(at: filler)
      #expect(try await JournalRepository(directory: mounted).entry(entry.id) == entry)
    }
  }

  @Test func flippedBytesAreReportedByVerifyAndAreATypedErrorInOrdinaryWork() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent(JournalRepository.databaseFileName)
      do {
        let store = try SQLiteJournalStore(fileURL: url)
        let notes = String(repeating: "나무 냄새가 오래 남는다 ", count: 30)
        _ = try store.insert(
          try (0..<400).map { try Fixture.entry(created: Double($0), notes: notes) })
      }
      let sound = try JournalRepository(directory: directory)
      #expect(try await sound.verify().isSound)
      // 64 bytes of damage at the start of every page of the middle third of the file.
      let handle = try FileHandle(forUpdating: url)
      let size = try handle.seekToEnd()
      let pageSize: UInt64 = 4096
      var page = size / pageSize / 3
      while page < 2 * size / pageSize / 3 {
        try handle.seek(toOffset: page * pageSize)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 64))
        page += 1
      }
      try handle.close()
      let journal = try JournalRepository(directory: directory)
      let recorded = LockedBox<[Double]>([])
      let result = try await journal.verify { fraction in
        recorded.set(recorded.value + [fraction])
      }
      let fractions = recorded.value
      #expect(!result.isSound)
      // Said in words.
      #expect(
        result.problems.contains { $0.hasPrefix("Part of the file") }, "\(result.problems)")
      #expect(fractions.first == 0)
      #expect(fractions.last == 1)
      // Reading every entry meets a damaged page: a typed error, not "disk I/O".
      let error = await #expect(throws: JournalError.self) {
        var cursor: JournalCursor?
        repeat {
          cursor = try await journal.entries(in: .all, after: cursor, limit: 100).nextCursor
        } while cursor != nil
      }
      #expect(error?.code == .damaged, "\(String(describing: error))")
    }
  }

  @Test func aWriterWaitsForTheBusyTimeoutThenFailsTypedWhileReadersGoOn() async throws {
    let helper = try #require(
      builtExecutable(named: "HaruJournalCrashHelper"), "HaruJournalCrashHelper was not built")
    try await withTemporaryDirectory { directory in
      let entry = try await Self.makeJournal(in: directory, entries: 2)
      // The default options: writes wait up to ten seconds for another process's lock.
      let journal = try JournalRepository(directory: directory)
      // Another process holds the write lock until this test stops it.
      let holder = try HelperProcess(helper, ["hold-lock", directory.path, "600"])
      defer { holder.stop() }
      #expect(holder.nextLine() == "locked")
      let started = ContinuousClock.now
      let error = await #expect(throws: JournalError.self) {
        try await journal.add(Fixture.draft(perfumeName: "Waits"))
      }
      let waited = ContinuousClock.now - started
      #expect(error?.code == .busy, "\(String(describing: error))")
      #expect(waited >= .milliseconds(9_900) && waited < .seconds(14), "\(waited)")
      // Readers are never blocked by the other process's lock.
      #expect(holder.isRunning)
      #expect(try await journal.entry(entry.id) == entry)
      #expect(try await journal.count(in: .all) == 2)
      #expect(try await journal.entries(in: .all).entries.count == 2)
      // Opening the journal anew, as a widget or a `haru journal list` does, needs no write lock:
      // with a short busy timeout, a wait for it would fail.
      let reopened = try JournalRepository(
        directory: directory, options: .init(busyTimeout: .milliseconds(500)))
      #expect(try await reopened.entries(in: .all).entries.count == 2)
      // A check that cannot take the lock says so; it does not report the index damaged.
      let check = await #expect(throws: JournalError.self) {
        try await reopened.verify()
      }
      #expect(check?.code == .busy, "\(String(describing: check))")
      // Once that process is gone its lock is too, and the write goes through.
      holder.stop()
      _ = try await journal.add(Fixture.draft(perfumeName: "Now"))
      #expect(try await journal.count(in: .all) == 3)
    }
  }

  @Test func aCancelledReadIsInterruptedAndEndsAtOnce() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(fileURL: directory.appendingPathComponent("j.sqlite"))
      let interrupter = ReadInterrupter()
      let started = DispatchSemaphore(value: 0)
      let finished = DispatchSemaphore(value: 0)
      let outcome = LockedBox<JournalError.Code?>(nil)
      DispatchQueue.global().async {
        do {
          _ = try store.database.read(interrupter: interrupter) { connection in
            started.signal()
            // Counts for ever unless interrupted.
            return try connection.integer(
              "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
                + "SELECT count(*) FROM c")
          }
        } catch let error as JournalError {
          outcome.set(error.code)
        } catch {
          outcome.set(.databaseFailure)
        }
        finished.signal()
      }
      started.wait()
      // Let the statement start running.
      usleep(20_000)
      let cancelled = ContinuousClock.now
      interrupter.cancel()
      finished.wait()
      let took = ContinuousClock.now - cancelled
      #expect(outcome.value == .cancelled)
      // A bound that tells an interrupted read from one that runs for ever, on a loaded machine
      // too; how fast the interrupt is, `journal.search.cancel` in haru-bench measures.
      #expect(took < .seconds(1), "\(took)")
      // A read cancelled before it starts never starts.
      let early = #expect(throws: JournalError.self) {
        try store.database.read(interrupter: interrupter) { _ in 1 }
      }
      #expect(early?.code == .cancelled)
      // The connection serves the next read as usual.
      #expect(try store.count(in: .all) == 0)
    }
  }

  @Test func aReadWaitingForAFreeConnectionEndsWhenCancelled() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(fileURL: directory.appendingPathComponent("j.sqlite"))
      // Two long reads (an export and a check, say) hold both read connections.
      let release = DispatchSemaphore(value: 0)
      let holding = DispatchSemaphore(value: 0)
      // Threads of their own: blocked threads of Dispatch's pool are replaced only slowly.
      for _ in 0..<2 {
        Thread {
          _ = try? store.database.read { _ in
            holding.signal()
            release.wait()
            return 0
          }
        }.start()
      }
      holding.wait()
      holding.wait()
      defer {
        release.signal()
        release.signal()
      }
      let interrupter = ReadInterrupter()
      let finished = DispatchSemaphore(value: 0)
      let outcome = LockedBox<JournalError.Code?>(nil)
      Thread {
        do {
          _ = try store.database.read(interrupter: interrupter) { _ in 1 }
        } catch let error as JournalError {
          outcome.set(error.code)
        } catch {
          outcome.set(.databaseFailure)
        }
        finished.signal()
      }.start()
      interrupter.cancel()
      // Ends while the other reads still hold their connections.
      #expect(finished.wait(timeout: .now() + .seconds(5)) == .success)
      #expect(outcome.value == .cancelled)
    }
  }

  @Test func aCancelBetweenTwoStatementsOfAReadStopsTheNextOne() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(fileURL: directory.appendingPathComponent("j.sqlite"))
      let interrupter = ReadInterrupter()
      let started = ContinuousClock.now
      let error = #expect(throws: JournalError.self) {
        try store.database.read(interrupter: interrupter) { connection in
          _ = try connection.integer("SELECT count(*) FROM entry")
          // No statement runs now: SQLite drops this interrupt.
          interrupter.cancel()
          // Seconds of counting unless stopped.
          return try connection.integer(
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000000) "
              + "SELECT count(*) FROM c")
        }
      }
      #expect(error?.code == .cancelled, "\(String(describing: error))")
      #expect(ContinuousClock.now - started < .seconds(1), "\(ContinuousClock.now - started)")
      // The handler is gone with the read: the connection serves the next read as usual.
      #expect(try store.count(in: .all) == 0)
    }
  }

  // MARK: - Helpers

  /// A journal with `entries` entries; returns the newest.
  static func makeJournal(in directory: URL, entries: Int) async throws -> JournalEntry {
    let journal = try JournalRepository(directory: directory)
    var last: JournalEntry?
    for index in 0..<entries {
      last = try await journal.add(
        Fixture.draft(perfumeName: "Entry \(index)", isFavorite: index == 0),
        photo: index == 0 ? Fixture.png : nil)
    }
    return try #require(last)
  }

  static func expectReadsWorkAndWritesAreRefused(
    _ journal: JournalRepository, entry: JournalEntry, count: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    #expect(journal.isReadOnly, sourceLocation: sourceLocation)
    #expect(try await journal.entries(in: .all).entries.count == count)
    #expect(try await journal.entries(in: .favorites).entries.count == 1)
    #expect(try await journal.count(in: .all) == count)
    #expect(try await journal.entry(entry.id) == entry)
    #expect(try await journal.search("Entry").entries.count == count)
    #expect(try await journal.perfumes().count == count)
    #expect(try await journal.verify().isSound)
    let writes: [@Sendable () async throws -> Void] = [
      { _ = try await journal.add(Fixture.draft()) },
      { _ = try await journal.add(Fixture.draft(), photo: Fixture.jpeg) },
      { try await journal.setFavorite(true, for: entry.id) },
      { try await journal.update(entry.id) { $0.notes = "changed" } },
      { try await journal.delete(entry.id) },
      { try await journal.deleteUnreadable(entry.id) },
      { _ = try await journal.importEntries(fromTSV: Data()) },
    ]
    var messages: Set<String> = []
    for write in writes {
      let error = await #expect(throws: JournalError.self) { try await write() }
      #expect(error?.code == .readOnly, sourceLocation: sourceLocation)
      messages.insert(error?.message ?? "")
    }
    // Every write is refused in the same words.
    #expect(messages.count == 1, "\(messages)", sourceLocation: sourceLocation)
    #expect(try await journal.count(in: .all) == count)
  }

  /// Runs `body` with a folder on a `tmpfs` of `size` (such as `"600k"`), unmounted afterwards.
  static func withSmallDisk(
    size: String, _ body: (URL) async throws -> Void
  ) async throws {
    try await withTemporaryDirectory { directory in
      let mounted = directory.appendingPathComponent("small")
      try FileManager.default.createDirectory(at: mounted, withIntermediateDirectories: true)
      try mount(["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mounted.path])
      defer { _ = try? mount([mounted.path], command: "/usr/bin/umount") }
      try await body(mounted)
    }
  }

  static func mount(_ arguments: [String], command: String = "/usr/bin/mount") throws {
    guard try ChildProcess.run(command, arguments).status == 0 else {
      throw MountError(arguments: arguments)
    }
  }

  struct MountError: Error {
    let arguments: [String]
  }
}

/// A value set on one thread and read on another.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  func set(_ value: Value) {
    lock.lock()
    stored = value
    lock.unlock()
  }
}
