import Foundation
import HaruJournal
import HaruModels
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension HaruJournalCLI {
  /// `haru journal export` and `haru journal import` of an archive.
  // One test builds a journal of 5,016 entries and 16 MB of photos and exports it twice: minutes
  // under the thread sanitizer on a loaded machine. The shortest limit that applies wins.
  @Suite(.timeLimit(.minutes(10)))
  struct JournalArchiveCommandTests {
    func journal(_ haru: Haru, data: URL? = nil) throws -> JournalRepository {
      try JournalRepository(
        directory: (data ?? haru.dataDirectory).appendingPathComponent("journal"))
    }

    /// A JPEG of about `size` bytes.
    static func photo(_ size: Int, seed: Int) -> Data {
      var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
      bytes += (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ seed) }
      return Data(bytes)
    }

    @Test func exportThenImportIntoAnotherDataFolderGivesBackEveryEntry() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let journal = try journal(haru)
      var draft = JournalEntryDraft(
        day: try CalendarDay(parsing: "2026-11-20"), brand: "Le Labo", perfumeName: "Rose 31",
        notes: "쉼표, \"따옴표\"\n줄", sentence: "장미", isFavorite: true)
      _ = try await journal.add(draft, photo: Self.photo(5000, seed: 1))
      draft.brand = "Diptyque"
      draft.isFavorite = false
      _ = try await journal.add(draft)
      let archive = haru.workDirectory.appendingPathComponent("backup.harujournal").path
      let csv = haru.workDirectory.appendingPathComponent("journal.csv").path
      let exported = try await haru.run([
        "journal", "export", archive, "--single-file", "--csv", csv, "--json",
      ])
      #expect(exported.status == 0, "\(exported)")
      let summary = try #require(try exported.json() as? [String: Any])
      #expect(summary["entries"] as? Int == 2)
      #expect(summary["photos"] as? Int == 1)
      #expect(try Data(contentsOf: URL(fileURLWithPath: csv)).starts(with: [0xEF, 0xBB, 0xBF]))

      let other = haru.workDirectory.appendingPathComponent("other-data").path
      let imported = try await haru.run([
        "journal", "import", archive, "--data-dir", other, "--json",
      ])
      #expect(imported.status == 0, "\(imported)")
      let report = try #require(try imported.json() as? [String: Any])
      #expect(report["format"] as? String == "archive")
      #expect(report["added"] as? Int == 2)
      #expect(report["photos"] as? Int == 1)
      let before = try await haru.run(["journal", "list", "--all", "--json"])
      let after = try await haru.run(["journal", "list", "--all", "--json", "--data-dir", other])
      #expect(before.standardOutput == after.standardOutput)
      #expect(!before.standardOutput.isEmpty)
      // The same archive again: nothing added, both entries already there.
      let again = try await haru.run(["journal", "import", archive, "--data-dir", other, "--json"])
      #expect(again.status == 0)
      #expect((try again.json() as? [String: Any])?["unchanged"] as? Int == 2)
    }

    @Test func aDamagedArchiveIsRefusedWithExitStatus3AndNothingImported() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let journal = try journal(haru)
      _ = try await journal.add(
        JournalEntryDraft(
          day: try CalendarDay(parsing: "2026-11-20"), brand: "Le Labo", perfumeName: "Rose 31",
          sentence: "장미"))
      let archive = haru.workDirectory.appendingPathComponent("backup")
      #expect(try await haru.run(["journal", "export", archive.path]).status == 0)
      let entries = archive.appendingPathComponent("entries.jsonl")
      try Data((try String(contentsOf: entries, encoding: .utf8) + " ").utf8).write(to: entries)
      let other = haru.workDirectory.appendingPathComponent("other-data").path
      let result = try await haru.run(["journal", "import", archive.path, "--data-dir", other])
      #expect(result.status == 3, "\(result)")
      #expect(result.standardError.contains("entries.jsonl"), "\(result)")
      #expect(try await self.journal(haru, data: URL(fileURLWithPath: other)).count(in: .all) == 0)
      // Exporting onto what exists is refused too.
      let taken = try await haru.run(["journal", "export", archive.path])
      #expect(taken.status == 3)
      #expect(taken.standardError.contains("already exists"))
    }

    /// A journal whose export takes a while: many entries and some large photos.
    func bigJournal(_ haru: Haru) async throws {
      let journal = try journal(haru)
      let lines = (0..<5_000).map { index in
        [UUID().uuidString, "2026-11-20", "Bulk", "Bulk \(index)", "메모", "한 줄", "0"]
          .joined(separator: "\t")
      }
      _ = try await journal.importEntries(fromTSV: Data(lines.joined(separator: "\n").utf8))
      for index in 0..<16 {
        _ = try await journal.add(
          JournalEntryDraft(
            day: try CalendarDay(parsing: "2026-11-21"), brand: "Photo", perfumeName: "P \(index)",
            sentence: "사진"), photo: Self.photo(1_000_000, seed: index))
      }
    }

    /// Waits until the export's temporary folder or file appears in a folder, then pauses the
    /// export there (SIGSTOP), so that a loaded machine cannot let it finish before the test
    /// stops it.
    ///
    /// - Returns: Whether the export was paused half-way; `false` when it ended first.
    func pauseAtPartial(in folder: URL, _ running: RunningHaru) async throws -> Bool {
      while !running.isFinished {
        if fileNames(in: folder).contains(where: { $0.contains(".partial-") }) {
          running.pause()
          // Still a partial once paused: the export is half-way, not renaming its result.
          if !running.isFinished, !fileNames(in: folder).contains("backup") { return true }
          running.resume()
          return false
        }
        try await Task.sleep(for: .milliseconds(2))
      }
      return false
    }

    @Test(arguments: [false, true])
    func killedOrInterruptedHalfWayLeavesNothingUnderTheFinalName(killed: Bool) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      try await bigJournal(haru)
      let target = haru.workDirectory.appendingPathComponent("backup")
      // An export that ends before it is seen half-way is run again, at most five times.
      var running = try haru.launch(["journal", "export", target.path])
      var attempts = 1
      while try await !pauseAtPartial(in: haru.workDirectory, running), attempts < 5 {
        _ = await running.result()
        try? FileManager.default.removeItem(at: target)
        running = try haru.launch(["journal", "export", target.path])
        attempts += 1
      }
      #expect(!running.isFinished, "the export ended before it could be stopped, \(attempts) times")
      if killed { running.kill() } else { running.interrupt() }
      running.resume()
      let result = await running.result()
      if killed {
        #expect(result.status != 0)
      } else {
        #expect(result.status == 130, "\(result)")
        #expect(result.standardError.contains("nothing was written"), "\(result)")
        // Cancelled, the export removed its temporary files.
        #expect(!fileNames(in: haru.workDirectory).contains { $0.contains(".partial-") })
      }
      #expect(!fileNames(in: haru.workDirectory).contains("backup"))
      let journal = try journal(haru)
      #expect(try await journal.count(in: .all) == 5_016)
      #expect(try await journal.verify().isSound)
      // What a killed export left does not stop the next one.
      let again = try await haru.run(["journal", "export", target.path])
      #expect(again.status == 0, "\(again)")
      #expect(fileNames(in: target) == ["entries.jsonl", "manifest.json", "photos"])
    }
  }
}

/// The names in a folder, sorted; empty when it does not exist.
private func fileNames(in folder: URL) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}
