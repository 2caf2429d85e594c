import Dispatch
import Foundation
import HaruShared

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// One open journal database: a connection for writes, a small pool of connections for reads,
/// and a connection that copies the write-ahead log into the file in the background
/// (``WALCheckpointer``).
///
/// In write-ahead-log mode the readers read in parallel with each other and with the writer; each
/// read sees every transaction committed before it started. Every connection, the read-only ones
/// included, waits for another process's locks through the busy timeout, so a reader that meets a
/// checkpoint or a log recovery in another process waits instead of failing.
///
/// Each ``SQLiteJournalStore`` opens its own `SQLiteDatabase`: nothing is shared by path, so each
/// store's options are its own. Two stores on one file wait for each other's writes through
/// SQLite's lock, as two processes do.
///
/// A connection is used under its own lock only; no other lock is held while SQLite works.
final class SQLiteDatabase: Sendable {
  /// How a database is opened.
  struct Configuration: Sendable {
    /// Creates and migrates the schema.
    var migrator = Migrator(migrations: JournalSchema.migrations)
    /// The write-ahead log's size, in pages, that starts a background checkpoint.
    var checkpointThresholdPages = 1000
    /// How long a statement waits for another connection's lock before failing with
    /// ``JournalError/Code/busy``.
    var busyTimeoutMilliseconds: Int32 = 10_000
    /// Whether to open without a writer even when the file could be written.
    var readOnly = false
    /// How many connections read in parallel.
    var readerCount = 2
  }

  /// The database file.
  let path: String
  /// Whether the database was opened without a writer: asked for, or its medium is read-only.
  let isReadOnly: Bool
  /// The write connection, `nil` while closed by ``suspend()``; the whole field is `nil` when
  /// read-only. Its lock is held for the whole of each write.
  private let writer: LockedState<SQLiteConnection?>?
  /// Opens the write connection again after ``suspend()``.
  private let reopenWriter: (@Sendable () throws(SQLiteError) -> sending SQLiteConnection)?
  private let readers: ReaderPool
  /// Whether ``suspend()`` closed every connection; guards nothing else.
  private let isSuspended = LockedState(false)
  /// The write a suspension may stop (see ``stoppableBySuspension(_:)``): whether one is allowed
  /// now, and the interrupter of the transaction it runs.
  private let stoppable = LockedState(StoppableWrite())
  /// Copies the write-ahead log into the file in the background; `nil` when read-only.
  let checkpointer: WALCheckpointer?

  private init(
    path: String, writer: sending SQLiteConnection?,
    reopenWriter: (@Sendable () throws(SQLiteError) -> sending SQLiteConnection)? = nil,
    readers: ReaderPool, checkpointer: WALCheckpointer?
  ) {
    self.path = path
    if let writer {
      self.writer = LockedState(writer)
    } else {
      self.writer = nil
    }
    self.reopenWriter = reopenWriter
    isReadOnly = checkpointer == nil
    self.readers = readers
    self.checkpointer = checkpointer
  }

  // MARK: Opening

