import HaruModels

// Adding many entries in one statement.
extension EntrySQL {
  /// Adds entries that are not stored yet, with distinct identities, in the order given, inside
  /// the caller's write transaction: one at a time through ``insert``, or, for two or more, all
  /// in one statement from a staging table.
  ///
  /// One statement matters because of how SQLite runs a statement that fires triggers: it opens a
  /// statement savepoint around it, and FTS5 writes everything it holds in memory to disk as a
  /// segment of its own at every savepoint (see `fts5SavepointMethod` and `fts5ReleaseMethod` in
  /// <https://sqlite.org/src/file/ext/fts5/fts5_main.c>). Entries added one statement each
  /// therefore leave one index segment per entry, which FTS5 then merges again and again; added
  /// in one statement, they leave one segment per ``SearchSQL/holdPendingIndexData(in:)``'s worth
  /// of index data. The staging table is a temporary table of the writing connection, emptied
  /// before the transaction ends; a failure rolls it back with everything else.
  ///
  /// Keys are given here, each day's block continuing from its highest key (as ``insert`` does
  /// one entry at a time), and the schema's triggers still check every one.
  ///
  /// - Throws: ``SQLiteError`` when a statement fails (a day whose block of keys is used up
  ///   among them); the caller's transaction then changes nothing.
  static func insertNew(
    _ entries: [JournalEntry], in connection: SQLiteConnection
  ) throws {
    guard entries.count > 1 else {
      for entry in entries {
        try connection.withStatement(insert) { statement in
          try bind(entry, to: statement)
          try statement.run()
        }
      }
      return
    }
    try connection.execute(createStaging)
    var nextKeys: [Int64: Int64] = [:]
    try connection.withStatement(stage) { statement in
      for entry in entries {
        let day = JournalDay.number(entry.day)
        let key = try nextKeys[day] ?? nextKey(ofDay: day, in: connection)
        nextKeys[day] = key + 1
        try bind(entry, to: statement)
        try statement.bind(key, at: 11)
        try statement.run()
        statement.reset()
      }
    }
    try connection.execute(insertStaged)
    try connection.execute("DELETE FROM temp.staged_entry")
  }

  /// Whether an entry with this identity is stored.
  static func isStored(_ id: JournalEntry.ID, in connection: SQLiteConnection) throws -> Bool {
    try connection.withStatement("SELECT 1 FROM entry WHERE id = ?1") { statement in
      try statement.bind(id.description, at: 1)
      return try statement.step()
    }
  }

  /// The key the next entry of `day` takes (see ``SearchSQL/nextKey(dayAt:)``).
  private static func nextKey(ofDay day: Int64, in connection: SQLiteConnection) throws -> Int64 {
    try connection.withStatement("SELECT \(SearchSQL.nextKey(dayAt: 1))") { statement in
      try statement.bind(day, at: 1)
      _ = try statement.step()
      return statement.int64(at: 0)
    }
  }

  /// The staging table: the entry table's columns, without constraints or triggers, in the
  /// writing connection's temporary database.
  private static let createStaging =
    "CREATE TEMP TABLE IF NOT EXISTS staged_entry (\(columns), search_key)"

  private static let stage = """
    INSERT INTO temp.staged_entry (\(columns), search_key)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
    """

  /// In rising key order: FTS5 writes out what it holds each time a key is lower than the one
  /// before.
  private static let insertStaged = """
    INSERT INTO main.entry (search_key, \(columns))
    SELECT search_key, \(columns) FROM temp.staged_entry ORDER BY search_key
    """
}
