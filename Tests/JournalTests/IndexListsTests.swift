import Foundation
import Testing

@testable import HaruJournal

/// The reader of the search index's lists agrees with FTS5 and with the rows indexed, on indexes
/// in many segments, with lists over many pages, deletions, entries indexed again and merges
/// stopped halfway; and it reads only expressions and records it knows.
struct IndexListsTests {
  /// The tokens of the model index: three common, one in Hangul, one rare, and one absent.
  private static let tokens = ["aa", "bb", "cc", "향기", "rare", "zz"]

  @Test func theListsAgreeWithFTS5AndTheRowsThroughWritesDeletionsAndMerges() throws {
    try withTemporaryDirectory { directory in
      let connection = try indexOfSmallPages(in: directory)
      try connection.execute(
        "INSERT INTO entry_search (entry_search, rank) VALUES ('automerge', 0)")
      var random = SeededGenerator(seed: 31)
      var rows: [Int64: [String]] = [:]
      func text(_ tokens: [String]) -> String { tokens.joined(separator: " ") }
      func randomTokens() -> [String] {
        var chosen = ["filler\(Int.random(in: 0..<40, using: &random))"]
        for token in Self.tokens.prefix(4) where Bool.random(using: &random) {
          chosen.append(token)
        }
        if Int.random(in: 0..<200, using: &random) == 0 { chosen.append("rare") }
        return chosen
      }
      func insert(_ key: Int64, _ tokens: [String]) throws {
        try connection.withStatement("INSERT INTO entry_search (rowid, grams) VALUES (?1, ?2)") {
          try $0.bind(key, at: 1)
          try $0.bind(text(tokens), at: 2)
          try $0.run()
        }
        rows[key] = tokens
      }
      func delete(_ key: Int64) throws {
        guard let tokens = rows[key] else { return }
        try connection.withStatement(
          "INSERT INTO entry_search (entry_search, rowid, grams) VALUES ('delete', ?1, ?2)"
        ) {
          try $0.bind(key, at: 1)
          try $0.bind(text(tokens), at: 2)
          try $0.run()
        }
        rows[key] = nil
      }

      // Keys far apart and close together, in eight transactions: eight segments.
      var key: Int64 = 1 << 40
      // The first, oldest segment holds only the two lowest terms, so that a merge is done with
      // it long before it is done with the others.
      for transaction in 0..<8 {
        try connection.writeTransaction {
          for _ in 0..<300 {
            key += Int64.random(in: 1...3, using: &random) << (Bool.random(using: &random) ? 20 : 0)
            let tokens = randomTokens()
            try insert(
              key, transaction > 0 ? tokens : Bool.random(using: &random) ? ["aa"] : ["bb"])
          }
        }
      }
      try expectAgreement(on: connection, rows: rows, "eight segments")

      // Deletions in a segment of their own, and entries deleted and indexed again, some in
      // the same transaction.
      let keys = rows.keys.sorted()
      try connection.writeTransaction {
        for index in stride(from: 0, to: keys.count, by: 7) { try delete(keys[index]) }
      }
      try connection.writeTransaction {
        for index in stride(from: 3, to: keys.count, by: 11) {
          try delete(keys[index])
          try insert(keys[index], randomTokens())
        }
        for index in stride(from: 0, to: keys.count, by: 14) {
          try delete(keys[index])
          try insert(keys[index], ["aa", "bb"])
        }
      }
      try expectAgreement(on: connection, rows: rows, "after deletions")

      // Merges stopped after a few pages, which leave segments half merged.
      try connection.execute(
        "INSERT INTO entry_search (entry_search, rank) VALUES ('usermerge', 2)")
      var halfMerged = 0
      var usedUp = 0
      for step in 0..<40 {
        try connection.execute("INSERT INTO entry_search (entry_search, rank) VALUES ('merge', 3)")
        let state = try mergingSegments(on: connection)
        if state.merging > 0 { halfMerged += 1 }
        usedUp += state.usedUp
        try expectAgreement(on: connection, rows: rows, "merge step \(step)")
      }
      // The steps did stop with segments half merged, and with segments used up and not yet
      // dropped, which the reader read.
      #expect(halfMerged > 0)
      #expect(usedUp > 0)
      try connection.execute("INSERT INTO entry_search (entry_search) VALUES ('optimize')")
      try expectAgreement(on: connection, rows: rows, "one segment")
      #expect(try SearchSQL.segmentCount(in: connection) == 1)

      // With a rare token, the common one's doclist index leads to the pages that can hold its
      // keys: a few of its pages are read, not all.
      func pagesRead(_ tokens: [String]) throws -> Int {
        let lists = try #require(try IndexLists(tokens: tokens, on: connection))
        var next: Int64 = 0
        while let key = try lists.first(atLeast: next) { next = key + 1 }
        return lists.pagesRead
      }
      let common = try pagesRead(["aa"])
      let rare = try pagesRead(["rare"])
      #expect(common > 20)
      let both = try pagesRead(["rare", "aa"])
      #expect(both <= rare + common / 2, "\(common) \(rare) \(both)")
    }
  }

