import Foundation
import HaruJournal
import HaruJournalTesting
import HaruModels
import Testing

@testable import HaruJournal

/// What only the SQLite store's search has: the index, its triggers and its migration.
struct SearchSQLiteTests {
  /// Schema version 3 indexes folded text: a journal made by version 2, whose index knew only
  /// the text as written, is indexed again when opened, in one transaction.
  @Test func aJournalOfSchemaVersionTwoIsIndexedAgainOnFoldedText() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      let entries = try [
        Fixture.entry(brand: "HERMÈS", notes: "금목서향이 가을 같다"),
        Fixture.entry(
          created: 1, brand: "ＣＨＡＮＥＬ", notes: "장미".decomposedStringWithCanonicalMapping),
      ]
      do {
        let second = Migrator(migrations: Array(JournalSchema.migrations.prefix(2)))
        let store = try SQLiteJournalStore(fileURL: url, migrator: second)
        try insertAsEarlierVersions(entries, into: store)
        // Version 2 indexed the text as written; nothing of the folded index may be left over
        // for the new step to lean on.
        try store.database.write { connection in
          try connection.execute("INSERT INTO entry_search (entry_search) VALUES ('delete-all')")
        }
        #expect(try store.database.read { try $0.integer("PRAGMA user_version") } == 2)
      }
      let store = try SQLiteJournalStore(fileURL: url)
      #expect(
        try store.database.read { try $0.integer("PRAGMA user_version") }
          == Int64(JournalSchema.latestVersion))
      try expectSearches(
        [
          ("hermes", [entries[0]]), ("ㄱㅁㅅ", [entries[0]]), ("금몫", [entries[0]]),
          ("chanel", [entries[1]]), ("장미", [entries[1], entries[0]]),
        ], in: store)
      #expect(try store.integrityCheck() == "ok")
      // The triggers of the new step keep the index in step with edits.
      let edited = try Fixture.entry(id: entries[0].id, brand: "Aesop", notes: "바닐라")
      _ = try store.update(edited.id) { (_) throws(JournalError) in edited }
      #expect(try store.search(JournalSearchQuery("ㄱㅁㅅ"), in: .all, after: nil, limit: 5).isEmpty)
      #expect(try store.integrityCheck() == "ok")
    }
  }

  @Test func aJournalOfSchemaVersionFourIsIndexedAgainWithTrigramsAndVowels() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      let entries = try [
        Fixture.entry(notes: "anemone, rose and amber"),
        Fixture.entry(created: 1, notes: "지속력이 약함, 오일향"),
      ]
      let store = try reopened(url, madeBy: 4, holding: entries)
      #expect(
        try store.database.read { try $0.integer("PRAGMA user_version") }
          == JournalSchema.latestVersion)
      #expect(try !isInSeveralSegments(store))
      // Every pair of `anerose` is in the first entry, none of its trigrams.
      #expect(try candidates(for: "anerose", in: store) == 0)
      // `오일` gives the follow token 오 ㅇ; no `이` is followed by an ㅇ syllable, which the
      // first-key pair ㅇ ㅇ of step 4 did not tell apart.
      #expect(try listed(SearchText.followToken(0xC624, followedBy: 0x3147), in: store) == 1)
      #expect(try listed(SearchText.followToken(0xC774, followedBy: 0x3147), in: store) == 0)
      try expectSearches(
        [
          ("anemo", [entries[0]]), ("nd", [entries[0]]), ("ㅈㅅㄹ", [entries[1]]),
          ("지속력이", [entries[1]]), ("오이", [entries[1]]), ("anerose", []),
        ], in: store)
      _ = try store.delete(entries[0].id)
      #expect(try store.integrityCheck() == "ok")
      #expect(try candidates(for: "anemo", in: store) == 0)
    }
  }

  @Test func aJournalOfSchemaVersionThreeIsIndexedAgainWithPunctuationPairs() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      let entries = try [
        Fixture.entry(brand: "Chanel", perfumeName: "No.5", notes: "알데하이드"),
        Fixture.entry(created: 1, notes: "nearly (두 시간)"),
      ]
      let store = try reopened(url, madeBy: 3, holding: entries)
      let schema = try store.database.read { connection in
        try connection.withStatement(
          "SELECT sql FROM sqlite_master WHERE name = 'entry_search'"
        ) { statement in try statement.step() ? statement.text(at: 0) : "" }
      }
      #expect(schema.contains("tokenize = 'ascii'") && !schema.contains("prefix"))
      #expect(try !isInSeveralSegments(store))
      try expectSearches(
        [
          ("no.5", [entries[0]]), ("o.5", [entries[0]]), ("(두", [entries[1]]),
          ("y (", [entries[1]]), ("no.", [entries[0]]), ("near(", []),
        ], in: store)
      #expect(try candidates(for: "no.5", in: store) == 1)
      // Rows indexed by the old step are gone: the new text deletes what the new step wrote.
      _ = try store.delete(entries[0].id)
      let edited = try Fixture.entry(id: entries[1].id, created: 1, notes: "바닐라")
      _ = try store.update(edited.id) { (_) throws(JournalError) in edited }
      #expect(try store.integrityCheck() == "ok")
      #expect(try candidates(for: "(두", in: store) == 0)
    }
  }

  @Test func aDatabaseMadeBeforeSearchIsIndexedWhenOpened() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      let entries = try [
        Fixture.entry(notes: "금목서향이 가을 같다"),
        Fixture.entry(created: 1, notes: "Rose 31", isFavorite: true),
      ]
      let store = try reopened(url, madeBy: 1, holding: entries)
      #expect(
        try store.database.read { try $0.integer("PRAGMA user_version") }
          == Int64(JournalSchema.latestVersion))
      #expect(
        try store.search(JournalSearchQuery("목서"), in: .all, after: nil, limit: 5) == [entries[0]])
      #expect(
        try store.search(JournalSearchQuery("ROSE"), in: .favorites, after: nil, limit: 5) == [
          entries[1]
        ])
      // The migration and the triggers list an entry under the same key.
      let added = try Fixture.entry(day: -2, notes: "금목서 두 번째")
      _ = try store.insert([added])
      #expect(
        try indexKeys(for: "목서", in: store)
          == expectedKeys(in: store, ids: [entries[0].id, added.id]))
      // An edit of a migrated entry takes its old key out.
      let edited = try Fixture.entry(id: entries[0].id, notes: "바닐라")
      _ = try store.update(edited.id) { (_) throws(JournalError) in edited }
      #expect(try indexKeys(for: "목서", in: store) == expectedKeys(in: store, ids: [added.id]))
      #expect(try store.integrityCheck() == "ok")
    }
  }

  @Test func theIndexFollowsEveryWriteInTheSameTransaction() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      let store = try SQLiteJournalStore(fileURL: url, searchUsesIndex: true)
      // The queries end in a space, so nothing is half-typed: they ask only for their pairs.
      let entry = try Fixture.entry(notes: "비누향")
      _ = try store.insert([entry])
      #expect(try candidates(for: "비누 ", in: store) == 1)
      let replacement = try Fixture.entry(id: entry.id, notes: "바닐라")
      _ = try store.update(entry.id) { (_) throws(JournalError) in replacement }
      #expect(try candidates(for: "비누 ", in: store) == 0)
      #expect(try candidates(for: "바닐 ", in: store) == 1)
      // A failed update leaves the index as it was.
      _ = try? store.update(entry.id) { (_) throws(JournalError) in
        throw JournalError(.invalidEntry, message: "no")
      }
      #expect(try candidates(for: "바닐 ", in: store) == 1)
      _ = try store.delete(entry.id)
      #expect(try candidates(for: "바닐 ", in: store) == 0)
      #expect(try store.search(JournalSearchQuery("바닐"), in: .all, after: nil, limit: 5).isEmpty)
    }
  }

  @Test func anEntryMovedToAnotherDayIsFoundInItsNewPlace() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      let store = try SQLiteJournalStore(fileURL: url)
      // Inserted newest first, so that insertion order and newest-first order disagree.
      let entries = try (0..<6).map { index in
        try Fixture.entry(day: -index, created: Double(index), notes: "비누향 \(index)")
      }
      _ = try store.insert(entries)
      let moved = try Fixture.entry(
        id: entries[4].id, day: 1, created: 4, notes: entries[4].notes)
      _ = try store.update(moved.id) { (_) throws(JournalError) in moved }
      let expected = [moved, entries[0], entries[1], entries[2], entries[3], entries[5]]
      #expect(try candidates(for: "비누", in: store) == 6)
      #expect(
        try store.search(JournalSearchQuery("비누"), in: .all, after: nil, limit: 10) == expected)
      // Page by page, across the days.
      var found: [JournalEntry] = []
      var cursor: JournalCursor?
      repeat {
        let page = try store.search(JournalSearchQuery("비누"), in: .all, after: cursor, limit: 2)
        found += page
        cursor = page.count == 2 ? page.last.map { JournalCursor(after: $0) } : nil
      } while cursor != nil
      #expect(found == expected)
      #expect(try store.integrityCheck() == "ok")
    }
  }

  @Test func aChangeOfDayWithoutASearchKeyOfThatDayIsRefused() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      let older = try Fixture.entry(day: -1, notes: "비누향")
      let newer = try Fixture.entry(day: 0, notes: "비누향")
      _ = try store.insert([older, newer])
      #expect(throws: JournalError.self) {
        try store.database.write { connection in
          try connection.execute("UPDATE entry SET day = day + 5 WHERE id = '\(older.id)'")
        }
      }
      let found = try store.search(JournalSearchQuery("비누"), in: .all, after: nil, limit: 2)
      #expect(found.map(\.id) == [newer.id, older.id])
      #expect(
        try indexKeys(for: "비누", in: store) == expectedKeys(in: store, ids: [older.id, newer.id]))
    }
  }

  @Test func theIndexIsReadInKeyOrderWithoutSorting() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      for favoritesOnly in [false, true] {
        for afterCursor in [false, true] {
          let sql = SearchSQL.indexed(favoritesOnly: favoritesOnly, afterCursor: afterCursor)
          let plan = try queryPlan(sql, in: store)
          #expect(plan.contains { $0.contains("entry_search") }, "\(plan)")
          #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        }
      }
    }
  }

  @Test(arguments: [JournalList.all, .favorites, .perfume(Perfume(brand: "a", name: "b"))])
  func everyListIsReadFromItsIndexWithoutSorting(list: JournalList) throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      for afterCursor in [false, true] {
        let plan = try queryPlan(EntrySQL.page(list, afterCursor: afterCursor), in: store)
        #expect(plan.contains { $0.contains("INDEX entry_") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
      }
    }
  }

  @Test func aCommonTermStopsReadingOnceThePageIsFull() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      // 1,000 matches over 100 days.
      let entries = try (0..<1_000).map { index in
        try Fixture.entry(day: -(index % 100), created: Double(index), notes: "장미향 \(index)")
      }
      _ = try store.insert(entries)
      let sql = SearchSQL.indexed(favoritesOnly: false, afterCursor: false)
      // Three characters: through the index, with no walk first.
      func steps(limit: Int) throws -> Int {
        let before = try store.database.read { try $0.prepared(sql).virtualMachineSteps }
        let found = try store.search(JournalSearchQuery("장미향"), in: .all, after: nil, limit: limit)
        #expect(found.count == limit)
        return try store.database.read { try $0.prepared(sql).virtualMachineSteps } - before
      }
      let page = try steps(limit: 10)
      let everything = try steps(limit: 1_000)
      // A page of 10 reads the newest day or two (10 entries a day), not the 100 days.
      #expect(page * 20 < everything, "\(page) steps for a page, \(everything) for all")
    }
  }

  @Test func theIndexStaysSmall() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      var generator = SearchDataGenerator(seed: 99)
      let entries = try generator.entries(count: 2_000)
      _ = try store.insert(entries)
      let (indexBytes, textBytes) = try store.database.read { connection in
        (
          try connection.integer(
            "SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'entry_search%'"),
          try connection.integer(
            "SELECT sum(length(CAST(brand || perfume_name || notes || sentence AS BLOB))) FROM entry"
          )
        )
      }
      #expect(indexBytes > 0)
      // Each entry is listed under a key that holds its day (so that search can stop early),
      // which makes the index about twice the text here: a bound that catches it growing out of
      // hand, as it did when entries were indexed in random day order (three times the text).
      // Hangul characters are listed once more by their first keys, for 초성 and half-typed
      // syllables.
      #expect(Double(indexBytes) < Double(textBytes) * 3)
    }
  }

  @Test(arguments: [
    "\"", "*", "AND", "NOT", "NEAR(", "brand:x", "-", ")", "\"\"*", "(\"a\" OR b)", "\\",
  ])
  func indexQueriesNeverFailOnQuerySyntax(text: String) throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"), searchUsesIndex: true)
      let entry = try Fixture.entry(notes: "x \(text) y")
      _ = try store.insert([entry])
      #expect(try store.search(JournalSearchQuery(text), in: .all, after: nil, limit: 5) == [entry])
    }
  }

  /// The details of SQLite's plan for a statement, one line per step.
  private func queryPlan(_ sql: String, in store: SQLiteJournalStore) throws -> [String] {
    try store.database.read { connection in
      try connection.withStatement("EXPLAIN QUERY PLAN " + sql) { statement in
        var details: [String] = []
        while try statement.step() { details.append(statement.text(at: 3)) }
        return details
      }
    }
  }

  /// The index keys listed for some text, in the order a search reads them.
  private func indexKeys(for text: String, in store: SQLiteJournalStore) throws -> [Int64] {
    return try store.database.read { connection in
      guard let match = SQLiteJournalStore.indexQuery(JournalSearchQuery(text)) else {
        return []
      }
      return try connection.withStatement(
        "SELECT rowid FROM entry_search WHERE entry_search MATCH ?1 ORDER BY rowid"
      ) { statement in
        try statement.bind(match, at: 1)
        var keys: [Int64] = []
        while try statement.step() { keys.append(statement.int64(at: 0)) }
        return keys
      }
    }
  }

  /// The search keys of some stored entries, lowest first: the keys the index lists them under.
  private func expectedKeys(in store: SQLiteJournalStore, ids: [JournalEntry.ID]) throws -> [Int64]
  {
    try store.database.read { connection in
      try ids.map { id in
        try connection.withStatement("SELECT search_key FROM entry WHERE id = ?1") { statement in
          try statement.bind(id.description, at: 1)
          guard try statement.step() else { return -1 }
          return statement.int64(at: 0)
        }
      }
    }.sorted()
  }
}

