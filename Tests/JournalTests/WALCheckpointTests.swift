import Foundation
import Testing

@testable import HaruJournal

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// The write-ahead log is copied into the database file on the checkpointer's queue, never inside
/// a caller's commit.
struct WALCheckpointTests {
  /// Writes `count` transactions of 600 KB each through the database's writer.
  private func writeBlobs(_ database: SQLiteDatabase, count: Int) throws {
    try database.write { try $0.execute("CREATE TABLE IF NOT EXISTS scratch (b BLOB)") }
    for _ in 0..<count {
      try database.write { try $0.execute("INSERT INTO scratch (b) VALUES (zeroblob(600000))") }
    }
  }

  private func fileSize(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.size] as? NSNumber)?.intValue ?? -1
  }

  @Test func aCommitNeverCopiesTheLogIntoTheFileItself() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("journal.sqlite").path
      let database = try SQLiteDatabase.open(
        path: path, configuration: .init(checkpointThresholdPages: .max))
      let before = try fileSize(path)
      // 6 MB, well past the 1,000 pages at which SQLite would checkpoint inside a commit.
      try writeBlobs(database, count: 10)
      database.checkpointer?.waitUntilIdle()
      #expect(try fileSize(path) == before)
      #expect(try fileSize(path + "-wal") > 6_000_000)
      #expect(database.checkpointer?.completedCount == 0)
    }
  }

  @Test func theCheckpointerCopiesTheLogOnceItPassesTheThreshold() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("journal.sqlite").path
      let database = try SQLiteDatabase.open(
        path: path, configuration: .init(checkpointThresholdPages: 100))
      let before = try fileSize(path)
      try writeBlobs(database, count: 10)
      database.checkpointer?.waitUntilIdle()
      #expect((database.checkpointer?.completedCount ?? 0) >= 1)
      #expect(try fileSize(path) >= before + 6_000_000)
      let count = try database.read { try $0.integer("SELECT count(*) FROM scratch") }
      #expect(count == 10)
      #expect(try database.withWriter { try $0.text("PRAGMA integrity_check") } == "ok")
    }
  }
}

/// The log stays short under writes that never pause, and goes away with the journal.
struct WALGrowthTests {
  @Test func theLogStaysShortUnderWritesThatNeverPause() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("journal.sqlite").path
      let database = try SQLiteDatabase.open(
        path: path, configuration: .init(checkpointThresholdPages: 100))
      try database.write { try $0.execute("CREATE TABLE scratch (b BLOB)") }
      var largest = 0
      // 300 transactions of 100 KB: 30 MB through a log whose threshold is 400 KB.
      for _ in 0..<300 {
        try database.write { try $0.execute("INSERT INTO scratch (b) VALUES (zeroblob(100000))") }
        let attributes = try FileManager.default.attributesOfItem(atPath: path + "-wal")
        largest = max(largest, (attributes[.size] as? NSNumber)?.intValue ?? 0)
      }
      database.checkpointer?.waitUntilIdle()
      // Four times the threshold, plus a transaction and the log's own overhead.
      #expect(largest < 3_000_000, "the log reached \(largest) bytes")
      #expect(try database.read { try $0.integer("SELECT count(*) FROM scratch") } == 300)
    }
  }

  /// Another process writing between a checkpoint and the next write keeps the log from starting
  /// over; so does a reader in the middle of a read, which is what this test uses.
  /// Opens a database whose checkpoint threshold is 10 pages, starts a read that keeps any
  /// checkpoint from copying the log whole, and commits `commits` small rows meanwhile.
  private func writeWhileReading(
    in directory: URL, commits: Int
  ) throws -> (database: SQLiteDatabase, reader: SQLiteConnection, path: String) {
    let path = directory.appendingPathComponent("journal.sqlite").path
    let database = try SQLiteDatabase.open(
      path: path, configuration: .init(checkpointThresholdPages: 10))
    try database.write { try $0.execute("CREATE TABLE scratch (b BLOB)") }
    let reader = try SQLiteConnection(path: path, mode: .readOnly)
    try reader.execute("BEGIN")
    #expect(try reader.integer("SELECT count(*) FROM scratch") == 0)
    for _ in 0..<commits {
      try database.write { try $0.execute("INSERT INTO scratch (b) VALUES (zeroblob(3000))") }
    }
    return (database, reader, path)
  }

  @Test func aLogThatCannotStartOverIsCopiedOncePerThresholdNotAfterEveryCommit() throws {
    try withTemporaryDirectory { directory in
      let commits = 400
      let (database, reader, _) = try writeWhileReading(in: directory, commits: commits)
      database.checkpointer?.waitUntilIdle()
      let completed = database.checkpointer?.completedCount ?? 0
      // Every commit adds two or three pages to a log that reached 40 pages, four times the
      // threshold, early on: one checkpoint per commit from there would be over 350, one per 10
      // pages about 100.
      #expect(completed >= 1)
      #expect(completed < commits / 2, "\(completed) checkpoints for \(commits) commits")
      try reader.execute("COMMIT")
      #expect(try database.read { try $0.integer("SELECT count(*) FROM scratch") } == commits)
    }
  }

  @Test func aLongLogIsCopiedWholeSoonAfterTheWritesPauseAndTheNextWriteStartsItOver() throws {
    try withTemporaryDirectory { directory in
      let (database, reader, path) = try writeWhileReading(in: directory, commits: 200)
      // The reader kept every checkpoint from copying the log whole; now it is done, and one more
      // commit to the long log makes the queue copy it again a moment later.
      try reader.execute("COMMIT")
      try database.write { try $0.execute("INSERT INTO scratch (b) VALUES (zeroblob(3000))") }
      database.checkpointer?.waitUntilIdle()
      let checkpointer = try #require(database.checkpointer)
      let completed = checkpointer.completedCount
      let deadline = Date().addingTimeInterval(20)
      while checkpointer.completedCount == completed, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
      }
      #expect(checkpointer.completedCount > completed)
      try database.write { try $0.execute("INSERT INTO scratch (b) VALUES (zeroblob(3000))") }
      // The log's size in pages, read by a checkpoint of another connection.
      let probe = try SQLiteConnection(path: path, mode: .readWrite)
      // Reading first puts the connection in write-ahead-log mode.
      #expect(try probe.integer("SELECT count(*) FROM scratch") == 202)
      var pages: Int32 = -1
      let code = sqlite3_wal_checkpoint_v2(
        probe.handle, nil, SQLITE_CHECKPOINT_PASSIVE, &pages, nil)
      #expect(code == SQLITE_OK)
      #expect((0..<10).contains(pages), "the log did not start over: \(pages) pages")
      #expect(try database.read { try $0.integer("SELECT count(*) FROM scratch") } == 202)
    }
  }

  @Test func releasingTheJournalClosesEverythingAndRemovesTheLog() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("journal.sqlite").path
      weak var checkpointer: WALCheckpointer?
      do {
        let database = try SQLiteDatabase.open(
          path: path, configuration: .init(checkpointThresholdPages: 1))
        checkpointer = database.checkpointer
        try database.write { try $0.execute("CREATE TABLE scratch (b BLOB)") }
        try database.write { try $0.execute("INSERT INTO scratch (b) VALUES (zeroblob(10000))") }
        database.checkpointer?.waitUntilIdle()
      }
      #expect(checkpointer == nil)
      #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
      let reopened = try SQLiteDatabase.open(path: path)
      #expect(try reopened.read { try $0.integer("SELECT count(*) FROM scratch") } == 1)
    }
  }
}