  /// A new index made as the journal's is, with pages of 64 bytes, so that a few thousand rows
  /// make lists of many pages and doclist indexes of two levels.
  private func indexOfSmallPages(in directory: URL) throws -> SQLiteConnection {
    let connection = try SQLiteConnection(
      path: directory.appendingPathComponent("index.sqlite").path, mode: .create)
    try connection.execute(
      """
      CREATE VIRTUAL TABLE entry_search USING fts5(
        grams, content = '', detail = none, columnsize = 0, tokenize = 'ascii'
      );
      INSERT INTO entry_search (entry_search, rank) VALUES ('pgsz', 64);
      """)
    return connection
  }

  /// How many segments the structure record says are being merged: for each level, the first
  /// of two varints after the cookie and the three counts.
  private func mergingSegments(on connection: SQLiteConnection) throws -> (
    merging: Int64, usedUp: Int
  ) {
    let record = try connection.withStatement(IndexLists.pageSQL) { statement in
      try statement.bind(IndexLists.structureID, at: 1)
      _ = try statement.step()
      return statement.bytes(at: 0)
    }
    var reader = VarintReader(record, from: 4)
    let levels = reader.next() ?? 0
    _ = reader.next()
    _ = reader.next()
    var merging: Int64 = 0
    var usedUp = 0
    for _ in 0..<levels {
      merging += reader.next() ?? 0
      for _ in 0..<(reader.next() ?? 0) {
        _ = reader.next()
        if reader.next() == 0, reader.next() == 0 { usedUp += 1 }
      }
    }
    return (merging, usedUp)
  }

