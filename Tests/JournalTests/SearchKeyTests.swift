import Foundation
import HaruJournal
import HaruJournalTesting
import HaruModels
import Testing

@testable import HaruJournal

/// The search index's keys: each entry's `search_key`, in its day's block (schema step 7).
struct SearchKeyTests {
  /// Every entry's search key in its day's block, distinct, so that the index's order is the
  /// order of days, newest first; and the index lists each entry under its search key.
  private func expectKeysFollowDays(
    in store: SQLiteJournalStore, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let rows = try store.database.read { connection in
      try connection.withStatement("SELECT search_key, day FROM entry ORDER BY search_key") {
        statement in
        var rows: [(key: Int64, day: Int64)] = []
        while try statement.step() { rows.append((statement.int64(at: 0), statement.int64(at: 1))) }
        return rows
      }
    }
    for row in rows {
      #expect(
        row.key >= SearchSQL.blockStart(of: row.day)
          && row.key < SearchSQL.blockStart(of: row.day - 1),
        "\(row)", sourceLocation: sourceLocation)
    }
    #expect(
      rows.map(\.day) == rows.map(\.day).sorted(by: >), "days newest first by search key",
      sourceLocation: sourceLocation)
    // Every entry holds the token of `오후`; the index lists exactly the search keys.
    let listed = try store.database.read { connection in
      try connection.withStatement(
        "SELECT rowid FROM entry_search WHERE entry_search MATCH '\"오후\"' ORDER BY rowid"
      ) { statement in
        var keys: [Int64] = []
        while try statement.step() { keys.append(statement.int64(at: 0)) }
        return keys
      }
    }
    #expect(listed == rows.map(\.key), sourceLocation: sourceLocation)
    #expect(try store.integrityCheck() == "ok", sourceLocation: sourceLocation)
  }

  @Test func everyWriteGivesAnEntryASearchKeyOfItsDay() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      // Days out of order, one at a time and in a batch, older and newer than those stored.
      var entries = try [3, -5, 0, 3, 12].enumerated().map { index, day in
        try Fixture.entry(day: day, created: Double(index), notes: "오후 \(index)")
      }
      for entry in entries.prefix(2) { _ = try store.insert([entry]) }
      _ = try store.insert(Array(entries.dropFirst(2)))
      try expectKeysFollowDays(in: store)
      // An entry moved to another day takes a search key of that day; one edited in its day
      // keeps its own.
      let moved = try Fixture.entry(id: entries[1].id, day: 7, created: 1, notes: "오후 moved")
      _ = try store.update(moved.id) { (_) throws(JournalError) in moved }
      entries[1] = moved
      let before = try Self.searchKey(of: entries[0].id, in: store)
      let edited = try Fixture.entry(id: entries[0].id, day: 3, notes: "오후 edited")
      _ = try store.update(edited.id) { (_) throws(JournalError) in edited }
      entries[0] = edited
      #expect(try Self.searchKey(of: edited.id, in: store) == before)
      try expectKeysFollowDays(in: store)
      // A restore's merge adds and replaces.
      let replaced = try JournalEntry(
        id: entries[2].id,
        draft: Fixture.draft(day: -9, notes: "오후 restored"), photo: nil,
        createdAt: entries[2].createdAt, updatedAt: entries[2].updatedAt.addingTimeInterval(60))
      // Two adds to the day the replaced entry moves to: the adds are one statement, after the
      // replacement, and take the keys after its key.
      let added = try [9.0, 10].map { try Fixture.entry(day: -9, created: $0, notes: "오후 added") }
      _ = try store.merge([added[0], replaced, added[1]])
      entries[2] = replaced
      entries += added
      let keys = try [replaced.id, added[0].id, added[1].id].map {
        try Self.searchKey(of: $0, in: store)
      }
      #expect(keys == keys.sorted() && Set(keys).count == 3, "\(keys)")
      try expectKeysFollowDays(in: store)
      _ = try store.delete(entries[3].id)
      entries.remove(at: 3)
      try expectKeysFollowDays(in: store)
      // Searches read the index in key order and find every entry, newest first.
      let found = try store.search(JournalSearchQuery("오후"), in: .all, after: nil, limit: 10)
      #expect(found == entries.sorted { ($0.day, $0.createdAt) > ($1.day, $1.createdAt) })
      #expect(
        try store.search(JournalSearchQuery("moved"), in: .all, after: nil, limit: 5) == [moved])
    }
  }

  @Test func aDayWithNoSearchKeyLeftRefusesTheWriteAndLosesNothing() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      let full = try Fixture.entry(day: 2, notes: "오후 last of its day")
      let other = try Fixture.entry(day: 1, notes: "오후 elsewhere")
      _ = try store.insert([other])
      // The last search key of the day's block, as if 2²⁰ entries had been added to it.
      try store.database.write { connection in
        try connection.withStatement(
          "INSERT INTO entry (search_key, \(EntrySQL.columns)) "
            + "VALUES (?11, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"
        ) { statement in
          try EntrySQL.bind(full, to: statement)
          let day = JournalDay.number(full.day)
          try statement.bind(SearchSQL.blockStart(of: day - 1) - 1, at: 11)
          try statement.run()
        }
      }
      let before = try store.entries(in: .all, after: nil, limit: 10)
      let refusedAdd = try Fixture.entry(day: 2, created: 5, notes: "오후 one too many")
      let batch = [try Fixture.entry(day: 0, notes: "오후 fine"), refusedAdd]
      for write in [{ _ = try store.insert(batch) }, { _ = try store.merge(batch) }] {
        #expect {
          try write()
        } throws: { error in
          let error = error as? JournalError
          return error?.code == .databaseFailure
            && error?.message.contains(JournalSchema.dayFullMessage) == true
        }
      }
      let moved = try Fixture.entry(id: other.id, day: 2, notes: "오후 moved")
      #expect(throws: JournalError.self) {
        _ = try store.update(moved.id) { (_) throws(JournalError) in moved }
      }
      #expect(try store.entries(in: .all, after: nil, limit: 10) == before)
      try expectKeysFollowDays(in: store)
      // Other days still take entries, one at a time and in a batch; the refused batches left
      // nothing staged behind.
      _ = try store.insert([batch[0]])
      let later = try [-1, -2].map { try Fixture.entry(day: $0, notes: "오후 later \($0)") }
      _ = try store.insert(later)
      #expect(try store.count(in: .all) == before.count + 3)
      #expect(
        Set(try store.entries(in: .all, after: nil, limit: 10).map(\.id))
          == Set((before + [batch[0]] + later).map(\.id)))
      try expectKeysFollowDays(in: store)
    }
  }

  @Test func aJournalOfSchemaVersionSixIsNumberedByDayAndIndexedAgain() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      let entries = try [0, -3, 0, 5, -3, 0].enumerated().map { index, day in
        try Fixture.entry(day: day, created: Double(10 - index), notes: "오후 금목서 \(index)")
      }
      do {
        let sixth = Migrator(migrations: Array(JournalSchema.migrations.prefix(6)))
        let store = try SQLiteJournalStore(fileURL: url, migrator: sixth)
        try insertAsEarlierVersions(entries, into: store)
      }
      let store = try SQLiteJournalStore(fileURL: url)
      #expect(
        try store.database.read { try $0.integer("PRAGMA user_version") }
          == Int64(JournalSchema.latestVersion))
      try expectKeysFollowDays(in: store)
      #expect(try !isInSeveralSegments(store))
      // In each day, the entries' keys follow the order they were added in.
      let today = try [0, 2, 5].map { try Self.searchKey(of: entries[$0].id, in: store) }
      #expect(today == today.sorted() && Set(today).count == 3)
      let newestFirst = entries.sorted { ($0.day, $0.createdAt) > ($1.day, $1.createdAt) }
      #expect(
        try store.search(JournalSearchQuery("ㄱㅁㅅ"), in: .all, after: nil, limit: 10)
          == newestFirst)
      // The new triggers keep the index in step; a writer that gives no search key, as versions
      // before step 7 did, is refused and changes nothing.
      let added = try Fixture.entry(day: -3, created: 20, notes: "오후 added")
      _ = try store.insert([added])
      try expectKeysFollowDays(in: store)
      #expect(throws: (any Error).self) {
        try insertAsEarlierVersions([try Fixture.entry(notes: "오후 old writer")], into: store)
      }
      #expect(try store.count(in: .all) == entries.count + 1)
    }
  }

  @Test(arguments: [EntrySQL.insert, EntrySQL.update])
  func aWriteFindsItsDaysNextKeyInTheIndexOfKeys(sql: String) throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      let plan = try store.database.read { connection in
        try connection.withStatement("EXPLAIN QUERY PLAN " + sql) { statement in
          var details: [String] = []
          while try statement.step() { details.append(statement.text(at: 3)) }
          return details
        }
      }
      #expect(plan.contains { $0.contains("USING COVERING INDEX entry_search_key") }, "\(plan)")
      #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
    }
  }

  /// An entry's search key, or -1 when it is not stored.
  static func searchKey(of id: JournalEntry.ID, in store: SQLiteJournalStore) throws -> Int64 {
    try store.database.read { connection in
      try connection.withStatement("SELECT search_key FROM entry WHERE id = ?1") { statement in
        try statement.bind(id.description, at: 1)
        return try statement.step() ? statement.int64(at: 0) : -1
      }
    }
  }
}
