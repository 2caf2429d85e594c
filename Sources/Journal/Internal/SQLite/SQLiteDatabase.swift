import Foundation
import HaruShared

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One open journal database: a connection for writes and one for reads, each set up and used
/// under its own lock, and a third that copies the write-ahead log into the file in the
/// background (``WALCheckpointer``).
///
/// Every ``SQLiteJournalStore`` of a process that opens the same file shares one
/// `SQLiteDatabase`, so their writes queue on the writer's lock instead of competing for SQLite's
/// file lock (and surfacing "database is locked"). Other processes are waited for through the busy
/// timeout. In write-ahead-log mode a reader never waits for a writer, so lists stay responsive
/// during a long import; each read sees every transaction committed before it started.
final class SQLiteDatabase: Sendable {
  /// The database file.
  let path: String
  private let writer: LockedState<SQLiteConnection>
  private let reader: LockedState<SQLiteConnection>
  /// Copies the write-ahead log into the file in the background.
  let checkpointer: WALCheckpointer

  /// How long a write waits for another process to release the database.
  static let busyTimeoutMilliseconds: Int32 = 10_000

  private init(
    path: String, writer: sending SQLiteConnection, reader: sending SQLiteConnection,
    checkpointer: WALCheckpointer
  ) {
    self.path = path
    self.writer = LockedState(writer)
    self.reader = LockedState(reader)
    self.checkpointer = checkpointer
  }

  // MARK: Opening

  private struct WeakDatabase {
    weak var database: SQLiteDatabase?
  }

  private static let openDatabases = LockedState<[String: WeakDatabase]>([:])

  /// The open database for a file, opening (and creating or migrating) it when this process has
  /// not opened it yet.
  ///
  /// `migrator` and `checkpointThresholdPages` apply only to the first open of a file; a file
  /// already open is returned as it is.
  ///
  /// - Throws: ``JournalError`` with ``JournalError/Code/notADatabase``,
  ///   ``JournalError/Code/newerSchemaVersion``, ``JournalError/Code/fileFailure`` or
  ///   ``JournalError/Code/databaseFailure``; the file is unchanged in the first two cases.
  static func open(
    path: String, migrator: Migrator = Migrator(migrations: JournalSchema.migrations),
    checkpointThresholdPages: Int = 1000
  ) throws(JournalError) -> SQLiteDatabase {
    let key = canonicalPath(path)
    return try openDatabases.withLock { (open) throws(JournalError) -> SQLiteDatabase in
      if let database = open[key]?.database { return database }
      open = open.filter { $0.value.database != nil }
      let database = try openUnshared(
        path: path, migrator: migrator, checkpointThresholdPages: checkpointThresholdPages)
      open[key] = WeakDatabase(database: database)
      return database
    }
  }

  private static func openUnshared(
    path: String, migrator: Migrator, checkpointThresholdPages: Int
  ) throws(JournalError) -> SQLiteDatabase {
    switch try DatabaseFile.inspect(path: path) {
    case .missing:
      try create(path: path, migrator: migrator)
    case .present(let header):
      try probe(path: path, header: header, migrator: migrator)
    }
    do {
      let writer = try SQLiteConnection(path: path, mode: .readWrite)
      try configure(writer)
      try migrator.migrate(writer)
      let reader = try SQLiteConnection(path: path, mode: .readWrite)
      try configure(reader)
      try reader.execute("PRAGMA query_only = ON")
      let checkpointing = try SQLiteConnection(path: path, mode: .readWrite)
      try configure(checkpointing)
      let checkpointer = WALCheckpointer(
        connection: checkpointing, thresholdPages: checkpointThresholdPages)
      checkpointer.watch(writer)
      return SQLiteDatabase(
        path: path, writer: writer, reader: reader, checkpointer: checkpointer)
    } catch {
      throw mapOpenError(error, path: path, migrator: migrator)
    }
  }

