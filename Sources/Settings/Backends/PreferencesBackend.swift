/// Where a ``SettingsStore`` keeps its values: a pluggable key-value backend.
///
/// Haru ships an in-memory backend (``InMemoryPreferencesBackend``), a JSON file
/// (``FilePreferencesBackend``) and `UserDefaults` (``UserDefaultsPreferencesBackend``, across
/// processes only with an App Group). Write your own by meeting this contract, which Haru's contract
/// test suite checks for every backend it ships:
///
/// 1. ``load()`` returns `nil` when nothing was ever stored, and otherwise exactly what the last
///    successful ``modify(_:)`` stored — every key, value and the schema version, unchanged.
/// 2. ``modify(_:)`` is a read-modify-write that no other writer of the same location can fall
///    into, in this process or another: `change` sees the newest stored data, and what it returns
///    replaces everything stored, atomically and durably. When `modify(_:)` returns, the new data
///    survives a crash of the process; when it throws, the previously stored data is intact and
///    still loads. Another writer holding the location longer than the backend waits is
///    ``SettingsError/Code/busy``; storage that cannot be written at all is
///    ``SettingsError/Code/readOnly``; a full disk is ``SettingsError/Code/diskFull``.
/// 3. When stored data cannot be understood, the backend sets it aside where a person can find it
///    (it never deletes it, and never sets aside data another writer has just replaced it with).
///    ``load()`` then throws ``SettingsError/Code/unreadableStorage`` saying where it went, and
///    ``modify(_:)`` passes `nil` to `change` and returns the same error among its problems. When
///    the data can be neither read nor set aside, ``load()`` throws
///    ``SettingsError/Code/unavailableStorage`` and changes nothing.
/// 4. ``location`` identifies the stored data: two backends with equal locations read and write
///    the same data. Stores over one location, in one process or several, coordinate only through
///    the backend, so they behave the same wherever they run.
/// 5. ``watch(_:)`` calls its closure soon after another writer changes the stored data (Haru's
///    file backend: within a few milliseconds), and not while nothing changes. A backend that
///    cannot tell returns `nil`, and its stores then learn of other writers' changes only when they
///    write.
/// 6. The backend is safe to call from any thread, concurrently.
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

  /// Replaces what is stored with what `change` makes of the newest stored data, with no other
  /// writer in between.
  ///
  /// - Parameter change: Given the newest stored preferences (`nil` when nothing is stored, or
  ///   when what was stored could not be understood and was set aside), returns what to store, or
  ///   `nil` to leave the storage as it is. It runs once, while the location is held, so keep it
  ///   short; what it throws ends the change with nothing written.
  /// - Returns: Problems met with the stored data that did not stop the change, such as
  ///   unreadable data that was set aside.
  /// - Throws: What `change` throws, or ``SettingsError`` with ``SettingsError/Code/busy``,
  ///   ``SettingsError/Code/readOnly``, ``SettingsError/Code/diskFull`` or
  ///   ``SettingsError/Code/writeFailed``; what was stored before is intact.
  @discardableResult
  func modify(
    _ change: (StoredPreferences?) throws(SettingsError) -> StoredPreferences?
  ) throws(SettingsError) -> [SettingsError]

  /// Starts watching for changes that other writers make to the stored data.
  ///
  /// - Parameter onChange: Called, on any thread, soon after the stored data may have changed.
  ///   Calls may be spurious; the store reloads and compares.
  /// - Returns: The running watch, which stops when stopped or released; `nil` when the backend
  ///   cannot watch.
  func watch(_ onChange: @escaping @Sendable () -> Void) -> PreferencesWatch?
}

extension PreferencesBackend {
  /// Backends that cannot watch for other writers' changes return `nil`.
  ///
  /// - Parameter onChange: Never called.
  /// - Returns: `nil`.
  public func watch(_ onChange: @escaping @Sendable () -> Void) -> PreferencesWatch? {
    nil
  }
}
