import CHaruSQLite
import HaruShared

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One SQLite connection with a cache of prepared statements.
///
/// Not thread-safe by itself: its owner uses it from one thread at a time (under a lock), which is
/// why it is opened without SQLite's own per-connection mutex.
final class SQLiteConnection {
  /// How a connection opens its file.
  enum Mode {
    /// Read only; the file must exist.
    case readOnly
    /// Read and write; the file must exist, so a connection opened while the journal is open
    /// never creates an empty database next to a log whose database was moved away.
    case readWrite
    /// Read and write; the file is created when missing.
    case create
    /// Read only, and assuming nobody changes the file while it is open: for a database on a
    /// read-only medium whose `-shm` file does not exist and cannot be created. SQLite then reads
    /// the database file alone, ignoring any write-ahead log.
    case immutable
  }

  let handle: OpaquePointer
  let path: String
  private var statements: [String: SQLiteStatement] = [:]
  /// Entries this connection has read and validated, by the bytes of their rows.
  let entryCache = EntryRowCache()
  /// What a hook registered with SQLite calls; kept alive until the connection has closed.
  var retainedForHooks: AnyObject?
  /// What the busy handler calls; kept alive until the connection has closed.
  private var busyWait: BusyWait?

  /// Opens a connection.
  ///
  /// - Throws: ``SQLiteError`` when SQLite cannot open the file.
  init(path: String, mode: Mode) throws(SQLiteError) {
    var connection: OpaquePointer?
    let flags: Int32 =
      switch mode {
      case .readOnly: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
      case .readWrite: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
      case .create: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
      case .immutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
      }
    let name = mode == .immutable ? Self.immutableURI(path) : path
    let code = sqlite3_open_v2(name, &connection, flags, nil)
    guard code == SQLITE_OK, let connection else {
      let error = SQLiteError(connection: connection, code: code)
      sqlite3_close_v2(connection)
      throw error
    }
    sqlite3_extended_result_codes(connection, 1)
    do {
      try SearchFunctions.register(on: connection)
    } catch {
      sqlite3_close_v2(connection)
      throw error
    }
    self.handle = connection
    self.path = path
  }

  /// A `file:` URI that opens `path` as immutable, with the characters a URI gives a meaning to
  /// escaped.
  static func immutableURI(_ path: String) -> String {
    var escaped = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
        escaped += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      default:
        escaped.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return "file:\(escaped)?immutable=1"
  }

  /// Makes the close of this connection leave the write-ahead log as it is, even when no other
  /// connection to the database is open: for a close that must be quick (a suspension), since a
  /// checkpoint at close copies the whole log into the file and flushes the drive. The log stays
  /// valid, and the next connection goes on with it.
  func skipCheckpointOnClose() {
    _ = haru_sqlite3_skip_checkpoint_on_close(UnsafeMutableRawPointer(handle), 1)
  }

  /// Closes the connection a slot holds, if any, leaving the write-ahead log as it is
  /// (``skipCheckpointOnClose()``): how ``SQLiteDatabase/suspend()`` closes each of its
  /// connections, under the slot's lock.
  static func closeKeepingLog(_ slot: inout SQLiteConnection?) {
    slot?.skipCheckpointOnClose()
    slot = nil
  }

  deinit {
    // Statements must be finalized before the connection closes, and a hook must not outlive
    // what it calls should the close be deferred.
    statements.removeAll()
    if retainedForHooks != nil {
      sqlite3_wal_hook(handle, nil, nil)
    }
    sqlite3_close_v2(handle)
  }

