/// Where a ``SettingsStore`` keeps its values: a pluggable key-value backend.
///
/// Haru ships an in-memory backend (``InMemoryPreferencesBackend``), a JSON file
/// (``FilePreferencesBackend``) and, on Apple platforms, `UserDefaults`
/// (`UserDefaultsPreferencesBackend`). Write your own by meeting this contract, which Haru's contract
/// test suite checks for every backend it ships:
///
/// 1. ``load()`` returns `nil` when nothing was ever saved, and otherwise exactly what the last
///    successful ``save(_:)`` stored — every key, value and the schema version, unchanged.
/// 2. ``save(_:)`` replaces everything stored, atomically and durably: when it returns, the new data
///    survives a crash of the process; when it throws ``SettingsError/Code/writeFailed``, the
///    previously stored data is intact and still loads.
/// 3. When stored data cannot be understood, ``load()`` sets it aside where a person can find it
///    (it never deletes it) and throws ``SettingsError/Code/unreadableStorage`` saying where it went;
///    the next ``load()`` then returns `nil`. When the data can be neither read nor set aside,
///    ``load()`` throws ``SettingsError/Code/unavailableStorage`` and changes nothing.
/// 4. ``location`` identifies the stored data: two backends with equal locations read and write
///    the same data, and stores opened over them in one process share their values.
/// 5. The backend is safe to call from any thread; the store never calls it concurrently with
///    itself for one location.
public protocol PreferencesBackend: Sendable {
  /// A stable description of where the data lives, such as a file path.
  var location: String { get }

  /// Reads everything stored.
  ///
  /// - Returns: The stored preferences, or `nil` when nothing was ever saved.
  /// - Throws: ``SettingsError`` with ``SettingsError/Code/unreadableStorage`` when the data
  ///   cannot be understood (after setting it aside), or ``SettingsError/Code/unavailableStorage``
  ///   when it can be neither read nor set aside.
  func load() throws(SettingsError) -> StoredPreferences?

  /// Replaces everything stored, atomically and durably.
  ///
  /// - Parameter preferences: The values and schema version to store.
  /// - Throws: ``SettingsError`` with ``SettingsError/Code/writeFailed`` when the data could not
  ///   be stored; what was stored before is intact.
  func save(_ preferences: StoredPreferences) throws(SettingsError)
}
