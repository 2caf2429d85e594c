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
        let shared = InMemoryPreferencesBackend()
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
  func concurrentChangesEachSeeTheOneBeforeSoNoneIsLost(maker: Maker) async throws {
    let place = try maker.makePlace()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<20 {
        // A backend of its own for each writer, as separate processes would have.
        let backend = place.backend()
        group.addTask {
          _ = try? backend.modify { newest in
            var values = newest?.values ?? [:]
            values["writer.\(index)"] = .integer(Int64(index))
            let count = values["count"].flatMap { if case .integer(let n) = $0 { n } else { nil } }
            values["count"] = .integer((count ?? 0) + 1)
            return StoredPreferences(schemaVersion: 1, values: values)
          }
        }
      }
    }
    let loaded = try #require(try place.backend().load())
    #expect(loaded.values["count"] == .integer(20))
    for index in 0..<20 {
      #expect(loaded.values["writer.\(index)"] == .integer(Int64(index)))
    }
    withExtendedLifetime(place) {}
  }

  @Test(arguments: makers)
  func aChangeThatReturnsNothingStoresNothingAndAThrowingOneChangesNothing(maker: Maker) throws {
    let place = try maker.makePlace()
    let backend = place.backend()
    try backend.replaceAll(with: Self.sample)
    var seen: StoredPreferences?
    try backend.modify { newest in
      seen = newest
      return nil
    }
    #expect(seen == Self.sample)
    #expect(throws: SettingsError.self) {
      try backend.modify { (_) throws(SettingsError) -> StoredPreferences? in
        throw SettingsError(.tooManyTowns, message: "refused")
      }
    }
    #expect(try backend.load() == Self.sample)
    withExtendedLifetime(place) {}
  }

  @Test(.timeLimit(.minutes(3)), arguments: makers)
  func aWatchHearsOfAnotherBackendsChange(maker: Maker) async throws {
    let place = try maker.makePlace()
    let watched = place.backend()
    let (events, continuation) = AsyncStream.makeStream(of: Void.self)
    let watch = try #require(watched.watch { continuation.yield() })
    try place.backend().replaceAll(with: Self.sample)
    var iterator = events.makeAsyncIterator()
    _ = await iterator.next()
    #expect(try watched.load() == Self.sample)
    watch.stop()
    withExtendedLifetime(place) {}
  }
}
