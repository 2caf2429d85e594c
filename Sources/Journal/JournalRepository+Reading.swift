import Dispatch
import Foundation
public import HaruModels
import HaruShared

// Reading and paging: entries, pages of lists, searches, counts and the check of the file,
// on the read queue.
extension JournalRepository {
  /// Reads one entry.
  ///
  /// - Parameter id: The entry's identity.
  /// - Returns: The entry, or `nil` when there is none with that identity.
  /// - Throws: ``JournalError/Code/databaseFailure`` or ``JournalError/Code/corruptEntry``.
  @concurrent
  public func entry(_ id: JournalEntry.ID) async throws(JournalError) -> JournalEntry? {
    try await onReads { () throws(JournalError) in try self.store.entry(id) }
  }

  /// Reads a page of a list, newest first.
  ///
  /// ```swift
  /// var page = try await journal.entries(in: .all)
  /// while let next = page.nextCursor {
  ///   page = try await journal.entries(in: .all, after: next)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - list: Which entries.
  ///   - cursor: Where to continue: the previous page's ``JournalPage/nextCursor``; `nil` for the
  ///     first page.
  ///   - limit: The page size, `1...1000`; 50 by default.
  /// - Returns: The page.
  /// - Throws: ``JournalError/Code/invalidPageSize``, ``JournalError/Code/databaseFailure`` or
  ///   ``JournalError/Code/corruptEntry``.
  @concurrent
  public func entries(
    in list: JournalList, after cursor: JournalCursor? = nil, limit: Int = 50
  ) async throws(JournalError) -> JournalPage {
    try Self.checkPageSize(limit)
    let interrupter = ReadInterrupter()
    return try await onReads(interrupter) { () throws(JournalError) in
      try self.page(of: list, after: cursor, limit: limit, interrupter: interrupter)
    }
  }

  /// Searches the journal as a person types: a page of the entries that contain every word of
  /// `text`, newest first.
  ///
  /// The text is split at whitespace into terms, and an entry matches when each term occurs
  /// anywhere in its brand, perfume name, notes or sentence — also inside a word, so `장미` finds
  /// `들장미향이` and `rose` finds `Rose 31`. Latin letters match either case. Quotes, `*`, `-`,
  /// `AND` and the like are searched for as text. Text with no terms returns an empty page
  /// without reading the store.
  ///
  /// ```swift
  /// var page = try await journal.search("장미 머스크", in: .favorites)
  /// while let next = page.nextCursor {
  ///   page = try await journal.search("장미 머스크", in: .favorites, after: next)
  /// }
  /// let rose = Perfume(brand: "Le Labo", name: "Rose 31")
  /// let rainyDays = try await journal.search("비", in: .perfume(rose))
  /// ```
  ///
  /// - Parameters:
  ///   - text: What the person typed.
  ///   - list: Which entries to look in: all (the default), the favorites or one perfume's.
  ///   - cursor: Where to continue: the previous page's ``JournalPage/nextCursor`` for the same
  ///     text and list; `nil` for the first page.
  ///   - limit: The page size, `1...1000`; 50 by default.
  /// - Returns: The page of matching entries.
  /// - Throws: ``JournalError/Code/invalidPageSize``, ``JournalError/Code/databaseFailure`` or
  ///   ``JournalError/Code/corruptEntry``.
  @concurrent
  public func search(
    _ text: String, in list: JournalList = .all, after cursor: JournalCursor? = nil,
    limit: Int = 50
  ) async throws(JournalError) -> JournalPage {
    try Self.checkPageSize(limit)
    let query = JournalSearchQuery(text)
    guard !query.isEmpty else { return JournalPage(entries: [], nextCursor: nil) }
    let interrupter = ReadInterrupter()
    let rows = try await onReads(interrupter) { () throws(JournalError) -> JournalRows in
      // One more than the page tells whether another page follows.
      try self.capabilities.search(
        query, in: list, after: cursor, limit: limit + 1, interrupter: interrupter)
    }
    return Self.page(of: rows, limit: limit)
  }

  /// Counts the entries of a list.
  ///
  /// - Parameter list: Which entries.
  /// - Returns: How many entries the list has.
  /// - Throws: ``JournalError/Code/databaseFailure``.
  @concurrent
  public func count(in list: JournalList) async throws(JournalError) -> Int {
    try await onReads { () throws(JournalError) in try self.store.count(in: list) }
  }

  /// Lists every perfume in the journal with its number of entries and the last day it was
  /// smelled.
  ///
  /// - Returns: One summary per brand and perfume name, most recently smelled first, then by
  ///   brand and name.
  /// - Throws: ``JournalError/Code/databaseFailure``.
  @concurrent
  public func perfumes() async throws(JournalError) -> [PerfumeSummary] {
    try await onReads { () throws(JournalError) in try self.store.perfumes() }
  }

  /// Checks the whole database file and the search index's own structure, as after a crash of
  /// the disk or a copy that may have gone wrong.
  ///
  /// ```swift
  /// let result = try await journal.verify { fraction in show(progress: fraction) }
  /// if !result.isSound { warn(result.problems) }
  /// ```
  ///
  /// - Parameter progress: Called with the fraction done, from 0 to 1, on the repository's
  ///   reading queue.
  /// - Returns: What was found; ``JournalVerification/isSound`` when nothing.
  /// - Throws: A storage failure that kept the check from running, such as
  ///   ``JournalError/Code/busy``.
  /// - Complexity: Reads the whole file: O(n) in the journal's size.
  @concurrent
  public func verify(
    progress: @escaping @Sendable (Double) -> Void = { _ in }
  ) async throws(JournalError) -> JournalVerification {
    try await onReads { () throws(JournalError) in
      try self.capabilities.verify(progress: progress)
    }
  }

  /// Where an entry's photo is, or that its file is missing.
  ///
  /// - Parameter entry: An entry of this journal.
  /// - Returns: `nil` when the entry has no photo; ``JournalPhoto/stored(_:)`` with the file's
  ///   location; or ``JournalPhoto/missing(_:)`` when the file is not there, or is empty, as a
  ///   photo added moments before a power loss can be (show a placeholder).
  public func photo(of entry: JournalEntry) -> JournalPhoto? {
    guard let name = entry.photo else { return nil }
    return photos.isStored(name) ? .stored(photos.fileURL(for: name)) : .missing(name)
  }

  func page(
    of list: JournalList, after cursor: JournalCursor?, limit: Int,
    interrupter: ReadInterrupter?
  ) throws(JournalError) -> JournalPage {
    // One more than the page tells whether another page follows.
    let rows = try capabilities.entries(
      in: list, after: cursor, limit: limit + 1, interrupter: interrupter)
    return Self.page(of: rows, limit: limit)
  }

  /// A page of at most `limit` entries from rows read with a limit of `limit + 1`.
  private static func page(of rows: JournalRows, limit: Int) -> JournalPage {
    var entries = rows.entries
    // An unreadable row counts toward the one extra row that tells whether another page follows.
    guard entries.count + rows.unreadable.count > limit else {
      return JournalPage(entries: entries, nextCursor: nil, unreadable: rows.unreadable)
    }
    entries.removeLast(max(0, entries.count - limit))
    return JournalPage(
      entries: entries, nextCursor: entries.last.map(JournalCursor.init(after:)),
      unreadable: rows.unreadable)
  }
}
