public import HaruModels
import HaruShared

extension SQLiteJournalStore {
  /// Adds entries in one transaction, skipping those whose identity is already stored.
  ///
  /// A write of 1,000 entries or more that adds at least a quarter of the journal also merges
  /// the search index into one segment, in the same transaction, which makes later searches
  /// faster; see <doc:SearchingTheJournal>.
  ///
  /// - Parameter entries: Valid entries, with times in whole microseconds.
  /// - Returns: The identities skipped: already stored, or repeated within `entries`.
  /// - Throws: ``JournalError/Code/databaseFailure``; then none was added.
  public func insert(_ entries: [JournalEntry]) throws(JournalError) -> Set<JournalEntry.ID> {
    try insert(entries, mergingIndex: true)
  }

  /// Adds entries in one transaction, as ``insert(_:)`` does; with `mergingIndex` false the
  /// search index is never merged into one segment in it, for an import that writes many such
  /// transactions and merges once at its end (``mergeSearchIndex(afterImportOf:)``).
  func insert(
    _ entries: [JournalEntry], mergingIndex: Bool
  ) throws(JournalError) -> Set<JournalEntry.ID> {
    guard !entries.isEmpty else { return [] }
    // Newest day first, and oldest first within a day: the order of the keys they take (see
    // `SearchSQL`).
    let ordered = entries.sorted { ($0.day, $1.createdAt) > ($1.day, $0.createdAt) }
    return try database.write { connection in
      if ordered.count >= SearchSQL.largeWrite {
        try SearchSQL.holdPendingIndexData(in: connection)
      }
      var skipped: Set<JournalEntry.ID> = []
      var new: [JournalEntry] = []
      new.reserveCapacity(ordered.count)
      var seen: Set<JournalEntry.ID> = []
      for entry in ordered {
        if try !seen.insert(entry.id).inserted || EntrySQL.isStored(entry.id, in: connection) {
          skipped.insert(entry.id)
        } else {
          new.append(entry)
        }
      }
      try EntrySQL.insertNew(new, in: connection)
      if mergingIndex {
        try SearchSQL.mergeIndexAfterLargeWrite(added: new.count, in: connection)
      }
      return skipped
    }
  }

  /// Merges the search index's segments, a few hundred pages at most, in a write transaction of
  /// its own, while a level of the index holds two segments or more; see
  /// ``SearchIndexMaintenance``.
  ///
  /// The merge does not wait for another connection's lock: when one holds it, the merge is
  /// skipped (and ``JournalError/Code/busy`` thrown) rather than holding up the writes queued
  /// behind it. A merge that finds nothing to do rolls back, so it writes nothing.
  ///
  /// - Returns: Whether anything was merged.
  func mergeIndexSegments() throws(JournalError) -> Bool {
    guard searchUsesIndex, !isReadOnly else { return false }
    return try database.withWriter { connection in
      try connection.failingAtOnceWhenBusy {
        do {
          return try connection.writeTransaction {
            guard try SearchSQL.mergeSegments(pages: SearchSQL.pagesPerMerge, in: connection)
            else { throw NothingMerged() }
            return true
          }
        } catch is NothingMerged {
          return false
        }
      }
    }
  }

  /// Rolls back a merge that found nothing to merge, so that it writes nothing: a commit, even
  /// of a setting, would tell every observer in every process that the journal changed.
  private struct NothingMerged: Error {}

  /// Stores entries from a backup in one write transaction: adds new identities, replaces
  /// entries updated earlier, keeps the others.
  ///
  /// - Parameter entries: Valid entries with distinct identities.
  /// - Returns: What happened to each entry, in the order given.
  /// - Throws: ``JournalError/Code/databaseFailure``, ``JournalError/Code/diskFull`` and the
  ///   like; then nothing changed.
  public func merge(_ entries: [JournalEntry]) throws(JournalError) -> [JournalMergeOutcome] {
    guard !entries.isEmpty else { return [] }
    // Newest day first, as in insert(_:), so that the search index receives its keys in rising
    // order; the outcomes go back in the order given.
    let order = entries.indices.sorted {
      (entries[$0].day, entries[$1].createdAt) > (entries[$1].day, entries[$0].createdAt)
    }
    return try database.write { connection in
      var outcomes = [JournalMergeOutcome](repeating: .added, count: entries.count)
      // Added after the replacements, all in one statement (see `EntrySQL.insertNew`).
      var new: [JournalEntry] = []
      for index in order {
        let entry = entries[index]
        let stored = try EntrySQL.entry(entry.id, in: connection)
        if let stored, stored.updatedAt >= entry.updatedAt {
          outcomes[index] = .kept(stored)
          continue
        }
        guard let stored else {
          new.append(entry)
          continue
        }
        try connection.withStatement(EntrySQL.update) { statement in
          try EntrySQL.bind(entry, to: statement)
          try statement.run()
        }
        outcomes[index] = .replaced(stored)
      }
      try EntrySQL.insertNew(new, in: connection)
      return outcomes
    }
  }

