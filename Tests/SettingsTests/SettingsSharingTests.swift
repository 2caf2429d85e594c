import Foundation
import HaruModels
import HaruShared
import Testing

@testable import HaruSettings

/// Stores that share one location, in one process, behave as stores in separate processes do:
/// they merge their saves, replay updates on the newest value, and observe each other.
@Suite(.timeLimit(.minutes(3)))
struct SettingsSharingTests {
  static var busan: Town {
    get throws { try Town(name: "부산", gridPoint: GridPoint(nx: 98, ny: 76)) }
  }
  static var jeju: Town {
    get throws { try Town(name: "제주", gridPoint: GridPoint(nx: 53, ny: 38)) }
  }
  static var daegu: Town {
    get throws { try Town(name: "대구", gridPoint: GridPoint(nx: 89, ny: 90)) }
  }

  @Test func storesWritingDifferentKeysAtOnceKeepEveryLastValue() async throws {
    let folder = try TemporaryFolder()
    let stores = try (0..<4).map { _ in
      try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file()))
    }
    await withTaskGroup(of: Void.self) { group in
      for (index, store) in stores.enumerated() {
        group.addTask {
          let key = SettingsKey<Int>("store.\(index)", default: 0)
          for value in 1...50 { try? store.set(value, for: key) }
          try? await store.flush()
        }
      }
    }
    let stored = try #require(try FilePreferencesBackend(fileURL: folder.file()).load())
    for index in stores.indices {
      #expect(stored.values["store.\(index)"] == .integer(50))
    }
  }

  @Test func anUpdateThatNoLongerAppliesFailsTheLaterFlushAndGoesBackToTheStoredValue()
    async throws
  {
    let backend = GatedBackend()
    let first = try SettingsStore(backend: backend)
    let second = try SettingsStore(backend: backend)
    let busan = try Self.busan
    try first.update(.savedTowns) { towns in
      try towns.add(Town.seoulCityHall)
      try towns.add(busan)
    }
    try await first.flush()
    _ = await second.waitUntil(.savedTowns) { $0.count == 2 }

    // Both see two towns and add a third: only the first to save can.
    backend.close()
    let jeju = try Self.jeju
    try first.update(.savedTowns) { try $0.add(jeju) }
    let daegu = try Self.daegu
    try second.update(.savedTowns) { try $0.add(daegu) }
    backend.open()
    #expect(first[.savedTowns].count == 3 && second[.savedTowns].count == 3)
    var outcomes: [SettingsError.Code?] = []
    for store in [first, second] {
      do {
        try await store.flush()
        outcomes.append(nil)
      } catch {
        outcomes.append(error.code)
      }
    }
    #expect(outcomes.filter { $0 == nil }.count == 1 && outcomes.contains(.tooManyTowns))
    let loser = outcomes[0] == nil ? second : first
    #expect(loser.diagnostics.value.map(\.code).contains(.tooManyTowns))
    let stored = try #require(backend.load()?.values["savedTowns"])
    let saved = try StoredValueCoding.decode(SavedTowns.self, from: stored)
    #expect(saved.count == 3)
    // The refused change went back to what is stored, in memory too.
    #expect(loser[.savedTowns] == saved)
    #expect(
      await (loser === first ? second : first).waitUntil(.savedTowns) { $0 == saved } == saved)
    // The failure belongs to that write: the next flush has nothing to report.
    try await loser.flush()
  }

  @Test func updatesAreReplayedOnTheNewestStoredValue() async throws {
    let backend = InMemoryPreferencesBackend()
    let first = try SettingsStore(backend: backend)
    let second = try SettingsStore(backend: backend)
    for _ in 0..<10 {
      try first.update(.launchCount) { $0 += 1 }
      try second.update(.launchCount) { $0 += 1 }
    }
    try await first.flush()
    try await second.flush()
    #expect(backend.load()?.values["app.launchCount"] == .integer(20), "no increment lost")
    #expect(await first.waitUntil(.launchCount) { $0 == 20 } == 20)
    #expect(second[.launchCount] == 20)
  }

  @Test func garbageWrittenByAnotherProcessIsSetAsideAndObserversGoOn() async throws {
    let folder = try TemporaryFolder()
    let file = folder.file()
    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))
    var pets = store.observe(.petType).makeAsyncIterator()
    #expect(await pets.next() == .dog)

    try Self.replace(file, with: #"{"schemaVersion": 1, "values": {"petType": "cat"}}"#)
    #expect(await pets.next() == .cat, "another process's save is observed")

    let garbage = "{\"schemaVersion\": 1, \"values\": {\"petType\": "
    try Self.replace(file, with: garbage)
    #expect(await pets.next() == .dog, "what no longer decodes reads as its default")
    let kept = try folder.contents().filter { $0.hasPrefix("settings.unreadable-") }
    #expect(kept.count == 1)
    #expect(try String(contentsOf: folder.file(kept[0]), encoding: .utf8) == garbage)
    #expect(store.diagnostics.value.map(\.code).contains(.unreadableStorage))

    try Self.replace(file, with: #"{"schemaVersion": 1, "values": {"petType": "cat"}}"#)
    #expect(await pets.next() == .cat, "observation keeps running")
  }

  @Test func aValueThatNoLongerDecodesAfterAnotherWriterFallsBackAlone() async throws {
    let folder = try TemporaryFolder()
    let file = folder.file()
    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))
    try store.set(.dark, for: .themeMode)
    try await store.flush()
    try Self.replace(
      file, with: #"{"schemaVersion": 1, "values": {"themeMode": "purple", "petType": "cat"}}"#)
    #expect(await store.waitUntil(.themeMode) { $0 == .system } == .system)
    #expect(
      store.diagnostics.value.contains { $0.code == .undecodableValue && $0.key == "themeMode" })
    #expect(await store.waitUntil(.petType) { $0 == .cat } == .cat, "the rest is taken")
  }

  @Test func twoStoresSharingOneBackendObjectSeeEachOthersSaves() async throws {
    let folder = try TemporaryFolder()
    let backend = FilePreferencesBackend(fileURL: folder.file())
    let first = try SettingsStore(backend: backend)
    let second = try SettingsStore(backend: backend)
    try first.set(.dark, for: .themeMode)
    try await first.flush()
    #expect(await second.waitUntil(.themeMode) { $0 == .dark } == .dark)
  }

  @Test func replayedUpdatesApplyOneByOneAndOnlyTheOneThatNoLongerFitsIsRefused() async throws {
    let backend = GatedBackend()
    let store = try SettingsStore(backend: backend)
    let other = try SettingsStore(backend: backend)
    let (busan, jeju, daegu) = (try Self.busan, try Self.jeju, try Self.daegu)
    backend.close()
    try store.update(.savedTowns) { try $0.add(busan) }
    try store.update(.savedTowns) { try $0.add(jeju) }
    // Meanwhile another writer saves a second town.
    let saved = try SavedTowns([.seoulCityHall, daegu], currentIndex: 1)
    try backend.storeDirectly(savedTowns: saved)
    backend.open()
    let error = await #expect(throws: SettingsError.self) { try await store.flush() }
    #expect(error?.code == .tooManyTowns)
    #expect(store[.savedTowns].towns.map(\.name) == ["서울특별시청", "대구", "부산"])
    #expect(await other.waitUntil(.savedTowns) { $0.count == 3 }?.towns.last?.name == "부산")
  }

  @Test func aFailedSaveIsRetriedWithoutAnotherWrite() async throws {
    let folder = try TemporaryFolder()
    let failing = FailingBackend(fileURL: folder.file())
    let store = try SettingsStore(backend: failing)
    failing.isFull.withLock { $0 = true }
    let (attempts, continuation) = AsyncStream.makeStream(of: Int.self)
    failing.onAttempt.withLock { $0 = { continuation.yield($0) } }
    try store.set(.cat, for: .petType)
    var seen = attempts.makeAsyncIterator()
    #expect(await seen.next() == 1)
    failing.isFull.withLock { $0 = false }
    // The writer tries again by itself after a pause.
    #expect(await seen.next() == 2)
    try await store.flush()
    #expect(try failing.load()?.values["petType"] == .string("cat"))
  }

  #if os(Linux)
    @Test func theFolderWatchWakesForTheFileAndNotForItsNeighbours() throws {
      let folder = try TemporaryFolder()
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      try #require(descriptor >= 0)
      defer { close(descriptor) }
      try #require(inotify_add_watch(descriptor, folder.url.path, SettingsFileWatch.mask) >= 0)
      let name = Array("settings.json".utf8)
      #expect(!FolderWatcher.drain(descriptor, mentions: .exactly(name)), "nothing happened yet")
      try Data("notes".utf8).write(to: folder.file("notes.txt"))
      try Data("{}".utf8).write(to: folder.file("settings.json.widget"))
      #expect(
        !FolderWatcher.drain(descriptor, mentions: .exactly(name)), "other files wake nothing")
      try Self.replace(folder.file(), with: #"{"schemaVersion": 1, "values": {}}"#)
      #expect(
        FolderWatcher.drain(descriptor, mentions: .exactly(name)), "a replace of the file does")
      #expect(!FolderWatcher.drain(descriptor, mentions: .exactly(name)), "and is read once")
      try FileManager.default.removeItem(at: folder.file())
      #expect(FolderWatcher.drain(descriptor, mentions: .exactly(name)), "so does its removal")
    }
  #endif

  @Test func thePollingWatchForFoldersTheKernelCannotWatchSeesAReplace() async throws {
    let folder = try TemporaryFolder()
    try Self.replace(folder.file(), with: #"{"schemaVersion": 1, "values": {}}"#)
    let (events, continuation) = AsyncStream.makeStream(of: Void.self)
    let watch = SettingsFileWatch.poll(file: folder.file()) { continuation.yield() }
    defer { watch.stop() }
    try Self.replace(folder.file(), with: #"{"schemaVersion": 1, "values": {"n": 1}}"#)
    var iterator = events.makeAsyncIterator()
    #expect(await iterator.next() != nil, "the new file's identity differs")
  }

  /// Replaces the file as another process would: a new file renamed over it.
  static func replace(_ file: URL, with text: String) throws {
    let temporary = file.deletingLastPathComponent().appendingPathComponent("other.tmp")
    try Data(text.utf8).write(to: temporary)
    guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
  }
}

/// An in-memory backend whose saves wait while it is closed, to line up two stores' changes.
final class GatedBackend: PreferencesBackend, @unchecked Sendable {
  private let inner = InMemoryPreferencesBackend()
  private let condition = NSCondition()
  private var isOpen = true

  var location: String { inner.location }

  func close() {
    condition.withLock { isOpen = false }
  }

  func open() {
    condition.withLock {
      isOpen = true
      condition.broadcast()
    }
  }

  func load() -> StoredPreferences? { inner.load() }

  func modify(
    _ change: (StoredPreferences?) throws(SettingsError) -> StoredPreferences?
  ) throws(SettingsError) -> [SettingsError] {
    condition.withLock {
      while !isOpen { condition.wait() }
    }
    return try inner.modify(change)
  }

  func watch(_ onChange: @escaping @Sendable () -> Void) -> PreferencesWatch? {
    inner.watch(onChange)
  }

  /// Stores saved towns past the gate, as another writer would.
  func storeDirectly(savedTowns: SavedTowns) throws {
    let value = try StoredValueCoding.encode(savedTowns)
    try inner.modify { newest in
      var values = newest?.values ?? [:]
      values[SettingsKey.savedTowns.name] = value
      return StoredPreferences(schemaVersion: 1, values: values)
    }
  }
}
