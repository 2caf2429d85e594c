import Foundation
import HaruJournal
import HaruModels

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLiteBaseline
#endif

/// `journal.search.trigram.<n>`: the same query as `journal.search.<n>`, on the same entries,
/// answered the way an app usually searches with SQLite alone — an FTS5 table with the `trigram`
/// tokenizer, each term of three or more characters a quoted `MATCH` phrase, a shorter term a
/// `LIKE '%term%'` over the four text columns, newest first, the first page of 50. No folding,
/// 초성 or half-typed syllables: its hits differ from the journal's and are in the note.
/// `journal.search.trigram.worst` repeats the line with the highest p99.
enum JournalSearchBaseline {
  static let all: [Benchmark] = {
    let queries = JournalSearchBenchmarks.queries
    let lines = queries.enumerated().map { index, query in
      Benchmark(name: "journal.search.trigram.\(index + 1)", unit: .microseconds) {
        try await measure(query, number: index + 1)
      }
    }
    let worst = Benchmark(name: "journal.search.trigram.worst", unit: .microseconds) {
      let worst = try await JournalSearchBenchmarks.highestP99(
        of: queries, measured: { await TrigramIndex.shared.samples(of: $0) }, measure: measure)
      return worst.samples.with(
        note:
          "the highest p99 is query \(worst.number), \(Report.jsonString(queries[worst.number - 1]))"
      )
    }
    return lines + [worst]
  }()

  static func measure(_ query: String, number: Int) async throws -> Samples {
    let index = try await TrigramIndex.shared.opened()
    let search = try TrigramSearch(query, in: index)
    let hits = try search.firstPage()
    let samples = try await JournalTiming.measure(JournalSearchBenchmarks.plan) {
      let started = ContinuousClock.now
      let page = try search.firstPage()
      return (ContinuousClock.now - started, UInt64(page))
    }
    await TrigramIndex.shared.store(samples, for: number)
    return samples.with(
      note: "query \(Report.jsonString(query)): \(hits) on the first page (FTS5 trigram + LIKE)")
  }
}

/// The search benchmarks' entries copied, untimed, into a database of their own with an FTS5
/// `trigram` index.
actor TrigramIndex {
  static let shared = TrigramIndex()

  private var database: TrigramDatabase?
  private var measured: [Int: Samples] = [:]

  func samples(of number: Int) -> Samples? { measured[number] }

  func store(_ samples: Samples, for number: Int) {
    measured[number] = samples
  }

  func opened() async throws -> TrigramDatabase {
    if let database { return database }
    let entries = try await SearchResults.shared.everyEntry()
    Console.message("  building an FTS5 trigram index of \(entries.count) entries, not timed")
    let path = JournalFixture.scratchDirectory().path + "-trigram.sqlite"
    let built = try TrigramDatabase(path: path, entries: entries)
    database = built
    return built
  }
}

/// One SQLite connection on the trigram database; used by one benchmark at a time.
final class TrigramDatabase: @unchecked Sendable {
  let connection: OpaquePointer

  init(path: String, entries: [JournalEntry]) throws {
    var opened: OpaquePointer?
    guard sqlite3_open(path, &opened) == SQLITE_OK, let opened else {
      throw JournalBenchmarkError(description: "cannot open \(path)")
    }
    connection = opened
    try execute(
      """
      CREATE VIRTUAL TABLE entry USING fts5(
        brand, name, notes, sentence, day UNINDEXED, created UNINDEXED, tokenize = 'trigram');
      BEGIN;
      """)
    let insert = try prepare(
      "INSERT INTO entry (brand, name, notes, sentence, day, created) VALUES (?, ?, ?, ?, ?, ?)")
    defer { sqlite3_finalize(insert) }
    for entry in entries {
      let day = entry.day.year * 10_000 + entry.day.month * 100 + entry.day.day
      sqlite3_reset(insert)
      for (index, text) in [entry.brand, entry.perfumeName, entry.notes, entry.sentence]
        .enumerated()
      {
        sqlite3_bind_text(insert, Int32(index + 1), text, -1, Self.transient)
      }
      sqlite3_bind_int64(insert, 5, Int64(day))
      sqlite3_bind_double(insert, 6, entry.createdAt.timeIntervalSince1970)
      guard sqlite3_step(insert) == SQLITE_DONE else { throw failure("insert") }
    }
    try execute("COMMIT; INSERT INTO entry (entry) VALUES ('optimize');")
  }

