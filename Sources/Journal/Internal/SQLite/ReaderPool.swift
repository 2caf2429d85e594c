import Dispatch
import HaruShared

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// A fixed set of read connections, each used by one read at a time.
///
/// A read waits on a semaphore for a free connection, on the thread that asked (a thread of the
/// repository's own queues, never one of Swift's cooperative pool), then uses it under its own
/// lock. Connections open when reads first need them, which keeps opening a journal cheap; a
/// read-only journal, which has no writer to show that the file opens, opens the first one with
/// the pool, so that a file SQLite cannot read fails at once.
final class ReaderPool: Sendable {
  private let slots: [LockedState<SQLiteConnection?>]
  private let free: LockedState<[Int]>
  private let available: DispatchSemaphore
  /// A connection kept for `PRAGMA data_version`, whose value is per connection; opened on first
  /// use.
  private let versionReader = LockedState<SQLiteConnection?>(nil)
  private let open: @Sendable () throws(SQLiteError) -> sending SQLiteConnection
  private let path: String
  /// Set by ``closeAll()``: connections are not opened again until ``reopen()``.
  private let isClosed = LockedState(false)

  init(
    count: Int, path: String, opensFirst: Bool = true,
    open: @escaping @Sendable () throws(SQLiteError) -> sending SQLiteConnection
  ) throws(SQLiteError) {
    var slots = [LockedState<SQLiteConnection?>(opensFirst ? try open() : nil)]
    for _ in 1..<max(1, count) {
      slots.append(LockedState(nil))
    }
    self.slots = slots
    self.open = open
    self.path = path
    free = LockedState(Array(slots.indices.reversed()))
    available = DispatchSemaphore(value: slots.count)
  }

  /// Runs `body` with a free connection, waiting for one when all are in use.
  ///
  /// - Parameters:
  ///   - interrupter: When given, a wait for a free connection ends with
  ///     ``JournalError/Code/cancelled`` within a few milliseconds of its cancellation.
  ///   - body: The read.
  /// - Returns: What `body` returns.
  /// - Throws: ``JournalError/Code/cancelled``, a failure to open the connection, or what `body`
  ///   throws.
  func use<Result: Sendable>(
    interrupter: ReadInterrupter? = nil,
    _ body: (SQLiteConnection) throws(JournalError) -> Result
  ) throws(JournalError) -> Result {
    if let interrupter {
      while available.wait(timeout: .now() + .milliseconds(2)) == .timedOut {
        guard !interrupter.isCancelled else {
          throw SQLiteDatabase.cancelledRead(path: path)
        }
      }
    } else {
      available.wait()
    }
    let index = free.withLock { $0.removeLast() }
    defer {
      free.withLock { $0.append(index) }
      available.signal()
    }
    return try Self.use(slots[index], opening: open, isClosed: isClosed, path: path, body)
  }

  /// Closes every connection, each once the read using it has ended, and keeps them closed
  /// until ``reopen()``: a read that finds its connection closed meanwhile throws
  /// ``JournalError/Code/suspended``.
  func closeAll() {
    isClosed.withLock { $0 = true }
    for slot in slots + [versionReader] {
      slot.withLock { SQLiteConnection.closeKeepingLog(&$0) }
    }
  }

  /// Lets reads open connections again after ``closeAll()``.
  func reopen() {
    isClosed.withLock { $0 = false }
  }

  func useFirst<Result: Sendable>(
    _ body: (SQLiteConnection) throws(JournalError) -> Result
  ) throws(JournalError) -> Result {
    try Self.use(versionReader, opening: open, isClosed: isClosed, path: path, body)
  }

  private static func use<Result: Sendable>(
    _ slot: LockedState<SQLiteConnection?>,
    opening open: @Sendable () throws(SQLiteError) -> sending SQLiteConnection,
    isClosed: LockedState<Bool>, path: String,
    _ body: (SQLiteConnection) throws(JournalError) -> Result
  ) throws(JournalError) -> Result {
    try slot.withLock { (connection) throws(JournalError) -> Result in
      if connection == nil {
        guard !isClosed.withLock({ $0 }) else { throw SQLiteDatabase.suspendedError(path: path) }
        do {
          connection = try open()
        } catch {
          throw SQLiteDatabase.databaseFailure(error, path: path)
        }
      }
      guard let connection else {
        throw SQLiteDatabase.databaseFailure(
          SQLiteError(code: SQLITE_CANTOPEN, message: "no read connection"), path: path)
      }
      return try body(connection)
    }
  }
}
