import Foundation
import HaruModels
import Testing

@testable import HaruJournal

/// Batch import from tab-separated lines: one transaction, every bad line reported by number.
struct JournalImportTests {
  static let ids = (0..<12).map { index in
    let prefix = String(index + 1, radix: 16)
    let text =
      String(repeating: "0", count: 8 - prefix.count) + prefix + "-0000-4000-8000-000000000000"
    return UUID(uuidString: text) ?? UUID()
  }

  static func line(
    _ index: Int, date: String = "2026-11-20", brand: String = "Le Labo",
    name: String = "Rose 31", content: String = "장미향", sentence: String = "한 줄",
    favorite: String = "0"
  ) -> String {
    [ids[index].uuidString, date, brand, name, content, sentence, favorite]
      .joined(separator: "\t")
  }

  @Test(arguments: StoreKind.allCases)
  func importedEntriesKeepTheirIdentityAndGetIncreasingCreationTimes(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      let text =
        [
          Self.line(0, favorite: "1"),
          Self.line(1, content: "첫 줄\\n둘째 줄\\t탭 \\\\ 역슬래시 \\q 그대로"),
          Self.line(2, date: "2026-11-21", brand: "딥티크", name: "필로시코스"),
        ].joined(separator: "\r\n") + "\n"
      let report = try await journal.importEntries(fromTSV: Data(text.utf8))
      #expect(report == JournalImportReport(importedCount: 3, rejectedLines: []))
      let entries = try await journal.entries(in: .all).entries
      #expect(entries.map(\.id.rawValue) == [Self.ids[2], Self.ids[1], Self.ids[0]])
      #expect(entries[1].notes == "첫 줄\n둘째 줄\t탭 \\ 역슬래시 \\q 그대로")
      #expect(entries[2].isFavorite)
      let first = try #require(await journal.entry(JournalEntry.ID(Self.ids[0])))
      let second = try #require(await journal.entry(JournalEntry.ID(Self.ids[1])))
      #expect(first.createdAt == Fixture.now)
      #expect(second.createdAt > first.createdAt)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func everyBadLineIsReportedByNumberAndTheRestIsImported(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      let existing = try await journal.importEntries(fromTSV: Data(Self.line(11).utf8))
      #expect(existing.importedCount == 1)

      var data = Data()
      func append(_ line: String) { data.append(Data((line + "\n").utf8)) }
      append(Self.line(0))  // 1: good
      data.append(Data([0x61, 0x09, 0xFF, 0xFE, 0xC3, 0x28, 0x0A]))  // 2: not UTF-8
      append("only\tthree\tfields")  // 3
      append(Self.line(1, date: "2026-02-30"))  // 4: no such day
      append(Self.line(2, favorite: "yes"))  // 5
      // 6: not a UUID
      append(Self.line(3).replacingOccurrences(of: Self.ids[3].uuidString, with: "not-a-uuid"))
      append(Self.line(4, brand: String(repeating: "향", count: 5_000)))  // 7: brand too long
      append(Self.line(5, name: "Rose\u{7}31"))  // 8: control character
      append(Self.line(6, sentence: "   "))  // 9: empty sentence
      append("")  // 10: empty lines are skipped
      append(Self.line(0, name: "again"))  // 11: the identity of line 1
      append(Self.line(11))  // 12: already in the journal
      append(Self.line(7, favorite: "1"))  // 13: good

      let report = try await journal.importEntries(fromTSV: data)
      #expect(report.importedCount == 2)
      // Already in the journal: skipped, not refused, so an import can be run again.
      #expect(report.skippedLines == [12])
      let rejected = report.rejectedLines.map { ($0.line, $0.code, $0.field) }
      let expected: [(Int?, JournalError.Code, String?)] = [
        (2, .invalidImportLine, nil),
        (3, .invalidImportLine, nil),
        (4, .invalidImportLine, "date"),
        (5, .invalidImportLine, "favorite"),
        (6, .invalidImportLine, "id"),
        (7, .invalidEntry, "brand"),
        (8, .invalidEntry, "perfumeName"),
        (9, .invalidEntry, "sentence"),
        (11, .duplicateEntry, "id"),
      ]
      #expect(rejected.count == expected.count)
      for (actual, wanted) in zip(rejected, expected) {
        #expect(actual.0 == wanted.0)
        #expect(actual.1 == wanted.1, "line \(wanted.0 ?? 0)")
        #expect(actual.2 == wanted.2, "line \(wanted.0 ?? 0)")
      }
      #expect(report.rejectedLines.allSatisfy { !$0.message.isEmpty })
      #expect(report.rejectedLines[0].description.hasPrefix("line 2: "))
      #expect(try await journal.count(in: .all) == 3)
      #expect(try await journal.entry(JournalEntry.ID(Self.ids[0]))?.perfumeName == "Rose 31")
      #expect(try await journal.count(in: .favorites) == 1)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func anEmptyImportAddsNothing(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      for text in ["", "\n", "\r\n\r\n"] {
        let report = try await journal.importEntries(fromTSV: Data(text.utf8))
        #expect(report == JournalImportReport(importedCount: 0, rejectedLines: []))
      }
      #expect(try await journal.count(in: .all) == 0)
    }
  }

  @Test func aFailedImportTransactionAddsNothing() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try StoreKind.sqlite.makeRepository(in: directory)
      // Make every insert fail inside SQLite, after some rows were already written.
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      try store.database.write { connection in
        try connection.execute(
          """
          CREATE TRIGGER refuse_rose AFTER INSERT ON entry WHEN NEW.perfume_name = 'refused'
          BEGIN SELECT RAISE(ABORT, 'refused by a test'); END;
          """)
      }
      let text = [Self.line(0), Self.line(1), Self.line(2, name: "refused")].joined(separator: "\n")
      let error = await #expect(throws: JournalError.self) {
        try await journal.importEntries(fromTSV: Data(text.utf8))
      }
      #expect(error?.code == .databaseFailure)
      #expect(error?.message.contains("refused by a test") == true)
      #expect(try await journal.count(in: .all) == 0)
    }
  }
}