  /// For each pair and triple of tokens, from the first key and from the middle: the keys the
  /// reader finds are those FTS5 finds and those the rows hold.
  private func expectAgreement(
    on connection: SQLiteConnection, rows: [Int64: [String]], _ context: String
  ) throws {
    let keys = rows.keys.sorted()
    let middle = keys[keys.count / 2]
    var combinations: [[String]] = []
    for (i, a) in Self.tokens.enumerated() {
      for (j, b) in Self.tokens.enumerated() where j > i {
        combinations.append([a, b])
        for c in Self.tokens[(j + 1)...] { combinations.append([a, b, c]) }
      }
    }
    var found = 0
    for tokens in combinations {
      let expected = keys.filter { key in tokens.allSatisfy { rows[key]?.contains($0) == true } }
      let fts5 = try connection.withStatement(
        "SELECT rowid FROM entry_search WHERE entry_search MATCH ?1 ORDER BY rowid"
      ) { statement in
        try statement.bind(tokens.map { "\"\($0)\"" }.joined(separator: " AND "), at: 1)
        var keys: [Int64] = []
        while try statement.step() { keys.append(statement.int64(at: 0)) }
        return keys
      }
      #expect(fts5 == expected, "FTS5, \(tokens), \(context)")
      let lists = try #require(try IndexLists(tokens: tokens, on: connection))
      var listed: [Int64] = []
      var next: Int64 = 0
      while let key = try lists.first(atLeast: next) {
        listed.append(key)
        next = key + 1
      }
      #expect(listed == expected, "\(tokens), \(context)")
      let fromMiddle = try #require(try IndexLists(tokens: tokens, on: connection))
        .first(atLeast: middle)
      #expect(
        fromMiddle == expected.first { $0 >= middle }, "\(tokens) from the middle, \(context)")
      found += listed.count
    }
    // The model holds matches to find, so agreement is not agreement on nothing.
    #expect(found > 1_000, "\(context)")
  }

  @Test func aDamagedPageIsReadAsAnotherFormatAndNeverStopsTheProgram() throws {
    try withTemporaryDirectory { directory in
      let connection = try indexOfSmallPages(in: directory)
      var random = SeededGenerator(seed: 47)
      try connection.writeTransaction {
        for key in 1...1_500 {
          let text =
            (Bool.random(using: &random) ? "aa " : "") + (key % 3 == 0 ? "bb " : "")
            + (key % 97 == 0 ? "rare " : "") + "f\(key % 13)"
          try connection.withStatement("INSERT INTO entry_search (rowid, grams) VALUES (?1, ?2)") {
            try $0.bind(Int64(key) << 20, at: 1)
            try $0.bind(text, at: 2)
            try $0.run()
          }
        }
      }
      // Every record but the averages: the structure record, leaf pages and doclist indexes.
      let ids = try connection.withStatement("SELECT id FROM entry_search_data WHERE id >= 10") {
        statement in
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(at: 0)) }
        return ids
      }
      #expect(ids.contains { $0 >> 36 & 1 == 1 }, "a doclist index to damage")
      func block(_ id: Int64) throws -> [UInt8] {
        try connection.withStatement(IndexLists.pageSQL) { statement in
          try statement.bind(id, at: 1)
          _ = try statement.step()
          return statement.bytes(at: 0)
        }
      }
      func write(_ bytes: [UInt8], to id: Int64) throws {
        try connection.withStatement("UPDATE entry_search_data SET block = ?2 WHERE id = ?1") {
          try $0.bind(id, at: 1)
          try $0.bind(bytes, at: 2)
          try $0.run()
        }
      }
      var refused = 0
      for _ in 0..<400 {
        let id = ids[Int.random(in: 0..<ids.count, using: &random)]
        let original = try block(id)
        var damaged = original
        let position = Int.random(in: 0..<damaged.count, using: &random)
        let values: [UInt8] = [0x00, 0x7F, 0x80, 0xFF, UInt8.random(in: 0...255, using: &random)]
        damaged[position] = values[Int.random(in: 0..<values.count, using: &random)]
        if Bool.random(using: &random) {
          damaged.removeLast(min(damaged.count, Int.random(in: 0...4, using: &random)))
        }
        try write(damaged, to: id)
        for tokens in [["aa", "bb"], ["rare", "aa"], ["bb", "f3"]] {
          do {
            guard let lists = try IndexLists(tokens: tokens, on: connection) else { continue }
            var next: Int64 = 0
            var read = 0
            while read < 10_000, let key = try lists.first(atLeast: next) {
              next = key + 1
              read += 1
            }
          } catch is IndexLists.UnknownFormat {
            refused += 1
          }
        }
        try write(original, to: id)
      }
      // Damage was noticed, and none of it stopped the program.
      #expect(refused > 0)
    }
  }

  @Test(
    arguments: [
      ("\"a\"", ["a"]),
      ("(\"a\" AND \"b\")", ["a", "b"]),
      ("((\"a\" AND \"b\") AND \"향기\")", ["a", "b", "향기"]),
      ("\"a\"\"b\"", ["a\"b"]),
      ("\"a\"*", nil),
      ("(\"a\" AND \"b\"*)", nil),
      ("(\"a\" OR \"b\")", nil),
      ("(\"a\" AND (\"b\" OR \"c\"))", nil),
      ("\"a\" \"b\"", nil),
      ("\"a\" AND", nil),
      ("AND \"a\"", nil),
      ("\"a", nil),
      ("NOT \"a\"", nil),
      ("NEAR(\"a\" \"b\")", nil),
      ("a AND b", nil),
      ("", nil),
    ] as [(String, [String]?)])
  func onlyExpressionsOfTokensJoinedByAndAreRead(expression: String, tokens: [String]?) {
    #expect(IndexLists.tokens(ofConjunction: expression) == tokens)
  }

  @Test(
    arguments: [
      ("ab12", Array("0ab12".utf8)),
      ("AbC", Array("0abc".utf8)),
      ("향기", [0x30] + Array("향기".utf8)),
      ("a-b", nil),
      ("a b", nil),
      ("a\"b", nil),
      ("", nil),
    ] as [(String, [UInt8]?)])
  func tokensAreReadAsTheAsciiTokenizerWritesThem(token: String, bytes: [UInt8]?) {
    #expect(IndexLists.indexed(token) == bytes)
  }

  @Test func aStructureRecordIsReadNewestSegmentFirst() {
    // Cookie; 2 levels, 3 segments, write counter 9; level 0: no merge, segments 1 (pages 1–4)
    // and 2 (pages 1–2); level 1: no merge, segment 3 (pages 1–300, 300 as a two-byte varint).
    let record: [UInt8] = [0, 0, 0, 0, 2, 3, 9, 0, 2, 1, 1, 4, 2, 1, 2, 0, 1, 3, 1, 0x82, 0x2C]
    #expect(
      IndexStructure.segments(in: record) == [
        IndexSegment(id: 2, firstPage: 1, lastPage: 2),
        IndexSegment(id: 1, firstPage: 1, lastPage: 4),
        IndexSegment(id: 3, firstPage: 1, lastPage: 300),
      ])
    #expect(IndexStructure.segments(in: [0, 0, 0, 0, 0, 0, 0]) == [])
    // A segment that a merge has used up (pages 0 to 0) holds nothing, and is read as empty.
    #expect(
      IndexStructure.segments(in: [0, 0, 0, 0, 1, 2, 1, 1, 2, 4, 0, 0, 5, 1, 9]) == [
        IndexSegment(id: 5, firstPage: 1, lastPage: 9),
        IndexSegment(id: 4, firstPage: 0, lastPage: 0),
      ])
  }

  @Test(
    arguments: [
      ("the newer format's mark", [0, 0, 0, 0, 0xFF, 0x00, 0x00, 0x01, 1, 1, 1, 0, 1, 1, 1, 1]),
      ("no cookie", [0, 0]),
      ("cut off in a segment", [0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1]),
      ("more segments than it lists", [0, 0, 0, 0, 1, 2, 1, 0, 1, 1, 1, 1]),
      ("a level with more than the total", [0, 0, 0, 0, 1, 1, 1, 0, 2, 1, 1, 1, 2, 1, 1]),
      ("more merging than segments", [0, 0, 0, 0, 1, 1, 1, 2, 1, 1, 1, 1]),
      ("a last page before the first", [0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 5, 4]),
      ("segment 0", [0, 0, 0, 0, 1, 1, 1, 0, 1, 0, 1, 1]),
      ("a first page 0 before a last page", [0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 0, 3]),
      ("too many levels", [0, 0, 0, 0, 0x90, 0x00, 0, 1]),
    ] as [(String, [UInt8])])
  func aStructureRecordOfAnotherFormatIsNotRead(_ reason: String, record: [UInt8]) {
    #expect(IndexStructure.segments(in: record) == nil, "\(reason)")
  }

  @Test func aSearchAsksFTS5ForAnIndexThatKeepsPositions() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      // Half hold one word, a third the other, a sixth both.
      let entries = try (0..<360).map { index in
        let first = index % 2 == 0 ? "금목서 " : ""
        let second = index % 3 == 0 ? "장미 " : ""
        return try Fixture.entry(
          day: -(index % 5), created: Double(index), notes: first + second + String(index),
          sentence: "오후")
      }
      _ = try store.insert(entries)
      let query = JournalSearchQuery("금목서 장미")
      let match = try #require(try store.database.read { try store.indexQuery(query, on: $0) })
      #expect(IndexLists.tokens(ofConjunction: match)?.count ?? 0 > 1, "\(match)")
      let expected = try store.search(query, in: .all, after: nil, limit: 100)
      #expect(expected.count == 60)
      // The same index with positions, which the reader does not know: FTS5 answers.
      try store.database.write { connection in
        try connection.execute(
          """
          DROP TABLE entry_search;
          CREATE VIRTUAL TABLE entry_search USING fts5(
            grams, content = '', detail = full, columnsize = 0, tokenize = 'ascii'
          );
          INSERT INTO entry_search (rowid, grams)
            SELECT search_key, haru_search_grams(brand, perfume_name, notes, sentence) FROM entry;
          """)
      }
      let refused = try store.database.read { connection -> Bool in
        do {
          _ = try IndexLists(tokens: ["aa", "bb"], on: connection)
          return false
        } catch is IndexLists.UnknownFormat {
          return true
        }
      }
      #expect(refused)
      #expect(try store.search(query, in: .all, after: nil, limit: 100) == expected)
    }
  }
}
