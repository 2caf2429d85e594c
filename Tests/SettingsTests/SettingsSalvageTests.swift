import Foundation
import HaruModels
import HaruShared
import Testing

@testable import HaruSettings

/// A settings file cut short keeps the values written whole before the cut.
struct SettingsSalvageTests {
  /// A file as FilePreferencesBackend writes it, with five values.
  static func wholeFile() throws -> Data {
    let preferences = StoredPreferences(
      schemaVersion: 1,
      values: [
        "airQualityScale": .string("eightLevel"),
        "petType": .string("cat"),
        "savedTowns": try StoredValueCoding.encode(SavedTowns(Town.seoulCityHall)),
        "temperatureUnit": .string("fahrenheit"),
        "themeMode": .string("dark"),
      ])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(preferences) + Data("\n".utf8)
  }

  /// Where in the file a key's member starts.
  static func offset(of key: String, in data: Data) throws -> Int {
    try #require(data.range(of: Data("\"\(key)\"".utf8))).lowerBound
  }

  @Test func everyCutKeepsTheMembersWrittenWholeBeforeIt() throws {
    let data = try Self.wholeFile()
    let keys = ["airQualityScale", "petType", "savedTowns", "temperatureUnit", "themeMode"]
    let starts = try keys.map { try Self.offset(of: $0, in: data) }
    // A member is whole once the comma after it, or the brace that closes the values, is in.
    let bytes = [UInt8](data)
    let commas = keys.indices.dropLast().map { index in
      bytes[..<starts[index + 1]].lastIndex(of: UInt8(ascii: ","))
    }
    // The last member ends at the brace before the root's own closing brace.
    let lastEnd = try #require(bytes.indices.last { bytes[$0] == UInt8(ascii: "}") })
    let valuesEnd = try #require(bytes[..<lastEnd].lastIndex(of: UInt8(ascii: "}")))
    // Every length of the file: the keys kept are exactly those whose member ends before the cut.
    for length in 0..<data.count {
      let recovered = SettingsSalvage.recover(data.prefix(length))
      let whole = Set(
        keys.indices.filter { index in
          let end = index < commas.count ? commas[index] ?? Int.max : valuesEnd
          return length > end
        }.map { keys[$0] })
      let kept = recovered.map { Set($0.values.keys) } ?? []
      #expect(kept == whole, "cut at \(length)")
      if let recovered {
        #expect(recovered.schemaVersion == 1)
        for (key, value) in recovered.values {
          #expect(
            value
              == (try? JSONDecoder().decode(StoredPreferences.self, from: data))?
              .values[key], "\(key) read whole at \(length)")
        }
      }
    }
    // Cut inside the list of towns: the two values before it, never a shortened list.
    let insideTowns = try Self.offset(of: "gridPoint", in: data)
    let cut = try #require(SettingsSalvage.recover(data.prefix(insideTowns)))
    #expect(Set(cut.values.keys) == ["airQualityScale", "petType"])
    // Only the closing braces missing: every value.
    let nearlyWhole = try #require(SettingsSalvage.recover(data.prefix(data.count - 3)))
    #expect(nearlyWhole.values.count == 5)
  }

  @Test(arguments: ["", "garbage", "{", #"{"schemaVersion": 1, "values": {"#, "[1, 2, 3]"])
  func textWithNoWholeValueRecoversNothing(_ text: String) {
    #expect(SettingsSalvage.recover(Data(text.utf8)) == nil)
  }

  @Test func aStoreOpensWithTheValuesBeforeTheCutAndTheFileHoldsThemAgain() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("haru-salvage-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("settings.json")
    let data = try Self.wholeFile()
    let cut = data.prefix(try Self.offset(of: "gridPoint", in: data))
    try cut.write(to: file)

    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))
    #expect(store[.petType] == .cat)
    #expect(store[.airQualityScale] == .eightLevel)
    #expect(store[.savedTowns] == SavedTowns(), "cut inside: the default")
    #expect(store[.themeMode] == .system)
    let problem = try #require(store.diagnostics.value.first)
    #expect(problem.code == .unreadableStorage)
    #expect(problem.recoveredKeys == ["airQualityScale", "petType"])
    let copy = try #require(problem.keptCopyPath)
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == cut, "the copy is kept whole")
    // The file holds the values read back, for every process that opens it next.
    let reopened = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))
    #expect(reopened[.petType] == .cat)
    #expect(reopened.diagnostics.value.isEmpty)
  }
}