/// The repository's search: page sizes, cursors, and empty text.
struct SearchRepositoryTests {
  @Test(arguments: StoreKind.allCases)
  func pagesOfASearchFollowOneAnotherToTheEnd(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      for index in 0..<12 {
        _ = try await journal.add(
          Fixture.draft(
            day: -index, notes: index.isMultiple(of: 2) ? "장미향" : "머스크", sentence: "오늘의 향"))
      }
      var page = try await journal.search("장미", limit: 4)
      var seen = page.entries
      while let next = page.nextCursor {
        page = try await journal.search("장미", after: next, limit: 4)
        seen += page.entries
      }
      #expect(seen.count == 6)
      #expect(seen == seen.sorted(by: SearchReference.newestFirst))
      #expect(seen.allSatisfy { $0.notes == "장미향" })
    }
  }

  @Test(arguments: [0, -1, 1001])
  func aPageSizeOutsideTheRangeIsRefused(limit: Int) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try StoreKind.inMemory.makeRepository(in: directory)
      let error = await #expect(throws: JournalError.self) {
        _ = try await journal.search("장미", limit: limit)
      }
      #expect(error?.code == .invalidPageSize)
    }
  }

  @Test(arguments: ["", "   ", "\n\t"])
  func emptyTextReturnsAnEmptyPageWithoutAskingTheStore(text: String) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try JournalRepository(store: FailingReadsStore(), directory: directory)
      let page = try await journal.search(text)
      #expect(page.entries.isEmpty)
      #expect(page.nextCursor == nil)
      // The same store fails a real search, so the empty page did not come from it.
      await #expect(throws: JournalError.self) { _ = try await journal.search("장미") }
    }
  }
}

