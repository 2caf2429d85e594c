/// One numbered step of the journal's schema. Each step runs in its own transaction together with
/// setting `PRAGMA user_version` to its number, so a failed step changes nothing.
struct Migration: Sendable {
  /// The schema version the step leads to; steps are numbered 1, 2, 3, …
  let version: Int
  /// The statements of the step.
  let sql: String
}

/// Brings a database up to the newest schema version, one step per transaction.
struct Migrator {
  let migrations: [Migration]

  var latestVersion: Int { migrations.last?.version ?? 0 }

  /// Runs every step newer than the database's version.
  ///
  /// The version is read first without a write transaction, so a file that needs no step opens
  /// while another process holds the write lock. Each step starts with `BEGIN IMMEDIATE` and reads
  /// the version again inside the transaction, so two connections migrating the same file at once
  /// run every step exactly once.
  ///
  /// - Throws: ``MigrationError/newerVersion(_:)`` when the database is newer than the steps know,
  ///   or the ``SQLiteError`` of a failed step (which is rolled back).
  func migrate(_ connection: SQLiteConnection) throws {
    let stored = Int(try connection.integer("PRAGMA user_version"))
    if stored > latestVersion { throw MigrationError.newerVersion(stored) }
    if stored == latestVersion { return }
    while true {
      let done = try connection.writeTransaction { () throws -> Bool in
        let current = Int(try connection.integer("PRAGMA user_version"))
        if current > latestVersion { throw MigrationError.newerVersion(current) }
        guard let step = migrations.first(where: { $0.version > current }) else { return true }
        try connection.execute(step.sql)
        try connection.execute("PRAGMA user_version = \(step.version)")
        return false
      }
      if done { return }
    }
  }
}

enum MigrationError: Error {
  /// The database's schema version is newer than any step.
  case newerVersion(Int)
}
