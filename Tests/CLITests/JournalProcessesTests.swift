import Foundation
import HaruModels
import Testing

@testable import HaruJournal

extension HaruJournalCLI {
  /// Several `haru` processes on one journal at once: the rows of the issue's table of faults that
  /// need other processes.
  @Suite(.timeLimit(.minutes(5)))
  struct JournalProcessesTests {
    static func journal(_ haru: Haru) throws -> JournalRepository {
      try JournalRepository(
        directory: haru.dataDirectory.appendingPathComponent("journal", isDirectory: true))
    }

    static func add(_ haru: Haru, name: String) throws -> RunningHaru {
      try haru.launch([
        "journal", "add", "--brand", "Process", "--name", name, "--sentence", "동시에",
      ])
    }

    @Test func twentyProcessesAddingAtOnceAllSucceed() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      // An existing journal, as in the report: the first opener creates it.
      let first = try await Self.add(haru, name: "first").result()
      #expect(first.status == 0, "\(first)")
      var ids: Set<String> = []
      for round in 0..<10 {
        let running = try (0..<20).map { try Self.add(haru, name: "round \(round) add \($0)") }
        for process in running {
          let result = await process.result()
          #expect(result.status == 0, "round \(round): \(result)")
          ids.insert(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
        }
      }
      #expect(ids.count == 200)
      let journal = try Self.journal(haru)
      #expect(try await journal.count(in: .all) == 201)
      for id in ids {
        let uuid = try #require(UUID(uuidString: id), "\(id)")
        #expect(try await journal.entry(JournalEntry.ID(uuid)) != nil)
      }
    }

