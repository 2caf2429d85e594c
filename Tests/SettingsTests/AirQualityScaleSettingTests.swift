import Foundation
import HaruModels
import Testing

@testable import HaruSettings

struct AirQualityScaleSettingTests {
  @Test func theScaleIsTheMinistrysUntilChangedAndIsStoredByName() async throws {
    let backend = InMemoryPreferencesBackend()
    let store = try SettingsStore(backend: backend)
    #expect(store[.airQualityScale] == .korea)
    try store.set(.who2021, for: .airQualityScale)
    try await store.flush()
    #expect(backend.load()?.values["airQualityScale"] == .string("who2021"))
    #expect(try SettingsStore(backend: backend)[.airQualityScale] == .who2021)
  }

  @Test func aScaleThisVersionDoesNotKnowFallsBackAloneAndIsReported() throws {
    let backend = InMemoryPreferencesBackend(
      preferences: StoredPreferences(
        schemaVersion: 1,
        values: ["airQualityScale": .string("usEPA"), "petType": .string("cat")]))
    let store = try SettingsStore(backend: backend)
    #expect(store[.airQualityScale] == .korea)
    #expect(store[.petType] == .cat)
    #expect(store.diagnostics.value.map(\.code) == [.undecodableValue])
  }
}
