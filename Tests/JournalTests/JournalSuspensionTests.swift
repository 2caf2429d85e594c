import Foundation
import HaruModels
import HaruTestSupport
import Testing

@testable import HaruJournal

/// `suspend()` and `resume()`: once suspended, the process holds no lock on the journal's files,
/// reads and writes fail typed, imports wait between two batches and go on afterwards.
struct JournalSuspensionTests {
  /// How many lines the import interrupted by a suspension has; fewer under a sanitizer in CI.
  static let importLines =
    ProcessInfo.processInfo.environment["HARU_SUSPEND_IMPORT_LINES"].flatMap { Int($0) } ?? 100_000

  static func tsv(lines: Int, prefix: String) -> Data {
    var text = ""
    text.reserveCapacity(lines * 80)
    for index in 0..<lines {
      let day = 1 + index % 28
      let id = String(index, radix: 16).leftPadded(to: 12)
      text +=
        "00000000-0000-4000-8000-\(id)\t2026-11-\(day < 10 ? "0" : "")\(day)\t\(prefix) 브랜드 \(index % 97)\t"
      text += "향수 \(index)\t노트 \(index)\t한 줄 \(index)\t\(index % 5 == 0 ? 1 : 0)\n"
    }
    return Data(text.utf8)
  }

  @Test func onceSuspendedTheProcessHoldsNoLockOnTheJournalsFiles() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try JournalRepository(directory: directory)
      for index in 0..<20 {
        _ = try await journal.add(Fixture.draft(perfumeName: "Entry \(index)"), photo: Fixture.png)
      }
      // Every kind of connection open: the writer, readers, the version reader and an observer.
      _ = try await journal.entries(in: .all)
      _ = try await journal.search("Entry")
      let observation = try await journal.observation(of: .favorites)
      _ = observation
      guard let before = locksHeld(onFilesIn: directory) else { return }
      // The check sees SQLite's locks: open connections hold one on the shared-memory file.
      #expect(!before.isEmpty)