/// The search index merged into one segment after a large write.
struct SearchIndexMergeTests {
  @Test func aLargeWriteMergesTheIndexIntoOneSegmentAndSmallOnesDoNot() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"), searchUsesIndex: true)
      // FTS5 writes each transaction's index as a segment of its own.
      let small = try (0..<3).map { try Fixture.entry(day: -$0, notes: "비누향 \($0)") }
      for entry in small { _ = try store.insert([entry]) }
      #expect(try isInSeveralSegments(store))

      let large = try (0..<SearchSQL.largeWrite).map { index in
        try Fixture.entry(day: -(index % 30), created: Double(index), notes: "장미 \(index)")
      }
      _ = try store.insert(large)
      #expect(try !isInSeveralSegments(store))
      let pendingLimit = try store.database.read { connection in
        try connection.integer("SELECT v FROM entry_search_config WHERE k = 'hashsize'")
      }
      #expect(pendingLimit == 32 * 1024 * 1024, "a large write holds more before it writes out")
      #expect(try store.integrityCheck() == "ok")
      let found = try store.search(JournalSearchQuery("비누향"), in: .all, after: nil, limit: 5)
      #expect(Set(found.map(\.id)) == Set(small.map(\.id)), "the merged index finds the same")
      let one = try store.search(JournalSearchQuery("장미 123"), in: .all, after: nil, limit: 50)
      #expect(one.map(\.id) == [large[123].id])

