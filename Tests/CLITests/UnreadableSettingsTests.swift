import Foundation
import Testing

extension HaruCLI {
  /// A settings file that cannot be read: the command says which saved values were lost and
  /// where the unreadable file was kept, once, and goes on with the defaults.
  @Suite(.timeLimit(.minutes(2)))
  struct UnreadableSettingsTests {
    /// Saves a town and the unit, then replaces the settings file with `cut` of its bytes.
    static func savedThenDamaged(
      _ haru: Haru, _ cut: (Data) -> Data
    ) async throws -> URL {
      for arguments in [["towns", "add", "성복동"], ["settings", "set", "unit", "fahrenheit"]] {
        let result = try await haru.run(arguments)
        #expect(result.status == 0, "\(result)")
      }
      let file = haru.dataDirectory.appendingPathComponent("settings.json")
      try cut(try Data(contentsOf: file)).write(to: file)
      return file
    }

    /// The path of the kept copy, the only `settings.unreadable-*.json` of the data folder.
    static func keptCopy(_ haru: Haru) throws -> String {
      let names = try FileManager.default.contentsOfDirectory(atPath: haru.dataDirectory.path)
        .filter { $0.hasPrefix("settings.unreadable-") && $0.hasSuffix(".json") }
      #expect(names.count == 1, "\(names)")
      return haru.dataDirectory.appendingPathComponent(try #require(names.first)).path
    }

    @Test func aFileCutInHalfKeepsTheValuesBeforeTheCutAndNamesTheRest() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      // Stored in key order: airQualityScale, petType, savedTowns, temperatureUnit, themeMode.
      for arguments in [
        ["settings", "set", "scale", "eightLevel"], ["settings", "set", "pet", "cat"],
        ["settings", "set", "theme", "dark"],
      ] {
        let result = try await haru.run(arguments)
        #expect(result.status == 0, "\(result)")
      }
      var whole = Data()
      let file = try await Self.savedThenDamaged(haru) { data in
        whole = data
        return data.prefix(data.count / 2)
      }
      let result = try await haru.run(["settings", "list", "--json", "--lang", "en"])
      #expect(result.status == 0, "\(result)")
      let copy = try Self.keptCopy(haru)
      // The copy is the cut file, byte for byte.
      #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == whole.prefix(whole.count / 2))
      // The values before the cut are kept, the town after it is lost, the rest are defaults.
      let values = try #require(try result.json() as? [String: String])
      #expect(
        values == ["scale": "eightLevel", "pet": "cat", "theme": "system", "unit": "celsius"],
        "\(result)")
      let warning = result.standardError
      #expect(
        warning.hasPrefix("haru: warning: \(file.path) was cut short"), "\(result)")
      #expect(warning.contains("were kept (pet, scale)"), "\(result)")
      #expect(
        warning.contains("Saved values lost: towns, any saved after the point where it was cut."),
        "\(result)")
      #expect(warning.contains("The unreadable file was kept as \(copy);"), "\(result)")
      // The values kept are in the settings file again; said once.
      let again = try await haru.run(["settings", "get", "pet"])
      #expect(again.standardOutput == "cat\n", "\(again)")
      #expect(again.standardError.isEmpty, "\(again)")
    }

    @Test func garbageNamesEveryValueAsLostInKorean() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let file = try await Self.savedThenDamaged(haru) { _ in Data("\u{1}garbage ☃".utf8) }
      let result = try await haru.run(["settings", "get", "unit", "--lang", "ko"])
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == "celsius\n", "\(result)")
      let copy = try Self.keptCopy(haru)
      let warning = result.standardError
      #expect(warning.contains("\(file.path)을(를) 읽을 수 없어"), "\(result)")
      #expect(warning.contains("잃은 저장 값: 파일에 있던 값 전부"), "\(result)")
      #expect(warning.contains("\(copy)(으)로 남겨 두었으니"), "\(result)")
    }

    @Test func aFileCutNearItsEndKeepsEveryWholeValue() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      // The last value cut in the middle: the town before it is whole and kept.
      _ = try await Self.savedThenDamaged(haru) { data in data.prefix(data.count - 8) }
      let result = try await haru.run(["settings", "list", "--lang", "en"])
      #expect(result.standardError.contains("were kept (towns)"), "\(result)")
      #expect(
        result.standardError.contains(
          "Saved values lost: unit, any saved after the point where it was cut."), "\(result)")
      let towns = try await haru.run(["towns", "list"])
      #expect(towns.standardOutput.contains("성복동"), "\(towns)")
    }
  }
}
