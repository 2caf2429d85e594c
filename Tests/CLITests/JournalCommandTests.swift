import Foundation
import Testing

extension HaruJournalCLI {
  /// `haru journal add/list/show/edit/favorite/delete/search/perfumes`.
  @Suite(.timeLimit(.minutes(2)))
  struct JournalCommandTests {
    /// The smallest PNG: a signature and an IHDR chunk are all the journal reads.
    static let png = Data([
      0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44,
      0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F,
      0x15, 0xC4, 0x89,
    ])

    func add(
      _ haru: Haru, _ extra: [String] = [], brand: String = "Le Labo", name: String = "Rose 31",
      sentence: String = "장미향인데 나무 냄새가 오래 남는다"
    ) async throws -> String {
      let result = try await haru.run(
        ["journal", "add", "--brand", brand, "--name", name, "--sentence", sentence] + extra)
      #expect(result.status == 0, "\(result)")
      return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func addPrintsTheNewIDAndShowReturnsEveryField() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let id = try await add(haru, ["--text", "첫 줄\n둘째 줄", "--date", "2026-11-20", "--favorite"])
      #expect(UUID(uuidString: id) != nil, "\(id)")
      let show = try await haru.run(["journal", "show", id, "--json"])
      #expect(show.status == 0, "\(show)")
      let entries = try #require(try show.json() as? [[String: Any]])
      let entry = try #require(entries.first)
      #expect(
        Set(entry.keys) == ["id", "date", "brand", "name", "text", "sentence", "favorite", "photo"])
      #expect(entry["id"] as? String == id)
      #expect(entry["date"] as? String == "2026-11-20")
      #expect(entry["brand"] as? String == "Le Labo")
      #expect(entry["name"] as? String == "Rose 31")
      #expect(entry["text"] as? String == "첫 줄\n둘째 줄")
      #expect(entry["sentence"] as? String == "장미향인데 나무 냄새가 오래 남는다")
      #expect(entry["favorite"] as? Bool == true)
      #expect(entry["photo"] is NSNull)
    }