  /// Checks the schema version and the application identifier before a read-write connection
  /// opens the file, so a file from a newer version, or another program's database, is refused
  /// before anything is written.
  ///
  /// The main file's header is current when the write-ahead log is empty or absent (the usual case
  /// once every connection has closed); reading it opens nothing and creates no `-wal` or `-shm`
  /// file. Otherwise a read-only connection reads the values through the log.
  private static func probe(
    path: String, header: DatabaseFile.Header, migrator: Migrator
  ) throws(JournalError) {
    do {
      let version: Int
      let applicationID: Int64
      let isEmpty: Bool
      let log = try? FileManager.default.attributesOfItem(atPath: path + "-wal")
      if ((log?[.size] as? NSNumber)?.intValue ?? 0) == 0 {
        version = Int(header.userVersion)
        applicationID = Int64(header.applicationID)
        isEmpty = header.schemaCookie == 0
      } else {
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        version = Int(try connection.integer("PRAGMA user_version"))
        applicationID = try connection.integer("PRAGMA application_id")
        isEmpty = try connection.integer("SELECT count(*) FROM sqlite_master") == 0
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
        message: "The journal's folder could not be created: \(error.localizedDescription)",
        path: directory.path)
    }
    let temporary = "\(path).new-\(UUID().uuidString.lowercased())"
    defer {
      for suffix in ["", "-wal", "-shm", "-journal"] {
        unlink(temporary + suffix)
      }
    }
    do {
      let connection = try SQLiteConnection(path: temporary, mode: .readWrite)
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

  /// Sets what SQLite does not remember in the file: every connection needs these.
  private static func configure(_ connection: SQLiteConnection) throws(SQLiteError) {
    try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    _ = try connection.text("PRAGMA journal_mode = WAL")
    try connection.execute("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
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

  static func databaseFailure(_ error: any Error, path: String) -> JournalError {
    JournalError(
      .databaseFailure, message: "The journal database reported an error: \(error)", path: path)
  }

  private static func canonicalPath(_ path: String) -> String {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    let directory = url.deletingLastPathComponent().resolvingSymlinksInPath()
    return directory.appendingPathComponent(url.lastPathComponent).path
  }

  // MARK: Using

  /// Runs `body` with the read connection, alone. Each statement sees the changes committed before
  /// it started.
  ///
  /// - Throws: What `body` throws as a ``JournalError``; SQLite's errors become
  ///   ``JournalError/Code/databaseFailure``.
  func read<Result: Sendable>(
    _ body: (SQLiteConnection) throws -> Result
  ) throws(JournalError) -> Result {
    try use(reader, body)
  }

  private func use<Result: Sendable>(
    _ connection: LockedState<SQLiteConnection>, _ body: (SQLiteConnection) throws -> Result
  ) throws(JournalError) -> Result {
    let path = path
    return try connection.withLock { (connection) throws(JournalError) -> Result in
      do {
        return try body(connection)
      } catch let error as JournalError {
        throw error
      } catch {
        throw Self.databaseFailure(error, path: path)
      }
    }
  }

  /// Runs `body` with the write connection in a write transaction (`BEGIN IMMEDIATE`), alone. The
  /// transaction commits when `body` returns and rolls back when it throws.
  ///
  /// - Throws: What `body` throws as a ``JournalError``; SQLite's errors become
  ///   ``JournalError/Code/databaseFailure``.
  func write<Result: Sendable>(
    _ body: (SQLiteConnection) throws -> Result
  ) throws(JournalError) -> Result {
    try use(writer) { connection in
      try connection.writeTransaction { try body(connection) }
    }
  }

  /// Runs `body` with the write connection outside any transaction, alone: for checks and
  /// maintenance that must see the writer's view, such as `PRAGMA integrity_check`.
  func withWriter<Result: Sendable>(
    _ body: (SQLiteConnection) throws -> Result
  ) throws(JournalError) -> Result {
    try use(writer, body)
  }
}
