import Foundation
import Testing

@testable import HaruJournal

/// How a connection waits for another connection's write lock: woken by the commit that lets the
/// lock go, where the write-ahead log can be watched.
struct BusyWaitTests {
  #if os(Linux)
    @Test func aWatchOfTheLogEndsAWaitWhenTheFileIsWrittenAndOnlyThen() throws {
      try withTemporaryDirectory { directory in
        let path = directory.appendingPathComponent("journal.sqlite-wal").path
        #expect(LogWriteWatch(logPath: path) == nil)
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let watch = try #require(LogWriteWatch(logPath: path))
        #expect(watch.wait(milliseconds: 1) == .timedOut)

        let file = try #require(FileHandle(forWritingAtPath: path))
        defer { try? file.close() }
        try file.write(contentsOf: Data("one commit".utf8))
        #expect(watch.wait(milliseconds: 10_000) == .written)
        #expect(watch.wait(milliseconds: 1) == .timedOut)

        // A burst of writes ends one wait, not one each.
        for index in 0..<200 {
          try file.write(contentsOf: Data("frame \(index)".utf8))
        }
        #expect(watch.wait(milliseconds: 10_000) == .written)
        #expect(watch.wait(milliseconds: 1) == .timedOut)

        try FileManager.default.removeItem(atPath: path)
        #expect(watch.wait(milliseconds: 10_000) == .gone)
      }
    }

    @Test func aWriterWaitingForTheLockIsWokenByTheCommitThatLetsItGo() throws {
      try withTemporaryDirectory { directory in
        let (holder, waiter) = try connections(in: directory, wakingOnCommits: true)
        _ = try waiter.integer("SELECT count(*) FROM t")

        try holder.execute("BEGIN IMMEDIATE; INSERT INTO t VALUES (1);")
        let outcome = try waitForTheLock(waiter) {
          try holder.execute("INSERT INTO t VALUES (2); COMMIT;")
        }
        #expect(outcome.took)
        #expect(outcome.counts.waits == 1)
        #expect(outcome.counts.wakesByCommits >= 1)
        #expect(try waiter.integer("SELECT count(*) FROM t") == 2)
      }
    }
  #endif

  @Test func aConnectionThatDoesNotWatchTheLogTakesTheLockBySleepingBetweenTries() throws {
    try withTemporaryDirectory { directory in
      let (holder, waiter) = try connections(in: directory, wakingOnCommits: false)

      try holder.execute("BEGIN IMMEDIATE; INSERT INTO t VALUES (1);")
      let outcome = try waitForTheLock(waiter) { try holder.execute("COMMIT") }
      #expect(outcome.took)
      #expect(outcome.counts.waits == 1)
      #expect(outcome.counts.wakesByCommits == 0)
    }
  }

  @Test func withoutItsBusyHandlerAConnectionFailsAtOnceAndGetsTheHandlerBack() throws {
    try withTemporaryDirectory { directory in
      let (holder, waiter) = try connections(in: directory, wakingOnCommits: true)

      try holder.execute("BEGIN IMMEDIATE")
      var busyCode: Int32?
      do {
        try waiter.failingAtOnceWhenBusy { try waiter.execute("BEGIN IMMEDIATE") }
      } catch {
        busyCode = (error as? SQLiteError)?.primaryCode
      }
      #expect(busyCode == 5)  // SQLITE_BUSY
      #expect(waiter.busyWaitCounts.waits == 0)
      #expect(waiter.busyTimeoutMilliseconds == 10_000)

      let outcome = try waitForTheLock(waiter) { try holder.execute("COMMIT") }
      #expect(outcome.took)
      #expect(outcome.counts.waits == 1)
    }
  }

  /// Two connections to a new database in WAL mode with a table `t`: one to hold the write lock,
  /// and one that waits for it up to 10 s, woken by commits or not.
  private func connections(
    in directory: URL, wakingOnCommits: Bool
  ) throws -> (holder: SQLiteConnection, waiter: SQLiteConnection) {
    let path = directory.appendingPathComponent("journal.sqlite").path
    let holder = try SQLiteConnection(path: path, mode: .readWrite)
    _ = try holder.text("PRAGMA journal_mode = WAL")
    try holder.execute("CREATE TABLE t (i INTEGER)")
    let waiter = try SQLiteConnection(path: path, mode: .readWrite)
    try waiter.setBusyTimeout(milliseconds: 10_000, wakingOnCommits: wakingOnCommits)
    return (holder, waiter)
  }

  /// Starts `BEGIN IMMEDIATE` on `waiter` on a thread of its own, runs `release` once the waiter
  /// is waiting in its busy handler, and returns whether the waiter took the lock, with its
  /// counts.
  private func waitForTheLock(
    _ waiter: SQLiteConnection, release: () throws -> Void
  ) throws -> (took: Bool, counts: (waits: Int, wakesByCommits: Int)) {
    let took = LockedBox(false)
    let done = DispatchSemaphore(value: 0)
    let connection = UncheckedBox(waiter)
    Thread.detachNewThread {
      do {
        try connection.value.execute("BEGIN IMMEDIATE")
        try connection.value.execute("COMMIT")
        took.set(true)
      } catch {
        took.set(false)
      }
      done.signal()
    }
    // The busy handler counts a wait as it begins; the lock is held until then.
    while waiter.busyWaitCounts.waits == 0 {
      usleep(100)
    }
    try release()
    done.wait()
    return (took.value, waiter.busyWaitCounts)
  }
}

/// A connection handed to one other thread, which alone uses it until it signals.
private final class UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
