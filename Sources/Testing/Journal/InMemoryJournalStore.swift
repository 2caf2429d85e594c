public import HaruJournal
public import HaruModels
import HaruShared

/// A ``/HaruJournal/JournalStore`` that keeps entries in memory, for tests and previews.
///
/// It follows the same contract as the SQLite store (the same test suite runs against both), so a
/// repository behaves the same on top of it: validation, ordering, paging, perfume summaries and
/// photo bookkeeping. Nothing is written to disk and nothing survives the store.
///
/// ```swift
/// let journal = try JournalRepository(
///   store: InMemoryJournalStore(), directory: temporaryFolder, now: { fixedDate })
/// ```
public final class InMemoryJournalStore: JournalStore {
  private let entriesByID: LockedState<[JournalEntry.ID: JournalEntry]>

  /// Creates a store, empty or holding some entries.
  ///
  /// - Parameter entries: Entries to start with; a repeated identity keeps its first entry.
  public init(entries: [JournalEntry] = []) {
    var byID: [JournalEntry.ID: JournalEntry] = [:]
    for entry in entries where byID[entry.id] == nil {
      byID[entry.id] = entry
    }
    entriesByID = LockedState(byID)
  }

  /// Adds entries at once, skipping those whose identity is already stored.
  ///
  /// - Parameter entries: Valid entries.
  /// - Returns: The identities skipped: already stored, or repeated within `entries`.
  public func insert(_ entries: [JournalEntry]) -> Set<JournalEntry.ID> {
    entriesByID.withLock { stored in
      var skipped: Set<JournalEntry.ID> = []
      for entry in entries {
        if stored[entry.id] == nil {
          stored[entry.id] = entry
        } else {
          skipped.insert(entry.id)
        }
      }
      return skipped
    }
  }

  /// Stores entries from a backup at once: adds new identities, replaces entries updated
  /// earlier, keeps the others.
  ///
  /// - Parameter entries: Valid entries with distinct identities.
  /// - Returns: What happened to each entry, in the order given.
  public func merge(_ entries: [JournalEntry]) -> [JournalMergeOutcome] {
    entriesByID.withLock { stored in
      entries.map { entry in
        guard let old = stored[entry.id] else {
          stored[entry.id] = entry
          return .added
        }
        guard old.updatedAt < entry.updatedAt else { return .kept(old) }
        stored[entry.id] = entry
        return .replaced(old)
      }
    }
  }

  /// Changes one entry atomically.
  ///
  /// - Parameters:
  ///   - id: The entry to change.
  ///   - change: Makes the new entry from the stored one; called once, under the store's lock.
  /// - Returns: The stored entry before and after the change.
  /// - Throws: `JournalError.Code.entryNotFound`, what `change` throws, or
  ///   `JournalError.Code.invalidEntry` when `change` returns another identity.
  public func update(
    _ id: JournalEntry.ID, _ change: (JournalEntry) throws(JournalError) -> JournalEntry
  ) throws(JournalError) -> (old: JournalEntry, new: JournalEntry) {
    try entriesByID.withLock { (stored) throws(JournalError) -> (JournalEntry, JournalEntry) in
      guard let old = stored[id] else { throw Self.notFound(id) }
      let new = try change(old)
      guard new.id == id else {
        throw JournalError(
          .invalidEntry, message: "An update cannot change an entry's identity.", field: "id",
          entryID: id)
      }
      stored[id] = new
      return (old, new)
    }
  }

  /// Removes one entry.
  ///
  /// - Parameter id: The entry to remove.
  /// - Returns: The entry removed.
  /// - Throws: `JournalError.Code.entryNotFound`.
  public func delete(_ id: JournalEntry.ID) throws(JournalError) -> JournalEntry {
    try entriesByID.withLock { (stored) throws(JournalError) -> JournalEntry in
      guard let old = stored.removeValue(forKey: id) else { throw Self.notFound(id) }
      return old
    }
  }

  /// Reads one entry.
  ///
  /// - Parameter id: The entry's identity.
  /// - Returns: The entry, or `nil` when none has that identity.
  public func entry(_ id: JournalEntry.ID) -> JournalEntry? {
    entriesByID.withLock { $0[id] }
  }

