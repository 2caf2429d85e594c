import Testing

@testable import HaruSettings

/// The merge of a store's pending changes into the newest stored data, on values alone: no
/// backend, no lock, no queue.
struct PreferencesMergeTests {
  private struct Refused: Error {}

  @Test func valuesReplaceWhatIsStoredAndOtherKeysAreKept() throws {
    let newest = StoredPreferences(
      schemaVersion: 1, values: ["theme": .string("dark"), "other": .integer(7)])
    let outcome = try PreferencesMerge.merge(
      ["theme": .value(.string("light"))], into: newest, version: 1, migrations: [])
    #expect(outcome.values == ["theme": .string("light"), "other": .integer(7)])
    #expect(outcome.stored == StoredPreferences(schemaVersion: 1, values: outcome.values))
    #expect(outcome.conflicts.isEmpty)
  }

  @Test func aMergeThatChangesNothingStoresNothing() throws {
    let newest = StoredPreferences(schemaVersion: 1, values: ["theme": .string("dark")])
    let outcome = try PreferencesMerge.merge(
      ["theme": .value(.string("dark"))], into: newest, version: 1, migrations: [])
    #expect(outcome.stored == nil)
  }

  @Test func updatesAreReplayedOnTheNewestValueAndOneThatFailsIsLeftOut() throws {
    let newest = StoredPreferences(schemaVersion: 1, values: ["count": .integer(10)])
    let add: PreferencesMerge.Step = { value in
      guard case .integer(let number) = value else { throw Refused() }
      return .integer(number + 1)
    }
    let refuse: PreferencesMerge.Step = { _ in throw Refused() }
    let steps = [
      PreferencesMerge.Replay(step: add, generation: 1),
      PreferencesMerge.Replay(step: refuse, generation: 2),
      PreferencesMerge.Replay(step: add, generation: 3),
    ]
    let outcome = try PreferencesMerge.merge(
      ["count": .replay(steps)], into: newest, version: 1, migrations: [])
    #expect(outcome.values["count"] == .integer(12))
    #expect(outcome.conflicts["count"]?.map(\.first) == [2])
  }

  @Test func olderDataIsMigratedBeforeTheChangesAndNewerDataIsRefused() throws {
    let rename = SettingsMigration.renameKey("old", to: "new", version: 2)
    let older = StoredPreferences(schemaVersion: 1, values: ["old": .bool(true)])
    let outcome = try PreferencesMerge.merge(
      ["other": .value(.null)], into: older, version: 2, migrations: [rename])
    #expect(
      outcome.stored
        == StoredPreferences(
          schemaVersion: 2, values: ["new": .bool(true), "other": .null]))

    let newer = StoredPreferences(schemaVersion: 3, values: [:])
    #expect(throws: SettingsError.self) {
      try PreferencesMerge.merge([:], into: newer, version: 2, migrations: [rename])
    }
  }

  @Test func laterChangesFollowEarlierOnes() {
    let replay = PreferencesMerge.Replay(step: { $0 ?? .null }, generation: 2)
    let updates = PreferencesMerge.Pending(first: 1, steps: [replay])
    let set = PreferencesMerge.Pending(first: 3, steps: nil)
    // A set after updates makes memory the value to store; updates after updates add up.
    #expect(updates.followed(by: set).steps == nil)
    #expect(updates.followed(by: set).first == 1)
    #expect(updates.followed(by: updates).steps?.count == 2)
  }
}
