import Foundation
import Testing

@testable import HaruSettings

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the `UserDefaults` backend adds to the contract: the App Group and its lock file.
struct UserDefaultsPreferencesBackendTests {
  typealias Suite = PreferencesBackendContractTests.DefaultsSuite

  @Test func aSuiteIsOneProcessAndAnAppGroupNamesItsGroup() throws {
    let suite = Suite()
    let plain = try UserDefaultsPreferencesBackend(suiteName: suite.name)
    #expect(plain.appGroupIdentifier == nil)
    #expect(plain.location == "defaults:\(suite.name)/haruSettings")
    #expect(try UserDefaultsPreferencesBackend().location == "defaults:standard/haruSettings")

    let container = try TemporaryFolder()
    let group = try UserDefaultsPreferencesBackend(
      appGroup: suite.name, container: container.url, key: "haruSettings")
    #expect(group.appGroupIdentifier == suite.name)
    #expect(group.location == plain.location, "the group's defaults are its suite")
  }

  @Test func theLockFileIsMadeInsideTheContainerAndNothingElse() throws {
    let suite = Suite()
    let container = try TemporaryFolder()
    let backend = try UserDefaultsPreferencesBackend(
      appGroup: suite.name, container: container.url, key: "haruSettings")
    #expect(try FileManager.default.contentsOfDirectory(atPath: container.url.path).isEmpty)
    try backend.replaceAll(with: StoredPreferences(schemaVersion: 1, values: ["n": .integer(1)]))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: container.url.path)
        == ["haru-settings.lock"])
  }

  @Test func aMissingContainerOrAnEmptyIdentifierIsATypedErrorAndCreatesNoFolder() throws {
    let folder = try TemporaryFolder()
    let missing = folder.url.appendingPathComponent("Group Containers/group.example")
    for (identifier, container) in [("group.example", missing), ("", folder.url)] {
      let error = #expect(throws: SettingsError.self) {
        try UserDefaultsPreferencesBackend(
          appGroup: identifier, container: container, key: "haruSettings")
      }
      #expect(error?.code == .appGroupUnavailable)
    }
    #expect(!FileManager.default.fileExists(atPath: missing.path))
    #expect(try folder.contents().isEmpty)
  }

  #if !canImport(Darwin)
    @Test func withoutAppGroupsThePublicInitializerIsATypedError() {
      let error = #expect(throws: SettingsError.self) {
        try UserDefaultsPreferencesBackend(appGroup: "group.com.example.haru")
      }
      #expect(error?.code == .appGroupUnavailable)
    }
  #endif

  @Test func anotherProcessHoldingTheGroupsLockMakesAChangeBusyAndChangesNothing() throws {
    let suite = Suite()
    let container = try TemporaryFolder()
    let backend = try UserDefaultsPreferencesBackend(
      appGroup: suite.name, container: container.url, key: "haruSettings")
    let before = StoredPreferences(schemaVersion: 1, values: ["petType": .string("cat")])
    try backend.replaceAll(with: before)

    // Another open file description, as another process of the group would hold it.
    let lock = container.file("haru-settings.lock").path
    let holder = open(lock, O_RDONLY | O_CLOEXEC)
    try #require(holder >= 0 && flock(holder, LOCK_EX) == 0)
    defer { close(holder) }
    let error = #expect(throws: SettingsError.self) {
      try backend.replaceAll(with: StoredPreferences(schemaVersion: 1, values: [:]))
    }
    #expect(error?.code == .busy)
    #expect(try backend.load() == before)
  }

  @Test func unreadableDataIsKeptUnderAnotherKeyAndReported() throws {
    let suite = Suite()
    let backend = try UserDefaultsPreferencesBackend(suiteName: suite.name)
    let defaults = try #require(UserDefaults(suiteName: suite.name))
    defaults.set(Data("not json".utf8), forKey: "haruSettings")
    let error = #expect(throws: SettingsError.self) { try backend.load() }
    #expect(error?.code == .unreadableStorage)
    let kept = try #require(
      defaults.dictionaryRepresentation().keys.first { $0.hasPrefix("haruSettings.unreadable-") })
    #expect(error?.message.contains(kept) == true)
    #expect(defaults.data(forKey: kept) == Data("not json".utf8))
    #expect(try backend.load() == nil, "the next load starts afresh")
  }
}
