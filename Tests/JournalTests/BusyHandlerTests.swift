import Foundation
import Testing

@testable import HaruJournal

/// How a connection waits for another connection's write lock, and how one statement does without
/// waiting.
struct BusyHandlerTests {
  @Test func aConnectionWaitingForTheLockTakesItOnceTheHolderCommits() throws {
    try withTemporaryDirectory { directory in
      let (holder, waiter) = try connections(in: directory)

      try holder.execute("BEGIN IMMEDIATE; INSERT INTO t VALUES (1);")
      let took = try waitForTheLock(waiter) { try holder.execute("COMMIT") }
      #expect(took)
      #expect(waiter.busyWaitCount == 1)
      #expect(try waiter.integer("SELECT count(*) FROM t") == 1)
    }
  }

  @Test func withoutItsBusyHandlerAConnectionFailsAtOnceAndGetsTheHandlerBack() throws {
    try withTemporaryDirectory { directory in
      let (holder, waiter) = try connections(in: directory)

      try holder.execute("BEGIN IMMEDIATE")
      var busyCode: Int32?
      do {
        try waiter.failingAtOnceWhenBusy { try waiter.execute("BEGIN IMMEDIATE") }
      } catch {
        busyCode = (error as? SQLiteError)?.primaryCode
      }
      #expect(busyCode == 5)  // SQLITE_BUSY
      #expect(waiter.busyWaitCount == 0)
      #expect(waiter.busyTimeoutMilliseconds == 10_000)

      // The handler is back: the next wait is counted and ends when the holder commits.
      let took = try waitForTheLock(waiter) { try holder.execute("COMMIT") }
      #expect(took)
      #expect(waiter.busyWaitCount == 1)
    }
  }

  /// Two connections to a new database in WAL mode with a table `t`: one to hold the write lock,
  /// and one that waits for it up to 10 s.
  private func connections(
    in directory: URL
  ) throws -> (holder: SQLiteConnection, waiter: SQLiteConnection) {
    let path = directory.appendingPathComponent("journal.sqlite").path
    let holder = try SQLiteConnection(path: path, mode: .create)
    _ = try holder.text("PRAGMA journal_mode = WAL")
    try holder.execute("CREATE TABLE t (i INTEGER)")
    let waiter = try SQLiteConnection(path: path, mode: .readWrite)
    try waiter.setBusyTimeout(milliseconds: 10_000)
    return (holder, waiter)
  }

  /// Starts `BEGIN IMMEDIATE` on `waiter` on a thread of its own, runs `release` once the waiter
  /// is waiting in its busy handler, and returns whether the waiter took the lock.
  private func waitForTheLock(
    _ waiter: SQLiteConnection, release: () throws -> Void
  ) throws -> Bool {
    let took = LockedBox(false)
    let done = DispatchSemaphore(value: 0)
    let connection = UncheckedBox(waiter)
    let waitsBefore = waiter.busyWaitCount
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
    while waiter.busyWaitCount == waitsBefore {
      usleep(100)
    }
    try release()
    done.wait()
    return took.value
  }
}

/// A connection handed to one other thread, which alone uses it until it signals.
private final class UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