      await journal.suspend()
      #expect(journal.isSuspended)
      #expect(locksHeld(onFilesIn: directory) == [])
      // The last connection closed without copying the write-ahead log into the file, which
      // would have taken as long as the log is: the log is still there, for the next connection.
      let logs = (FileManager.default.enumerator(atPath: directory.path)?.allObjects ?? [])
        .compactMap { $0 as? String }.filter { $0.hasSuffix("-wal") }
      #expect(logs.count == 1)
      let log = directory.appendingPathComponent(try #require(logs.first))
      let logSize = try FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int
      #expect((logSize ?? 0) > 0)

      journal.resume()
      #expect(!journal.isSuspended)
      #expect(try await journal.count(in: .all) == 20)
      _ = try await journal.add(Fixture.draft(perfumeName: "After"))
      #expect(try await journal.count(in: .all) == 21)
      #expect(locksHeld(onFilesIn: directory)?.isEmpty == false)
    }
  }

  @Test func everyReadAndWriteWhileSuspendedFailsTypedAndChangesNothing() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try JournalRepository(directory: directory)
      let entry = try await journal.add(Fixture.draft(), photo: Fixture.jpeg)
      await journal.suspend()
      // Twice changes nothing.
      await journal.suspend()
      let calls: [(String, @Sendable () async throws -> Void)] = [
        ("add", { _ = try await journal.add(Fixture.draft(perfumeName: "New")) }),
        ("update", { _ = try await journal.update(entry.id) { $0.notes = "changed" } }),
        ("favorite", { _ = try await journal.setFavorite(true, for: entry.id) }),
        ("delete", { _ = try await journal.delete(entry.id) }),
        (
          "import",
          { _ = try await journal.importEntries(fromTSV: Self.tsv(lines: 3, prefix: "s")) }
        ),
        ("entry", { _ = try await journal.entry(entry.id) }),
        ("list", { _ = try await journal.entries(in: .all) }),
        ("search", { _ = try await journal.search("Rose") }),
        ("count", { _ = try await journal.count(in: .all) }),
        ("perfumes", { _ = try await journal.perfumes() }),
        ("verify", { _ = try await journal.verify() }),
      ]
      for (name, call) in calls {
        do {
          try await call()
          Issue.record("\(name) ran while suspended")
        } catch let error as JournalError {
          #expect(error.code == .suspended, "\(name): \(error)")
          #expect(error.message.contains("suspended"), "\(name): \(error.message)")
        } catch {
          Issue.record("\(name) threw \(error), not a JournalError")
        }
      }
      journal.resume()
      let stored = try #require(try await journal.entry(entry.id))
      #expect(stored == entry)
      #expect(try await journal.count(in: .all) == 1)
    }
  }

  @Test func observersKeepTheirValueWhileSuspendedAndSeeWhatOthersWroteMeanwhile() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try JournalRepository(directory: directory)
      _ = try await journal.add(Fixture.draft(perfumeName: "First"))
      let other = try JournalRepository(directory: directory)
      let observation = try await journal.observation(of: .all)
      var values = observation.makeAsyncIterator()
      let first = try #require(await values.next())
      #expect(try first.get().entries.map(\.perfumeName) == ["First"])
      await journal.suspend()
      _ = try await other.add(Fixture.draft(day: 1, perfumeName: "Meanwhile"))
      journal.resume()
      // The next value is the page read again after resume(), with the other repository's entry.
      var page = try #require(await values.next())
      while try page.get().entries.count < 2 {
        page = try #require(await values.next())
      }
      #expect(try page.get().entries.map(\.perfumeName) == ["Meanwhile", "First"])
    }
  }

  @Test func anImportSuspendedMidwayLetsAnotherProcessWriteAndFinishesAfterResume() async throws {
    let helper = try #require(
      builtExecutable(named: "HaruJournalCrashHelper"), "HaruJournalCrashHelper was not built")
    try await withTemporaryDirectory { directory in
      let journal = try JournalRepository(directory: directory)
      let other = try HelperProcess(helper, ["add-on-request", directory.path])
      defer { other.stop() }
      #expect(other.nextLine() == "ready")
      let lines = Self.importLines
      var changes = journal.changes.makeAsyncIterator()
      let initial = try #require(await changes.next())
      let data = Self.tsv(lines: lines, prefix: "import")
      let importing = Task { try await journal.importEntries(fromTSV: data) }
      // The first batch has committed: the import is under way.
      while try #require(await changes.next()) == initial {}

      await journal.suspend()
      #expect(locksHeld(onFilesIn: directory) ?? [] == [])
      other.sendLine("add")
      let reply = try #require(other.nextLine())
      let microseconds = try #require(Int(reply.split(separator: " ").last ?? ""), "\(reply)")
      #expect(reply.hasPrefix("added"))
      #expect(microseconds < 100_000, "the other process waited \(microseconds) µs")
      // The import waits: it has not finished while suspended.
      #expect(journal.isSuspended)

      journal.resume()
      let report = try await importing.value
      #expect(report.importedCount == lines)
      #expect(report.rejectedLines.isEmpty)
      #expect(try await journal.count(in: .all) == lines + 1)
      var ids: Set<JournalEntry.ID> = []
      var total = 0
      var cursor: JournalCursor?
      repeat {
        let page = try await journal.entries(in: .all, after: cursor, limit: 1000)
        ids.formUnion(page.entries.map(\.id))
        total += page.entries.count
        cursor = page.nextCursor
      } while cursor != nil
      #expect(total == lines + 1)
      #expect(ids.count == total)
      // Imported again, every line is already there.
      let again = try await journal.importEntries(fromTSV: data)
      #expect(again.importedCount == 0)
      #expect(again.skippedLines.count == lines)
    }
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
