/// How the changes a store holds become the stored preferences: the changes pending for each key,
/// their merge into the newest stored data, and the migration of stored values to the current
/// schema.
///
/// Pure: nothing here reads or writes a backend or takes a lock, so it is tested on values alone.
/// ``PreferencesHub`` calls it under the backend's lock, on the newest stored data.
enum PreferencesMerge {
  /// Re-applies one `update(_:_:)` to the newest stored value of its key.
  typealias Step = @Sendable (StoredValue?) throws -> StoredValue

  /// One update to replay, with the generation it was accepted in.
  struct Replay: Sendable {
    let step: Step
    let generation: UInt64
  }

  /// A key's changes since it was last saved.
  struct Pending {
    /// The generation of the first change not yet saved, to tell flushes that cover it.
    var first: UInt64
    /// `nil`: the value in memory is what must be stored, whatever is stored now (a `set`, or
    /// updates on top of one). Otherwise the updates to replay, in order, on the newest stored
    /// value, so that a read-modify-write holds across processes.
    var steps: [Replay]?

    /// These changes followed by `later` ones.
    func followed(by later: Pending) -> Pending {
      guard let laterSteps = later.steps else { return Pending(first: first, steps: nil) }
      return Pending(first: first, steps: steps.map { $0 + laterSteps })
    }
  }

  /// The values to store for each pending key: encoded now, outside the backend's lock, or
  /// replayed on the newest stored value under it.
  enum PreparedChange: Sendable {
    case value(StoredValue)
    case replay([Replay])
  }

  /// The change to store for each pending key: its value encoded now, or its updates to replay;
  /// with why a value could not be encoded, by key.
  static func prepare(
    _ pending: [String: Pending], slots: [String: any AnySlot]
  ) -> (changes: [String: PreparedChange], failures: [String: SettingsError]) {
    var changes: [String: PreparedChange] = [:]
    var failures: [String: SettingsError] = [:]
    for (name, change) in pending {
      if let steps = change.steps {
        changes[name] = .replay(steps)
        continue
      }
      guard let slot = slots[name] else { continue }
      do {
        changes[name] = .value(try slot.encodedValue())
      } catch {
        failures[name] = SettingsError(
          .writeFailed, key: name,
          message: "The value could not be encoded (\(error)); the stored one is kept.")
      }
    }
    return (changes, failures)
  }

  /// What a merge of pending changes into the newest stored data gives.
  struct Outcome {
    /// What to store, or `nil` when it equals what is stored.
    var stored: StoredPreferences?
    /// The newest values, with the changes.
    var values: [String: StoredValue]
    /// The replayed updates that failed on the newest value, with why and the generation each
    /// was accepted in, by key.
    var conflicts: [String: [(error: SettingsError, first: UInt64)]]
  }

  /// Applies prepared changes to the newest stored data.
  static func merge(
    _ changes: [String: PreparedChange], into newest: StoredPreferences?, version: Int,
    migrations: [SettingsMigration]
  ) throws(SettingsError) -> Outcome {
    var values = newest?.values ?? [:]
    if let newest {
      guard newest.schemaVersion <= version else {
        throw SettingsError(
          .newerSchema,
          message:
            "Another process saved the settings with a newer schema (\(newest.schemaVersion); "
            + "this app knows up to \(version)). Nothing was written; update the app.")
      }
      values = try migrate(values, from: newest.schemaVersion, with: migrations)
    }
    var conflicts: [String: [(error: SettingsError, first: UInt64)]] = [:]
    for (name, change) in changes {
      switch change {
      case .value(let value):
        values[name] = value
      case .replay(let steps):
        // Each update is replayed on its own: one that no longer applies is left out, and the
        // others still are.
        var value = values[name]
        for replay in steps {
          do {
            value = try replay.step(value)
          } catch {
            let failure =
              error as? SettingsError
              ?? SettingsError(
                .writeFailed, key: name,
                message:
                  "The update no longer applies to the value another writer saved (\(error)); "
                  + "that value is kept.")
            conflicts[name, default: []].append((failure, replay.generation))
          }
        }
        values[name] = value
      }
    }
    let unchanged = newest?.schemaVersion == version && newest?.values == values
    return Outcome(
      stored: unchanged ? nil : StoredPreferences(schemaVersion: version, values: values),
      values: values, conflicts: conflicts)
  }

  // MARK: Migration

  static func checkVersion(
    of preferences: StoredPreferences, against current: Int, at location: String
  ) throws(SettingsError) {
    guard preferences.schemaVersion <= current else {
      throw SettingsError(
        .newerSchema,
        message:
          "The settings at \(location) were written by a newer version of the app "
          + "(schema \(preferences.schemaVersion); this one knows up to \(current)). They were "
          + "left untouched; update the app to use them.")
    }
  }

  static func migrate(
    _ values: [String: StoredValue], from version: Int, with steps: [SettingsMigration]
  ) throws(SettingsError) -> [String: StoredValue] {
    var values = values
    for step in steps where step.version > version {
      do {
        try step.apply(to: &values)
      } catch {
        throw SettingsError(
          .migrationFailed,
          message:
            "Migrating the settings to schema \(step.version) failed (\(error)); they were left "
            + "untouched.")
      }
    }
    return values
  }
}
