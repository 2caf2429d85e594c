package import HaruModels

// Short identities: an entry named by the start of its identity, as `haru journal show 1a2b3c4d`
// does.
extension JournalRepository {
  /// The identities of the entries whose identity, as ``/HaruModels/JournalEntry/ID/description``
  /// writes it (lowercase hexadecimal with hyphens), starts with `prefix`.
  ///
  /// The command line's short identities are read with it: a prefix that names one entry names
  /// that entry; more than one is ambiguous.
  ///
  /// ```swift
  /// let found = try await journal.entryIDs(startingWith: "1a2b3c4d", limit: 2)
  /// // [] none, [id] that entry, two: ambiguous
  /// ```
  ///
  /// Rows that no longer read as entries are found too, so that one can be named to be deleted.
  ///
  /// - Parameters:
  ///   - prefix: The start of an identity, in lowercase; a text with any character an identity
  ///     does not hold (an uppercase letter, a space) finds nothing. An empty prefix finds the
  ///     first identities.
  ///   - limit: The most identities to return.
  /// - Returns: At most `limit` identities, in the order of their text.
  /// - Throws: ``JournalError/Code/databaseFailure``.
  /// - Complexity: On ``SQLiteJournalStore``, a range of the identity's unique index: O(log *n*
  ///   + `limit`) for *n* entries. Other stores read every entry.
  package func entryIDs(
    startingWith prefix: String, limit: Int
  ) async throws(JournalError) -> [JournalEntry.ID] {
    try await onReads { () throws(JournalError) in
      try self.capabilities.entryIDs(startingWith: prefix, limit: limit)
    }
  }
}
