import Foundation
import HaruModels
import HaruShared
import Testing

@testable import HaruSettings

/// The store's answers to bad stored data and failing storage: each row of the table is a test,
/// and in each nothing stored is lost.
@Suite(.timeLimit(.minutes(3)))
struct SettingsBadInputTests {
  @Test(arguments: [
    ("not JSON", "theme = dark"),
    ("truncated", #"{"schemaVersion": 1, "values": {"petType": "c"#),
    ("empty", ""),
  ])
  func anUnreadableFileOpensWithDefaultsIsKeptAsideAndIsReported(label: String, contents: String)
    async throws
  {
    let folder = try TemporaryFolder()
    try Data(contents.utf8).write(to: folder.file())
    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file()))
    #expect(store[.petType] == .dog, "\(label): defaults")
    #expect(store.diagnostics.value.map(\.code) == [.unreadableStorage])
    let kept = try folder.contents().filter { $0.hasPrefix("settings.unreadable-") }
    #expect(kept.count == 1)
    #expect(try Data(contentsOf: folder.file(try #require(kept.first))) == Data(contents.utf8))
    // The store keeps working and writes a fresh file beside the kept one.
    try store.set(.cat, for: .petType)
    try await store.flush()
    #expect(
      try FilePreferencesBackend(fileURL: folder.file()).load()?.values["petType"] == .string("cat")
    )
  }

  @Test func aValueThatNoLongerDecodesFallsBackAloneAndIsReported() async throws {
    let backend = InMemoryPreferencesBackend(
      preferences: StoredPreferences(
        schemaVersion: 1,
        values: [
          "temperatureUnit": .string("kelvin"),  // a case this version does not have
          "petType": .string("cat"),
          "themeMode": .string("dark"),
        ]))
    let store = try SettingsStore(backend: backend)
    #expect(store[.temperatureUnit] == .celsius)
    #expect(store[.petType] == .cat)
    #expect(store[.themeMode] == .dark)
    let problems = store.diagnostics.value
    #expect(problems.map(\.code) == [.undecodableValue])
    #expect(problems.first?.key == "temperatureUnit")
    // Writing another key keeps the undecodable value in storage for a later version to read.
    try store.set(.light, for: .themeMode)
    try await store.flush()
    #expect(backend.load()?.values["temperatureUnit"] == .string("kelvin"))
  }

  /// An older version kept 서울특별시청 as the first saved town and wrote it with the others: the
  /// person's list stays as it was, 서울특별시청 one of the three.
  @Test func seoulSavedAsATownByAnOlderVersionStaysSaved() throws {
    let seoul = try StoredValueCoding.encode(Town.seoulCityHall)
    let busan = try StoredValueCoding.encode(Town(name: "부산", gridPoint: GridPoint(nx: 98, ny: 76)))
    let backend = InMemoryPreferencesBackend(
      preferences: StoredPreferences(
        schemaVersion: 1,
        values: ["savedTowns": .object(["towns": .array([seoul, busan]), "current": .integer(1)])]))
    let store = try SettingsStore(backend: backend)
    #expect(store[.savedTowns].map(\.name) == ["서울특별시청", "부산"])
    #expect(store[.savedTowns].current.name == "부산")
    #expect(store.diagnostics.value.isEmpty)
    try store.update(.savedTowns) { try $0.remove(at: 1) }
    #expect(store[.savedTowns].map(\.name) == ["서울특별시청"], "removing 부산 keeps Seoul saved")
  }

  @Test func storedTownsThatBreakTheRulesFallBackToTheDefault() throws {
    let seoul = try StoredValueCoding.encode(Town.seoulCityHall)
    let backend = InMemoryPreferencesBackend(
      preferences: StoredPreferences(
        schemaVersion: 1,
        values: ["savedTowns": .object(["towns": .array([seoul]), "current": .integer(5)])]))
    let store = try SettingsStore(backend: backend)
    #expect(store[.savedTowns] == SavedTowns())
    #expect(store[.savedTowns].current == .seoulCityHall)
    #expect(store.diagnostics.value.map(\.code) == [.undecodableValue])
  }

  @Test func aFileFromANewerSchemaIsRefusedAndNeverOverwritten() throws {
    let folder = try TemporaryFolder()
    let newer = Data(#"{"schemaVersion": 9, "values": {"petType": "hamster"}}"#.utf8)
    try newer.write(to: folder.file())
    let error = #expect(throws: SettingsError.self) {
      try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file()))
    }
    #expect(error?.code == .newerSchema)
    #expect(try Data(contentsOf: folder.file()) == newer)
    #expect(try folder.contents() == ["settings.json"])
  }

  @Test func aFailingWriteIsATypedErrorAndKeepsMemoryAndTheOldFile() async throws {
    let folder = try TemporaryFolder()
    let original = StoredPreferences(schemaVersion: 1, values: ["petType": .string("cat")])
    try FilePreferencesBackend(fileURL: folder.file()).replaceAll(with: original)
    let failing = FailingBackend(fileURL: folder.file())
    let store = try SettingsStore(backend: failing)
    #expect(store[.petType] == .cat)

    failing.isFull.withLock { $0 = true }
    try store.set(.dog, for: .petType)
    let error = await #expect(throws: SettingsError.self) { try await store.flush() }
    #expect(error?.code == .diskFull)
    #expect(store[.petType] == .dog, "memory keeps the new value")
    #expect(try FilePreferencesBackend(fileURL: folder.file()).load() == original, "file intact")
    #expect(store.diagnostics.value.map(\.code).contains(.diskFull))

    // Once space is back, the next flush saves what is in memory.
    failing.isFull.withLock { $0 = false }
    try await store.flush()
    #expect(
      try FilePreferencesBackend(fileURL: folder.file()).load()?.values["petType"] == .string("dog")
    )
  }

  @Test func aThousandConcurrentWritersLeaveOneOfTheirValuesEverywhere() async throws {
    let folder = try TemporaryFolder()
    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file()))
    let observers = 10
    let started = LockedState(0)
    let lastSeen = LockedState([Int?](repeating: nil, count: observers))
    let written = Set(1...1_000)

    let final = await withTaskGroup(of: Int?.self, returning: [Int].self) { group in
      for index in 0..<observers {
        group.addTask {
          var last: Int?
          for await value in store.observe(.launchCount) {
            if last == nil { started.withLock { $0 += 1 } }
            last = value
            lastSeen.withLock { $0[index] = value }
            if value == -1 { break }  // the end marker
          }
          return last
        }
      }
      while started.withLock({ $0 }) < observers { await Task.yield() }
      await withTaskGroup(of: Void.self) { writers in
        for value in written {
          writers.addTask { try? store.set(value, for: .launchCount) }
        }
      }
      let settled = store[.launchCount]
      // Every observer catches up to the settled value by itself; the marker then ends them.
      while lastSeen.withLock({ $0.count { $0 == settled } }) < observers {
        await Task.yield()
      }
      let seenBeforeMarker = settled
      try? store.set(-1, for: .launchCount)
      var results: [Int] = []
      for await result in group {
        results.append(result ?? 0)
      }
      results.append(seenBeforeMarker)
      return results
    }
    let settled = try #require(final.last)
    #expect(written.contains(settled))
    #expect(final.dropLast().allSatisfy { $0 == -1 }, "every observer ended on the last write")

    try await store.flush()
    let stored = try #require(try FilePreferencesBackend(fileURL: folder.file()).load())
    #expect(stored.values["app.launchCount"] == .integer(-1), "the file holds the last value")
    #expect(try folder.contents() == ["settings.json"], "no torn or temporary file")
  }
}

/// A file backend whose disk can be made full.
final class FailingBackend: PreferencesBackend {
  let file: FilePreferencesBackend
  let isFull = LockedState(false)
  /// Counts the saves tried, and tells `onAttempt` of each.
  let attempts = LockedState(0)
  let onAttempt = LockedState<(@Sendable (Int) -> Void)?>(nil)

  init(fileURL: URL) {
    file = FilePreferencesBackend(fileURL: fileURL)
  }

  var location: String { file.location }

  func load() throws(SettingsError) -> StoredPreferences? {
    try file.load()
  }

  func modify(
    _ change: (StoredPreferences?) throws(SettingsError) -> StoredPreferences?
  ) throws(SettingsError) -> [SettingsError] {
    let attempt = attempts.withLock { count -> Int in
      count += 1
      return count
    }
    // Told after the outcome is decided, so that a test reacting to it cannot change it.
    defer { onAttempt.withLock { $0 }?(attempt) }
    if isFull.withLock({ $0 }) {
      throw SettingsError(.diskFull, message: "No space left on device.")
    }
    return try file.modify(change)
  }
}
