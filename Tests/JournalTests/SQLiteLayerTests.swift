import Foundation
import Testing

@testable import HaruJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The thin SQLite layer: binding, stepping, typed columns, errors and transactions.
struct SQLiteLayerTests {
  func memory() throws -> SQLiteConnection {
    let connection = try SQLiteConnection(path: ":memory:", mode: .create)
    try connection.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT UNIQUE)")
    return connection
  }

  @Test func valuesRoundTripThroughBindingAndColumns() throws {
    let connection = try memory()
    let texts = ["", "장미 🌹 rose", "with\u{0}nul inside", String(repeating: "향", count: 10_000)]
    let insert = try connection.prepared("INSERT INTO t VALUES (?1, ?2, ?3)")
    for (index, text) in texts.enumerated() {
      try insert.bind(Int64.min + Int64(index), at: 1)
      try insert.bind(Double(index) + 0.25, at: 2)
      try insert.bind(text, at: 3)
      try insert.run()
      insert.reset()
    }
    try insert.bind(Int64.max, at: 1)
    try insert.bindNull(at: 2)
    try insert.bind(nil as String?, at: 3)
    try insert.run()
    insert.reset()

    let select = try connection.prepare("SELECT i, r, s FROM t ORDER BY rowid")
    var rows: [(Int64, Double, String?)] = []
    while try select.step() {
      rows.append((select.int64(at: 0), select.double(at: 1), select.optionalText(at: 2)))
    }
    #expect(rows.count == texts.count + 1)
    for (index, text) in texts.enumerated() {
      #expect(rows[index].0 == Int64.min + Int64(index))
      #expect(rows[index].1 == Double(index) + 0.25)
      #expect(rows[index].2 == text)
    }
    #expect(rows[texts.count].0 == Int64.max)
    #expect(rows[texts.count].2 == nil)
    #expect(select.isNull(at: 1))
  }

  @Test func invalidUTF8InTheDatabaseIsRepairedNotACrash() throws {
    let connection = try memory()
    try connection.execute("INSERT INTO t (s) VALUES (CAST(x'61FF62' AS TEXT))")
    let text = try connection.text("SELECT s FROM t")
    #expect(text == "a\u{FFFD}b")
  }

  // SQLite's codes: SQLITE_FULL 13, SQLITE_BUSY 5, SQLITE_IOERR 10 with its extended codes
  // SQLITE_IOERR_SHORT_READ 522, _WRITE 778 and _SHMSIZE 4874.
  @Test(
    arguments: [
      (Int32(13), Int32(0), true),
      (4874, ENOSPC, true),  // the shared-memory file cannot grow
      (778, EDQUOT, true),  // a write over the quota
      (778, EIO, false),
      (522, ENOSPC, false),  // a short read: the error number is left over
      (5, ENOSPC, false),
    ] as [(Int32, Int32, Bool)])
  func aFullDiskIsToldFromOtherIOErrors(code: Int32, systemErrno: Int32, isDiskFull: Bool) {
    let error = SQLiteError(code: code, message: "", systemErrno: systemErrno)
    #expect(error.isDiskFull == isDiskFull)
  }

  @Test func errorsCarryTheSQLiteCodeAndMessage() throws {
    let connection = try memory()
    let syntax = #expect(throws: SQLiteError.self) { try connection.prepare("SELEC nothing") }
    #expect(syntax?.primaryCode == 1)
    #expect(syntax?.message.contains("syntax error") == true)
    #expect(syntax?.description.hasPrefix("SQLite error 1 (") == true)

    try connection.execute("INSERT INTO t (s) VALUES ('once')")
    let unique = #expect(throws: SQLiteError.self) {
      try connection.execute("INSERT INTO t (s) VALUES ('once')")
    }
    #expect(unique?.primaryCode == 19)
    #expect(unique?.code == 2067)  // SQLITE_CONSTRAINT_UNIQUE
    #expect(unique?.message.contains("UNIQUE") == true)

    let missing = #expect(throws: SQLiteError.self) {
      try SQLiteConnection(path: "/nonexistent-folder-\(UUID())/j.sqlite", mode: .readOnly)
    }
    #expect(missing?.primaryCode == 14)  // SQLITE_CANTOPEN
  }

  @Test func aTransactionCommitsWhenItsBodyReturnsAndRollsBackWhenItThrows() throws {
    struct Stop: Error {}
    let connection = try memory()
    try connection.writeTransaction { try connection.execute("INSERT INTO t (i) VALUES (1)") }
    #expect(throws: Stop.self) {
      try connection.writeTransaction {
        try connection.execute("INSERT INTO t (i) VALUES (2)")
        throw Stop()
      }
    }
    #expect(!connection.isInTransaction)
    #expect(try connection.integer("SELECT count(*) FROM t") == 1)
    #expect(try connection.integer("SELECT i FROM t") == 1)
  }

  @Test func aReadTransactionReadsOneSnapshotAndEndsWhenItsBodyReturnsOrThrows() throws {
    struct Stop: Error {}
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("snapshot.sqlite").path
      let writer = try SQLiteConnection(path: path, mode: .create)
      try writer.execute(
        "PRAGMA journal_mode = WAL; CREATE TABLE t (i INTEGER); INSERT INTO t (i) VALUES (1)")
      let reader = try SQLiteConnection(path: path, mode: .readOnly)
      let counts = try reader.readTransaction {
        let before = try reader.integer("SELECT count(*) FROM t")
        try writer.execute("INSERT INTO t (i) VALUES (2)")
        return (before, try reader.integer("SELECT count(*) FROM t"))
      }
      #expect(counts == (1, 1))
      #expect(!reader.isInTransaction)
      #expect(try reader.integer("SELECT count(*) FROM t") == 2)
      #expect(throws: Stop.self) {
        try reader.readTransaction {
          _ = try reader.integer("SELECT count(*) FROM t")
          throw Stop()
        }
      }
      #expect(!reader.isInTransaction)
      try writer.execute("INSERT INTO t (i) VALUES (3)")
      #expect(try reader.integer("SELECT count(*) FROM t") == 3)
    }
  }

  @Test func aReadThatLeavesATransactionOpenGivesBackAConnectionOnNoSnapshot() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      for _ in 0..<6 {
        // As a cancelled read whose COMMIT and ROLLBACK were both interrupted would.
        let wasOpen = try store.database.read { connection -> Bool in
          let open = connection.isInTransaction
          try connection.execute("BEGIN")
          _ = try connection.integer("SELECT count(*) FROM entry")
          return open
        }
        #expect(!wasOpen)
        _ = try store.insert([try Fixture.entry()])
      }
      #expect(try store.database.read { try $0.integer("SELECT count(*) FROM entry") } == 6)
    }
  }

  @Test func aStatementIsResetAfterUseEvenWhenTheBodyThrows() throws {
    struct Stop: Error {}
    let connection = try memory()
    try connection.execute("INSERT INTO t (i) VALUES (1), (2)")
    let sql = "SELECT i FROM t ORDER BY i"
    #expect(throws: Stop.self) {
      try connection.withStatement(sql) { statement in
        _ = try statement.step()
        throw Stop()
      }
    }
    let first = try connection.withStatement(sql) { statement in
      try statement.step() ? statement.int64(at: 0) : 0
    }
    #expect(first == 1)
    #expect(connection.cachedStatementCount == 1)
  }

  @Test func theEntryCacheServesOnlyRowsWithExactlyTheSameBytes() throws {
    let connection = try memory()
    try connection.execute("INSERT INTO t VALUES (1, 0.5, 'a'), (1, 0.5, 'b'), (1, 0.5, 'c')")
    let cache = EntryRowCache(capacity: 2)
    let made = try Fixture.entry()
    var calls = 0
    let select = try connection.prepare("SELECT i, r, s FROM t ORDER BY rowid")
    for _ in 0..<2 {
      while try select.step() {
        _ = try cache.entry(in: select, columns: 3) { (_) throws(JournalError) in
          calls += 1
          return made
        }
      }
      select.reset()
    }
    // Three different rows, read twice, with room for two: the cache starts over when full, so
    // every read misses; it holds the last two rows read.
    #expect(calls == 6)
    #expect(cache.count == 2)
    let twice = try connection.prepare("SELECT 1, 0.5, 'a' UNION ALL SELECT 1, 0.5, 'a'")
    let before = calls
    while try twice.step() {
      _ = try cache.entry(in: twice, columns: 3) { (_) throws(JournalError) in
        calls += 1
        return made
      }
    }
    // The first row is not among the last two cached; the second equals the first, byte for byte.
    #expect(calls == before + 1)
  }

  @Test func theLinkedLibraryIsSQLite3WithWhatTheJournalNeeds() throws {
    let parts = SQLiteLibrary.version.split(separator: ".").compactMap { Int($0) }
    #expect(parts.count >= 2)
    #expect(parts.first == 3)
    // FTS5 and `trigram` need 3.34 or later.
    #expect(try #require(parts.dropFirst().first) >= 34)
    #expect(SQLiteLibrary.hasFullTextSearch)
    #expect(SQLiteLibrary.isThreadSafe)
  }
}