      // A write below the threshold, or small next to the journal, leaves the segments alone.
      _ = try store.insert([Fixture.entry(notes: "목서")])
      #expect(try isInSeveralSegments(store))
      let merged = try store.database.write { connection in
        (
          try SearchSQL.mergeIndexAfterLargeWrite(
            added: SearchSQL.largeWrite - 1, in: connection),
          // 1,004 entries: a write of 251 is a quarter of them, but below the threshold.
          try SearchSQL.mergeIndexAfterLargeWrite(added: 251, in: connection)
        )
      }
      #expect(merged == (false, false))
      #expect(try isInSeveralSegments(store))

      let more = try (0..<(3 * SearchSQL.largeWrite)).map { index in
        try Fixture.entry(day: -(index % 30), created: Double(index), notes: "목서 \(index)")
      }
      _ = try store.insert(more)
      #expect(try !isInSeveralSegments(store))
      _ = try store.insert([Fixture.entry(notes: "무화과")])
      // 4,005 entries: a write of 1,000 is less than a quarter of them.
      let quarter = try store.database.write { connection in
        try SearchSQL.mergeIndexAfterLargeWrite(added: SearchSQL.largeWrite, in: connection)
      }
      #expect(!quarter)
      #expect(try isInSeveralSegments(store))
    }
  }

  @Test func anArchiveImportOfALargeJournalEndsWithTheIndexInOneSegment() async throws {
    try await withTemporaryDirectory { directory in
      let source = try JournalRepository(
        directory: directory.appendingPathComponent("source", isDirectory: true))
      // More entries than one batch of the archive import holds.
      let count = JournalRepository.archiveBatchSize + SearchSQL.largeWrite
      let tsv = (0..<count).map { index in
        "\(UUID().uuidString)\t2026-11-\(10 + index % 20)\tLe Labo\tRose \(index)\t장미 \(index)\t"
          + "문장\t0"
      }.joined(separator: "\n")
      let imported = try await source.importEntries(fromTSV: Data(tsv.utf8))
      #expect(imported.importedCount == count)
      let archive = directory.appendingPathComponent("backup", isDirectory: true)
      _ = try await source.export(to: archive)

      let target = directory.appendingPathComponent("target", isDirectory: true)
      let restored = try JournalRepository(directory: target)
      let report = try await restored.import(archive: archive)
      #expect(report.addedCount == count)
      let store = try SQLiteJournalStore(
        fileURL: target.appendingPathComponent(JournalRepository.databaseFileName))
      #expect(try !isInSeveralSegments(store))
      #expect(try store.integrityCheck() == "ok")
      #expect(try await restored.search("rose 2999").entries.count == 1)
    }
  }

  @Test func aBatchIsIndexedAsOneSegmentWithTheKeysOneAtATimeWouldGive() throws {
    try withTemporaryDirectory { directory in
      let batched = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("batched.sqlite"))
      let single = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("single.sqlite"))
      // Fewer than `largeWrite`, so no merge follows the write: SQLite opens a savepoint around
      // every statement that fires triggers, and FTS5 writes a segment at each, so entries added
      // one statement each would leave a segment each.
      let entries = try (0..<200).map { index in
        try Fixture.entry(day: -(index % 7), created: Double(index), notes: "장미 \(index)")
      }
      _ = try batched.insert(entries)
      #expect(try !isInSeveralSegments(batched))
      let restored = try (0..<100).map { index in
        try Fixture.entry(day: index % 5, created: Double(index), notes: "목서 \(index)")
      }
      let outcomes = try batched.merge(restored + [entries[3]])
      #expect(outcomes.filter { $0 == .added }.count == restored.count)
      #expect(try isInSeveralSegments(batched))

      // The same entries one at a time, in the order a batch gives keys: newest day first, then
      // oldest first.
      let newestDayFirst = { (a: JournalEntry, b: JournalEntry) in
        (a.day, b.createdAt) > (b.day, a.createdAt)
      }
      for entry in entries.sorted(by: newestDayFirst) { _ = try single.insert([entry]) }
      for entry in restored.sorted(by: newestDayFirst) { _ = try single.insert([entry]) }
      #expect(try batched.count(in: .all) == entries.count + restored.count)
      #expect(try single.count(in: .all) == entries.count + restored.count)
      for entry in entries + restored {
        let key = try SearchKeyTests.searchKey(of: entry.id, in: batched)
        let keyOneAtATime = try SearchKeyTests.searchKey(of: entry.id, in: single)
        #expect(key >= 0 && key == keyOneAtATime)
      }
      #expect(try batched.integrityCheck() == "ok")
      let found = try batched.search(JournalSearchQuery("목서 42"), in: .all, after: nil, limit: 5)
      #expect(found.map(\.id) == [restored[42].id])
      let staged = try batched.database.write { connection in
        try connection.integer("SELECT count(*) FROM temp.staged_entry")
      }
      #expect(staged == 0, "the staging table is emptied in the write")
    }
  }
}

