import Foundation
import HaruModels
import Testing

@testable import HaruJournal

/// What only the SQLite store does: checking and migrating files, and its connection settings.
struct SQLiteJournalStoreTests {
  enum BadFile: String, CaseIterable, CustomTestStringConvertible {
    case empty
    case text
    case truncated
    case damagedHeader
    case anotherProgramsDatabase
    case folder

    var testDescription: String { rawValue }
  }

  /// Writes the bad file at `url`.
  static func make(_ kind: BadFile, at url: URL) throws {
    switch kind {
    case .empty:
      try Data().write(to: url)
    case .text:
      try Data("장미, 머스크, 비누향\nnot a database\n".utf8).write(to: url)
    case .truncated:
      do {
        let store = try SQLiteJournalStore(fileURL: url)
        let notes = String(repeating: "긴 노트 ", count: 1_000)
        _ = try store.insert((0..<40).map { try Fixture.entry(created: Double($0), notes: notes) })
      }
      let whole = try Data(contentsOf: url)
      #expect(whole.count > 8 * 4096)
      try whole.prefix(whole.count / 2).write(to: url)
    case .damagedHeader:
      try Data(Array("SQLite format 3\u{0}".utf8) + Fixture.filler(4080)).write(to: url)
    case .anotherProgramsDatabase:
      let connection = try SQLiteConnection(path: url.path, mode: .create)
      try connection.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');")
    case .folder:
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }
  }

