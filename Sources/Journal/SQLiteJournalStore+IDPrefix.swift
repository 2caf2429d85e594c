import Foundation
import HaruModels

// Finding entries by the start of their identity, for the command line's short IDs.
extension SQLiteJournalStore {
  /// The identities that start with `prefix`, in the order of their text, through the unique
  /// index on `entry.id`: a range of that index, never a scan of the table.
  ///
  /// - Parameters:
  ///   - prefix: Lowercase hexadecimal digits and hyphens, as ``JournalEntry/ID/description``
  ///     writes an identity (`JournalIDPrefix.isWellFormed`).
  ///   - limit: The most identities to return.
  /// - Returns: At most `limit` identities; rows whose identity is not a UUID are left out.
  /// - Throws: ``JournalError/Code/databaseFailure``.
  func entryIDs(startingWith prefix: String, limit: Int) throws(JournalError) -> [JournalEntry.ID] {
    guard limit > 0, JournalIDPrefix.isWellFormed(prefix) else { return [] }
    return try database.read { connection in
      try connection.withStatement(JournalIDPrefix.rangeSQL) { statement in
        try statement.bind(prefix, at: 1)
        try statement.bind(JournalIDPrefix.upperBound(of: prefix), at: 2)
        try statement.bind(limit, at: 3)
        var found: [JournalEntry.ID] = []
        while try statement.step() {
          if let uuid = UUID(uuidString: statement.text(at: 0)) {
            found.append(JournalEntry.ID(uuid))
          }
        }
        return found
      }
    }
  }
}

/// The rules of an identity's prefix, shared by SQLite's store and the scan of other stores.
enum JournalIDPrefix {
  /// Every identity in `[?1, ?2)`: with ``upperBound(of:)``, those that start with `?1`.
  static let rangeSQL = "SELECT id FROM entry WHERE id >= ?1 AND id < ?2 ORDER BY id LIMIT ?3"

  /// Whether `prefix` is made of what a stored identity is made of: `0`–`9`, `a`–`f` and `-`.
  static func isWellFormed(_ prefix: String) -> Bool {
    prefix.utf8.allSatisfy { byte in
      (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || byte == 0x2D
    }
  }

  /// The smallest text after every identity that starts with `prefix`: `g` sorts after each
  /// character an identity holds (`-`, digits, `a`–`f`), in SQLite's binary order as in UTF-8.
  static func upperBound(of prefix: String) -> String {
    prefix + "g"
  }
}