  /// Runs one or more statements that take no parameters, such as a migration step.
  func execute(_ sql: String) throws(SQLiteError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw SQLiteError(connection: handle, code: code) }
  }

  /// The cached statement for `sql`, prepared on first use and reused afterwards.
  func prepared(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    if let statement = statements[sql] { return statement }
    let statement = try prepare(sql)
    statements[sql] = statement
    return statement
  }

  /// A new statement that is not cached, for statements run once.
  func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else {
      throw SQLiteError(connection: handle, code: code)
    }
    return SQLiteStatement(handle: statement)
  }

  /// Runs `body` with the cached statement for `sql`, and resets the statement afterwards, whether
  /// `body` returns or throws.
  func withStatement<Result>(
    _ sql: String, _ body: (SQLiteStatement) throws -> Result
  ) throws -> Result {
    let statement = try prepared(sql)
    defer { statement.reset() }
    return try body(statement)
  }

  /// Makes a statement that finds the database locked by another connection retry for up to
  /// `milliseconds` before it fails.
  ///
  /// SQLite's own `sqlite3_busy_timeout` sleeps longer and longer between tries, up to 100 ms, so
  /// under writers that never pause a waiting writer wakes too seldom to find the lock free and
  /// waits far longer than the writes it waits for. This handler tries again every 100 µs for the
  /// first 20 ms, then every millisecond, until the timeout has passed.
  func setBusyTimeout(milliseconds: Int32) throws(SQLiteError) {
    busyWait = BusyWait(timeoutNanoseconds: UInt64(max(0, milliseconds)) * 1_000_000)
    try installBusyHandler()
  }

  /// Runs `body` with no busy handler, so that a statement that finds another connection's lock
  /// fails at once; the handler set before is back afterwards.
  func failingAtOnceWhenBusy<Result>(_ body: () throws -> Result) throws -> Result {
    sqlite3_busy_handler(handle, nil, nil)
    defer { try? installBusyHandler() }
    return try body()
  }

  private func installBusyHandler() throws(SQLiteError) {
    guard let busyWait else { return }
    let code = sqlite3_busy_handler(
      handle,
      { context, attempt in
        guard let context else { return 0 }
        return Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue().shouldRetry(
          attempt: attempt) ? 1 : 0
      },
      Unmanaged.passUnretained(busyWait).toOpaque())
    guard code == SQLITE_OK else { throw SQLiteError(connection: handle, code: code) }
  }

  /// The busy timeout set with ``setBusyTimeout(milliseconds:)``, for tests; 0 when none was set.
  var busyTimeoutMilliseconds: Int {
    busyWait.map { Int($0.timeoutNanoseconds / 1_000_000) } ?? 0
  }

  /// How many busy waits have begun, for tests; safe to read from any thread.
  var busyWaitCount: Int {
    busyWait?.waits.withLock { $0 } ?? 0
  }

  /// The number of cached statements, for tests.
  var cachedStatementCount: Int { statements.count }

  /// The rows changed by the most recent INSERT, UPDATE or DELETE.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// The rows changed by every statement since the connection opened, as SQLite counts them
  /// (`sqlite3_total_changes64`): what tells whether an FTS5 `merge` command did any work
  /// (<https://sqlite.org/fts5.html#the_merge_command>).
  var totalChanges: Int64 { sqlite3_total_changes64(handle) }

  /// Whether a transaction is open.
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// Reads a pragma or any single-value query.
  func integer(_ sql: String) throws(SQLiteError) -> Int64 {
    let statement = try prepared(sql)
    defer { statement.reset() }
    return try statement.step() ? statement.int64(at: 0) : 0
  }

  /// Reads a single text value.
  func text(_ sql: String) throws(SQLiteError) -> String {
    let statement = try prepared(sql)
    defer { statement.reset() }
    return try statement.step() ? statement.text(at: 0) : ""
  }

  /// Runs `body` in a read transaction (`BEGIN`), so that all it reads is one snapshot of the
  /// database, however many statements read it. Ends it when `body` returns or throws.
  func readTransaction<Result>(_ body: () throws -> Result) throws -> Result {
    try prepared("BEGIN").run()
    defer {
      // A read transaction has nothing to keep, so ending it either way loses nothing; one left
      // open would keep this connection on an old snapshot.
      if isInTransaction { try? prepared("COMMIT").run() }
      if isInTransaction { try? prepared("ROLLBACK").run() }
    }
    return try body()
  }

  /// Runs `body` in a write transaction started with `BEGIN IMMEDIATE`, which takes the write lock
  /// at once (waiting for the busy timeout) instead of failing when a read lock cannot be upgraded.
  /// Commits when `body` returns; rolls back when it or the commit throws.
  func writeTransaction<Result>(_ body: () throws -> Result) throws -> Result {
    try prepared("BEGIN IMMEDIATE").run()
    let result: Result
    do {
      result = try body()
      try prepared("COMMIT").run()
    } catch {
      if isInTransaction {
        // A failed rollback leaves nothing better to report than the original error.
        try? prepared("ROLLBACK").run()
      }
      throw error
    }
    return result
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    count >= length ? self : String(repeating: "0", count: length - count) + self
  }
}

/// The state of one connection's busy handler: when the current wait began.
///
/// SQLite calls the handler on the thread running the statement, and a connection runs one
/// statement at a time, so the start time needs no lock.
private final class BusyWait {
  let timeoutNanoseconds: UInt64
  private var startedAt: UInt64 = 0
  /// How many waits have begun, for tests, which read it from another thread.
  let waits = LockedState(0)

  init(timeoutNanoseconds: UInt64) {
    self.timeoutNanoseconds = timeoutNanoseconds
  }

  /// Sleeps a little and says whether to try again; `attempt` is 0 at the start of each wait.
  func shouldRetry(attempt: Int32) -> Bool {
    let now = Self.now()
    if attempt == 0 {
      startedAt = now
      waits.withLock { $0 += 1 }
    }
    let waited = now &- startedAt
    guard waited < timeoutNanoseconds else { return false }
    usleep(waited < 20_000_000 ? 100 : 1_000)
    return true
  }

  private static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}