  @Test(arguments: BadFile.allCases)
  func aFileThatIsNotAJournalDatabaseIsRefusedNamedAndLeftUnchanged(kind: BadFile) throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      try Self.make(kind, at: url)
      let before = try Snapshot(of: directory)
      let error = #expect(throws: JournalError.self) { try SQLiteJournalStore(fileURL: url) }
      #expect(error?.code == .notADatabase)
      #expect(error?.path == url.path)
      #expect(error?.message.contains("journal.sqlite") == true)
      #expect(try Snapshot(of: directory) == before)
      // The repository refuses it the same way and leaves the file alone too.
      let again = #expect(throws: JournalError.self) {
        try JournalRepository(directory: directory)
      }
      #expect(again?.code == .notADatabase)
      #expect(
        try Snapshot(of: directory).files[url.lastPathComponent]
          == before.files[url.lastPathComponent])
    }
  }

  @Test func aDatabaseFromANewerVersionIsRefusedAndLeftUnchanged() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      do {
        let store = try SQLiteJournalStore(fileURL: url)
        _ = try store.insert([try Fixture.entry()])
      }
      do {
        let connection = try SQLiteConnection(path: url.path, mode: .readWrite)
        try connection.execute("PRAGMA user_version = \(JournalSchema.latestVersion + 1)")
      }
      let before = try Snapshot(of: directory)
      let error = #expect(throws: JournalError.self) { try SQLiteJournalStore(fileURL: url) }
      #expect(error?.code == .newerSchemaVersion)
      #expect(error?.path == url.path)
      let after = try Snapshot(of: directory)
      #expect(after.files.keys.sorted() == before.files.keys.sorted())
      for (name, file) in after.files { #expect(file == before.files[name], "\(name)") }
      #expect(try Snapshot(of: directory) == before)
    }
  }

  @Test func aDatabaseMadeByTheFirstSchemaIsUpgradedWithItsEntries() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      let first = Migrator(migrations: Array(JournalSchema.migrations.prefix(1)))
      let entries = try (0..<5).map {
        try Fixture.entry(day: -$0, isFavorite: $0.isMultiple(of: 2), photo: "p\($0).jpg")
      }
      do {
        let store = try SQLiteJournalStore(fileURL: url, migrator: first)
        try insertAsEarlierVersions(entries, into: store)
        #expect(try store.database.read { try $0.integer("PRAGMA user_version") } == 1)
      }
      let store = try SQLiteJournalStore(fileURL: url)
      let version = try store.database.read { try $0.integer("PRAGMA user_version") }
      #expect(version == Int64(JournalSchema.latestVersion))
      #expect(try store.entries(in: .all, after: nil, limit: 10) == entries)
      #expect(try store.count(in: .favorites) == 3)
      #expect(try store.integrityCheck() == "ok")
    }
  }

  @Test func eachMigrationStepRunsInOrderInItsOwnTransaction() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      let first = Array(JournalSchema.migrations.prefix(1))
      let entry = try Fixture.entry()
      do {
        let store = try SQLiteJournalStore(fileURL: url, migrator: Migrator(migrations: first))
        try insertAsEarlierVersions([entry], into: store)
      }
      // A step that fails half-way is rolled back: its table does not exist, the version stays.
      let failing =
        first + [
          Migration(version: 2, sql: "CREATE TABLE half_done (x); SELECT no_such_function();")
        ]
      let error = #expect(throws: JournalError.self) {
        try SQLiteJournalStore(fileURL: url, migrator: Migrator(migrations: failing))
      }
      #expect(error?.code == .databaseFailure)
      #expect(error?.message.contains("no_such_function") == true)
      do {
        let connection = try SQLiteConnection(path: url.path, mode: .readOnly)
        #expect(try connection.integer("PRAGMA user_version") == 1)
        #expect(
          try connection.integer("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'") == 0
        )
      }
      // Two good steps run in order and keep the entries.
      let steps =
        first + [
          Migration(version: 2, sql: "CREATE TABLE mood (name TEXT NOT NULL);"),
          Migration(version: 3, sql: "INSERT INTO mood SELECT 'calm' FROM entry;"),
        ]
      let store = try SQLiteJournalStore(fileURL: url, migrator: Migrator(migrations: steps))
      #expect(try store.entry(entry.id) == entry)
      let (version, moods) = try store.database.read {
        (try $0.integer("PRAGMA user_version"), try $0.integer("SELECT count(*) FROM mood"))
      }
      #expect(version == 3)
      #expect(moods == 1)
    }
  }

  @Test func aNewJournalIsCreatedWholeUnderItsNameWithTheConnectionSettings() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("nested/folder/journal.sqlite")
      let store = try SQLiteJournalStore(fileURL: url)
      let names = fileNames(in: url.deletingLastPathComponent())
      #expect(names.allSatisfy { $0.hasPrefix("journal.sqlite") && !$0.contains(".new-") })
      for connection in [Connection.writer, .reader] {
        let settings = try connection.use(store.database) { connection in
          [
            try connection.text("PRAGMA journal_mode"),
            String(try connection.integer("PRAGMA synchronous")),
            String(try connection.integer("PRAGMA foreign_keys")),
            // The busy handler is the journal's own, so `PRAGMA busy_timeout` reads 0.
            String(connection.busyTimeoutMilliseconds),
            String(try connection.integer("PRAGMA application_id")),
          ]
        }
        #expect(settings == ["wal", "1", "1", "10000", "1212240469"], "\(connection)")
      }
      #expect(try store.integrityCheck() == "ok")
    }
  }

  @Test func storesOfOneFileHaveTheirOwnConnectionsAndOptions() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      let first = try SQLiteJournalStore(fileURL: url)
      let second = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("./journal.sqlite"), readOnly: true)
      #expect(first.database !== second.database)
      #expect(!first.isReadOnly)
      #expect(second.isReadOnly)
      let entry = try Fixture.entry()
      _ = try first.insert([entry])
      // The second store sees the first one's commit through the file.
      #expect(try second.entry(entry.id) == entry)
    }
  }

  @Test(arguments: [
    (Duration.seconds(Int64.max), Int32.max), (.seconds(Int64.min), 0), (.seconds(-1), 0),
    (.milliseconds(1500), 1500), (.seconds(3_000_000), Int32.max), (.zero, 0),
  ])
  func aBusyTimeoutOfAnySizeBecomesMillisecondsWithoutOverflow(
    timeout: Duration, milliseconds: Int32
  ) {
    #expect(SQLiteJournalStore.milliseconds(timeout) == milliseconds)
  }

  @Test(arguments: [
    ("row 12 missing from index entry_favorite_newest", "the order of the favorites"),
    ("wrong # of entries in index entry_newest", "the order of all entries, newest first"),
    ("non-unique entry in index entry_perfume_newest", "the order of each perfume's entries"),
    ("Page 42 is never used", "belongs to no table"),
    ("On tree page 585 cell 15: invalid page number 0", "may be lost or wrong"),
  ])
  func integrityCheckLinesAreSaidInWords(line: String, words: String) {
    let described = SQLiteJournalStore.describe(fileProblem: line)
    #expect(described.contains(words), "\(described)")
    #expect(described.hasSuffix("(SQLite: \(line))"))
  }

  @Test func aConnectionOpenedAfterTheDatabaseMovedCreatesNoNewDatabase() throws {
    try withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("journal.sqlite")
      let store = try SQLiteJournalStore(fileURL: url)
      _ = try store.insert([try Fixture.entry()])
      // The database is moved away while the store is open, its log left behind; the store's
      // readers have not opened yet.
      let moved = directory.appendingPathComponent("moved.sqlite")
      try FileManager.default.moveItem(at: url, to: moved)
      let error = #expect(throws: JournalError.self) { try store.count(in: .all) }
      #expect(error != nil)
      #expect(!FileManager.default.fileExists(atPath: url.path))
    }
  }

  @Test func statementsArePreparedOnceAndReused() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(fileURL: directory.appendingPathComponent("j.sqlite"))
      let entry = try Fixture.entry()
      _ = try store.insert([entry])
      _ = try store.entries(in: .all, after: nil, limit: 5)
      let counts = try Connection.statementCounts(store.database)
      for index in 0..<50 {
        _ = try store.insert([try Fixture.entry(created: Double(index))])
        _ = try store.entries(in: .all, after: nil, limit: 5)
        _ = try store.update(entry.id) { (old) throws(JournalError) in old }
      }
      let after = try Connection.statementCounts(store.database)
      // The update added its statements once; inserts and lists added none.
      #expect(after.reader == counts.reader)
      #expect(after.writer <= counts.writer + 2)
      let (same, other) = try store.database.withWriter { connection in
        let statement = try connection.prepared(EntrySQL.select)
        return (
          try connection.prepared(EntrySQL.select) === statement,
          try connection.prepared(EntrySQL.delete) === statement
        )
      }
      #expect(same)
      #expect(!other)
    }
  }

  @Test func aStoredRowThatIsNoLongerValidReadsAsAnErrorNotACrash() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(fileURL: directory.appendingPathComponent("j.sqlite"))
      let entry = try Fixture.entry()
      _ = try store.insert([entry])
      // Read once, so the validated entry is cached: the changed row must not be served from it.
      #expect(try store.entry(entry.id) == entry)
      #expect(try store.entries(in: .all, after: nil, limit: 5) == [entry])
      try store.database.write { connection in
        try connection.execute("UPDATE entry SET brand = '   '")
      }
      let error = #expect(throws: JournalError.self) { try store.entry(entry.id) }
      #expect(error?.code == .corruptEntry)
      #expect(error?.entryID == entry.id)
      #expect(error?.field == "brand")
      let list = #expect(throws: JournalError.self) {
        try store.entries(in: .all, after: nil, limit: 5)
      }
      #expect(list?.code == .corruptEntry)
    }
  }

  @Test func aRowWhosePhotoNameIsInvalidIsSkippedInListsAndCanBeDeleted() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try JournalRepository(directory: directory)
      var draft = Fixture.draft()
      let broken = try await journal.add(draft)
      draft.perfumeName = "Another 13"
      let fine = try await journal.add(draft)
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent(JournalRepository.databaseFileName))
      try store.database.write { connection in
        try connection.execute(
          "UPDATE entry SET photo = '../../etc/passwd' WHERE id = '\(broken.id)'")
      }
      let page = try await journal.entries(in: .all)
      #expect(page.entries == [fine])
      #expect(page.unreadable.map(\.entryID) == [broken.id])
      #expect(page.unreadable.first?.code == .corruptEntry)
      let search = try await journal.search("Le Labo")
      #expect(search.entries == [fine])
      #expect(search.unreadable.map(\.entryID) == [broken.id])
      let error = await #expect(throws: JournalError.self) { try await journal.delete(broken.id) }
      #expect(error?.code == .corruptEntry)
      try await journal.deleteUnreadable(broken.id)
      let after = try await journal.entries(in: .all)
      #expect(after.entries == [fine])
      #expect(after.unreadable.isEmpty)
      let again = await #expect(throws: JournalError.self) {
        try await journal.deleteUnreadable(broken.id)
      }
      #expect(again?.code == .entryNotFound)
    }
  }

  /// Which of a database's two connections to look at.
  enum Connection: CustomStringConvertible {
    case writer
    case reader

    var description: String { self == .writer ? "writer" : "reader" }

    func use<Result: Sendable>(
      _ database: SQLiteDatabase, _ body: (SQLiteConnection) throws -> Result
    ) throws -> Result {
      switch self {
      case .writer: try database.withWriter(body)
      case .reader: try database.read(body)
      }
    }

    static func statementCounts(_ database: SQLiteDatabase) throws -> (writer: Int, reader: Int) {
      (
        try database.withWriter { $0.cachedStatementCount },
        try database.read { $0.cachedStatementCount }
      )
    }
  }
}

/// Every file of a folder with its bytes and modification time.
struct Snapshot: Equatable {
  struct File: Equatable {
    let bytes: Data?
    let modified: Date?
  }

  let files: [String: File]

  init(of directory: URL) throws {
    var files: [String: File] = [:]
    for name in fileNames(in: directory) {
      let path = directory.appendingPathComponent(name).path
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      let isFile = attributes[.type] as? FileAttributeType == .typeRegular
      files[name] = File(
        bytes: isFile ? try Data(contentsOf: URL(fileURLWithPath: path)) : nil,
        modified: attributes[.modificationDate] as? Date)
    }
    self.files = files
  }
}
