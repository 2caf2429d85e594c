import Foundation
import Testing

extension HaruJournalCLI {
  /// Short IDs: the first 8 or more characters of an entry's ID name it in every journal command
  /// that takes an ID.
  @Suite(.timeLimit(.minutes(2)))
  struct JournalShortIDTests {
    /// Two entries whose IDs share their first 8 characters, and one of its own.
    static let shared1 = "1a2b3c4d-0000-4000-8000-000000000001"
    static let shared2 = "1a2b3c4d-0000-4000-8000-000000000002"
    static let alone = "1a2b3c4e-0000-4000-8000-000000000003"

    /// A journal holding the three entries.
    static func journal() async throws -> Haru {
      let haru = try Haru()
      let lines = [
        (shared1, "2026-10-02", "Le Labo", "Rose 31"),
        (shared2, "2026-10-03", "Diptyque", "Philosykos"),
        (alone, "2026-10-04", "Jo Malone", "Wild Bluebell"),
      ].map { id, date, brand, name in
        #"{"id":"\#(id)","date":"\#(date)","brand":"\#(brand)","name":"\#(name)","sentence":"향"}"#
      }
      let file = haru.workDirectory.appendingPathComponent("three.jsonl")
      try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
      let result = try await haru.run(["journal", "import", file.path])
      #expect(result.status == 0, "\(result)")
      return haru
    }

    /// Every command that takes an ID, with what it needs besides.
    static let commands: [[String]] = [
      ["show"], ["favorite"], ["edit", "--sentence", "다시"], ["delete"],
    ]

    func run(_ haru: Haru, _ command: [String], _ id: String) async throws -> HaruResult {
      try await haru.run(["journal", command[0], id] + command.dropFirst() + ["--lang", "en"])
    }

    @Test(arguments: commands)
    func aUniquePrefixOfEightOrMoreNamesTheEntry(command: [String]) async throws {
      let haru = try await Self.journal()
      defer { haru.removeFiles() }
      for prefix in ["1a2b3c4e", "1A2B3C4E-0", "1a2b3c4e-0000-4000-8000-00000000000"] {
        let result = try await run(haru, command, prefix)
        #expect(result.status == 0, "\(prefix): \(result)")
        #expect(result.standardOutput.contains(Self.alone), "\(prefix): \(result)")
        if command == ["delete"] {
          // Deleted: the next prefix finds nothing, a data error.
          let again = try await run(haru, ["show"], prefix)
          #expect(again.status == 3, "\(again)")
          #expect(
            again.standardError.contains("No journal entry has an ID that starts with"),
            "\(again)")
          break
        }
      }
      // The whole ID keeps working, in either case.
      let whole = try await run(haru, ["show"], Self.shared1.uppercased())
      #expect(whole.status == 0, "\(whole)")
      #expect(whole.standardOutput.contains(Self.shared1), "\(whole)")
    }

    @Test(arguments: commands)
    func aPrefixOfSevenIsRefusedAsTooShort(command: [String]) async throws {
      let result = try await refusal(command, "1a2b3c4") { haru in
        let korean = try await haru.run(["journal", command[0], "1a2b3c4", "--lang", "ko"])
        #expect(korean.status == 2, "\(korean)")
        #expect(korean.standardError.contains("너무 짧습니다"), "\(korean)")
      }
      #expect(result.standardError.contains("\"1a2b3c4\" is too short"), "\(result)")
      #expect(result.standardError.contains("give 8 or more"), "\(result)")
    }

    @Test(arguments: commands)
    func aPrefixTwoEntriesShareListsThem(command: [String]) async throws {
      let result = try await refusal(command, "1a2b3c4d")
      let error = result.standardError
      #expect(error.contains("\"1a2b3c4d\" starts the IDs of more than one entry"), "\(result)")
      for text in [Self.shared1, Self.shared2, "Le Labo — Rose 31", "Diptyque — Philosykos"] {
        #expect(error.contains(text), "\(text): \(result)")
      }
      #expect(!error.contains(Self.alone), "\(result)")
    }

    /// Runs a command with a prefix it must refuse as a usage error, then `more`, and checks
    /// that nothing was printed on standard output and no entry changed.
    func refusal(
      _ command: [String], _ prefix: String, then more: (Haru) async throws -> Void = { _ in }
    ) async throws -> HaruResult {
      let haru = try await Self.journal()
      defer { haru.removeFiles() }
      let result = try await run(haru, command, prefix)
      #expect(result.status == 2, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      try await more(haru)
      try await expectAllThreeUnchanged(haru)
      return result
    }

    @Test func listAfterTakesAShortID() async throws {
      let haru = try await Self.journal()
      defer { haru.removeFiles() }
      let result = try await haru.run(["journal", "list", "--after", "1a2b3c4e", "--json"])
      #expect(result.status == 0, "\(result)")
      let ids = (try result.json() as? [[String: Any]])?.map { $0["id"] as? String }
      #expect(ids == [Self.shared2, Self.shared1], "\(result)")
      let short = try await haru.run(["journal", "list", "--after", "1a2b3c"])
      #expect(short.status == 2, "\(short)")
    }

    @Test(arguments: ["hello-wo", "1a2b 3c4d", "1a2b3c4d!", ""])
    func textThatIsNoIDIsRefused(text: String) async throws {
      let haru = try await Self.journal()
      defer { haru.removeFiles() }
      let result = try await run(haru, ["show"], text)
      #expect(result.status == 2, "\(result)")
      #expect(result.standardError.contains("is not an entry ID"), "\(result)")
    }

    @Test func aPrefixNoIDStartsWithIsADataError() async throws {
      let haru = try await Self.journal()
      defer { haru.removeFiles() }
      let result = try await run(haru, ["show"], "ffffffff")
      #expect(result.status == 3, "\(result)")
      #expect(
        result.standardError.contains("No journal entry has an ID that starts with ffffffff"),
        "\(result)")
    }

    /// The three entries are there, none a favorite, every sentence as imported.
    func expectAllThreeUnchanged(
      _ haru: Haru, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
      let list = try await haru.run(["journal", "list", "--json"])
      let entries = try #require(
        try list.json() as? [[String: Any]], "\(list)", sourceLocation: sourceLocation)
      #expect(entries.count == 3, "\(list)", sourceLocation: sourceLocation)
      #expect(
        entries.allSatisfy { $0["favorite"] as? Bool == false && $0["sentence"] as? String == "향" },
        "\(list)", sourceLocation: sourceLocation)
    }
  }
}