    @Test func aPhotoIsStoredUnderARelativeName() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let file = haru.workDirectory.appendingPathComponent("bottle.png")
      try Self.png.write(to: file)
      let id = try await add(haru, ["--photo", file.path])
      let show = try await haru.run(["journal", "show", id, "--json"])
      let entry = try #require((try show.json() as? [[String: Any]])?.first)
      let photo = try #require(entry["photo"] as? String)
      #expect(!photo.hasPrefix("/"))
      #expect(photo.hasSuffix(".png"))
      let stored = haru.dataDirectory.appendingPathComponent("journal/photos/\(photo)")
      #expect(FileManager.default.fileExists(atPath: stored.path))
    }

    @Test func listSearchFavoriteEditAndDeleteWork() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let rose = try await add(haru, ["--date", "2026-11-18"])
      let fig = try await add(
        haru, ["--date", "2026-11-19"], brand: "Diptyque", name: "Philosykos",
        sentence: "무화과 잎을 손으로 비빈 냄새")
      let bluebell = try await add(
        haru, ["--date", "2026-11-20"], brand: "Jo Malone", name: "Wild Bluebell",
        sentence: "비 온 뒤 들판, 들장미향이 살짝")

      let list = try await haru.run(["journal", "list", "--json"])
      let all = try #require(try list.json() as? [[String: Any]])
      #expect(all.map { $0["id"] as? String } == [bluebell, fig, rose])

      let limited = try await haru.run(["journal", "list", "--limit", "1", "--json"])
      #expect((try limited.json() as? [[String: Any]])?.count == 1)

      let search = try await haru.run(["journal", "search", "장미", "--json"])
      let found = try #require(try search.json() as? [[String: Any]])
      #expect(found.map { $0["id"] as? String } == [bluebell, rose])

      let favorite = try await haru.run(["journal", "favorite", fig])
      #expect(favorite.status == 0, "\(favorite)")
      let favorites = try await haru.run(["journal", "list", "--favorites", "--json"])
      #expect((try favorites.json() as? [[String: Any]])?.map { $0["id"] as? String } == [fig])
      try await haru.run(["journal", "favorite", fig, "--off"])
      let none = try await haru.run(["journal", "search", "무화과", "--favorites", "--json"])
      #expect((try none.json() as? [[String: Any]])?.isEmpty == true)

      let edit = try await haru.run(
        ["journal", "edit", rose, "--sentence", "다시 맡으니 더 달다", "--json"])
      #expect(edit.status == 0, "\(edit)")
      let edited = try #require((try edit.json() as? [[String: Any]])?.first)
      #expect(edited["sentence"] as? String == "다시 맡으니 더 달다")
      #expect(edited["brand"] as? String == "Le Labo")

      let perfumes = try await haru.run(["journal", "perfumes", "--json"])
      let names = try #require(try perfumes.json() as? [[String: Any]])
      #expect(
        Set(names.compactMap { $0["name"] as? String }) == [
          "Rose 31", "Philosykos", "Wild Bluebell",
        ])

      let delete = try await haru.run(["journal", "delete", fig])
      #expect(delete.status == 0, "\(delete)")
      let gone = try await haru.run(["journal", "show", fig])
      #expect(gone.status == 3, "\(gone)")
      #expect(gone.standardError.contains(fig))
    }

    @Test(
      "Entries the journal refuses exit with status 3, name the cause and save nothing",
      arguments: [
        (["--brand", "B", "--name", "N", "--sentence", "   "], "sentence"),
        (["--brand", "", "--name", "N", "--sentence", "S"], "brand"),
        (
          ["--brand", "B", "--name", "N", "--sentence", "S", "--photo", "/nonexistent/photo.png"],
          "photo"
        ),
        (["--brand", "B", "--name", "N", "--sentence", "S", "--photo", "TEXT_FILE"], "photo"),
      ])
    func refusedEntriesAreDataErrors(arguments: [String], cause: String) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let textFile = haru.workDirectory.appendingPathComponent("notes.txt")
      try Data("not a picture".utf8).write(to: textFile)
      let result = try await haru.run(
        ["journal", "add"] + arguments.map { $0 == "TEXT_FILE" ? textFile.path : $0 })
      #expect(result.status == 3, "\(result)")
      #expect(result.standardError.lowercased().contains(cause), "\(result)")
      let list = try await haru.run(["journal", "list", "--json"])
      #expect((try list.json() as? [[String: Any]])?.isEmpty == true)
    }

    @Test func searchLooksInEveryEntryTheFavoritesOrOnePerfume() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let rose = try await add(haru, ["--date", "2026-11-18"], sentence: "비 오는 날의 장미")
      let roseAgain = try await add(
        haru, ["--date", "2026-11-20", "--favorite"], sentence: "다시 맡은 장미")
      let lowercase = try await add(
        haru, ["--date", "2026-11-21"], brand: "le labo", sentence: "소문자 장미")
      let santal = try await add(
        haru, ["--date", "2026-11-19", "--favorite"], name: "Santal 33", sentence: "장미 없이 나무")
      let scopes: [([String], [String])] = [
        ([], [lowercase, roseAgain, santal, rose]),
        (["--favorites"], [roseAgain, santal]),
        (["--brand", "Le Labo", "--name", "Rose 31"], [roseAgain, rose]),
        // Brand and name are trimmed, as entries store them, then compared exactly.
        (["--brand", " Le Labo ", "--name=Rose 31"], [roseAgain, rose]),
        (["--brand", "le labo", "--name", "Rose 31"], [lowercase]),
        (["--brand", "Le Labo", "--name", "Rose"], []),
        (["--brand", "Le Labo", "--name", "Rose 31", "--limit", "1"], [roseAgain]),
      ]
      for (options, expected) in scopes {
        let result = try await haru.run(["journal", "search", "장미"] + options + ["--json"])
        #expect(result.status == 0, "\(options): \(result)")
        let found = try #require(try result.json() as? [[String: Any]], "\(options)")
        #expect(found.map { $0["id"] as? String } == expected, "\(options)")
      }
      let text = try await haru.run(
        ["journal", "search", "비", "장미", "--brand", "Le Labo", "--name", "Rose 31"])
      #expect(text.status == 0, "\(text)")
      #expect(text.standardOutput.contains(rose), "\(text)")
      #expect(!text.standardOutput.contains(roseAgain), "\(text)")
    }

    /// A terminal set to another encoding (EUC-KR, say) hands `haru` bytes that are not UTF-8.
    /// Swift's `CommandLine.arguments` would turn them into U+FFFD; `haru` refuses them instead,
    /// by position, before any search reaches the journal.
    @Test(
      "A query that is not UTF-8 is a usage error naming its position",
      arguments: [
        [0xED, 0xA0, 0x80],  // an unpaired surrogate, U+D800, as CESU-8 writes it
        [0xFF],  // never part of UTF-8
        Array("장미".utf8) + [0xC0, 0xAF],  // an overlong "/" after valid text
        [0xEC, 0x9E],  // a syllable cut short
      ] as [[UInt8]])
    func aQueryThatIsNotUTF8IsRefused(bytes: [UInt8]) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      _ = try await add(haru)
      // The bytes reach a child's argv exactly as given: a shell started the same way prints
      // its first argument's bytes in hex.
      let echo = try await haru.run(
        URL(fileURLWithPath: "/bin/sh"),
        rawArguments: [
          Array("-c".utf8), Array("printf %s \"$1\" | od -An -tx1".utf8), [0x73], bytes,
        ])
      let hex = bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }
      #expect(echo.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init) == hex)

      let result = try await haru.run(
        rawArguments: [Array("journal".utf8), Array("search".utf8), bytes, Array("--json".utf8)])
      #expect(result.status == 2, "\(result)")
      #expect(result.standardError.contains("argument 3 is not UTF-8 text"), "\(result)")
      #expect(result.standardError.contains("usage: haru"), "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      // The journal is as it was.
      let list = try await haru.run(["journal", "list", "--json"])
      #expect((try list.json() as? [[String: Any]])?.count == 1, "\(list)")
    }

    @Test func theReplacementCharacterItselfIsSearchedForAsText() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let marked = try await add(haru, sentence: "깨진 글자 \u{FFFD} 그대로")
      _ = try await add(haru, name: "Santal 33")
      // U+FFFD written as valid UTF-8 (EF BF BD) is text like any other.
      let result = try await haru.run(
        rawArguments: [
          Array("journal".utf8), Array("search".utf8), [0xEF, 0xBF, 0xBD], Array("--json".utf8),
        ])
      #expect(result.status == 0, "\(result)")
      let found = try #require(try result.json() as? [[String: Any]])
      #expect(found.map { $0["id"] as? String } == [marked])
    }

    @Test func anUnknownIDIsADataError() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let id = UUID().uuidString
      for action in [["show"], ["favorite"], ["delete"], ["edit", "--sentence", "다시"]] {
        let result = try await haru.run(["journal", action[0], id] + action.dropFirst())
        #expect(result.status == 3, "\(action): \(result)")
        // Every command says it in the same words.
        #expect(
          result.standardError.contains("No journal entry has the identity"), "\(action): \(result)"
        )
      }
    }

    @Test func aDataFolderThatIsAFileIsSaidInWords() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let file = haru.workDirectory.appendingPathComponent("not-a-folder")
      try Data("mine".utf8).write(to: file)
      let result = try await haru.run(["journal", "list", "--data-dir", file.path])
      #expect(result.status == 3, "\(result)")
      #expect(result.standardError.contains("\(file.path) is a file, not a folder"), "\(result)")
      #expect(try Data(contentsOf: file) == Data("mine".utf8))
    }

    @Test func anEditThatChangesNothingIsAUsageError() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let added = try await haru.run(
        ["journal", "add", "--brand", "Le Labo", "--name", "Rose 31", "--sentence", "장미"])
      let id = added.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
      let result = try await haru.run(["journal", "edit", id])
      #expect(result.status == 2, "\(result)")
      #expect(result.standardError.contains("say what to change"), "\(result)")
    }
  }
}
