public import HaruModels

/// One page of a list: entries newest first, and where the next page starts.
public struct JournalPage: Hashable, Sendable {
  /// The entries, newest first.
  public let entries: [JournalEntry]
  /// Where the next page starts, or `nil` when this page ends the list.
  public let nextCursor: JournalCursor?

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - entries: The entries, newest first.
  ///   - nextCursor: Where the next page starts, or `nil` at the end of the list.
  public init(entries: [JournalEntry], nextCursor: JournalCursor?) {
    self.entries = entries
    self.nextCursor = nextCursor
  }
}
