import Foundation
import Testing

extension HaruCLI {
  /// The command line itself: usage errors, help, and global options wherever they stand.
  @Suite(.timeLimit(.minutes(2)))
  struct UsageTests {
    /// Command lines that are wrong, each for its own reason.
    static let wrongCommandLines: [[String]] = [
      [],
      ["bogus"],
      ["--lang", "fr", "settings", "list"],
      ["settings", "list", "--data-dir"],
      ["settings"],
      ["settings", "get", "colour"],
      ["settings", "set", "unit", "kelvin"],
      ["settings", "set", "unit"],
      ["settings", "list", "extra"],
      ["towns", "add", "Jeju"],
      ["towns", "add", "Jeju", "--lat", "33.5"],
      ["towns", "add", "Jeju", "--lat", "north", "--lon", "126.5"],
      ["towns", "add", "Jeju", "--lat", "33.5", "--lon", "126.5", "--nx", "53", "--ny", "38"],
      ["towns", "list", "--lat", "33.5"],
      ["journal"],
      ["journal", "add", "--brand", "Le Labo"],
      [
        "journal", "add", "--brand", "B", "--name", "N", "--sentence", "S", "--date",
        "2026-13-01",
      ],
      ["journal", "add", "--brand", "B", "--brand", "C", "--name", "N", "--sentence", "S"],
      ["journal", "show", "not-an-id"],
      ["journal", "show"],
      ["journal", "list", "--limit", "0"],
      ["journal", "list", "--limit", "many"],
      ["journal", "list", "--bogus"],
      ["journal", "favorite", "1234", "--off"],
      ["journal", "search"],
      ["journal", "search", "장미", "--favorites", "--brand", "Le Labo", "--name", "Rose 31"],
      ["journal", "search", "장미", "--favorites", "--name", "Rose 31"],
      ["journal", "search", "장미", "--brand", "Le Labo"],
      ["journal", "search", "장미", "--name", "Rose 31"],
      ["journal", "search", "장미", "--brand", " ", "--name", "Rose 31"],
      ["journal", "import"],
      ["journal", "tidy"],
      ["forecast", "--provider", "weather-channel", "--offline"],
      ["forecast", "--offline", "--now", "2026-11-30T10:00:00+09:00"],
      ["forecast", "--now", "yesterday", "--provider", "open-meteo"],
      ["forecast", "--base-url", "not a url", "--provider", "open-meteo"],
      ["forecast", "--town", "Seoul", "--nx", "60", "--ny", "127", "--offline"],
      ["forecast", "--nx", "60", "--offline"],
      ["forecast", "--offline", "--nx", "53", "--ny", "38"],
      ["forecast"],
      ["demo", "--json"],
      ["help", "nonsense"],
      ["air", "--offline", "--now", "2026-11-30T10:00:00+09:00"],
      ["air", "--offline", "--nx", "53", "--ny", "38"],
      ["warnings", "--offline", "--town", "성복동"],
      ["air"],
      ["warnings"],
    ]

    @Test(
      "A wrong command line exits with status 2 and a usage line on standard error",
      arguments: wrongCommandLines)
    func wrongCommandLineIsAUsageError(arguments: [String]) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(arguments)
      #expect(result.status == 2, "\(arguments): \(result)")
      #expect(result.standardError.contains("usage: haru"), "\(arguments): \(result)")
      #expect(result.standardOutput.isEmpty, "\(arguments): \(result)")
    }

