public import HaruModels

/// Where journal entries are kept: the storage behind a ``JournalRepository``.
///
/// Haru ships two stores: ``SQLiteJournalStore``, a SQLite file, and an in-memory store in
/// `HaruJournalTesting`. The repository adds validation, photo files and observation on top; a
/// store only keeps valid entries and answers queries. Its methods block the calling thread while
/// they work, and may be called from any thread: a store serializes access itself.
///
/// ## Contract
///
/// Every store passes the same test suite. In words:
///
/// - **Round trip.** An inserted entry is returned exactly as given, every field equal, as long as
///   its times are whole microseconds (the repository only hands over such times).
/// - **Insert** adds, in one transaction, every entry whose identity is not stored yet and returns
///   the identities it skipped because they were already stored or came earlier in the same batch.
///   When it throws, nothing was added.
/// - **Update** runs `change` once on the stored entry, inside the store's write transaction, and
///   stores its result; nothing else can write in between. When the entry does not exist it throws
///   ``JournalError/Code/entryNotFound`` without calling `change`; when `change` throws, or returns
///   an entry with another identity (``JournalError/Code/invalidEntry``), nothing changes.
/// - **Merge** adds each entry whose identity is not stored, replaces a stored entry updated
///   strictly earlier, keeps one updated at the same time or later, and reports which, all in
///   one transaction.
/// - **Delete** removes the entry and returns it, or throws ``JournalError/Code/entryNotFound``.
/// - **Lists** contain exactly the entries for which ``JournalList/contains(_:)`` is true, in
///   newest-first order (see ``JournalCursor``); with a cursor, only those strictly after it; at
///   most `limit` of them.
/// - **Searches** return exactly the entries of the list that ``JournalSearchQuery/matches(_:)``
///   accepts, in the same order and paging as lists; an empty query returns nothing.
/// - **Counts** and **perfume summaries** agree with the lists. Perfume summaries are ordered by
///   last day (latest first), then brand, then name.
/// - A failure is a ``JournalError``, never a crash, and leaves the stored entries as they were.
///
/// ## What a store of your own gives up
///
/// A repository uses ``SQLiteJournalStore`` for more than this protocol has. On any other store:
///
/// - **Reads are not cancellable.** A list, search or export whose task is cancelled runs to
///   its end; only SQLite's statements are interrupted.
/// - **Unreadable rows fail the read.** A row that no longer reads as an entry throws
///   ``JournalError/Code/corruptEntry`` from the list or search that meets it, instead of being
///   set aside in ``JournalPage/unreadable``; ``JournalRepository/deleteUnreadable(_:)`` deletes
///   through ``delete(_:)``.
/// - **Other processes' commits go unseen.** ``JournalRepository/changes`` and observed lists
///   follow the repository's own writes only.
/// - **Nothing is verified.** ``JournalRepository/verify(progress:)`` reports a sound journal.
/// - **No index upkeep, no read-only opening.** There is no search index to merge, an import's
///   transaction is not stopped by ``JournalRepository/suspend()``, and the repository is never
///   read-only.
/// - **Exports read pages**, ``JournalRepository/maximumPageSize`` at a time, rather than one
///   snapshot: a write during an export may show in part of it.
public protocol JournalStore: Sendable {
  /// Adds entries in one transaction, skipping those whose identity is already stored.
  ///
  /// - Parameter entries: Valid entries, with times in whole microseconds.
  /// - Returns: The identities skipped: already stored, or repeated within `entries` (the first
  ///   occurrence is added).
  /// - Throws: ``JournalError`` when the entries could not be stored; then none was added.
  func insert(_ entries: [JournalEntry]) throws(JournalError) -> Set<JournalEntry.ID>

  /// Stores entries from a backup in one transaction: each is added when its identity is not
  /// stored, replaces the stored entry when that one was updated earlier (by `updatedAt`), and is
  /// left out otherwise.
  ///
  /// Both of Haru's stores do this in one transaction. A store that does not implement it gets
  /// a default built from ``entry(_:)``, ``insert(_:)`` and ``update(_:_:)``: right for each
  /// entry, but one transaction per entry.
  ///
  /// - Parameter entries: Valid entries with distinct identities, times in whole microseconds.
  /// - Returns: What happened to each entry, in the order given.
  /// - Throws: ``JournalError`` when the entries could not be stored; then nothing changed.
  func merge(_ entries: [JournalEntry]) throws(JournalError) -> [JournalMergeOutcome]