  /// Merges the search index into one segment, in a transaction of its own, when an import that
  /// stored its entries in several transactions added at least
  /// ``SearchSQL/largeWrite`` entries and a quarter of the journal (see
  /// ``SearchSQL/mergeIndexAfterLargeWrite(added:in:)``).
  func mergeSearchIndex(afterImportOf added: Int) throws(JournalError) {
    guard added >= SearchSQL.largeWrite else { return }
    _ = try database.write { connection in
      try SearchSQL.mergeIndexAfterLargeWrite(added: added, in: connection)
    }
  }

  /// Calls `body` with every entry, newest first, read by one statement, so that the entries
  /// are one consistent snapshot of the journal; a row that no longer reads goes to
  /// `unreadable`. Nothing is kept in memory but the current row.
  func forEachEntry(
    interrupter: ReadInterrupter?, unreadable: (JournalError) -> Void,
    _ body: (JournalEntry) throws(JournalError) -> Void
  ) throws(JournalError) {
    try database.read(interrupter: interrupter) { connection in
      let statement = try connection.prepare(
        "SELECT \(EntrySQL.columns) FROM entry ORDER BY day DESC, created_at DESC, id DESC")
      while try statement.step() {
        let entry: JournalEntry
        do throws(JournalError) {
          entry = try EntrySQL.readEntry(statement)
        } catch {
          unreadable(error)
          continue
        }
        try body(entry)
      }
    }
  }

  /// Changes one entry atomically, inside one write transaction.
  ///
  /// - Parameters:
  ///   - id: The entry to change.
  ///   - change: Makes the new entry from the stored one; called once.
  /// - Returns: The stored entry before and after the change.
  /// - Throws: ``JournalError/Code/entryNotFound``, what `change` throws,
  ///   ``JournalError/Code/invalidEntry`` when `change` returns another identity, or
  ///   ``JournalError/Code/databaseFailure``. Nothing changes when it throws.
  public func update(
    _ id: JournalEntry.ID, _ change: (JournalEntry) throws(JournalError) -> JournalEntry
  ) throws(JournalError) -> (old: JournalEntry, new: JournalEntry) {
    try database.write { connection in
      guard let old = try EntrySQL.entry(id, in: connection) else {
        throw JournalError.notFound(id)
      }
      let new = try change(old)
      guard new.id == id else {
        throw JournalError(
          .invalidEntry, message: "An update cannot change an entry's identity.", field: "id",
          entryID: id)
      }
      try connection.withStatement(EntrySQL.update) { statement in
        try EntrySQL.bind(new, to: statement)
        try statement.run()
      }
      return (old, new)
    }
  }

  /// Removes one entry.
  ///
  /// - Parameter id: The entry to remove.
  /// - Returns: The entry removed.
  /// - Throws: ``JournalError/Code/entryNotFound`` or ``JournalError/Code/databaseFailure``.
  public func delete(_ id: JournalEntry.ID) throws(JournalError) -> JournalEntry {
    try database.write { connection in
      guard let old = try EntrySQL.entry(id, in: connection) else {
        throw JournalError.notFound(id)
      }
      try connection.withStatement(EntrySQL.delete) { statement in
        try statement.bind(id.description, at: 1)
        try statement.run()
      }
      return old
    }
  }

  /// Removes a row that no longer reads as an entry, without reading it.
  ///
  /// - Parameter id: The row's identity.
  /// - Returns: Whether a row was removed.
  /// - Throws: A storage failure.
  func deleteUnreadable(_ id: JournalEntry.ID) throws(JournalError) -> Bool {
    try database.write { connection in
      try connection.withStatement(EntrySQL.delete) { statement in
        try statement.bind(id.description, at: 1)
        try statement.run()
      }
      return connection.changes > 0
    }
  }
}

extension JournalError {
  static func notFound(_ id: JournalEntry.ID) -> JournalError {
    JournalError(
      .entryNotFound, message: "No journal entry has the identity \(id); it may have been deleted.",
      entryID: id)
  }
}