  /// Opens a journal database, creating or migrating it when it can be written.
  ///
  /// - Throws: ``JournalError`` with ``JournalError/Code/notADatabase``,
  ///   ``JournalError/Code/newerSchemaVersion``, ``JournalError/Code/logWithoutDatabase``,
  ///   ``JournalError/Code/readOnly`` (no database to read on a read-only medium),
  ///   ``JournalError/Code/busy``, ``JournalError/Code/fileFailure`` or
  ///   ``JournalError/Code/databaseFailure``; the file is unchanged in the first three cases.
  static func open(
    path: String, configuration: Configuration = Configuration()
  ) throws(JournalError) -> SQLiteDatabase {
    let migrator = configuration.migrator
    let onReadOnlyMedium = DatabaseFile.isOnReadOnlyMedium(path: path)
    let readOnly = configuration.readOnly || onReadOnlyMedium
    var state = try DatabaseFile.inspect(path: path)
    if state == .missing {
      // Raced by a process that created the journal meanwhile: then its files are in use.
      try DatabaseFile.checkNoLogWithoutDatabase(path: path)
      state = try DatabaseFile.inspect(path: path)
    }
    switch state {
    case .missing:
      guard !readOnly else {
        throw JournalError(
          .readOnly,
          message:
            "There is no journal database at \(path), and a new one cannot be created "
            + (onReadOnlyMedium ? "on a read-only medium." : "by a journal opened read-only."),
          path: path)
      }
      try create(path: path, migrator: migrator)
    case .present:
      try probe(
        path: path, configuration: configuration,
        immutable: onReadOnlyMedium && !DatabaseFile.exists(path + "-shm"))
    }
    do {
      if readOnly {
        let mode: SQLiteConnection.Mode =
          onReadOnlyMedium && !DatabaseFile.exists(path + "-shm") ? .immutable : .readOnly
        let readers = try ReaderPool(count: configuration.readerCount, path: path) {
          () throws(SQLiteError) in
          let reader = try SQLiteConnection(path: path, mode: mode)
          try reader.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)
          // Reads the schema, so a file SQLite cannot read fails here and not in a later read.
          _ = try reader.integer("SELECT count(*) FROM sqlite_master")
          return reader
        }
        return SQLiteDatabase(path: path, writer: nil, readers: readers, checkpointer: nil)
      }
      let writer = try SQLiteConnection(path: path, mode: .readWrite)
      try configure(writer, busyTimeout: configuration.busyTimeoutMilliseconds)
      try migrator.migrate(writer)
      // The writer has shown that the file opens: readers are opened as reads need them.
      let readers = try ReaderPool(
        count: configuration.readerCount, path: path, opensFirst: false
      ) { () throws(SQLiteError) in
        let reader = try SQLiteConnection(path: path, mode: .readWrite)
        try configure(reader, busyTimeout: configuration.busyTimeoutMilliseconds)
        try reader.execute("PRAGMA query_only = ON")
        return reader
      }
      let checkpointer = WALCheckpointer(
        open: { () throws(SQLiteError) in
          let checkpointing = try SQLiteConnection(path: path, mode: .readWrite)
          try configure(checkpointing, busyTimeout: configuration.busyTimeoutMilliseconds)
          return checkpointing
        }, thresholdPages: configuration.checkpointThresholdPages)
      checkpointer.watch(writer)
      return SQLiteDatabase(
        path: path, writer: writer,
        reopenWriter: { () throws(SQLiteError) in
          let writer = try SQLiteConnection(path: path, mode: .readWrite)
          try configure(writer, busyTimeout: configuration.busyTimeoutMilliseconds)
          checkpointer.watch(writer)
          return writer
        }, readers: readers, checkpointer: checkpointer)
    } catch {
      throw mapOpenError(error, path: path, migrator: migrator)
    }
  }

  /// Checks the schema version and the application identifier before a read-write connection
  /// opens the file, so a file from a newer version, or another program's database, is refused
  /// before anything is written.
  ///
  /// When no write-ahead log exists, no connection has the file open, and the header and size,
  /// read twice to the same values, are current: they are checked without opening anything, so no
  /// `-wal` or `-shm` file is created. Otherwise another process may be writing and checkpointing
  /// the file at this moment, and its size and header agree only under SQLite's lock: a read-only
  /// connection reads the values inside a read transaction, and compares the size with the page
  /// count only when the log holds no pages, which no checkpoint can change while the read lasts.
  private static func probe(
    path: String, configuration: Configuration, immutable: Bool
  ) throws(JournalError) {
    let migrator = configuration.migrator
    do {
      let version: Int
      let applicationID: Int64
      let isEmpty: Bool
      if let stable = try DatabaseFile.quiescentHeader(path: path) {
        try DatabaseFile.checkSize(of: stable, path: path)
        version = Int(stable.userVersion)
        applicationID = Int64(stable.applicationID)
        isEmpty = stable.schemaCookie == 0
      } else {
        let connection = try SQLiteConnection(
          path: path, mode: immutable ? .immutable : .readOnly)
        try connection.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)
        try connection.execute("BEGIN")
        defer { try? connection.execute("COMMIT") }
        isEmpty = try connection.integer("SELECT count(*) FROM sqlite_master") == 0
        version = Int(try connection.integer("PRAGMA user_version"))
        applicationID = try connection.integer("PRAGMA application_id")
        if DatabaseFile.size(of: path + "-wal") == 0, let size = DatabaseFile.size(of: path) {
          let pages = try connection.integer("PRAGMA page_count")
          let pageSize = try connection.integer("PRAGMA page_size")
          if UInt64(pages) * UInt64(pageSize) > size {
            throw DatabaseFile.notADatabase(
              path,
              "is truncated: \(size) bytes, but it holds \(pages) pages of \(pageSize) bytes")
          }
        }
      }
      if version > migrator.latestVersion {
        throw MigrationError.newerVersion(version)
      }
      guard (version == 0 && isEmpty) || applicationID == JournalSchema.applicationID else {
        throw DatabaseFile.notADatabase(path, "is a SQLite database, but not a Haru journal")
      }
    } catch {
      throw mapOpenError(error, path: path, migrator: migrator)
    }
  }

  /// Creates a new journal database under a temporary name and links it into place only once its
  /// schema is complete, so an interrupted creation never leaves an empty or half-made file under
  /// the journal's name. When another process or thread wins the race, its file is kept.
  private static func create(path: String, migrator: Migrator) throws(JournalError) {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw JournalError(
        .fileFailure,
        message:
          "The journal's folder could not be created: "
          + DatabaseFile.folderProblem(directory, error),
        path: directory.path)
    }
    let temporary = "\(path).new-\(UUID().uuidString.lowercased())"
    defer {
      for suffix in ["", "-wal", "-shm", "-journal"] {
        unlink(temporary + suffix)
      }
    }
    do {
      let connection = try SQLiteConnection(path: temporary, mode: .create)
      try migrator.migrate(connection)
      _ = try connection.text("PRAGMA journal_mode = WAL")
      // Closing the only connection checkpoints the write-ahead log into the file.
    } catch {
      throw mapOpenError(error, path: path, migrator: migrator)
    }
    // `link` fails when the name exists, where `rename` would replace a journal another process
    // has just created.
    if link(temporary, path) != 0 {
      let failure = errno
      if failure == EEXIST { return }
      // Some file systems have no hard links; fall back to a rename that checks first.
      guard !FileManager.default.fileExists(atPath: path), rename(temporary, path) == 0 else {
        if FileManager.default.fileExists(atPath: path) { return }
        throw JournalError(
          .fileFailure,
          message:
            "The journal database could not be created: \(String(cString: strerror(failure)))",
          path: path)
      }
    }
  }

  /// Sets what SQLite does not remember in the file: every read-write connection needs these.
  private static func configure(
    _ connection: SQLiteConnection, busyTimeout: Int32
  ) throws(SQLiteError) {
    try connection.setBusyTimeout(milliseconds: busyTimeout)
    _ = try connection.text("PRAGMA journal_mode = WAL")
    // Set here, not left to the library's build: Apple's SQLite defaults to FULL, Debian's to
    // NORMAL (https://sqlite.org/pragma.html#pragma_synchronous). In WAL mode NORMAL never
    // damages the file; a power loss can lose the last commits, a crash of the app none. A
    // checkpoint asks the drive to flush its cache (F_FULLFSYNC on Apple platforms, as Apple's
    // build does by default; nothing more than fsync elsewhere).
    try connection.execute(
      "PRAGMA synchronous = NORMAL; PRAGMA checkpoint_fullfsync = ON; PRAGMA foreign_keys = ON;")
    // A search reads rows all over the file: map it into memory (up to 256 MiB) instead of
    // copying each page through a 2 MiB cache with a system call.
    _ = try connection.integer("PRAGMA mmap_size = 268435456")
    // A log that grew large (a big import) is cut back to 4 MiB once it starts over.
    _ = try connection.integer("PRAGMA journal_size_limit = 4194304")
  }

  private static func mapOpenError(
    _ error: any Error, path: String, migrator: Migrator
  ) -> JournalError {
    switch error {
    case let error as JournalError:
      return error
    case MigrationError.newerVersion(let version):
      let name = URL(fileURLWithPath: path).lastPathComponent
      return JournalError(
        .newerSchemaVersion,
        message:
          "The journal database \"\(name)\" was written by a newer version of Haru (schema "
          + "\(version); this version knows up to \(migrator.latestVersion)). It was left "
          + "unchanged; update the app to open it.",
        path: path)
    case let error as SQLiteError where error.isNotADatabase:
      return DatabaseFile.notADatabase(path, "is damaged or not a SQLite database (\(error))")
    default:
      return databaseFailure(error, path: path)
    }
  }

  /// The error of a read stopped because its task was cancelled.
  static func cancelledRead(path: String) -> JournalError {
    JournalError(.cancelled, message: "The read was cancelled.", path: path)
  }

  /// The typed error for what SQLite reported: busy, read-only, disk full, damaged, cancelled,
  /// or any other failure.
  static func databaseFailure(_ error: any Error, path: String) -> JournalError {
    if let error = error as? JournalError { return error }
    let name = URL(fileURLWithPath: path).lastPathComponent
    guard let sqlite = error as? SQLiteError else {
      return JournalError(
        .databaseFailure, message: "The journal database reported an error: \(error)", path: path)
    }
    if sqlite.isDiskFull {
      return JournalError(
        .diskFull,
        message:
          "The disk is full; the change was not saved. Free some space and try again. (\(sqlite))",
        path: path)
    }
    switch sqlite.primaryCode {
    case SQLITE_BUSY, SQLITE_LOCKED:
      return JournalError(
        .busy,
        message:
          "Another app or process kept the journal locked for too long; nothing was written. "
          + "Try again in a moment. (\(sqlite))", path: path)
    case SQLITE_READONLY:
      return JournalError(
        .readOnly,
        message: "The journal \"\(name)\" cannot be written to: it is read-only. (\(sqlite))",
        path: path)
    case SQLITE_CORRUPT, SQLITE_NOTADB:
      return JournalError(
        .damaged,
        message:
          "The journal database \"\(name)\" is damaged (\(sqlite)). Run `haru journal check` to "
          + "see what is damaged, and restore \(DatabaseFile.threeFiles(name)) together from a "
          + "backup.", path: path)
    case SQLITE_INTERRUPT:
      return cancelledRead(path: path)
    default:
      return JournalError(
        .databaseFailure, message: "The journal database reported an error: \(sqlite)",
        path: path)
    }
  }

  // MARK: Using

  /// Runs `body` with a read connection of the pool, alone on it. Each statement sees the changes
  /// committed before it started.
  ///
  /// - Parameters:
  ///   - interrupter: Stops the read when cancelled; then it throws
  ///     ``JournalError/Code/cancelled``.
  ///   - body: The read.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws as a ``JournalError``; SQLite's errors are typed by
  ///   ``databaseFailure(_:path:)``.
  func read<Result: Sendable>(
    interrupter: ReadInterrupter? = nil, _ body: (SQLiteConnection) throws -> Result
  ) throws(JournalError) -> Result {
    let path = path
    return try readers.use(interrupter: interrupter) {
      (connection) throws(JournalError) -> Result in
      // Runs last, once the interrupter no longer stops statements: a read transaction that a
      // cancelled read could not end is ended here, so that the connection goes back to the
      // pool on no snapshot.
      defer { if connection.isInTransaction { try? connection.execute("ROLLBACK") } }
      if let interrupter {
        guard interrupter.begin(connection.handle) else {
          throw SQLiteDatabase.cancelledRead(path: path)
        }
      }
      defer { interrupter?.end() }
      return try Self.run(connection, path: path, body)
    }
  }

  private static func run<Result: Sendable>(
    _ connection: SQLiteConnection, path: String, _ body: (SQLiteConnection) throws -> Result
  ) throws(JournalError) -> Result {
    do {
      return try body(connection)
    } catch {
      throw databaseFailure(error, path: path)
    }
  }

  /// Runs `body` with the write connection in a write transaction (`BEGIN IMMEDIATE`), alone. The
  /// transaction commits when `body` returns and rolls back when it throws.
  ///
  /// - Throws: ``JournalError/Code/readOnly`` when opened read-only; what `body` throws as a
  ///   ``JournalError``; SQLite's errors are typed by ``databaseFailure(_:path:)``.
  func write<Result: Sendable>(
    _ body: (SQLiteConnection) throws -> Result
  ) throws(JournalError) -> Result {
    try withWriter { connection in
      try connection.writeTransaction {
        guard let interrupter = beginStoppableWrite(on: connection) else {
          return try body(connection)
        }
        return try runStopping(interrupter, on: connection, body)
      }
    }
  }

  // MARK: Writes a suspension stops

  private struct StoppableWrite: Sendable {
    var isAllowed = false
    var running: ReadInterrupter?
  }

  /// Runs `body`, whose write transactions ``suspend()`` may stop and roll back rather than wait
  /// for: each then throws ``JournalError/Code/suspended``, and the caller runs it again once
  /// resumed. For the long transactions of an import, which run one at a time: the database owns
  /// no queue, so its callers check that they run on the repository's write queue
  /// (`writeWhenRunning(_:)`, `mergeSearchIndexNow(afterImportOf:)`).
  func stoppableBySuspension<Result>(
    _ body: () throws(JournalError) -> Result
  ) throws(JournalError) -> Result {
    stoppable.withLock { $0.isAllowed = true }
    defer { stoppable.withLock { $0.isAllowed = false } }
    return try body()
  }

  /// Registers the transaction just begun on `connection` as one ``suspend()`` stops, when
  /// allowed; a suspension that came first stops it at once.
  private func beginStoppableWrite(on connection: SQLiteConnection) -> ReadInterrupter? {
    stoppable.withLock { (stoppable) -> ReadInterrupter? in
      guard stoppable.isAllowed else { return nil }
      let interrupter = ReadInterrupter()
      // Under this lock, which suspend() takes after it marks the database suspended.
      if isSuspended.withLock({ $0 }) { interrupter.cancel() }
      stoppable.running = interrupter
      return interrupter
    }
  }

  /// Runs `body` while `interrupter` may stop its statements, and unregisters it before the
  /// commit, so that no interrupt reaches the `COMMIT`: a transaction stopped meanwhile throws.
  private func runStopping<Result>(
    _ interrupter: ReadInterrupter, on connection: SQLiteConnection,
    _ body: (SQLiteConnection) throws -> Result
  ) throws -> Result {
    defer { stoppable.withLock { $0.running = nil } }
    let result: Result
    do {
      guard interrupter.begin(connection.handle) else { throw Self.suspendedError(path: path) }
      defer { interrupter.end() }
      result = try body(connection)
    } catch {
      // SQLite rolled the transaction back when it stopped a statement; the caller's rollback
      // covers a stop between two statements.
      if interrupter.isCancelled { throw Self.suspendedError(path: path) }
      throw error
    }
    if interrupter.isCancelled { throw Self.suspendedError(path: path) }
    return result
  }

  /// Runs `body` with the write connection outside any transaction, alone: for checks and
  /// maintenance that must see the writer's view, such as the search index's own check.
  ///
  /// - Throws: ``JournalError/Code/readOnly`` when opened read-only, or what `body` throws.
  func withWriter<Result: Sendable>(
    _ body: (SQLiteConnection) throws -> Result
  ) throws(JournalError) -> Result {
    guard let writer else {
      let name = URL(fileURLWithPath: path).lastPathComponent
      throw JournalError(
        .readOnly,
        message: "The journal \"\(name)\" is open read-only; nothing was written.", path: path)
    }
    let path = path
    return try writer.withLock { (slot) throws(JournalError) -> Result in
      do {
        if slot == nil {
          guard !isSuspended.withLock({ $0 }), let reopenWriter else {
            throw Self.suspendedError(path: path)
          }
          slot = try reopenWriter()
        }
        guard let connection = slot else { throw Self.suspendedError(path: path) }
        return try body(connection)
      } catch {
        throw Self.databaseFailure(error, path: path)
      }
    }
  }

  // MARK: Suspending

  /// The error of a read or write asked for while suspended.
  static func suspendedError(path: String) -> JournalError {
    JournalError(
      .suspended,
      message:
        "The journal is suspended while the app is in the background; nothing was read or "
        + "written. Resume it first.", path: path)
  }

  /// Closes every connection once the read or write it runs has ended, so that this process
  /// holds no lock on the database's files, and keeps them closed until ``resume()``; meanwhile
  /// reads and writes throw ``JournalError/Code/suspended``. Blocks until then: call it on a
  /// queue of the repository's, never on Swift's cooperative pool.
  func suspend() {
    isSuspended.withLock { $0 = true }
    stoppable.withLock { $0.running?.cancel() }
    checkpointer?.suspend()
    writer?.withLock { SQLiteConnection.closeKeepingLog(&$0) }
    readers.closeAll()
  }

  /// Lets reads and writes open their connections again, as they need them.
  func resume() {
    isSuspended.withLock { $0 = false }
    readers.reopen()
    checkpointer?.resume()
  }

  /// The value of `PRAGMA data_version` on the writer, or on a reader when read-only: it changes
  /// only when another connection, in this process or another, commits, never for the writer's
  /// own commits, so a commit elsewhere just before one of ours is not taken for ours.
  func dataVersion() throws(JournalError) -> Int64 {
    if writer != nil {
      return try withWriter { try $0.integer("PRAGMA data_version") }
    }
    return try readers.useFirst { (connection) throws(JournalError) -> Int64 in
      try Self.run(connection, path: path) { try $0.integer("PRAGMA data_version") }
    }
  }
}
