import Foundation
import Testing

@testable import HaruJournal

extension HaruJournalCLI {
  /// `haru journal import FILE`.
  @Suite(.timeLimit(.minutes(3)))
  struct JournalImportCommandTests {
    static func tsvLine(
      _ id: UUID = UUID(), date: String = "2026-11-20", brand: String = "Le Labo",
      name: String = "Rose 31", content: String = "", sentence: String = "장미",
      favorite: String = "0"
    ) -> String {
      [id.uuidString, date, brand, name, content, sentence, favorite].joined(separator: "\t")
    }

    func write(_ lines: [String], _ haru: Haru, name: String) throws -> String {
      let file = haru.workDirectory.appendingPathComponent(name)
      try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
      return file.path
    }

    func count(_ haru: Haru) async throws -> Int {
      let journal = try JournalRepository(
        directory: haru.dataDirectory.appendingPathComponent("journal", isDirectory: true))
      return try await journal.count(in: .all)
    }

    /// Each row: the file's name, its bytes, and the words that say what it is.
    @Test(arguments: [
      (
        "photo.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF".utf8), "a JPEG image"
      ),
      ("backup.harujournal", Data([0xFF, 0xD8, 0xFF, 0xDB, 0x00]), "a JPEG image"),
      ("receipt.pdf", Data("%PDF-1.7\n%âãÏÓ\n".utf8), "a PDF document"),
      ("empty.tsv", Data(), "an empty file"),
      ("blank.tsv", Data(" \n\r\n\t\n".utf8), "an empty file"),
      (
        "photos.zip", Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00]) + Data("IMG_0001.JPG".utf8),
        "a zip archive that is not a Haru journal archive"
      ),
      ("notes.txt", Data("오늘의 향기\n장미\n".utf8), "text with no tab-separated fields"),
      ("data.bin", Data([0x00, 0x01, 0x02, 0x09, 0x0A]), "binary data"),
    ])
    func aFileThatIsNoJournalExportIsRefusedAtOnceAndChangesNothing(
      name: String, bytes: Data, kind: String
    ) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let kept = try write([Self.tsvLine()], haru, name: "kept.tsv")
      #expect(try await haru.run(["journal", "import", kept]).status == 0)
      let file = haru.workDirectory.appendingPathComponent(name)
      try bytes.write(to: file)
      let before = try await haru.run(["journal", "list", "--json"])
      let result = try await haru.run(["journal", "import", file.path])
      #expect(result.status == 3, "\(result)")
      #expect(result.standardError.contains("is \(kind)"), "\(result)")
      #expect(result.standardError.contains("Nothing was imported"), "\(result)")
      // No line by line answer, no summary: the file is refused whole before the journal is read.
      #expect(!result.standardError.contains("tab-separated fields, not"), "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      let after = try await haru.run(["journal", "list", "--json"])
      #expect(after.standardOutput == before.standardOutput)
      #expect(try await count(haru) == 1)
      let korean = try await haru.run(["journal", "import", file.path, "--lang", "ko"])
      #expect(korean.status == 3, "\(korean)")
      #expect(korean.standardError.contains("아무것도 가져오지 않았습니다"), "\(korean)")
    }

    @Test func theCSVOfExportIsImportedBackToTheSameEntries() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let entries: [[String]] = [
        [
          "--brand", "Le \"Labo\"", "--name", "Rose, 31", "--sentence", "장미향, \"나무\" 냄새",
          "--text", "첫 줄\n둘째, \"줄\"\r\n셋째", "--favorite", "--date", "2026-10-02",
        ],
        [
          "--brand", "Diptyque", "--name", "Philosykos", "--sentence", "무화과 잎", "--date",
          "2026-10-03",
        ],
        [
          "--brand", "조 말론", "--name", "Wild Bluebell", "--sentence", "비 온 뒤, 들판",
          "--text", "\"따옴표\"로 시작", "--date", "2026-10-04",
        ],
      ]
      for entry in entries {
        #expect(try await haru.run(["journal", "add"] + entry).status == 0)
      }
      let csv = haru.workDirectory.appendingPathComponent("journal.csv")
      #expect(try await haru.run(["journal", "export", "--csv", csv.path]).status == 0)
      let original = try await haru.run(["journal", "list", "--all", "--json"])
      let other = haru.workDirectory.appendingPathComponent("other").path
      let imported = try await haru.run([
        "journal", "import", csv.path, "--data-dir", other, "--json",
      ])
      #expect(imported.status == 0, "\(imported)")
      let summary = try #require(try imported.json() as? [String: Any])
      #expect(summary["format"] as? String == "csv")
      #expect(summary["imported"] as? Int == 3)
      let copy = try await haru.run(["journal", "list", "--all", "--json", "--data-dir", other])
      #expect(copy.standardOutput == original.standardOutput)
      #expect(copy.standardOutput.contains("첫 줄\\n둘째, \\\"줄\\\"\\r\\n셋째"), "\(copy)")
      // Imported again, every entry is already there.
      let again = try await haru.run(["journal", "import", csv.path, "--data-dir", other, "--json"])
      let second = try #require(try again.json() as? [String: Any])
      #expect(second["skipped"] as? Int == 3, "\(again)")
    }

    @Test func tsvImportKeepsIDsAndReportsRejectedLinesByNumber() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let kept = UUID()
      let file = try write(
        [
          Self.tsvLine(kept, content: "탭\\t과 줄\\n바꿈", favorite: "1"),
          Self.tsvLine(date: "2026-02-30"),
          "",
          Self.tsvLine(brand: ""),
          "only\ttwo",
          Self.tsvLine(kept),
          Self.tsvLine(),
        ], haru, name: "journal.tsv")
      let result = try await haru.run(["journal", "import", file, "--json"])
      #expect(result.status == 3, "\(result)")
      let summary = try #require(try result.json() as? [String: Any])
      #expect(summary["imported"] as? Int == 2)
      #expect(summary["format"] as? String == "tsv")
      #expect(summary["interrupted"] as? Bool == false)
      let rejected = try #require(summary["rejected"] as? [[String: Any]])
      #expect(rejected.map { $0["line"] as? Int } == [2, 4, 5, 6])
      #expect(rejected.map { $0["field"] as? String } == ["date", "brand", nil, "id"])
      #expect(result.standardError.contains("4 of 7 lines"))

      let show = try await haru.run(["journal", "show", kept.uuidString, "--json"])
      let entry = try #require((try show.json() as? [[String: Any]])?.first)
      #expect(entry["text"] as? String == "탭\t과 줄\n바꿈")
      #expect(entry["favorite"] as? Bool == true)
    }

    @Test func anImportOfManyBatchesMergesTheSearchIndexOnceAtTheEnd() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      // Three batches of at most 500 lines: small writes each, a large import together.
      let lines = (0..<1_200).map { Self.tsvLine(content: "금목서 \($0)") }
      let file = try write(lines, haru, name: "journal.tsv")
      let result = try await haru.run(["journal", "import", file])
      #expect(result.status == 0, "\(result)")
      let store = try SQLiteJournalStore(
        fileURL: haru.dataDirectory.appendingPathComponent("journal/journal.sqlite"))
      #expect(
        try !store.database.withWriter { try SearchSQL.isInSeveralSegments(in: $0) },
        "the index is in one segment")
      #expect(
        try store.search(JournalSearchQuery("금목서 1199"), in: .all, after: nil, limit: 5).count == 1)
    }

    @Test func jsonLinesUseTheSameFieldNames() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let id = UUID()
      let file = try write(
        [
          #"{"id":"\#(id.uuidString)","date":"2026-11-19","brand":"Diptyque","name":"Philosykos","content":"무화과\t잎","sentence":"초록","favorite":true}"#,
          #"{"date":"2026-11-20","brand":"Jo Malone","name":"Wild Bluebell","sentence":"비 온 뒤","favorite":0}"#,
          #"not json"#,
          #"{"date":"2026-11-20","brand":7,"name":"N","sentence":"S"}"#,
          #"{"date":"2026-11-20","brand":"B","name":"N","sentence":"S","favorite":"yes"}"#,
          #"{"date":"2026-11-20","brand":"B","name":"N","sentence":"S","photo":"a.jpg"}"#,
          #"{"id":"\#(id.uuidString)","date":"2026-11-20","brand":"B","name":"N","sentence":"S"}"#,
          #"{"date":"2026-11-20","brand":"B","name":"N"}"#,
        ], haru, name: "journal.jsonl")
      let result = try await haru.run(["journal", "import", file, "--json"])
      #expect(result.status == 3, "\(result)")
      let summary = try #require(try result.json() as? [String: Any])
      #expect(summary["format"] as? String == "jsonl")
      #expect(summary["imported"] as? Int == 2)
      let rejected = try #require(summary["rejected"] as? [[String: Any]])
      #expect(rejected.map { $0["line"] as? Int } == [3, 4, 5, 6, 7, 8])
      #expect(
        rejected.map { $0["field"] as? String } == [
          nil, "brand", "favorite", "photo", "id", "sentence",
        ])
      let show = try await haru.run(["journal", "show", id.uuidString, "--json"])
      let entry = try #require((try show.json() as? [[String: Any]])?.first)
      #expect(entry["text"] as? String == "무화과\t잎")
      #expect(entry["favorite"] as? Bool == true)
    }

    @Test func lineNumbersAndDuplicatesCarryAcrossBatches() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      var lines = (1...1_200).map { _ in Self.tsvLine() }
      let first = UUID()
      lines[2] = Self.tsvLine(first)
      lines[776] = Self.tsvLine(date: "not a day")
      lines[1_099] = Self.tsvLine(first)
      let file = try write(lines, haru, name: "many.tsv")
      let result = try await haru.run(["journal", "import", file, "--json"])
      let summary = try #require(try result.json() as? [String: Any], "\(result)")
      #expect(summary["imported"] as? Int == 1_198)
      let rejected = try #require(summary["rejected"] as? [[String: Any]])
      #expect(rejected.map { $0["line"] as? Int } == [777, 1_100])
      #expect((rejected.last?["message"] as? String)?.contains("line 3") == true)
      #expect(try await count(haru) == 1_198)
      // Nothing is printed on standard error but the closing message when it is not a terminal.
      #expect(!result.standardError.contains("["))
    }

    @Test func aRefusedLineDoesNotUseUpItsIdentity() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let id = UUID()
      let lines = [Self.tsvLine(id, brand: ""), Self.tsvLine(id)]
      let file = try write(lines, haru, name: "retry.tsv")
      let result = try await haru.run(["journal", "import", file, "--json"])
      let summary = try #require(try result.json() as? [String: Any], "\(result)")
      #expect(summary["imported"] as? Int == 1)
      let rejected = try #require(summary["rejected"] as? [[String: Any]])
      #expect(rejected.map { $0["line"] as? Int } == [1])
      #expect(try await count(haru) == 1)
    }

    @Test func importingTheSameFileAgainAddsNothing() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let file = try write((1...10).map { _ in Self.tsvLine() }, haru, name: "ten.tsv")
      let first = try await haru.run(["journal", "import", file])
      #expect(first.status == 0, "\(first)")
      #expect(first.standardOutput.contains("imported 10"))
      let again = try await haru.run(["journal", "import", file, "--json"])
      // Every line is already there: skipped, not refused, and the import succeeds.
      #expect(again.status == 0, "\(again)")
      let summary = try #require(try again.json() as? [String: Any])
      #expect(summary["imported"] as? Int == 0)
      #expect(summary["skipped"] as? Int == 10)
      #expect((summary["rejected"] as? [[String: Any]])?.count == 0)
      #expect(try await count(haru) == 10)
    }

    @Test func linesWithoutAnIDRepeatedInOneFileAreSkippedAndAnEmptyIDIsNoID() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let fig = #"{"date":"2026-11-19","brand":"Diptyque","name":"Philosykos","sentence":"초록"}"#
      let rain =
        #"{"id":"","date":"2026-11-20","brand":"Jo Malone","name":"Bluebell","sentence":"비"}"#
      let invalid = #"{"date":"2026-11-20","brand":"B","name":"N"}"#
      let file = try write([fig, rain, fig, invalid, rain, invalid], haru, name: "again.jsonl")
      let result = try await haru.run(["journal", "import", file, "--json"])
      let summary = try #require(try result.json() as? [String: Any], "\(result)")
      #expect(summary["imported"] as? Int == 2)
      #expect(summary["skipped"] as? Int == 2)
      // A repeat of a refused line is refused for the same reason, at its own line.
      let rejected = try #require(summary["rejected"] as? [[String: Any]])
      #expect(rejected.map { $0["line"] as? Int } == [4, 6])
      #expect(rejected.map { $0["field"] as? String } == ["sentence", "sentence"])
      // Tab-separated lines with an empty identity get the same derived identity as the same
      // record in JSON Lines: importing them skips what is there, adds what is not.
      let tsv = try write(
        [
          ["", "2026-11-19", "Diptyque", "Philosykos", "", "초록", "0"].joined(separator: "\t"),
          ["  ", "2026-11-21", "Aesop", "Hwyl", "", "숲", "1"].joined(separator: "\t"),
        ], haru, name: "no-ids.tsv")
      for (round, expected) in [(1, (1, 1)), (2, (0, 2))] {
        let run = try await haru.run(["journal", "import", tsv, "--json"])
        #expect(run.status == 0, "round \(round): \(run)")
        let counts = try #require(try run.json() as? [String: Any], "\(run)")
        #expect(counts["imported"] as? Int == expected.0, "round \(round)")
        #expect(counts["skipped"] as? Int == expected.1, "round \(round)")
      }
      #expect(try await count(haru) == 3)
    }

    @Test func aMissingFileIsADataError() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["journal", "import", "/nonexistent/journal.tsv"])
      #expect(result.status == 3, "\(result)")
      #expect(result.standardError.contains("/nonexistent/journal.tsv"))
    }

    @Test func ctrlCStopsAfterAWholeBatchAndTheSummarySaysWhere() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let total = 40_000
      let file = try write((1...total).map { _ in Self.tsvLine() }, haru, name: "big.tsv")
      let running = try haru.launch(["journal", "import", file, "--json"])
      await running.waitForStandardError(containing: "importing")
      running.interrupt()
      let result = await running.result()
      #expect(result.status == 130, "\(result)")
      let summary = try #require(try result.json() as? [String: Any], "\(result)")
      #expect(summary["interrupted"] as? Bool == true)
      let imported = try #require(summary["imported"] as? Int)
      let stopped = try #require(summary["stoppedAfterLine"] as? Int)
      #expect(imported == stopped)
      #expect(imported < total)
      #expect(imported % 500 == 0)
      #expect(result.standardError.contains("stopped after line \(stopped)"))
      #expect(try await count(haru) == imported)
    }
  }

  /// The progress bar, drawn only when standard error is a terminal.
  @Suite(.timeLimit(.minutes(3)))
  struct ImportProgressTests {
    @Test func aTerminalGetsAProgressBarAndAPipeDoesNot() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let lines = (1...1_200).map { _ in JournalImportCommandTests.tsvLine() }
      let file = haru.workDirectory.appendingPathComponent("progress.tsv")
      try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)

      let terminal = try PseudoTerminal()
      let running = try haru.launch(
        ["journal", "import", file.path], standardError: terminal.device)
      let result = await running.result()
      let drawn = terminal.readAll()
      #expect(result.status == 0, "\(result)")
      #expect(drawn.contains("] 41% 500/1200 lines"), "\(drawn)")
      #expect(drawn.contains("] 100% 1200/1200 lines"), "\(drawn)")
      // The summary is the result: on standard output, not on the terminal's standard error.
      #expect(result.standardOutput.contains("imported 1200"))
      #expect(!drawn.contains("imported 1200"))

      let piped = try await haru.run([
        "journal", "import", file.path, "--data-dir",
        haru.workDirectory.appendingPathComponent("other").path,
      ])
      #expect(!piped.standardError.contains("%"), "\(piped)")
    }
  }
}
