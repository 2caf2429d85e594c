public import Foundation
public import HaruModels

/// Where the next page of a list starts: just after an entry, in newest-first order.
///
/// Get a cursor from ``JournalPage/nextCursor`` and pass it back to ask for the next page. A cursor
/// is a position, not a reference to a row: it stays valid when its entry is edited or deleted,
/// and the next page then starts with the first entry older than that position.
///
/// Newest-first order compares ``day`` (later first), then ``createdAt`` (later first), then the
/// identity's text (greater first), so that no two entries tie. A ``JournalStore`` returns the
/// entries that come strictly after the cursor in that order.
public struct JournalCursor: Hashable, Sendable {
  /// The day of the entry the cursor follows.
  public let day: CalendarDay
  /// The creation time of the entry the cursor follows.
  public let createdAt: Date
  /// The identity of the entry the cursor follows.
  public let id: JournalEntry.ID

  /// A cursor just after an entry.
  ///
  /// - Parameter entry: The last entry of a page.
  public init(after entry: JournalEntry) {
    day = entry.day
    createdAt = entry.createdAt
    id = entry.id
  }

  /// Whether an entry comes after this cursor in newest-first order.
  package func precedes(_ entry: JournalEntry) -> Bool {
    JournalOrder.isNewer((day, createdAt, id.description), than: entry)
  }
}