  /// Changes one entry atomically.
  ///
  /// - Parameters:
  ///   - id: The entry to change.
  ///   - change: Makes the new entry from the stored one; called once, inside the write
  ///     transaction. Keep it short: it holds the store's write lock.
  /// - Returns: The stored entry before and after the change.
  /// - Throws: ``JournalError/Code/entryNotFound``; what `change` throws;
  ///   ``JournalError/Code/invalidEntry`` when `change` returns another identity; or a storage
  ///   failure. Nothing changes when it throws.
  func update(
    _ id: JournalEntry.ID, _ change: (JournalEntry) throws(JournalError) -> JournalEntry
  ) throws(JournalError) -> (old: JournalEntry, new: JournalEntry)

  /// Removes one entry.
  ///
  /// - Parameter id: The entry to remove.
  /// - Returns: The entry removed.
  /// - Throws: ``JournalError/Code/entryNotFound``, or a storage failure.
  func delete(_ id: JournalEntry.ID) throws(JournalError) -> JournalEntry

  /// Reads one entry.
  ///
  /// - Parameter id: The entry's identity.
  /// - Returns: The entry, or `nil` when none has that identity.
  /// - Throws: A storage failure, or ``JournalError/Code/corruptEntry``.
  func entry(_ id: JournalEntry.ID) throws(JournalError) -> JournalEntry?

  /// Reads entries of a list, newest first.
  ///
  /// - Parameters:
  ///   - list: Which entries.
  ///   - cursor: Return only entries strictly after this position; `nil` for the newest.
  ///   - limit: The most entries to return; at least 1.
  /// - Returns: At most `limit` entries, newest first.
  /// - Throws: A storage failure, or ``JournalError/Code/corruptEntry``.
  func entries(
    in list: JournalList, after cursor: JournalCursor?, limit: Int
  ) throws(JournalError) -> [JournalEntry]

  /// Finds the entries a query matches, newest first.
  ///
  /// - Parameters:
  ///   - query: The terms; every one must occur in an entry's brand, perfume name, notes or
  ///     sentence (see ``JournalSearchQuery/matches(_:)``). An empty query finds nothing.
  ///   - list: Which entries to look in: all, the favorites or one perfume's (see
  ///     ``JournalList/contains(_:)``).
  ///   - cursor: Return only entries strictly after this position; `nil` for the newest.
  ///   - limit: The most entries to return; at least 1.
  /// - Returns: At most `limit` matching entries, newest first.
  /// - Throws: A storage failure, or ``JournalError/Code/corruptEntry``.
  func search(
    _ query: JournalSearchQuery, in list: JournalList, after cursor: JournalCursor?, limit: Int
  ) throws(JournalError) -> [JournalEntry]

  /// Counts the entries of a list.
  ///
  /// - Parameter list: Which entries.
  /// - Returns: How many entries the list has.
  /// - Throws: A storage failure.
  func count(in list: JournalList) throws(JournalError) -> Int

  /// Summarises every perfume that has entries.
  ///
  /// - Returns: One summary per brand and perfume name, latest last day first, then by brand and
  ///   name.
  /// - Throws: A storage failure, or ``JournalError/Code/corruptEntry``.
  func perfumes() throws(JournalError) -> [PerfumeSummary]

  /// Tells which of some photo names an entry refers to.
  ///
  /// - Parameter names: Photo file names found on disk.
  /// - Returns: The names among them that some entry's `JournalEntry.photo` equals.
  /// - Throws: A storage failure.
  func referencedPhotos(among names: Set<PhotoName>) throws(JournalError) -> Set<PhotoName>
}

extension JournalStore {
  /// Merges entries one at a time, each in a transaction of its own; see ``merge(_:)``.
  ///
  /// - Parameter entries: Valid entries with distinct identities.
  /// - Returns: What happened to each entry, in the order given.
  /// - Throws: The first failure; the entries before it are stored.
  public func merge(_ entries: [JournalEntry]) throws(JournalError) -> [JournalMergeOutcome] {
    var outcomes: [JournalMergeOutcome] = []
    for entry in entries {
      if try self.entry(entry.id) == nil, try insert([entry]).isEmpty {
        outcomes.append(.added)
        continue
      }
      let change = try update(entry.id) { stored in
        stored.updatedAt < entry.updatedAt ? entry : stored
      }
      outcomes.append(
        change.old.updatedAt < entry.updatedAt ? .replaced(change.old) : .kept(change.old))
    }
    return outcomes
  }
}
