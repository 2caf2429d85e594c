import Foundation
import Testing

@testable import HaruJournal

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// What SQLite built the way Apple builds it changes, tested on whichever library the tests run
/// on. CI runs the suite again on two such libraries (`.ci/apple-sqlite.sh`, the oldest and the
/// newest SQLite it builds), with `HARU_SQLITE_BUILD=apple` and the version it built in
/// `HARU_SQLITE_VERSION_EXPECTED`; the main run sets `HARU_SQLITE_BUILD=debian`.
struct AppleSQLiteTests {
  /// The options `PRAGMA compile_options` lists, without the `SQLITE_` prefix.
  static func compileOptions() throws -> Set<String> {
    let connection = try SQLiteConnection(path: ":memory:", mode: .create)
    let statement = try connection.prepare("PRAGMA compile_options")
    var options: Set<String> = []
    while try statement.step() {
      options.insert(statement.text(at: 0))
    }
    return options
  }

  /// Apple's options that change what the journal meets; all of them are in `.ci/apple-sqlite.sh`.
  static let appleOptions = [
    "OMIT_AUTORESET", "THREADSAFE=2", "DEFAULT_SYNCHRONOUS=2", "DEFAULT_WAL_SYNCHRONOUS=1",
    "DEFAULT_AUTOVACUUM", "DEFAULT_RECURSIVE_TRIGGERS", "DEFAULT_CKPTFULLFSYNC", "MAX_MMAP_SIZE=0",
    "OMIT_LOAD_EXTENSION", "ENABLE_FTS5",
  ]

  @Test func theLibraryIsTheOneThisRunWasAskedFor() throws {
    let options = try Self.compileOptions()
    // Whatever the build, the journal's search needs FTS5.
    #expect(options.contains("ENABLE_FTS5"))
    switch ProcessInfo.processInfo.environment["HARU_SQLITE_BUILD"] {
    case "apple":
      for option in Self.appleOptions {
        #expect(options.contains(option), "SQLite \(SQLiteLibrary.version) lacks \(option)")
      }
    case "debian":
      #expect(!options.contains("OMIT_AUTORESET"), "this is not Debian's SQLite")
      #expect(options.contains("THREADSAFE=1"))
    case nil:
      // A run that names no build, such as `swift test` on a Mac, tests the system's library.
      break
    case let other?:
      Issue.record("HARU_SQLITE_BUILD is \(other); it names apple or debian")
    }
  }

  /// The log of every run says which SQLite it ran on; a run that names the version it expects
  /// fails on any other, so that a library path that does not reach the dynamic linker (the
  /// system's SQLite loaded instead) cannot pass unnoticed.
  @Test func theLibraryVersionIsTheOneThisRunExpects() {
    let version = SQLiteLibrary.version
    let environment = ProcessInfo.processInfo.environment
    let build = environment["HARU_SQLITE_BUILD"] ?? "unset"
    print("AppleSQLiteTests: SQLite \(version), HARU_SQLITE_BUILD=\(build)")
    guard let expected = environment["HARU_SQLITE_VERSION_EXPECTED"] else { return }
    // "3.53" is met by 3.53.4, not by 3.5.x.
    #expect(
      version == expected || version.hasPrefix(expected + "."),
      "this run loaded SQLite \(version); HARU_SQLITE_VERSION_EXPECTED is \(expected)")
  }

  @Test func aStatementThatFinishedRunsAgainWithoutAnExplicitReset() throws {
    let connection = try SQLiteConnection(path: ":memory:", mode: .create)
    try connection.execute("CREATE TABLE t (s TEXT)")
    let insert = try connection.prepared("INSERT INTO t VALUES (?1)")
    for text in ["a", "b", "c"] {
      try insert.bind(text, at: 1)
      try insert.run()
    }
    let count = try connection.prepared("SELECT count(*) FROM t")
    for _ in 0..<3 {
      #expect(try count.step())
      #expect(count.int64(at: 0) == 3)
      #expect(try !count.step())
    }
  }

  @Test func aStatementThatFailedWorksAgainAndTheErrorHasTheCodeItReturned() throws {
    let connection = try SQLiteConnection(path: ":memory:", mode: .create)
    try connection.execute("CREATE TABLE t (s TEXT UNIQUE NOT NULL)")
    let insert = try connection.prepared("INSERT INTO t VALUES (?1)")
    try insert.bind("same", at: 1)
    try insert.run()
    let unique = #expect(throws: SQLiteError.self) { try insert.run() }
    // SQLITE_CONSTRAINT_UNIQUE.
    #expect(unique?.code == 2067)
    #expect(unique?.message.contains("UNIQUE constraint failed: t.s") == true)
    try insert.bindNull(at: 1)
    let notNull = #expect(throws: SQLiteError.self) { try insert.run() }
    // SQLITE_CONSTRAINT_NOTNULL.
    #expect(notNull?.code == 1299)
    try insert.bind("other", at: 1)
    try insert.run()
    #expect(try connection.integer("SELECT count(*) FROM t") == 2)
  }

  @Test func transactionsBeginAndEndAgainAndAgainOnTheirCachedStatements() throws {
    let connection = try SQLiteConnection(path: ":memory:", mode: .create)
    try connection.execute("CREATE TABLE t (i INTEGER PRIMARY KEY)")
    for index in 0..<5 {
      try connection.writeTransaction {
        try connection.execute("INSERT INTO t VALUES (\(index))")
      }
      #expect(throws: SQLiteError.self) {
        try connection.writeTransaction { try connection.execute("INSERT INTO t VALUES (0)") }
      }
      #expect(!connection.isInTransaction)
    }
    #expect(try connection.integer("SELECT count(*) FROM t") == 5)
  }

  @Test func anErrorKeepsTheCodeACallReturnedWhenTheConnectionNamesAnother() throws {
    let connection = try SQLiteConnection(path: ":memory:", mode: .create)
    // The connection's last error is "not an error"; the call said SQLITE_MISUSE (21), as a step
    // of a finished statement does on a library built with SQLITE_OMIT_AUTORESET.
    let error = SQLiteError(connection: connection.handle, code: SQLITE_MISUSE)
    #expect(error.code == SQLITE_MISUSE)
    #expect(error.description.contains("SQLite error 21"))
    #expect(!error.description.contains("not an error"))
  }
}
