import Foundation
import HaruModels
import HaruSettings
import HaruShared
import Testing

struct SettingsMigrationTests {
  /// Data as the first version of an app stored it: another key name, a Korean enum value.
  static let versionOne = StoredPreferences(
    schemaVersion: 1, values: ["unit": .string("섭씨"), "petType": .string("cat")])

  static let steps: [SettingsMigration] = [
    .renameKey("unit", to: "temperatureUnit", version: 2),
    .replaceValue(.string("섭씨"), with: .string("celsius"), forKey: "temperatureUnit", version: 3),
  ]

  @Test func olderDataIsMigratedOnceAndSavedWithTheNewVersion() throws {
    let backend = InMemoryPreferencesBackend(preferences: Self.versionOne)
    let runs = LockedState(0)
    let counted = SettingsMigration(version: 4) { _ in runs.withLock { $0 += 1 } }
    let store = try SettingsStore(backend: backend, migrations: Self.steps + [counted])
    #expect(store.schemaVersion == 4)
    #expect(store[.temperatureUnit] == .celsius)
    #expect(store[.petType] == .cat)
    let saved = try #require(backend.load())
    #expect(saved.schemaVersion == 4)
    #expect(saved.values["unit"] == nil)
    #expect(saved.values["temperatureUnit"] == .string("celsius"))
    #expect(runs.withLock { $0 } == 1)

    // Opening the migrated data again runs nothing.
    let fresh = InMemoryPreferencesBackend(preferences: saved)
    _ = try SettingsStore(backend: fresh, migrations: Self.steps + [counted])
    #expect(runs.withLock { $0 } == 1)
  }

  @Test func onlyTheStepsNewerThanTheStoredVersionRun() throws {
    let backend = InMemoryPreferencesBackend(
      preferences: StoredPreferences(schemaVersion: 2, values: ["unit": .string("kept")]))
    let store = try SettingsStore(backend: backend, migrations: Self.steps)
    #expect(store.schemaVersion == 3)
    #expect(backend.load()?.values["unit"] == .string("kept"), "step 2 did not run again")
  }

  @Test func aFailingStepLeavesTheDataUntouchedAndTheStoreClosed() throws {
    struct Broken: Error {}
    let folder = try TemporaryFolder()
    let backend = FilePreferencesBackend(fileURL: folder.file())
    try backend.replaceAll(with: Self.versionOne)
    let before = try Data(contentsOf: folder.file())
    let error = #expect(throws: SettingsError.self) {
      try SettingsStore(
        backend: FilePreferencesBackend(fileURL: folder.file()),
        migrations: Self.steps + [SettingsMigration(version: 4) { _ in throw Broken() }])
    }
    #expect(error?.code == .migrationFailed)
    #expect(try Data(contentsOf: folder.file()) == before)
  }

  @Test(arguments: [[1], [2, 2], [0, 3]])
  func migrationVersionsMustBeDistinctAndAfterTheFirst(versions: [Int]) {
    let steps = versions.map { SettingsMigration(version: $0) { _ in } }
    let error = #expect(throws: SettingsError.self) {
      try SettingsStore(backend: InMemoryPreferencesBackend(), migrations: steps)
    }
    #expect(error?.code == .migrationFailed)
  }

  @Test func newDataStartsAtTheCurrentVersionWithoutMigrating() async throws {
    let backend = InMemoryPreferencesBackend()
    let store = try SettingsStore(backend: backend, migrations: Self.steps)
    try store.set(.dark, for: .themeMode)
    try await store.flush()
    #expect(backend.load()?.schemaVersion == 3)
  }
}