/// The search index's segments merged once the writes pause.
struct SearchIndexUpkeepTests {
  @Test func singleAddsLeaveFewSegmentsOnceTheWritesPauseAndTheIndexStillFindsEveryEntry()
    async throws
  {
    // The same adds with the upkeep an hour away, and 20 ms away.
    for (delay, merges) in [(Duration.seconds(3600), false), (.milliseconds(20), true)] {
      try await withTemporaryDirectory { directory in
        var options = JournalRepository.Options()
        options.indexIdleDelay = delay
        let journal = try JournalRepository(directory: directory, options: options)
        var added: [JournalEntry] = []
        for index in 0..<40 {
          added.append(
            try await journal.add(
              Fixture.draft(
                day: -(index % 7), perfumeName: "Rose \(index)", notes: "금목서향 #\(index)#")))
        }
        if merges {
          // Waited for on a thread of its own, not one of the cooperative pool.
          await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
              journal.waitForIndexUpkeep()
              continuation.resume()
            }
          }
        }
        let store = try #require(journal.store as? SQLiteJournalStore)
        if merges {
          #expect(try !store.mergeIndexSegments(), "no level of the index holds two segments")
        } else {
          // What FTS5's own merging leaves: the case the upkeep is for.
          #expect(try isInSeveralSegments(store))
        }
        for index in [0, 17, 39] {
          let found = try await journal.search("ㄱㅁㅅ #\(index)#").entries
          #expect(found.map(\.id) == [added[index].id], "entry \(index), merged: \(merges)")
        }
        #expect(try await journal.search("금목서").entries.count == 40)
        #expect(try await journal.verify().isSound)
      }
    }
  }

  @Test func aRepositoryMergesAnIndexThatOthersLeftInManySegmentsSoonAfterItOpens() async throws {
    try await withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent(JournalRepository.databaseFileName))
      for index in 0..<30 {
        _ = try store.insert([Fixture.entry(day: -index, notes: "비누향 \(index)")])
      }
      #expect(try isInSeveralSegments(store))
      var options = JournalRepository.Options()
      options.indexIdleDelay = .milliseconds(20)
      let journal = try JournalRepository(directory: directory, options: options)
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          journal.waitForIndexUpkeep()
          continuation.resume()
        }
      }
      #expect(try !store.mergeIndexSegments(), "the repository merged what it could")
      #expect(try await journal.search("비누향 17").entries.map(\.notes) == ["비누향 17"])
    }
  }

  @Test func aMergeRunsOnlyWhenALevelHoldsTwoSegmentsAndWithinItsBudget() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      _ = try store.insert([Fixture.entry(day: 0, notes: "비누향 0")])
      #expect(try !isInSeveralSegments(store))
      #expect(try !store.mergeIndexSegments(), "one segment: nothing to merge")
      for index in 1..<30 {
        _ = try store.insert([Fixture.entry(day: -index, notes: "비누향 \(index)")])
      }
      #expect(try isInSeveralSegments(store))
      #expect(try store.mergeIndexSegments())
      #expect(try !store.mergeIndexSegments(), "merged as far as one level at a time goes")
      #expect(try store.integrityCheck() == "ok")

      for index in 30..<60 {
        _ = try store.insert([Fixture.entry(day: -index, notes: "비누향 \(index)")])
      }
      // No budget, no merge; one command's worth merges some.
      let merged = try store.database.write { connection in
        (
          try SearchSQL.mergeSegments(pages: 0, in: connection),
          try SearchSQL.mergeSegments(pages: 64, in: connection)
        )
      }
      #expect(merged == (false, true))
      let found = try store.search(JournalSearchQuery("비누향 42"), in: .all, after: nil, limit: 5)
      #expect(found.map(\.notes) == ["비누향 42"])
    }
  }

  @Test func aMergeThatFindsNothingWritesNothing() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      let store = try SQLiteJournalStore(fileURL: url)
      _ = try store.insert([Fixture.entry(notes: "비누향")])
      // A commit appends to the write-ahead log; a rolled-back merge appends nothing.
      let log = url.path + "-wal"
      let size = { try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int }
      let before = try size()
      #expect(try !store.mergeIndexSegments())
      #expect(try size() == before)
    }
  }

  @Test func aMergeDoesNotWaitForAnotherConnectionsLock() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      let store = try SQLiteJournalStore(fileURL: url)
      for index in 0..<30 {
        _ = try store.insert([Fixture.entry(day: -index, notes: "비누향 \(index)")])
      }
      #expect(try isInSeveralSegments(store))
      // Another connection holds the write lock.
      let other = try SQLiteJournalStore(fileURL: url)
      try other.database.withWriter { connection in
        try connection.execute("BEGIN IMMEDIATE")
        defer { try? connection.execute("ROLLBACK") }
        let started = ContinuousClock.now
        #expect(throws: JournalError.self) { _ = try store.mergeIndexSegments() }
        // The store waits for locks up to ten seconds otherwise.
        #expect(ContinuousClock.now - started < .seconds(5))
      }
      #expect(try isInSeveralSegments(store), "nothing was merged")
      // The writer waits for locks again afterwards.
      #expect(
        try store.database.withWriter { $0.busyTimeoutMilliseconds } == 10_000)
      #expect(try store.mergeIndexSegments())
    }
  }
}