  /// Reads entries of a list, newest first.
  ///
  /// - Parameters:
  ///   - list: Which entries.
  ///   - cursor: Return only entries strictly after this position; `nil` for the newest.
  ///   - limit: The most entries to return.
  /// - Returns: At most `limit` entries, newest first.
  public func entries(
    in list: JournalList, after cursor: JournalCursor?, limit: Int
  ) -> [JournalEntry] {
    guard limit > 0 else { return [] }
    let matching = entriesByID.withLock { stored in
      stored.values.filter { entry in
        list.contains(entry) && (cursor?.precedes(entry) ?? true)
      }
    }
    return Array(matching.sorted(by: JournalOrder.isNewer).prefix(limit))
  }

  /// Finds the entries a query matches, newest first, by testing every entry.
  ///
  /// - Parameters:
  ///   - query: The terms; an empty query finds nothing.
  ///   - list: Which entries to look in: all, the favorites or one perfume's.
  ///   - cursor: Return only entries strictly after this position; `nil` for the newest.
  ///   - limit: The most entries to return.
  /// - Returns: At most `limit` matching entries, newest first.
  public func search(
    _ query: JournalSearchQuery, in list: JournalList, after cursor: JournalCursor?, limit: Int
  ) -> [JournalEntry] {
    guard limit > 0, !query.isEmpty else { return [] }
    let matching = entriesByID.withLock { stored in
      stored.values.filter { entry in
        list.contains(entry) && (cursor?.precedes(entry) ?? true) && query.matches(entry)
      }
    }
    return Array(matching.sorted(by: JournalOrder.isNewer).prefix(limit))
  }

  /// Counts the entries of a list.
  ///
  /// - Parameter list: Which entries.
  /// - Returns: How many entries the list has.
  public func count(in list: JournalList) -> Int {
    entriesByID.withLock { stored in stored.values.count(where: list.contains) }
  }

  /// Summarises every perfume that has entries.
  ///
  /// - Returns: One summary per brand and perfume name, latest last day first, then by brand and
  ///   name (compared by their UTF-8 bytes, as SQLite does).
  public func perfumes() -> [PerfumeSummary] {
    let all = entriesByID.withLock { Array($0.values) }
    var summaries: [PerfumeKey: (count: Int, lastDay: CalendarDay)] = [:]
    for entry in all {
      let key = PerfumeKey(brand: Array(entry.brand.utf8), name: Array(entry.perfumeName.utf8))
      let current = summaries[key]
      summaries[key] = (
        (current?.count ?? 0) + 1, max(current?.lastDay ?? entry.day, entry.day)
      )
    }
    return
      summaries
      .sorted { a, b in
        if a.value.lastDay != b.value.lastDay { return a.value.lastDay > b.value.lastDay }
        if a.key.brand != b.key.brand { return a.key.brand.lexicographicallyPrecedes(b.key.brand) }
        return a.key.name.lexicographicallyPrecedes(b.key.name)
      }
      .map { key, value in
        PerfumeSummary(
          perfume: Perfume(
            brand: String(decoding: key.brand, as: UTF8.self),
            name: String(decoding: key.name, as: UTF8.self)),
          entryCount: value.count, lastDay: value.lastDay)
      }
  }

  /// Tells which of some photo names an entry refers to.
  ///
  /// - Parameter names: Photo file names.
  /// - Returns: The names among them that some entry refers to.
  public func referencedPhotos(among names: Set<PhotoName>) -> Set<PhotoName> {
    let photos = entriesByID.withLock { stored in Set(stored.values.compactMap(\.photo)) }
    return names.intersection(photos)
  }

  /// Brand and name by their exact UTF-8 bytes: two spellings that Swift's `String` treats as
  /// equal (composed and decomposed Hangul, say) are different perfumes to SQLite, and here.
  private struct PerfumeKey: Hashable {
    let brand: [UInt8]
    let name: [UInt8]
  }

  private static func notFound(_ id: JournalEntry.ID) -> JournalError {
    JournalError(
      .entryNotFound, message: "No journal entry has the identity \(id); it may have been deleted.",
      entryID: id)
  }
}
