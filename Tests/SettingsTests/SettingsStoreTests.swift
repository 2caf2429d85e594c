import Foundation
import Testing

@testable import HaruModels
@testable import HaruSettings

struct SettingsStoreTests {
  @Test func builtInKeysReadTheirDefaultsBeforeAnythingIsSaved() throws {
    let store = try SettingsStore(backend: InMemoryPreferencesBackend())
    #expect(store[.themeMode] == .system)
    #expect(store[.temperatureUnit] == .celsius)
    #expect(store[.petType] == .dog)
    #expect(store[.savedTowns] == SavedTowns())
    #expect(store[.savedTowns].current == .seoulCityHall)
    #expect(store[.savedTowns].current.gridPoint == (try GridPoint(nx: 60, ny: 127)))
    #expect(store[.launchCount] == 0)
  }

  @Test func aWriteIsReadBackAtOnceAndReachesTheBackendOnFlush() async throws {
    let backend = InMemoryPreferencesBackend()
    let store = try SettingsStore(backend: backend)
    try store.set(.fahrenheit, for: .temperatureUnit)
    try store.set(7, for: .launchCount)
    #expect(store[.temperatureUnit] == .fahrenheit)
    try await store.flush()
    let saved = try #require(backend.load())
    #expect(saved.values["temperatureUnit"] == .string("fahrenheit"))
    #expect(saved.values["app.launchCount"] == .integer(7))
    #expect(saved.schemaVersion == 1)
  }

