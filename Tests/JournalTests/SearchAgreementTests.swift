import Foundation
import HaruJournal
import HaruJournalTesting
import HaruModels
import Testing

@testable import HaruJournal

/// Random queries over generated entries, compared with ``SearchReference`` for every store and
/// for both ways the SQLite store can answer.
struct SearchAgreementTests {
  /// The stores compared: the SQLite store reading its index, and made to walk the newest-first
  /// list instead, so both ways are checked on every kind of query.
  enum Store: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory
    case sqlite
    case sqliteScanOnly

    var testDescription: String { rawValue }

    func make(in directory: URL) throws -> any JournalStore {
      let url = directory.appendingPathComponent("journal.sqlite")
      switch self {
      case .inMemory: return InMemoryJournalStore()
      case .sqlite: return try SQLiteJournalStore(fileURL: url)
      case .sqliteScanOnly: return try SQLiteJournalStore(fileURL: url, searchUsesIndex: false)
      }
    }

    /// Queries per store: 10,002 over the three together. `HARU_SEARCH_QUERIES` in the
    /// environment asks for more (or fewer) per store, for a longer check.
    var queryCount: Int {
      ProcessInfo.processInfo.environment["HARU_SEARCH_QUERIES"].flatMap { Int($0) } ?? 3_334
    }
  }

  @Test(arguments: Store.allCases)
  func randomQueriesFindWhatTheReferenceFindsInTheSameOrder(store kind: Store) throws {
    try withTemporaryDirectory { directory in
      let store = try kind.make(in: directory)
      var generator = SearchDataGenerator(seed: 2026)
      let entries = try generator.entries(count: 250)
      _ = try store.insert(entries)
      let reference = SearchReference.Prepared(entries)
      var checked = 0
      var nonEmpty = 0
      for _ in 0..<kind.queryCount {
        let text = generator.query(from: entries)
        let scope: JournalSearchScope =
          Int.random(in: 0..<4, using: &generator.random) == 0
          ? .favorites : .all
        let limit = Int.random(in: 1...30, using: &generator.random)
        let expected = SearchReference.search(text, in: scope, limit: limit, among: reference)
        let found = try store.search(JournalSearchQuery(text), in: scope, after: nil, limit: limit)
        #expect(found == expected, "\(text.debugDescription) in \(scope), limit \(limit)")
        // A second page, after the first page's last entry.
        if let last = expected.last, expected.count == limit {
          let cursor = JournalCursor(after: last)
          let next = try store.search(
            JournalSearchQuery(text), in: scope, after: cursor, limit: limit)
          #expect(
            next
              == SearchReference.search(
                text, in: scope, after: cursor, limit: limit, among: reference),
            "\(text.debugDescription) after a cursor")
        }
        checked += 1
        if !expected.isEmpty { nonEmpty += 1 }
      }
      #expect(checked == kind.queryCount)
      // The generated queries are a mix: most find something, some find nothing.
      #expect(nonEmpty > kind.queryCount / 2)
      #expect(nonEmpty < kind.queryCount)
    }
  }
}
