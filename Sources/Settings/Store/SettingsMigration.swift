/// One step that brings stored preferences from an older schema version to a newer one.
///
/// A store is opened with the migrations an app has registered; its schema version is the highest
/// step's version (1 without steps). When the stored data has an older version, each newer step
/// runs once, in order, and the migrated data is saved with the new version before the store
/// opens. When a step fails, the store does not open and the stored data is left untouched.
///
/// ```swift
/// let store = try SettingsStore(
///   backend: backend,
///   migrations: [
///     .renameKey("unit", to: "temperatureUnit", version: 2),
///     .replaceValue(.string("섭씨"), with: .string("celsius"), forKey: "temperatureUnit", version: 3),
///   ])
/// ```
public struct SettingsMigration: Sendable {
  /// The schema version the step migrates to; 2 or more.
  public let version: Int
  private let migrate: @Sendable (inout [String: StoredValue]) throws -> Void

  /// Creates a step.
  ///
  /// - Parameters:
  ///   - version: The schema version the step migrates to; 2 or more, unique among the steps.
  ///   - migrate: Changes the stored values in place; throwing aborts the migration.
  public init(
    version: Int, _ migrate: @escaping @Sendable (inout [String: StoredValue]) throws -> Void
  ) {
    self.version = version
    self.migrate = migrate
  }

  /// A step that moves a value from one key name to another, when the old name holds one.
  ///
  /// - Parameters:
  ///   - oldName: The key's previous name.
  ///   - newName: The key's name now.
  ///   - version: The schema version the step migrates to.
  /// - Returns: The step.
  public static func renameKey(_ oldName: String, to newName: String, version: Int)
    -> SettingsMigration
  {
    SettingsMigration(version: version) { values in
      if let value = values.removeValue(forKey: oldName) {
        values[newName] = value
      }
    }
  }

  /// A step that replaces one stored value of a key with another, such as a renamed enum case.
  ///
  /// - Parameters:
  ///   - oldValue: The value as an older version stored it.
  ///   - newValue: The value as this version stores it.
  ///   - key: The key's name.
  ///   - version: The schema version the step migrates to.
  /// - Returns: The step.
  public static func replaceValue(
    _ oldValue: StoredValue, with newValue: StoredValue, forKey key: String, version: Int
  ) -> SettingsMigration {
    SettingsMigration(version: version) { values in
      if values[key] == oldValue {
        values[key] = newValue
      }
    }
  }

  /// Runs the step.
  func apply(to values: inout [String: StoredValue]) throws {
    try migrate(&values)
  }
}