  @Test func flushedValuesAreInTheFile() async throws {
    let folder = try TemporaryFolder()
    do {
      let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file()))
      try store.set(.dark, for: .themeMode)
      try store.set(.cat, for: .petType)
      try await store.flush()
    }
    let stored = try #require(try FilePreferencesBackend(fileURL: folder.file()).load())
    #expect(stored.values["themeMode"] == .string("dark"))
    #expect(stored.values["petType"] == .string("cat"))
  }

  @Test(.timeLimit(.minutes(3)))
  func anEqualWriteNotifiesNobodyAndWritesNothing() async throws {
    let backend = InMemoryPreferencesBackend()
    let store = try SettingsStore(backend: backend)
    let subject = try store.slotForTesting(.temperatureUnit).subject
    let consumer = Task {
      var seen: [TemperatureUnit] = []
      for await unit in store.observe(.temperatureUnit) {
        seen.append(unit)
        if seen.count == 2 { break }
      }
      return seen
    }
    while subject.waiterCount < 1 { await Task.yield() }  // the consumer has the first value
    try store.set(.celsius, for: .temperatureUnit)  // equal to the current value
    #expect(subject.waiterCount == 1, "the consumer was not woken")
    try await store.flush()
    #expect(backend.load() == nil, "nothing was written")
    try store.set(.fahrenheit, for: .temperatureUnit)
    #expect(await consumer.value == [.celsius, .fahrenheit])
  }

  @Test func observationStartsWithTheCurrentValueThenFollowsChanges() async throws {
    let store = try SettingsStore(backend: InMemoryPreferencesBackend())
    try store.set(.cat, for: .petType)
    var pets = store.observe(.petType).makeAsyncIterator()
    #expect(await pets.next() == .cat)
    try store.set(.dog, for: .petType)
    #expect(await pets.next() == .dog)
  }

  @Test(.timeLimit(.minutes(3)))
  func twoStoresOverOneFileSeeEachOthersSaves() async throws {
    let folder = try TemporaryFolder()
    let first = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file()))
    let second = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file()))
    var themes = second.observe(.themeMode).makeAsyncIterator()
    #expect(await themes.next() == .system)
    try first.set(.light, for: .themeMode)
    try await first.flush()
    #expect(await themes.next() == .light, "the other store's save reaches observers")
    #expect(second[.themeMode] == .light)
    try second.set(8, for: .launchCount)
    try await second.flush()
    #expect(await first.waitUntil(.launchCount) { $0 == 8 } == 8)
    #expect(first[.themeMode] == .light && second[.launchCount] == 8)
  }

  @Test(.timeLimit(.minutes(3)))
  func twoStoresOverOneInMemoryBackendBehaveLikeTwoProcesses() async throws {
    let backend = InMemoryPreferencesBackend()
    let first = try SettingsStore(backend: backend)
    let second = try SettingsStore(backend: backend)
    try first.set(.cat, for: .petType)
    try second.set(.dark, for: .themeMode)
    try await first.flush()
    try await second.flush()
    #expect(await second.waitUntil(.petType) { $0 == .cat } == .cat)
    #expect(await first.waitUntil(.themeMode) { $0 == .dark } == .dark)
    #expect(backend.load()?.values == ["petType": .string("cat"), "themeMode": .string("dark")])
  }

  @Test func aSetterChangesOneSettingWithoutTheStore() throws {
    let store = try SettingsStore(backend: InMemoryPreferencesBackend())
    let setUnit: SettingSetter<TemperatureUnit> = store.setter(for: .temperatureUnit)
    try setUnit(.fahrenheit)
    #expect(store[.temperatureUnit] == .fahrenheit)
  }

  @Test func aKeyUsedWithTwoTypesIsATypedErrorAndReadsItsDefault() throws {
    let store = try SettingsStore(backend: InMemoryPreferencesBackend())
    try store.set(3, for: .launchCount)
    let sameNameAsText = SettingsKey<String>("app.launchCount", default: "none")
    let error = #expect(throws: SettingsError.self) { try store.set("three", for: sameNameAsText) }
    #expect(error?.code == .keyTypeMismatch)
    #expect(store[sameNameAsText] == "none")
    #expect(store[.launchCount] == 3)
    #expect(store.diagnostics.value.map(\.code).contains(.keyTypeMismatch))
  }

  @Test func keysTheAppDoesNotKnowAreKept() async throws {
    let backend = InMemoryPreferencesBackend(
      preferences: StoredPreferences(
        schemaVersion: 1, values: ["fromANewerScreen": .array([.integer(1)])]))
    let store = try SettingsStore(backend: backend)
    try store.set(.cat, for: .petType)
    try await store.flush()
    #expect(backend.load()?.values["fromANewerScreen"] == .array([.integer(1)]))
  }

  @Test func storesOverOneBackendEachKeepTheirOwnConfiguration() throws {
    let backend = InMemoryPreferencesBackend()
    let first = try SettingsStore(backend: backend)
    let busan = try Town(name: "부산", coordinate: Coordinate(latitude: 35.18, longitude: 129.08))
    let second = try SettingsStore(
      backend: backend, defaultTowns: SavedTowns(busan),
      migrations: [.renameKey("a", to: "b", version: 2)])
    #expect(first.schemaVersion == 1 && second.schemaVersion == 2)
    #expect(first[.savedTowns].current == .seoulCityHall)
    #expect(second[.savedTowns].current == busan)
  }

  @Test func aValueThatCannotBeSavedFailsTheFlush() async throws {
    let backend = InMemoryPreferencesBackend()
    let store = try SettingsStore(backend: backend)
    let ratio = SettingsKey<Double>("ratio", default: 1)
    try store.set(.nan, for: ratio)  // JSON has no NaN
    let error = await #expect(throws: SettingsError.self) { try await store.flush() }
    #expect(error?.code == .writeFailed)
    #expect(error?.key == "ratio")
    #expect(store[ratio].isNaN, "memory keeps the value")
    // Every flush fails until the key gets a value that can be saved.
    await #expect(throws: SettingsError.self) { try await store.flush() }
    try store.set(0.5, for: ratio)
    try await store.flush()
    #expect(backend.load()?.values["ratio"] == .number(0.5))
  }

  @Test func anUpdateMayReadTheStoreAndRetriesWhenRaced() async throws {
    let store = try SettingsStore(backend: InMemoryPreferencesBackend())
    try store.update(.launchCount) { count in
      // Reading the store inside the change neither deadlocks nor sees a half-made value.
      _ = store[.launchCount]
      count += 1
    }
    #expect(store[.launchCount] == 1)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<100 { try? store.update(.launchCount) { $0 += 1 } }
        }
      }
    }
    #expect(store[.launchCount] == 801, "no increment was lost")
    try await store.flush()
    #expect(store[.launchCount] == 801, "replaying the updates on the stored value agrees")
  }

  @Test func defaultTownsCanBeConfigured() throws {
    let busan = try Town(name: "부산", gridPoint: GridPoint(nx: 98, ny: 76))
    let store = try SettingsStore(
      backend: InMemoryPreferencesBackend(), defaultTowns: SavedTowns(busan))
    #expect(store[.savedTowns].current == busan)
  }

  @Test func updatingSavedTownsIsAtomicAndRefusesInvalidChanges() async throws {
    let backend = InMemoryPreferencesBackend()
    let store = try SettingsStore(backend: backend)
    let busan = try Town(name: "부산", gridPoint: GridPoint(nx: 98, ny: 76))
    let jeju = try Town(name: "제주", gridPoint: GridPoint(nx: 53, ny: 38))
    let daegu = try Town(name: "대구", gridPoint: GridPoint(nx: 89, ny: 90))
    #expect(store[.savedTowns].isEmpty, "서울특별시청 is current but takes no place")
    try store.update(.savedTowns) { try $0.add(busan) }
    try store.update(.savedTowns) { try $0.add(jeju, makeCurrent: false) }
    try store.update(.savedTowns) { try $0.add(Town.seoulCityHall, makeCurrent: false) }
    #expect(store[.savedTowns].map(\.name) == ["부산", "제주", "서울특별시청"])
    #expect(store[.savedTowns].current == busan)

    let error = #expect(throws: SettingsError.self) {
      try store.update(.savedTowns) { try $0.add(daegu) }
    }
    #expect(error?.code == .tooManyTowns)
    #expect(store[.savedTowns].count == 3, "the refused change left the towns as they were")

    try store.update(.savedTowns) { try $0.select(at: 1) }
    try await store.flush()
    let stored = try #require(backend.load()?.values["savedTowns"])
    let reread = try StoredValueCoding.decode(SavedTowns.self, from: stored)
    #expect(reread.current == jeju)
  }
}

extension SettingsStore {
  /// The shared slot behind a key, to look at its observers.
  func slotForTesting<Value>(_ key: SettingsKey<Value>) throws -> Slot<Value> {
    try hub.slot(for: key)
  }
}
