import Foundation
package import HaruModels

/// Newest-first order: day (later first), then creation time (later first), then the identity's
/// text (greater first), so that no two entries tie. The SQLite store orders by the same three
/// columns in the same directions.
package enum JournalOrder {
  /// Whether `a` comes before `b` in newest-first order.
  package static func isNewer(_ a: JournalEntry, than b: JournalEntry) -> Bool {
    isNewer((a.day, a.createdAt, a.id.description), than: b)
  }

  /// Whether a position comes before `entry` in newest-first order.
  static func isNewer(
    _ position: (day: CalendarDay, createdAt: Date, id: String), than entry: JournalEntry
  ) -> Bool {
    if position.day != entry.day { return position.day > entry.day }
    if position.createdAt != entry.createdAt { return position.createdAt > entry.createdAt }
    return position.id > entry.id.description
  }
}
