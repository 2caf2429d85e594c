import Foundation
import HaruTestSupport
import Testing

extension HaruCLI {
  /// `haru settings` and `haru towns`.
  @Suite(.timeLimit(.minutes(2)))
  struct SettingsAndTownsTests {
    @Test func settingsAreWrittenToTheDataFolderAndReadBack() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let set = try await haru.run(["settings", "set", "unit", "fahrenheit"])
      #expect(set.status == 0, "\(set)")
      let get = try await haru.run(["settings", "get", "unit"])
      #expect(get.standardOutput == "fahrenheit\n")
      let file = haru.dataDirectory.appendingPathComponent("settings.json")
      let saved = try String(contentsOf: file, encoding: .utf8)
      #expect(saved.contains("fahrenheit"))
      let list = try await haru.run(["settings", "list", "--json"])
      let values = try #require(try list.json() as? [String: String])
      #expect(values == ["theme": "system", "unit": "fahrenheit", "pet": "dog", "scale": "korea"])
    }

    @Test func dataDirOptionOverridesTheEnvironment() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let other = haru.workDirectory.appendingPathComponent("other", isDirectory: true)
      try await haru.run(["settings", "set", "theme", "dark", "--data-dir", other.path])
      #expect(
        FileManager.default.fileExists(atPath: other.appendingPathComponent("settings.json").path))
      #expect(!FileManager.default.fileExists(atPath: haru.dataDirectory.path))
      let fromEnvironment = try await haru.run(["settings", "get", "theme"])
      #expect(fromEnvironment.standardOutput == "system\n")
    }

    @Test func withoutDataDirTheDataLivesInThePlatformDataFolder() async throws {
      var haru = try Haru()
      defer { haru.removeFiles() }
      let dataHome = haru.workDirectory.appendingPathComponent("xdg", isDirectory: true)
      haru.environment = ["HARU_DATA_DIR": "", "XDG_DATA_HOME": dataHome.path]
      let result = try await haru.run(["settings", "set", "pet", "cat"])
      #expect(result.status == 0, "\(result)")
      #if os(Linux)
        let file = dataHome.appendingPathComponent("haru/settings.json")
        #expect(FileManager.default.fileExists(atPath: file.path))
      #endif
    }

    @Test func theAirQualityScaleIsASettingThatHaruAirFollows() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let set = try await haru.run(["settings", "set", "scale", "eight", "--lang", "en"])
      #expect(set.status == 0, "\(set)")
      #expect(set.standardOutput.contains("scale = eightLevel  (eight steps)"))
      #expect(try await haru.run(["settings", "get", "scale"]).standardOutput == "eightLevel\n")
      let wrong = try await haru.run(["settings", "set", "scale", "us-epa"])
      #expect(wrong.status == 2, "\(wrong)")
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      let air = try await HaruCLI.AirCommandTests.air(haru, server: server, ["--json"])
      let document = try #require(try air.json() as? [String: Any], "\(air)")
      #expect((document["air"] as? [String: Any])?["scale"] as? String == "eightLevel")
    }

    @Test func townsAreAddedSelectedAndRemovedByName() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let added = try await haru.run(
        ["towns", "add", "부산", "--lat", "35.1770194", "--lon", "129.0769528", "--json"])
      #expect(added.status == 0, "\(added)")
      let towns = try #require(try added.json() as? [[String: Any]])
      #expect(towns.count == 1, "서울특별시청 is the default, not a saved town")
      #expect(towns.last?["nx"] as? Int == 98)
      #expect(towns.last?["ny"] as? Int == 76)
      #expect(towns.last?["current"] as? Bool == true)
      #expect(towns.last?["default"] as? Bool == false)

      let jeju = try await haru.run(["towns", "add", "제주", "--nx", "53", "--ny", "38"])
      #expect(jeju.status == 0, "\(jeju)")
      let selected = try await haru.run(["towns", "select", "부산", "--json"])
      let afterSelect = try #require(try selected.json() as? [[String: Any]])
      #expect(afterSelect.first?["current"] as? Bool == true)

      let removed = try await haru.run(["towns", "remove", "부산", "--json"])
      let afterRemove = try #require(try removed.json() as? [[String: Any]])
      #expect(afterRemove.map { $0["name"] as? String } == ["제주"])

      // Removing the last town brings the default back, marked as such.
      let last = try await haru.run(["towns", "remove", "제주", "--json"])
      let afterLast = try #require(try last.json() as? [[String: Any]])
      #expect(afterLast.map { $0["name"] as? String } == ["서울특별시청"])
      #expect(afterLast.first?["default"] as? Bool == true)
      #expect(afterLast.first?["current"] as? Bool == true)
      let text = try await haru.run(["towns", "list"])
      #expect(text.standardOutput.hasPrefix("* 서울특별시청"), "\(text)")
      #expect(text.standardOutput.contains("(default until a town is added)"), "\(text)")
    }

    @Test(
      "Towns the settings refuse exit with status 3 and say why",
      arguments: [
        (["towns", "add", "Paris", "--lat", "48.8566", "--lon", "2.3522"], "grid"),
        (["towns", "add", "Nowhere", "--nx", "500", "--ny", "1"], "column 500"),
        (["towns", "select", "Atlantis"], "Atlantis"),
        (["towns", "remove", "서울특별시청"], "no town is saved yet"),
        (["towns", "select", "서울특별시청"], "서울특별시청 is shown until"),
      ])
    func refusedTownChangesAreDataErrors(arguments: [String], cause: String) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(arguments)
      #expect(result.status == 3, "\(result)")
      #expect(result.standardError.lowercased().contains(cause.lowercased()), "\(result)")
      #expect(result.standardOutput.isEmpty)
    }

    @Test func aFourthTownIsRefusedAndTheThreeAreKept() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      try await haru.run(["towns", "add", "부산", "--nx", "98", "--ny", "76"])
      try await haru.run(["towns", "add", "제주", "--nx", "53", "--ny", "38"])
      try await haru.run(["towns", "add", "대구", "--nx", "89", "--ny", "90"])
      let fourth = try await haru.run(["towns", "add", "인천", "--nx", "55", "--ny", "124"])
      #expect(fourth.status == 3, "\(fourth)")
      let list = try await haru.run(["towns", "list", "--json"])
      let towns = try #require(try list.json() as? [[String: Any]])
      #expect(towns.map { $0["name"] as? String } == ["부산", "제주", "대구"])
    }
  }
}