/// A journal built by the first `steps` schema steps and holding `entries`, opened again with
/// every step.
private func reopened(
  _ url: URL, madeBy steps: Int, holding entries: [JournalEntry]
) throws -> SQLiteJournalStore {
  do {
    let earlier = Migrator(migrations: Array(JournalSchema.migrations.prefix(steps)))
    let store = try SQLiteJournalStore(fileURL: url, migrator: earlier)
    try insertAsEarlierVersions(entries, into: store)
  }
  return try SQLiteJournalStore(fileURL: url)
}

/// Adds entries the way versions before schema step 7 did: without a search key.
func insertAsEarlierVersions(_ entries: [JournalEntry], into store: SQLiteJournalStore) throws {
  try store.database.write { connection in
    try connection.withStatement(
      "INSERT INTO entry (\(EntrySQL.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"
    ) { statement in
      for entry in entries {
        try EntrySQL.bind(entry, to: statement)
        try statement.run()
        statement.reset()
      }
    }
  }
}

/// Expects each search box text to find exactly its entries, newest first, in the whole journal.
private func expectSearches(
  _ cases: [(text: String, expected: [JournalEntry])], in store: SQLiteJournalStore,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  for (text, expected) in cases {
    #expect(
      try store.search(JournalSearchQuery(text), in: .all, after: nil, limit: 5) == expected,
      "\(text)", sourceLocation: sourceLocation)
  }
}
