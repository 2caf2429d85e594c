public import HaruModels

/// One page of a list: entries newest first, and where the next page starts.
public struct JournalPage: Hashable, Sendable {
  /// The entries, newest first.
  public let entries: [JournalEntry]
  /// Where the next page starts, or `nil` when this page ends the list.
  public let nextCursor: JournalCursor?
  /// The stored rows of this page that no longer read as entries, one
  /// ``JournalError/Code/corruptEntry`` error each, with the row's ``JournalError/entryID``: they
  /// are left out of ``entries`` so the rest of the list still shows. Such a row can still be
  /// deleted with ``JournalRepository/deleteUnreadable(_:)``.
  public let unreadable: [JournalError]

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - entries: The entries, newest first.
  ///   - nextCursor: Where the next page starts, or `nil` at the end of the list.
  ///   - unreadable: The rows left out because they no longer read as entries.
  public init(
    entries: [JournalEntry], nextCursor: JournalCursor?, unreadable: [JournalError] = []
  ) {
    self.entries = entries
    self.nextCursor = nextCursor
    self.unreadable = unreadable
  }
}