    @Test func readsInALoopWhileAnotherProcessImportsAreNeverRefused() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      _ = try await Self.add(haru, name: "seed").result()
      // Enough batches that the log passes the checkpoint threshold many times over.
      let lines = (0..<12_000).map { index in
        "{\"date\": \"2026-11-20\", \"brand\": \"Bulk\", \"name\": \"Line \(index)\", "
          + "\"content\": \"\(String(repeating: "긴 메모 ", count: 20))\", \"sentence\": \"한 줄\"}"
      }
      let file = haru.workDirectory.appendingPathComponent("bulk.jsonl")
      try Data(lines.joined(separator: "\n").utf8).write(to: file)
      let importing = try haru.launch(["journal", "import", file.path])
      var reads = 0
      var refused: [HaruResult] = []
      while reads < 200 {
        let list = try await haru.run(["journal", "list", "--limit", "5"])
        if list.status != 0 { refused.append(list) }
        reads += 1
        if reads >= 30, importing.isFinished { break }
      }
      let imported = await importing.result()
      #expect(imported.status == 0, "\(imported)")
      #expect(
        refused.isEmpty,
        "\(refused.count) of \(reads) reads refused: \(refused.first.map { "\($0)" } ?? "")")
      #expect(reads >= 30)
    }

    @Test func twoProcessesEditingDifferentFieldsBothWin() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let journal = try Self.journal(haru)
      for round in 0..<6 {
        let added = try await Self.add(haru, name: "round \(round)").result()
        let id = added.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let text = try haru.launch(["journal", "edit", id, "--text", "text \(round)"])
        let brand = try haru.launch(["journal", "edit", id, "--brand", "Brand \(round)"])
        let favorite = try haru.launch(["journal", "favorite", id])
        for process in [text, brand, favorite] {
          let result = await process.result()
          #expect(result.status == 0, "\(result)")
        }
        let uuid = try #require(UUID(uuidString: id))
        let entry = try #require(try await journal.entry(JournalEntry.ID(uuid)))
        #expect(entry.notes == "text \(round)", "round \(round)")
        #expect(entry.brand == "Brand \(round)", "round \(round)")
        #expect(entry.isFavorite, "round \(round)")
      }
    }

    @Test func anInterruptedImportOfLinesWithoutIDsRunAgainAddsNothingTwice() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let lines = (0..<1_200).map { index in
        "{\"date\": \"2026-11-20\", \"brand\": \"Bulk\", \"name\": \"Line \(index)\", "
          + "\"sentence\": \"한 줄\"}"
      }
      // The first run stopped after two batches of 500: the file it had read so far.
      let part = haru.workDirectory.appendingPathComponent("part.jsonl")
      try Data(lines.prefix(1_000).joined(separator: "\n").utf8).write(to: part)
      let whole = haru.workDirectory.appendingPathComponent("whole.jsonl")
      try Data(lines.joined(separator: "\n").utf8).write(to: whole)
      #expect(try await haru.run(["journal", "import", part.path]).status == 0)
      let again = try await haru.run(["journal", "import", whole.path, "--json"])
      #expect(again.status == 0, "\(again)")
      let summary = try #require(try again.json() as? [String: Any])
      #expect(summary["imported"] as? Int == 200)
      #expect(summary["skipped"] as? Int == 1_000)
      #expect((summary["rejected"] as? [Any])?.isEmpty == true)
      #expect(try await Self.journal(haru).count(in: .all) == 1_200)
    }

    @Test func watchPrintsThePageAtStartAndAfterAChangeFromAnotherProcess() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let first = try await Self.add(haru, name: "Before").result()
      let firstID = first.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
      let watch = try haru.launch(["journal", "watch", "--limit", "5"])
      await watch.waitForStandardOutput(containing: firstID)
      let second = try await Self.add(haru, name: "After").result()
      let secondID = second.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
      await watch.waitForStandardOutput(containing: secondID)
      let favorite = try await haru.run(["journal", "favorite", firstID])
      #expect(favorite.status == 0)
      await watch.waitForStandardOutput(containing: "\"favorite\":true")
      watch.interrupt()
      let result = await watch.result()
      let pages = result.standardOutput.split(separator: "\n").map {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [[String: Any]]
      }
      #expect(pages.count >= 3, "\(result)")
      #expect(pages.allSatisfy { $0 != nil }, "every line is one JSON array: \(result)")
      #expect(pages.first??.map { $0["id"] as? String } == [firstID])
      #expect(pages.last??.map { $0["id"] as? String } == [secondID, firstID])
    }

    @Test func checkSaysSoundOrDamagedWithItsExitStatus() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      _ = try await Self.add(haru, name: "Sound").result()
      let sound = try await haru.run(["journal", "check", "--json"])
      #expect(sound.status == 0, "\(sound)")
      let answer = try #require(try sound.json() as? [String: Any])
      #expect(answer["sound"] as? Bool == true)
      let database = haru.dataDirectory.appendingPathComponent("journal/journal.sqlite")
      // Fill the journal, then damage the middle of the file.
      let lines = (0..<2_000).map { index in
        "{\"date\": \"2026-11-20\", \"brand\": \"Bulk\", \"name\": \"Line \(index)\", "
          + "\"content\": \"\(String(repeating: "메모 ", count: 30))\", \"sentence\": \"한 줄\"}"
      }
      let file = haru.workDirectory.appendingPathComponent("bulk.jsonl")
      try Data(lines.joined(separator: "\n").utf8).write(to: file)
      #expect(try await haru.run(["journal", "import", file.path]).status == 0)
      // The last connection to close copies the log into the file, so the damage below is in
      // pages SQLite reads.
      do { _ = try SQLiteJournalStore(fileURL: database) }
      #expect(!FileManager.default.fileExists(atPath: database.path + "-wal"))
      let handle = try FileHandle(forUpdating: database)
      let size = try handle.seekToEnd()
      var page = size / 4096 / 3
      while page < 2 * size / 4096 / 3 {
        try handle.seek(toOffset: page * 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 64))
        page += 4
      }
      try handle.close()
      let damaged = try await haru.run(["journal", "check"])
      #expect(damaged.status == 3, "\(damaged)")
      #expect(damaged.standardOutput.contains("Part of the file"), "\(damaged)")
      #expect(damaged.standardError.contains("journal.sqlite-wal"), "\(damaged)")
    }

    @Test func aRowThatNoLongerReadsIsSkippedWithAWarningAndDeletableByID() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let broken = try await Self.add(haru, name: "Broken").result()
      let brokenID = broken.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
      let fine = try await Self.add(haru, name: "Fine").result()
      let fineID = fine.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
      let database = haru.dataDirectory.appendingPathComponent("journal/journal.sqlite")
      let store = try SQLiteJournalStore(fileURL: database)
      try await Self.breakPhotoName(of: brokenID, in: store)
      let list = try await haru.run(["journal", "list", "--json"])
      #expect(list.status == 0, "\(list)")
      #expect((try list.json() as? [[String: Any]])?.map { $0["id"] as? String } == [fineID])
      #expect(list.standardError.contains(brokenID), "\(list)")
      let delete = try await haru.run(["journal", "delete", brokenID])
      #expect(delete.status == 0, "\(delete)")
      let after = try await haru.run(["journal", "list"])
      #expect(after.standardError.isEmpty, "\(after)")
    }

    /// Writes a photo name the journal would never make into a row, through SQL, since the
    /// repository validates every photo name it writes.
    static func breakPhotoName(of id: String, in store: SQLiteJournalStore) async throws {
      try store.database.write { connection in
        try connection.execute("UPDATE entry SET photo = '../outside.jpg' WHERE id = '\(id)'")
      }
      let journal = try JournalRepository(
        store: store, directory: store.fileURL.deletingLastPathComponent())
      let uuid = try #require(UUID(uuidString: id))
      let page = try await journal.entries(in: .all)
      #expect(page.unreadable.map(\.entryID) == [JournalEntry.ID(uuid)])
    }
  }
}
