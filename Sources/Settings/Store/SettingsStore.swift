public import HaruModels

/// A person's preferences: typed keys with defaults, read from memory, observed, saved durably.
///
/// ```swift
/// let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: url))
/// store[.temperatureUnit]                        // .celsius until something is saved
/// try store.set(.fahrenheit, for: .temperatureUnit)
/// for await unit in store.observe(.temperatureUnit) { … }   // current value, then changes
/// try store.update(.savedTowns) { try $0.add(busan) }
/// try await store.flush()                        // everything written so far is on disk
/// ```
///
/// Reads never touch the backend: every key's value lives in memory once it has been read or
/// written. A write changes the value in memory and notifies observers at once, then reaches the
/// backend from a background writer that starts saving at once and folds writes arriving during a
/// save into the next one; ``flush()`` waits for it. Writing a value equal to the current one does
/// nothing.
///
/// ## Several processes, one file
/// An app, its widget and its extensions may open stores over one file (an App Group's folder) at
/// once, and so may two stores in one process: each store is independent and coordinates only
/// through the backend, so both cases behave alike. A save writes only the keys this store
/// changed, merged into the newest stored data under the backend's lock, so no writer loses
/// another's keys. ``update(_:_:)`` is replayed on the newest stored value of its key, so a
/// read-modify-write holds across processes too; when it no longer applies (a fourth saved town),
/// the later writer's ``flush()`` throws the error and its value goes back to the stored one.
/// Other writers' saves reach the current value and every ``observe(_:)`` within milliseconds
/// with ``FilePreferencesBackend``.
///
/// ## When a value is on disk
/// A value that `set` accepted is on disk once ``flush()`` returns, and in any case once the
/// process ends normally (return from `main`, `exit()`); a kill or power loss can lose only the
/// writes of the save in progress — the last few milliseconds (see the article "Sharing settings
/// with a widget or an extension" for the measured figure). A failed save (busy, read-only, full
/// disk) keeps the value in memory, reports it on ``diagnostics`` and to waiting flushes, and is
/// tried again with a growing pause.
///
/// On iOS, where the system suspends apps and extensions and may end them without running exit
/// handlers, call ``suspend()`` when the process goes to the background and ``resume()`` when it
/// runs again.
///
/// Nothing a backend holds is ever lost silently. A value that no longer decodes reads as its
/// key's default, is reported on ``diagnostics``, and stays in storage until its key is written;
/// keys the app does not know are kept as they are.
public final class SettingsStore: Sendable {
  let hub: PreferencesHub

  /// Opens a store over a backend, loading and, when needed, migrating what it holds.
  ///
  /// - Parameters:
  ///   - backend: Where the values are kept.
  ///   - defaultTowns: What ``SettingsKey/savedTowns`` reads before any town is saved: no towns,
  ///     with 서울특별시청 current, when `nil`; `SavedTowns(defaultTown:)` for another default town.
  ///   - migrations: The steps that bring older stored data up to date; see ``SettingsMigration``.
  /// - Throws: ``SettingsError`` with ``SettingsError/Code/newerSchema`` when the stored data was
  ///   written by a newer schema, ``SettingsError/Code/migrationFailed`` when a step fails (the
  ///   data is untouched in both cases), ``SettingsError/Code/unavailableStorage`` when the data
  ///   can be neither read nor set aside, and the backend's write errors when migrated data cannot
  ///   be saved. Unreadable data is not an error: it is set aside, the store opens with
  ///   defaults, and the problem is reported on ``diagnostics``.
  public init(
    backend: any PreferencesBackend,
    defaultTowns: SavedTowns? = nil,
    migrations: [SettingsMigration] = []
  ) throws(SettingsError) {
    hub = try PreferencesHub.open(
      backend: backend, migrations: migrations,
      defaultTowns: defaultTowns ?? SettingsKey.savedTowns.defaultValue)
  }

  /// Opens the store in the platform's standard place: `haru/settings.json` in the user's data
  /// folder (see ``FilePreferencesBackend/defaultFileURL(environment:)``).
  ///
  /// Tests should not call this: give them an ``InMemoryPreferencesBackend`` or a file in a
  /// temporary folder, so they never write into a developer's real preferences.
  ///
  /// - Parameter migrations: The steps that bring older stored data up to date.
  /// - Returns: The store.
  /// - Throws: ``SettingsError`` as ``init(backend:defaultTowns:migrations:)`` does.
  public static func standard(migrations: [SettingsMigration] = []) throws(SettingsError)
    -> SettingsStore
  {
    try SettingsStore(
      backend: FilePreferencesBackend(fileURL: FilePreferencesBackend.defaultFileURL()),
      migrations: migrations)
  }

