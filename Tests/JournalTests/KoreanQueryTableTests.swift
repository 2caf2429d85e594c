import Foundation
import HaruModels
import HaruShared
import HaruTestSupport
import Testing

@testable import HaruJournal

/// The table of the Korean query rules that the place directory's tests run too, run against
/// the journal's matching and against a search of the SQLite store.
struct KoreanQueryTableTests {
  @Test(arguments: KoreanQueryCases.all)
  func theJournalMatchesAsTheSharedRuleSays(_ row: KoreanQueryCase) throws {
    let terms = JournalSearchQuery(row.query).foldedTerms
    #expect(
      SearchText.matches(terms, in: [Array(KoreanText.normalized(row.text).utf16)]) == row.matches)
  }

  @Test func theSQLiteStoreFindsWhatTheTableSays() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      let texts = Array(Set(KoreanQueryCases.all.map(\.text))).sorted()
      let entries = try texts.enumerated().map { index, text in
        try Fixture.entry(day: -index, brand: "b", perfumeName: "n", notes: text, sentence: "s")
      }
      _ = try store.insert(entries)
      for row in KoreanQueryCases.all {
        let found = try store.search(
          JournalSearchQuery(row.query), in: .all, after: nil, limit: 100)
        #expect(found.contains { $0.notes == row.text } == row.matches, "\(row)")
      }
    }
  }
}
