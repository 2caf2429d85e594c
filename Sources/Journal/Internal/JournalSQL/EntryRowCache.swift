import Foundation
import HaruModels

/// Entries already read and validated, looked up by the exact bytes of their row.
///
/// Every entry read from the database goes through ``/HaruModels/JournalEntry``'s validating initializer, which
/// checks each character of the text fields; for a page of 50 entries that costs several times
/// more than reading the rows. Lists are read again and again (every observed list after every
/// write, every scroll back to the top), so a row whose bytes were validated before is served from
/// here. The key is the row itself, every column's type and bytes, so a cached entry is always
/// exactly what the row holds now, whoever changed the row in between.
final class EntryRowCache {
  private var entries: [RowBytes: JournalEntry] = [:]
  private let capacity: Int

  /// - Parameter capacity: The most rows kept. When full, the cache starts over, which keeps it
  ///   simple and its memory bounded (about a kilobyte per row).
  init(capacity: Int = 2_048) {
    self.capacity = capacity
  }

  /// The entry of the statement's current row: from the cache when the same row was read before,
  /// otherwise made by `make` and remembered.
  func entry(
    in statement: SQLiteStatement, columns: Int32,
    make: (SQLiteStatement) throws(JournalError) -> JournalEntry
  ) throws(JournalError) -> JournalEntry {
    let key = RowBytes(statement, columns: columns)
    if let cached = entries[key] { return cached }
    let entry = try make(statement)
    if entries.count >= capacity {
      entries.removeAll(keepingCapacity: true)
    }
    entries[key] = entry
    return entry
  }

  /// The number of cached rows, for tests.
  var count: Int { entries.count }
}

/// A row's columns as bytes: for each column its type, then its integer value or its length and
/// bytes.
struct RowBytes: Hashable {
  let bytes: [UInt8]

  init(_ statement: SQLiteStatement, columns: Int32) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(512)
    for column in 0..<columns {
      statement.appendRawValue(at: column, to: &bytes)
    }
    self.bytes = bytes
  }

  /// Hashes the bytes as one block; `Array`'s own hashing feeds them one by one, several times
  /// slower for a row of a few hundred bytes.
  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }

  static func == (lhs: RowBytes, rhs: RowBytes) -> Bool {
    lhs.bytes.withUnsafeBytes { left in
      rhs.bytes.withUnsafeBytes { right in
        guard left.count == right.count else { return false }
        guard let leftStart = left.baseAddress, let rightStart = right.baseAddress else {
          return true  // both empty
        }
        return memcmp(leftStart, rightStart, left.count) == 0
      }
    }
  }
}