  /// The schema version of the stored data: the highest migration's version, or 1.
  public var schemaVersion: Int { hub.schemaVersion }

  /// Problems found while reading or saving, oldest first (the last 50 are kept): unreadable data
  /// set aside, values that no longer decode, failed saves, a key used with two types.
  public var diagnostics: ValueObservation<[SettingsError]> { hub.diagnostics }

  /// The value of a key, from memory.
  ///
  /// A key used with a type other than its first use reads as its default, and the mismatch is
  /// reported on ``diagnostics``.
  ///
  /// - Parameter key: The key.
  /// - Returns: The stored value, or the key's default.
  /// - Complexity: O(1); the backend is never read.
  public subscript<Value>(key: SettingsKey<Value>) -> Value {
    guard let slot = try? hub.slot(for: key) else { return key.defaultValue }
    return slot.subject.value
  }

  /// The value of a key now and as it changes.
  ///
  /// - Parameter key: The key.
  /// - Returns: An observation that starts with the current value and yields each change; see
  ///   ``/HaruModels/ValueObservation`` in `HaruModels`. A key used with the wrong type yields its default only.
  public func observe<Value>(_ key: SettingsKey<Value>) -> ValueObservation<Value> {
    guard let slot = try? hub.slot(for: key) else {
      return ValueSubject(key.defaultValue).observation
    }
    return slot.subject.observation
  }

  /// Stores a value: memory and observers at once, the backend in the background.
  ///
  /// A failure to save reaches ``flush()``, which throws it, and ``diagnostics``; the value stays
  /// in memory and the next save tries again.
  ///
  /// - Parameters:
  ///   - value: The new value; a value equal to the current one changes nothing.
  ///   - key: The key.
  /// - Throws: ``SettingsError/Code/keyTypeMismatch`` when the key's name is already used with
  ///   another value type.
  public func set<Value>(_ value: Value, for key: SettingsKey<Value>) throws(SettingsError) {
    let slot = try hub.slot(for: key)
    hub.set(value, in: slot, for: key.name)
  }

  /// Changes a key's value in place, atomically, here and across processes.
  ///
  /// Use this when the new value depends on the current one, such as adding a saved town: no
  /// write from another task can fall between reading and writing. `change` works on a copy,
  /// outside any lock, and the copy replaces the value only if nobody changed it meanwhile;
  /// otherwise `change` runs again on the newer value. When `change` throws, the value is left as
  /// it was.
  ///
  /// When the change is saved, `change` runs once more on the newest value stored by any process,
  /// under the backend's lock, and its result is what is stored and read from then on. If it
  /// throws there (another process saved a third town first), nothing is stored for the key, the
  /// value goes back to the stored one, and the error reaches ``flush()`` and ``diagnostics``.
  ///
  /// ```swift
  /// try store.update(.savedTowns) { try $0.select(at: 1) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - change: Changes the value. It may run more than once, on any thread: again when other
  ///     writers race it, and once more on the stored value when the change is saved.
  /// - Throws: What `change` throws (for ``SavedTowns``, a ``SettingsError``), or
  ///   ``SettingsError/Code/keyTypeMismatch``.
  public func update<Value>(
    _ key: SettingsKey<Value>, _ change: @escaping @Sendable (inout Value) throws -> Void
  ) throws {
    let slot = try hub.slot(for: key)
    let step = slot.step(change)
    while true {
      let original = slot.subject.value
      var changed = original
      try change(&changed)
      guard changed != original else { return }
      if hub.replace(original, with: changed, in: slot, for: key.name, replaying: step) {
        return
      }
    }
  }

  /// A handle that can set one key and nothing else, to give a component that changes one setting.
  ///
  /// - Parameter key: The key.
  /// - Returns: The setter.
  public func setter<Value>(for key: SettingsKey<Value>) -> SettingSetter<Value> {
    SettingSetter(store: self, key: key)
  }

