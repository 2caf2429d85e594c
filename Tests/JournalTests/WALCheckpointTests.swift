import Foundation
import Testing

@testable import HaruJournal

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
