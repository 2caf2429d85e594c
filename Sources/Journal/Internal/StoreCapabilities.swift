import Foundation
import HaruModels

/// What a repository can ask of its store beyond ``JournalStore``, resolved once when the
/// repository opens: the one place that knows whether the store is ``SQLiteJournalStore``.
///
/// Journal's own store can do more than the protocol says, and the repository uses it for:
/// - **cancellable reads:** a list, a search or an export whose task is cancelled stops the
///   statement it runs (`sqlite3_interrupt`);
/// - **unreadable rows:** a row that no longer reads as an entry is set aside in
///   ``JournalPage/unreadable`` instead of failing the whole page, and can be deleted unread;
/// - **commit counting:** `PRAGMA data_version` tells another connection's commit, which
///   ``JournalRepository/changes`` and the observed lists follow;
/// - **verification:** `PRAGMA integrity_check` and the search index's own check;
/// - **index upkeep:** the search index's segments merged after writes pause and after an
///   import, and the transactions of an import stopped by a suspension;
/// - **read-only opening:** a medium or option that makes every write throw.
///
/// Every method here has the answer a store without these gives, as ``JournalStore`` documents.
struct StoreCapabilities: Sendable {
  /// The store, for everything the protocol has.
  let store: any JournalStore
  /// The store when it is the journal's own, SQLite's: `nil` for any other.
  private let sqlite: SQLiteJournalStore?

  /// Looks once at what `store` can do.
  init(_ store: any JournalStore) {
    self.store = store
    sqlite = store as? SQLiteJournalStore
  }

  /// Whether the store was opened read-only, or found its medium read-only; never for a store
  /// other than SQLite's.
  var isReadOnly: Bool { sqlite?.isReadOnly ?? false }

  /// Whether the store has a search index to keep in few segments.
  var maintainsSearchIndex: Bool { sqlite != nil }

  /// The SQLite database behind the store, when it is the journal's own: for suspension, which
  /// closes its connections.
  var database: SQLiteDatabase? { sqlite?.database }

  /// The database file whose commits other connections make, to watch; `nil` when the store
  /// has none.
  var databasePath: String? { sqlite?.fileURL.path }

  /// The database's `data_version`, which only another connection's commit moves; `nil` when
  /// the store cannot tell.
  func dataVersion() -> Int64? {
    try? sqlite?.database.dataVersion()
  }

  /// Reads entries of a list, newest first, with the rows that no longer read set aside (on
  /// other stores such a row fails the read); a cancelled `interrupter` stops the read on
  /// SQLite's store only.
  func entries(
    in list: JournalList, after cursor: JournalCursor?, limit: Int,
    interrupter: ReadInterrupter?
  ) throws(JournalError) -> JournalRows {
    guard let sqlite else {
      return JournalRows(entries: try store.entries(in: list, after: cursor, limit: limit))
    }
    return try sqlite.readableEntries(
      in: list, after: cursor, limit: limit, interrupter: interrupter)
  }

  /// Searches as ``JournalStore/search(_:in:after:limit:)`` does, with unreadable rows and
  /// cancellation as in ``entries(in:after:limit:interrupter:)``.
  func search(
    _ query: JournalSearchQuery, in list: JournalList, after cursor: JournalCursor?, limit: Int,
    interrupter: ReadInterrupter?
  ) throws(JournalError) -> JournalRows {
    guard let sqlite else {
      return JournalRows(
        entries: try store.search(query, in: list, after: cursor, limit: limit))
    }
    return try sqlite.readableSearch(
      query, in: list, after: cursor, limit: limit, interrupter: interrupter)
  }

  /// Calls `body` with every entry, newest first: one statement's snapshot on SQLite, with
  /// unreadable rows handed to `unreadable`; pages of the list on other stores.
  func forEachEntry(
    interrupter: ReadInterrupter, pageSize: Int, unreadable: (JournalError) -> Void,
    _ body: (JournalEntry) throws(JournalError) -> Void
  ) throws(JournalError) {
    if let sqlite {
      try sqlite.forEachEntry(interrupter: interrupter, unreadable: unreadable, body)
      return
    }
    var cursor: JournalCursor?
    repeat {
      let page = try store.entries(in: .all, after: cursor, limit: pageSize)
      for entry in page { try body(entry) }
      cursor = page.count == pageSize ? page.last.map(JournalCursor.init(after:)) : nil
    } while cursor != nil
  }

  /// Deletes a row whatever it holds; on other stores, an entry through
  /// ``JournalStore/delete(_:)``.
  ///
  /// - Returns: Whether a row was removed.
  func deleteUnreadable(_ id: JournalEntry.ID) throws(JournalError) -> Bool {
    if let sqlite { return try sqlite.deleteUnreadable(id) }
    do throws(JournalError) {
      _ = try store.delete(id)
      return true
    } catch JournalError.Code.entryNotFound {
      return false
    }
  }

  /// Adds one transaction's entries of an import; SQLite's store leaves the search index's merge
  /// to the import's end (``mergeSearchIndex(afterImportOf:)``).
  func insertImported(_ batch: [JournalEntry]) throws(JournalError) -> Set<JournalEntry.ID> {
    guard let sqlite else { return try store.insert(batch) }
    return try sqlite.insert(batch, mergingIndex: false)
  }

  /// Merges the search index's segments when there are many; nothing on other stores. A failure
  /// leaves a sound index and is not reported.
  func mergeIndexSegments() {
    _ = try? sqlite?.mergeIndexSegments()
  }

  /// Merges the search index after an import as one write that large would have; a suspension
  /// stops the merge rather than wait for it. Nothing on other stores; a failure leaves a sound
  /// index and is not reported.
  func mergeSearchIndex(afterImportOf added: Int) {
    guard let sqlite else { return }
    _ = try? stoppableBySuspension { () throws(JournalError) in
      try sqlite.mergeSearchIndex(afterImportOf: added)
    }
  }

  /// Runs one transaction of a long write so that a suspension stops it (it then throws
  /// ``JournalError/Code/suspended`` and can run again); on other stores, simply runs it.
  func stoppableBySuspension<Value>(
    _ write: () throws(JournalError) -> Value
  ) throws(JournalError) -> Value {
    guard let database else { return try write() }
    return try database.stoppableBySuspension(write)
  }

  /// The identities that start with `prefix` (lowercase, as written), in the order of their
  /// text: a range of the identity's index on SQLite; a walk through every entry on other stores.
  func entryIDs(startingWith prefix: String, limit: Int) throws(JournalError) -> [JournalEntry.ID] {
    if let sqlite { return try sqlite.entryIDs(startingWith: prefix, limit: limit) }
    guard limit > 0, JournalIDPrefix.isWellFormed(prefix) else { return [] }
    var found: [JournalEntry.ID] = []
    try forEachEntry(
      interrupter: ReadInterrupter(), pageSize: JournalRepository.maximumPageSize,
      unreadable: { _ in }
    ) { entry in
      if entry.id.description.hasPrefix(prefix) { found.append(entry.id) }
    }
    return Array(found.sorted { $0.description < $1.description }.prefix(limit))
  }

  /// Checks the whole file and the search index's structure; other stores have nothing to
  /// check and report a sound journal.
  func verify(progress: (Double) -> Void) throws(JournalError) -> JournalVerification {
    guard let sqlite else {
      progress(1)
      return JournalVerification(problems: [])
    }
    return try sqlite.verify(progress: progress)
  }
}
