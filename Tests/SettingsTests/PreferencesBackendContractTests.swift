import Foundation
import Testing

@testable import HaruSettings

/// The contract every `PreferencesBackend` must meet, run against each backend Haru ships.
struct PreferencesBackendContractTests {
  /// Makes a fresh backend and, for the file backend, keeps its folder alive.
  struct Maker: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let make: @Sendable () throws -> (any PreferencesBackend, TemporaryFolder?)
  }

  static let makers: [Maker] = [
    Maker(testDescription: "in memory") { (InMemoryPreferencesBackend(), nil) },
    Maker(testDescription: "JSON file") {
      let folder = try TemporaryFolder()
      return (FilePreferencesBackend(fileURL: folder.file()), folder)
    },
  ]

  static let sample = StoredPreferences(
    schemaVersion: 3,
    values: [
      "themeMode": .string("dark"),
      "count": .integer(42),
      "ratio": .number(0.25),
      "flag": .bool(true),
      "nothing": .null,
      "town": .object([
        "name": .string("서울 \"시청\" \\ / 🌸"), "grid": .array([.integer(60), .integer(127)]),
      ]),
    ])

  @Test(arguments: makers)
  func nothingSavedLoadsAsNil(maker: Maker) throws {
    let (backend, folder) = try maker.make()
    #expect(try backend.load() == nil)
    withExtendedLifetime(folder) {}
  }

  @Test(arguments: makers)
  func loadReturnsExactlyWhatWasSaved(maker: Maker) throws {
    let (backend, folder) = try maker.make()
    try backend.save(Self.sample)
    #expect(try backend.load() == Self.sample)
    withExtendedLifetime(folder) {}
  }

  @Test(arguments: makers)
  func saveReplacesEverything(maker: Maker) throws {
    let (backend, folder) = try maker.make()
    try backend.save(Self.sample)
    let smaller = StoredPreferences(schemaVersion: 4, values: ["petType": .string("cat")])
    try backend.save(smaller)
    #expect(try backend.load() == smaller)
    withExtendedLifetime(folder) {}
  }

  @Test(arguments: makers)
  func locationIsStableAndDistinct(maker: Maker) throws {
    let (first, firstFolder) = try maker.make()
    let (second, secondFolder) = try maker.make()
    #expect(first.location == first.location)
    #expect(first.location != second.location)
    withExtendedLifetime((firstFolder, secondFolder)) {}
  }

  @Test(arguments: makers)
  func concurrentSavesNeverTearTheData(maker: Maker) async throws {
    let (backend, folder) = try maker.make()
    let versions = (1...20).map { StoredPreferences(schemaVersion: 1, values: ["n": .integer($0)]) }
    await withTaskGroup(of: Void.self) { group in
      for version in versions {
        group.addTask { try? backend.save(version) }
      }
    }
    let loaded = try #require(try backend.load())
    #expect(versions.contains(loaded))
    withExtendedLifetime(folder) {}
  }
}
