import Foundation
import Testing

extension HaruCLI {
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

    @Test func anUnknownIDIsADataError() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let id = UUID().uuidString
      for action in ["show", "favorite", "delete", "edit"] {
        let result = try await haru.run(["journal", action, id])
        #expect(result.status == 3, "\(action): \(result)")
      }
    }
  }
}
