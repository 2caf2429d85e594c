import Foundation
import Testing

@testable import HaruSettings

/// The contract every `PreferencesBackend` must meet, run against each backend Haru ships.
struct PreferencesBackendContractTests {
  /// A place where preferences can be kept, and a way to open backends over it. Each call of
  /// `backend()` makes a new backend instance over the same place.
  struct Place: Sendable {
    let backend: @Sendable () -> any PreferencesBackend
    /// Keeps a temporary folder alive as long as the place.
    let folder: TemporaryFolder?
  }

  struct Maker: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let makePlace: @Sendable () throws -> Place
  }

  static let makers: [Maker] = {
    var makers = [
      Maker(testDescription: "in memory") {
        let name = UUID().uuidString
        let shared = InMemoryPreferencesBackend(name: name)
        return Place(backend: { shared }, folder: nil)
      },
      Maker(testDescription: "JSON file") {
        let folder = try TemporaryFolder()
        let file = folder.file()
        return Place(backend: { FilePreferencesBackend(fileURL: file) }, folder: folder)
      },
    ]
    #if canImport(Darwin)
      makers.append(
        Maker(testDescription: "UserDefaults") {
          let suite = "haru.tests.\(UUID().uuidString)"
          return Place(
            backend: { UserDefaultsPreferencesBackend(suiteName: suite) }, folder: nil)
        })
    #endif
    return makers
  }()

  static let sample = StoredPreferences(
    schemaVersion: 3,
    values: [
      "themeMode": .string("dark"),
      "count": .integer(42),
      "ratio": .number(0.25),
      "flag": .bool(true),
      "nothing": .null,
      "whole": .number(2.0),
      "negative": .integer(-7),
      "town": .object([
        "name": .string("서울 \"시청\" \\ / 🌸"), "grid": .array([.integer(60), .integer(127)]),
      ]),
    ])

  @Test(arguments: makers)
  func nothingSavedLoadsAsNil(maker: Maker) throws {
    let place = try maker.makePlace()
    let backend = place.backend()
    #expect(try backend.load() == nil)
    withExtendedLifetime(place) {}
  }

  @Test(arguments: makers)
  func loadReturnsExactlyWhatWasSaved(maker: Maker) throws {
    let place = try maker.makePlace()
    let backend = place.backend()
    try backend.replaceAll(with: Self.sample)
    #expect(try backend.load() == Self.sample)
    withExtendedLifetime(place) {}
  }

  @Test(arguments: makers)
  func saveReplacesEverything(maker: Maker) throws {
    let place = try maker.makePlace()
    let backend = place.backend()
    try backend.replaceAll(with: Self.sample)
    let smaller = StoredPreferences(schemaVersion: 4, values: ["petType": .string("cat")])
    try backend.replaceAll(with: smaller)
    #expect(try backend.load() == smaller)
    withExtendedLifetime(place) {}
  }

  @Test(arguments: makers)
  func backendsOverOnePlaceShareTheirDataAndLocation(maker: Maker) throws {
    let place = try maker.makePlace()
    let writer = place.backend()
    let reader = place.backend()
    #expect(writer.location == reader.location)
    try writer.replaceAll(with: Self.sample)
    #expect(try reader.load() == Self.sample)
    let elsewhere = try maker.makePlace()
    #expect(elsewhere.backend().location != writer.location)
    withExtendedLifetime((place, elsewhere)) {}
  }

  @Test(arguments: makers)
  func concurrentSavesNeverTearTheData(maker: Maker) async throws {
    let place = try maker.makePlace()
    let backend = place.backend()
    let versions = (1...20).map { StoredPreferences(schemaVersion: 1, values: ["n": .integer($0)]) }
    await withTaskGroup(of: Void.self) { group in
      for version in versions {
        group.addTask { try? backend.replaceAll(with: version) }
      }
    }
    let loaded = try #require(try backend.load())
    #expect(versions.contains(loaded))
    withExtendedLifetime(place) {}
  }
}
