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

    @Test func aFileCutInHalfNamesTheLostValuesAndTheCopy() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      var whole = Data()
      let file = try await Self.savedThenDamaged(haru) { data in
        whole = data
        return data.prefix(data.count / 2)
      }
      let result = try await haru.run(["towns", "list", "--lang", "en"])
      #expect(result.status == 0, "\(result)")
      let copy = try Self.keptCopy(haru)
      // The copy is the cut file, byte for byte; the values it held are named as lost.
      #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == whole.prefix(whole.count / 2))
      let warning = result.standardError
      #expect(
        warning.hasPrefix(
          "haru: warning: \(file.path) could not be read, so every setting reads as its default"),
        "\(result)")
      #expect(warning.contains("Saved values lost: towns."), "\(result)")
      #expect(warning.contains("The unreadable file was kept as \(copy);"), "\(result)")
      // The saved town is gone from what is shown: only the default town is listed.
      #expect(!result.standardOutput.contains("성복동"), "\(result)")
      // Said once: the next command finds no file and says nothing more.
      let again = try await haru.run(["towns", "list"])
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

    @Test func everyValueTheCopyNamesIsListed() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      // The closing braces cut off: every value is in the file, which no longer reads.
      _ = try await Self.savedThenDamaged(haru) { data in data.prefix(data.count - 8) }
      let result = try await haru.run(["settings", "list", "--lang", "en"])
      #expect(result.standardError.contains("Saved values lost: towns, unit."), "\(result)")
    }
  }
}
