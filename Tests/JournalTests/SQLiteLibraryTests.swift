import Testing

@testable import HaruJournal

struct SQLiteLibraryTests {
  @Test func linkedLibraryIsSQLite3() throws {
    let parts = SQLiteLibrary.version.split(separator: ".").compactMap { Int($0) }
    #expect(parts.count >= 2)
    #expect(parts.first == 3)
    // FTS5 and `trigram` need 3.34 or later.
    #expect(try #require(parts.dropFirst().first) >= 34)
  }

  @Test func libraryHasWhatTheJournalNeeds() {
    #expect(SQLiteLibrary.hasFullTextSearch)
    #expect(SQLiteLibrary.isThreadSafe)
  }
}
