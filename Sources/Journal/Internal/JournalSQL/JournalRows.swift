import HaruModels

/// Entries read from rows, and the rows that no longer read as entries.
struct JournalRows: Sendable {
  var entries: [JournalEntry] = []
  /// One ``JournalError/Code/corruptEntry`` error per row set aside.
  var unreadable: [JournalError] = []
  /// For a search: the entries whose text it checked against the terms, counted (not timed).
  /// What the search's bound is stated in (see ``SearchPlanner``).
  var examined = 0

  /// Reads the statement's current row into ``entries``, or sets it aside in ``unreadable``.
  mutating func append(_ statement: SQLiteStatement, cache: EntryRowCache) {
    do {
      entries.append(try EntrySQL.readEntry(statement, cache: cache))
    } catch {
      unreadable.append(error)
    }
  }

  /// These rows followed by `more`: their entries after these, and both counts.
  func adding(_ more: JournalRows) -> JournalRows {
    JournalRows(
      entries: entries + more.entries, unreadable: unreadable + more.unreadable,
      examined: examined + more.examined)
  }
}