    @Test(
      "Under --lang ko a wrong command line is told in Korean, with the usage line",
      arguments: wrongCommandLines)
    func wrongCommandLineInKorean(arguments: [String]) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["--lang", "ko"] + arguments)
      #expect(result.status == 2, "\(arguments): \(result)")
      let lines = result.standardError.split(separator: "\n").map(String.init)
      let first = try #require(lines.first, "\(arguments): \(result)")
      #expect(first.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(first)")
      #expect(lines.contains { $0.hasPrefix("사용법: haru") }, "\(arguments): \(result)")
      #expect(!result.standardError.contains("usage:"), "\(arguments): \(result)")
      #expect(!result.standardError.contains("Run 'haru help'"), "\(arguments): \(result)")
    }

    @Test func helpOfAWordThatIsNoCommandIsAUsageErrorNamingIt() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["help", "nonsense"])
      #expect(result.status == 2, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      #expect(result.standardError.contains("\"nonsense\""), "\(result)")
    }

    /// Each row: the environment, and whether the output is Korean.
    @Test(arguments: [
      (["LANG": "ko_KR.UTF-8"], true),
      (["LC_ALL": "ko_KR.UTF-8"], true),
      (["LANG": "ko_KR.UTF-8", "LC_ALL": "en_US.UTF-8"], false),
      (["LANG": "en_US.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"], true),
      (["LANG": "C"], false),
    ])
    func theLocaleOfTheEnvironmentChoosesTheLanguage(
      environment: [String: String], isKorean: Bool
    ) async throws {
      var haru = try Haru()
      defer { haru.removeFiles() }
      haru.environment = environment
      let failed = try await haru.run(["journal", "show"])
      #expect(failed.status == 2, "\(failed)")
      #expect(failed.standardError.contains("사용법: haru journal show") == isKorean, "\(failed)")
      let help = try await haru.run(["help"])
      #expect(help.standardOutput.contains("전역 옵션") == isKorean, "\(help)")
      // --lang wins over the environment.
      let english = try await haru.run(["journal", "show", "--lang", "en"])
      #expect(english.standardError.contains("usage: haru journal show"), "\(english)")
    }

    @Test func koreanHelpHasEveryCommandAndEachCommandsOwnPart() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let whole = try await haru.run(["help", "--lang", "ko"])
      #expect(whole.status == 0, "\(whole)")
      for word in ["demo", "forecast", "air", "warnings", "settings", "towns", "journal", "명령:"] {
        #expect(whole.standardOutput.contains(word), "lacks \(word)")
      }
      let own = try await haru.run(["forecast", "--help", "--lang", "ko"])
      #expect(own.status == 0, "\(own)")
      #expect(own.standardOutput.hasPrefix("사용법: haru <command>"), "\(own)")
      #expect(own.standardOutput.contains("장소를 주지 않으면"), "\(own)")
      #expect(own.standardOutput.contains("전역 옵션"), "\(own)")
      #expect(own.standardOutput.contains("종료 상태"), "\(own)")
      #expect(!own.standardOutput.contains("\njournal:\n"), "\(own)")
    }

    /// Each row: the language, and words the guide must hold in it.
    @Test(arguments: [
      ("en", ["Getting the keys", "encoding key", "API Hub", "10,000", "500", "an hour"]),
      ("ko", ["서비스 키 받기", "인코딩 키", "API 허브", "10,000", "500", "한 시간"]),
    ])
    func helpKeysNamesEveryServiceToApplyFor(language: String, words: [String]) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["help", "keys", "--lang", language])
      #expect(result.status == 0, "\(result)")
      let services = [
        "기상청_단기예보", "기상청_중기예보", "기상청_기상특보", "에어코리아_대기오염정보",
        "에어코리아_측정소정보", "기상청_생활기상지수", "기상청_보건기상지수", "https://www.data.go.kr",
      ]
      for word in services + words {
        #expect(result.standardOutput.contains(word), "\(language) lacks \(word)")
      }
    }

    @Test(
      "A missing key says where keys come from",
      arguments: [["forecast"], ["air"], ["warnings"]])
    func aMissingKeyPointsToTheGuide(arguments: [String]) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      for (language, words) in [("en", "data portal"), ("ko", "공공데이터포털")] {
        let result = try await haru.run(arguments + ["--lang", language])
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains(words), "\(result)")
        #expect(result.standardError.contains("haru help keys"), "\(result)")
      }
    }

    @Test(
      "A time --now cannot read is reported with the usage of the command it was given to",
      arguments: ["forecast", "air", "warnings"])
    func unreadableNowShowsTheCommandsOwnUsage(command: String) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run([command, "--now", "yesterday"])
      #expect(result.status == 2, "\(result)")
      #expect(result.standardError.contains("--now needs an ISO 8601 time"), "\(result)")
      #expect(result.standardError.contains("usage: haru \(command) ["), "\(result)")
    }

    @Test func helpPrintsEveryCommandAndExitsWithZero() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      for arguments in [["help"], ["--help"], ["demo", "-h"], ["help", "demo"]] {
        let result = try await haru.run(arguments)
        #expect(result.status == 0, "\(result)")
        for command in ["demo", "forecast", "settings", "towns", "journal", "import", "--data-dir"]
        {
          #expect(result.standardOutput.contains(command), "\(arguments) lacks \(command)")
        }
      }
    }

    /// Each row: the arguments, a line of the command's own part, and the heading of another
    /// command's part that must not be printed.
    @Test(arguments: [
      (["journal", "-h"], "haru journal search QUERY", "forecast:"),
      (["help", "journal"], "haru journal export PATH", "towns:"),
      (["warnings", "--help"], "haru warnings [", "journal:"),
      (["air", "--town", "성복동", "--help"], "haru air [", "warnings:"),
      (["forecast", "--help"], "haru forecast [", "air:"),
      (["settings", "--help"], "haru settings get theme", "towns:"),
      (["towns", "--help"], "haru towns search QUERY", "settings:"),
    ])
    func helpAfterACommandPrintsItsOwnPartAndTheGlobalOptions(
      arguments: [String], ownLine: String, otherHeading: String
    ) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(arguments)
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput.contains(ownLine), "\(result)")
      #expect(result.standardOutput.contains("--data-dir DIR"), "\(result)")
      #expect(result.standardOutput.contains("exit status:"), "\(result)")
      #expect(!result.standardOutput.contains("\n" + otherHeading + "\n"), "\(result)")
      #expect(result.standardError.isEmpty, "\(result)")
    }

    @Test func globalOptionsAreReadBeforeTheCommandAndAnywhereAfterIt() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let folder = haru.workDirectory.appendingPathComponent("elsewhere").path
      try await haru.run(["settings", "set", "pet", "cat", "--data-dir", folder])
      let placements = [
        ["--json", "--data-dir", folder, "settings", "list"],
        ["settings", "--json", "list", "--data-dir", folder],
        ["settings", "list", "--data-dir=\(folder)", "--json"],
        ["--lang", "ko", "settings", "--json", "list", "--data-dir", folder],
      ]
      for arguments in placements {
        let result = try await haru.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result)")
        let object = try #require(try result.json() as? [String: String], "\(arguments)")
        #expect(
          object == ["theme": "system", "unit": "celsius", "pet": "cat", "scale": "korea"],
          "\(arguments)")
      }
    }

    @Test func jsonOutputIsExactlyOneDocument() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let commands = [
        ["settings", "list"], ["towns", "list"], ["journal", "list"], ["journal", "perfumes"],
        ["forecast", "--offline"],
      ]
      for arguments in commands {
        let result = try await haru.run(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result)")
        // One document: JSONSerialization refuses anything after the first value.
        #expect(throws: Never.self, "\(arguments)") { _ = try result.json() }
      }
    }
  }
}