  /// Returns once every write made before the call is stored durably.
  ///
  /// Waits on the store's writer, never blocking a thread of the caller.
  ///
  /// - Throws: The backend's error when it could not store the values
  ///   (``SettingsError/Code/busy``, ``SettingsError/Code/readOnly``,
  ///   ``SettingsError/Code/diskFull``, ``SettingsError/Code/writeFailed``): they stay in memory,
  ///   and the store tries again. The error of an ``update(_:_:)`` that no longer applied to the
  ///   newest stored value, such as ``SettingsError/Code/tooManyTowns``.
  public func flush() async throws(SettingsError) {
    try await hub.flush()
  }

  /// Saves every pending write and then leaves the backend alone, so that the process can be
  /// suspended holding no lock.
  ///
  /// iOS ends an app it suspends while the app holds a file lock in an App Group container (the
  /// crash report says `0xdead10cc`), and it never runs exit handlers for a suspended app it
  /// terminates, so the save at process exit cannot be relied on there. A store locks its file only
  /// while a save runs, but one can be running, or waiting for another process, at the moment the
  /// app goes to the background. Once `suspend()` returns, every write made before the call is on
  /// disk (or its failure was thrown), no save or reload is running, and none starts until
  /// ``resume()``: the store holds no lock.
  ///
  /// While suspended, reads and observation work as usual, and writes change memory and notify
  /// observers at once; they are saved at `resume()`. A process killed while suspended loses
  /// them. ``flush()`` throws ``SettingsError/Code/suspended`` while such writes wait. Other
  /// processes' saves reach the store at `resume()`. A store released, or a process that exits,
  /// while suspended still saves what it holds, since its code is running then.
  ///
  /// Call it where the process is about to stop running, inside the time the system grants:
  ///
  /// ```swift
  /// // An app: when the scene goes to the background.
  /// case .background:
  ///   let task = UIApplication.shared.beginBackgroundTask()
  ///   Task {
  ///     try? await store.suspend()
  ///     UIApplication.shared.endBackgroundTask(task)
  ///   }
  /// case .active:
  ///   store.resume()
  ///
  /// // A widget: before handing its timeline back; the next request resumes.
  /// func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
  ///   store.resume()
  ///   Task {
  ///     let timeline = makeTimeline(store[.temperatureUnit])
  ///     try? await store.suspend()
  ///     completion(timeline)
  ///   }
  /// }
  /// ```
  ///
  /// An extension that ends its request (a share extension's `completeRequest`) suspends first in
  /// the same way. Each store is suspended on its own; calling `suspend()` again does no harm.
  ///
  /// - Throws: The backend's error when the last save failed (``SettingsError/Code/busy``,
  ///   ``SettingsError/Code/readOnly``, ``SettingsError/Code/diskFull``,
  ///   ``SettingsError/Code/writeFailed``). The store is suspended all the same and holds no lock;
  ///   the values stay in memory and are saved at `resume()`.
  public func suspend() async throws(SettingsError) {
    try await hub.suspend()
  }

  /// Ends a suspension: writes made while suspended are saved in the background, and other
  /// processes' saves are read again.
  ///
  /// Call it when the process runs again: when the app's scene becomes active, or when an
  /// extension starts a request. ``flush()`` waits for the saves as usual. A store that is not
  /// suspended is left as it is.
  public func resume() {
    hub.resume()
  }
}

/// The right to set one setting, without access to the rest of the store.
///
/// Hand a setter to a component that changes a setting, and an observation to the ones that show
/// it: neither can touch anything else.
///
/// ```swift
/// let setUnit = store.setter(for: .temperatureUnit)
/// try setUnit(.fahrenheit)
/// ```
public struct SettingSetter<Value: Codable & Sendable & Equatable>: Sendable {
  private let store: SettingsStore
  private let key: SettingsKey<Value>

  init(store: SettingsStore, key: SettingsKey<Value>) {
    self.store = store
    self.key = key
  }

  /// Stores a value for the setter's key.
  ///
  /// - Parameter value: The new value; one equal to the current value changes nothing.
  /// - Throws: ``SettingsError/Code/keyTypeMismatch`` when the key's name is already used with
  ///   another value type.
  public func callAsFunction(_ value: Value) throws(SettingsError) {
    try store.set(value, for: key)
  }
}
