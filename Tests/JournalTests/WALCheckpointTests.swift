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
      let database = try SQLiteDatabase.open(path: path, checkpointThresholdPages: .max)
      let before = try fileSize(path)
      // 6 MB, well past the 1,000 pages at which SQLite would checkpoint inside a commit.
      try writeBlobs(database, count: 10)
      database.checkpointer.waitUntilIdle()
      #expect(try fileSize(path) == before)
      #expect(try fileSize(path + "-wal") > 6_000_000)
      #expect(database.checkpointer.completedCount == 0)
    }
  }

  @Test func theCheckpointerCopiesTheLogOnceItPassesTheThreshold() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("journal.sqlite").path
      let database = try SQLiteDatabase.open(path: path, checkpointThresholdPages: 100)
      let before = try fileSize(path)
      try writeBlobs(database, count: 10)
      database.checkpointer.waitUntilIdle()
      #expect(database.checkpointer.completedCount >= 1)
      #expect(try fileSize(path) >= before + 6_000_000)
      let count = try database.read { try $0.integer("SELECT count(*) FROM scratch") }
      #expect(count == 10)
      #expect(try database.withWriter { try $0.text("PRAGMA integrity_check") } == "ok")
    }
  }
}
