import Foundation
import Testing

@testable import HaruSettings

/// The contract every `PreferencesBackend` must meet, run against each backend Haru ships.
struct PreferencesBackendContractTests {
  /// A place where preferences can be kept, and a way to open backends over it. Each call of
  /// `backend()` makes a new backend instance over the same place.
  struct Place: Sendable {
    let backend: @Sendable () throws -> any PreferencesBackend
    /// Keeps a temporary folder alive as long as the place.
    let folder: TemporaryFolder?
    /// Removes a defaults suite with the place.
    var suite: DefaultsSuite? = nil
  }

  struct Maker: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// Whether the backend reports other writers' changes on this platform.
    var watches = true
    let makePlace: @Sendable () throws -> Place
  }

  /// A `UserDefaults` suite of its own for one test, removed afterwards.
  final class DefaultsSuite: Sendable {
    let name = "haru.tests.\(UUID().uuidString)"

    deinit {
      UserDefaults(suiteName: name)?.removePersistentDomain(forName: name)
    }
  }

  /// Whether `UserDefaults` reports writes here: key-value observing exists on Apple platforms
  /// only.
  static let defaultsWatch: Bool = {
    #if canImport(Darwin)
      true
    #else
      false
    #endif
  }()

  static let makers: [Maker] = [
    Maker(testDescription: "in memory") {
      let shared = InMemoryPreferencesBackend()
      return Place(backend: { shared }, folder: nil)
    },
    Maker(testDescription: "JSON file") {
      let folder = try TemporaryFolder()
      let file = folder.file()
      return Place(backend: { FilePreferencesBackend(fileURL: file) }, folder: folder)
    },
    Maker(testDescription: "UserDefaults suite", watches: defaultsWatch) {
      let suite = DefaultsSuite()
      let name = suite.name
      return Place(
        backend: { try UserDefaultsPreferencesBackend(suiteName: name) }, folder: nil,
        suite: suite)
    },
    Maker(
      testDescription: "UserDefaults App Group, a temporary folder as its container",
      watches: defaultsWatch
    ) {
      let suite = DefaultsSuite()
      let name = suite.name
      let container = try TemporaryFolder()
      let url = container.url
      return Place(
        backend: {
          try UserDefaultsPreferencesBackend(appGroup: name, container: url, key: "haruSettings")
        },
        folder: container, suite: suite)
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
      "whole": .number(2.0),
      "negative": .integer(-7),
      "town": .object([
        "name": .string("서울 \"시청\" \\ / 🌸"), "grid": .array([.integer(60), .integer(127)]),
      ]),
    ])

  @Test(arguments: makers)
  func nothingSavedLoadsAsNil(maker: Maker) throws {
    let place = try maker.makePlace()
    let backend = try place.backend()
    #expect(try backend.load() == nil)
    withExtendedLifetime(place) {}
  }

  @Test(arguments: makers)
  func loadReturnsExactlyWhatWasSaved(maker: Maker) throws {
    let place = try maker.makePlace()
    let backend = try place.backend()
    try backend.replaceAll(with: Self.sample)
    #expect(try backend.load() == Self.sample)
    withExtendedLifetime(place) {}
  }

  @Test(arguments: makers)
  func saveReplacesEverything(maker: Maker) throws {
    let place = try maker.makePlace()
    let backend = try place.backend()
    try backend.replaceAll(with: Self.sample)
    let smaller = StoredPreferences(schemaVersion: 4, values: ["petType": .string("cat")])
    try backend.replaceAll(with: smaller)
    #expect(try backend.load() == smaller)
    withExtendedLifetime(place) {}
  }

  @Test(arguments: makers)
  func backendsOverOnePlaceShareTheirDataAndLocation(maker: Maker) throws {
    let place = try maker.makePlace()
    let writer = try place.backend()
    let reader = try place.backend()
    #expect(writer.location == reader.location)
    try writer.replaceAll(with: Self.sample)
    #expect(try reader.load() == Self.sample)
    let elsewhere = try maker.makePlace()
    #expect(try elsewhere.backend().location != writer.location)
    withExtendedLifetime((place, elsewhere)) {}
  }

  @Test(arguments: makers)
  func concurrentChangesEachSeeTheOneBeforeSoNoneIsLost(maker: Maker) async throws {
    let place = try maker.makePlace()
    // A backend of its own for each writer, as separate processes would have.
    let backends = try (0..<20).map { _ in try place.backend() }
    await withTaskGroup(of: Void.self) { group in
      for (index, backend) in backends.enumerated() {
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
    let backend = try place.backend()
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
    let watched = try place.backend()
    let (events, continuation) = AsyncStream.makeStream(of: Void.self)
    guard maker.watches else {
      #expect(watched.watch { continuation.yield() } == nil, "a backend that cannot watch says so")
      return
    }
    let watch = try #require(watched.watch { continuation.yield() })
    try place.backend().replaceAll(with: Self.sample)
    var iterator = events.makeAsyncIterator()
    _ = await iterator.next()
    #expect(try watched.load() == Self.sample)
    watch.stop()
    withExtendedLifetime(place) {}
  }
}