  deinit { sqlite3_close(connection) }

  static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  func execute(_ sql: String) throws {
    guard sqlite3_exec(connection, sql, nil, nil, nil) == SQLITE_OK else { throw failure(sql) }
  }

  func prepare(_ sql: String) throws -> OpaquePointer {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement
    else { throw failure(sql) }
    return statement
  }

  func failure(_ doing: String) -> JournalBenchmarkError {
    JournalBenchmarkError(
      description: "trigram baseline: \(doing): \(String(cString: sqlite3_errmsg(connection)))")
  }
}

/// One query as the usual approach runs it: a prepared statement with its terms bound.
final class TrigramSearch {
  private let database: TrigramDatabase
  private let statement: OpaquePointer

  init(_ query: String, in database: TrigramDatabase) throws {
    self.database = database
    let terms = query.split(whereSeparator: \.isWhitespace).map(String.init)
    let long = terms.filter { $0.count >= 3 }
    let short = terms.filter { $0.count < 3 }
    var conditions: [String] = []
    if !long.isEmpty { conditions.append("entry MATCH ?") }
    for _ in short {
      conditions.append(
        ["brand", "name", "notes", "sentence"].map { "\($0) LIKE ? ESCAPE '\\'" }
          .joined(separator: " OR "))
    }
    let filter = conditions.isEmpty ? "0" : conditions.map { "(\($0))" }.joined(separator: " AND ")
    statement = try database.prepare(
      "SELECT rowid FROM entry WHERE \(filter) ORDER BY day DESC, created DESC LIMIT 50")
    var position: Int32 = 1
    if !long.isEmpty {
      // Each term a quoted phrase, so that punctuation is never MATCH syntax.
      let match = long.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        .joined(separator: " AND ")
      sqlite3_bind_text(statement, position, match, -1, TrigramDatabase.transient)
      position += 1
    }
    for term in short {
      let escaped = term.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
      for _ in 0..<4 {
        sqlite3_bind_text(statement, position, "%\(escaped)%", -1, TrigramDatabase.transient)
        position += 1
      }
    }
  }

  deinit { sqlite3_finalize(statement) }

  /// Runs the query and returns how many rows the first page holds.
  func firstPage() throws -> Int {
    sqlite3_reset(statement)
    var rows = 0
    while true {
      switch sqlite3_step(statement) {
      case SQLITE_ROW: rows += 1
      case SQLITE_DONE: return rows
      default: throw database.failure("search")
      }
    }
  }
}

/// The bytes the search index takes in a journal's database file: what its FTS5 data table holds
/// (the sum of its blocks' lengths), and the pages of all its FTS5 tables as SQLite's `dbstat`
/// table counts them, free space in them included; read on a connection of its own, read-only.
func searchIndexBytes(ofDatabaseAt path: String) throws -> (data: Int, pages: Int) {
  var opened: OpaquePointer?
  guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let opened else {
    sqlite3_close(opened)
    throw JournalBenchmarkError(description: "cannot open \(path) to measure its index")
  }
  defer { sqlite3_close(opened) }
  func integer(_ sql: String) throws -> Int {
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    guard sqlite3_prepare_v2(opened, sql, -1, &statement, nil) == SQLITE_OK, let statement,
      sqlite3_step(statement) == SQLITE_ROW
    else {
      throw JournalBenchmarkError(
        description: "cannot measure the index: \(String(cString: sqlite3_errmsg(opened)))")
    }
    return Int(sqlite3_column_int64(statement, 0))
  }
  return (
    try integer("SELECT sum(length(block)) FROM entry_search_data"),
    try integer("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'entry_search%'")
  )
}
