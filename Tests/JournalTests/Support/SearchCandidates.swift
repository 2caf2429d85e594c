@testable import HaruJournal

/// How many entries the index lists for some search box text, as a search of the store plans it;
/// -1 when the index cannot narrow it.
func candidates(for text: String, in store: SQLiteJournalStore) throws -> Int64 {
  try store.database.read { connection in
    guard let match = SQLiteJournalStore.indexQuery(JournalSearchQuery(text)) else {
      return -1
    }
    return try listed(match, on: connection)
  }
}

/// How many entries the index lists for one token.
func listed(_ token: SearchText.IndexToken, in store: SQLiteJournalStore) throws -> Int64 {
  try store.database.read { try listed(token.expression, on: $0) }
}

/// How many entries the index lists for a MATCH expression.
private func listed(_ match: String, on connection: SQLiteConnection) throws -> Int64 {
  try connection.withStatement(
    "SELECT count(*) FROM entry_search WHERE entry_search MATCH ?1"
  ) { statement in
    try statement.bind(match, at: 1)
    return try statement.step() ? statement.int64(at: 0) : -1
  }
}

/// Whether the store's search index is in more than one segment, asked of FTS5 as its
/// documentation allows (see ``SearchSQL/isInSeveralSegments(in:)``).
func isInSeveralSegments(_ store: SQLiteJournalStore) throws -> Bool {
  try store.database.withWriter { try SearchSQL.isInSeveralSegments(in: $0) }
}
