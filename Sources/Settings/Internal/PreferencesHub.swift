import Dispatch
import HaruModels
import HaruShared

/// The state of one backend location in this process: the stored values, the typed slots handed to
/// stores, and the writer that saves changes in the background.
///
/// Every ``SettingsStore`` opened over the same location uses the same hub, which is how two stores
/// in one process see each other's writes.
final class PreferencesHub: Sendable {
  private struct FlushWaiter {
    let target: UInt64
    let continuation: CheckedContinuation<Result<Void, SettingsError>, Never>
  }

  private struct State {
    /// The values as last loaded or saved, including keys no store has asked for yet.
    var stored: [String: StoredValue]
    var dirty: Set<String> = []
    /// Counts accepted writes; `savedGeneration` is the last one known to be on disk.
    var generation: UInt64 = 0
    var savedGeneration: UInt64 = 0
    var isSaving = false
    var flushWaiters: [FlushWaiter] = []
    var reportedMismatches: Set<String> = []
    /// Keys whose current value could not be encoded, so is not on disk; cleared when a later
    /// value of the key is saved.
    var unsaved: [String: SettingsError] = [:]

    /// What a flush that is satisfied learns: success, or why a value is not on disk.
    var flushOutcome: Result<Void, SettingsError> {
      guard let failure = unsaved.sorted(by: { $0.key < $1.key }).first?.value else {
        return .success(())
      }
      return .failure(failure)
    }

    /// Marks a save as running and says whether the caller must start it.
    mutating func startSavingIfIdle() -> Bool {
      guard !isSaving else { return false }
      isSaving = true
      return true
    }
  }

  let backend: any PreferencesBackend
  let schemaVersion: Int
  let defaultTowns: SavedTowns
  /// The versions of the migrations the hub was opened with, sorted.
  let migrationVersions: [Int]
  private let state: LockedState<State>
  private let slots = SlotTable()
  private let problems = ValueSubject<[SettingsError]>([])
  private let writer = DispatchQueue(label: "haru.settings.writer")

  /// The most problems kept for ``diagnostics``; older ones are dropped.
  static let diagnosticsLimit = 50

  private init(
    backend: any PreferencesBackend, schemaVersion: Int, values: [String: StoredValue],
    defaultTowns: SavedTowns, migrationVersions: [Int]
  ) {
    self.backend = backend
    self.schemaVersion = schemaVersion
    self.defaultTowns = defaultTowns
    self.migrationVersions = migrationVersions
    self.state = LockedState(State(stored: values))
  }

  deinit {
    // Writes not yet saved are saved now, as a last chance; failures have nowhere to go.
    let pending = state.withLock { $0.dirty.isEmpty ? nil : ($0.dirty, $0.stored) }
    if let (names, stored) = pending {
      let values = encoding(names, over: stored).values
      try? backend.save(StoredPreferences(schemaVersion: schemaVersion, values: values))
    }
  }

  var diagnostics: ValueObservation<[SettingsError]> { problems.observation }

  func report(_ problem: SettingsError) {
    problems.update { list in
      list.append(problem)
      if list.count > Self.diagnosticsLimit {
        list.removeFirst(list.count - Self.diagnosticsLimit)
      }
    }
  }

  // MARK: Opening

  private final class WeakHub: Sendable {
    weak let hub: PreferencesHub?
    init(_ hub: PreferencesHub) { self.hub = hub }
  }

  private static let openHubs = LockedState<[String: WeakHub]>([:])

  /// The hub for a backend's location: the one already open in this process, or a new one after
  /// loading and migrating what the backend stores.
  static func open(
    backend: any PreferencesBackend, migrations: [SettingsMigration], defaultTowns: SavedTowns
  ) throws(SettingsError) -> PreferencesHub {
    try openHubs.withLock { (hubs) throws(SettingsError) -> PreferencesHub in
      hubs = hubs.filter { $0.value.hub != nil }
      if let hub = hubs[backend.location]?.hub {
        let versions = migrations.map(\.version).sorted()
        guard hub.migrationVersions == versions, hub.defaultTowns == defaultTowns else {
          throw SettingsError(
            .configurationMismatch,
            message:
              "A store is already open for \(backend.location) with other migrations or default "
              + "towns; open every store of one location with the same configuration.")
        }
        return hub
      }
      let (version, values, problems) = try load(backend: backend, migrations: migrations)
      let hub = PreferencesHub(
        backend: backend, schemaVersion: version, values: values, defaultTowns: defaultTowns,
        migrationVersions: migrations.map(\.version).sorted())
      for problem in problems {
        hub.report(problem)
      }
      hubs[backend.location] = WeakHub(hub)
      return hub
    }
  }

  private static func load(
    backend: any PreferencesBackend, migrations: [SettingsMigration]
  ) throws(SettingsError) -> (Int, [String: StoredValue], [SettingsError]) {
    let steps = migrations.sorted { $0.version < $1.version }
    let versions = steps.map(\.version)
    guard versions.allSatisfy({ $0 >= 2 }), Set(versions).count == versions.count else {
      throw SettingsError(
        .migrationFailed,
        message: "Migration versions must be 2 or more and distinct; got \(versions).")
    }
    let current = versions.last ?? 1

    let loaded: StoredPreferences?
    var problems: [SettingsError] = []
    do {
      loaded = try backend.load()
    } catch  where error.code == .unreadableStorage {
      problems.append(error)
      loaded = nil
    }
    guard let loaded else { return (current, [:], problems) }
    guard loaded.schemaVersion <= current else {
      throw SettingsError(
        .newerSchema,
        message:
          "The settings at \(backend.location) were written by a newer version of the app "
          + "(schema \(loaded.schemaVersion); this one knows up to \(current)). They were left "
          + "untouched; update the app to use them.")
    }
    guard loaded.schemaVersion < current else { return (current, loaded.values, problems) }

    var values = loaded.values
    for step in steps where step.version > loaded.schemaVersion {
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
    try backend.save(StoredPreferences(schemaVersion: current, values: values))
    return (current, values, problems)
  }

  // MARK: Slots

  /// The slot of a key, created from the stored value (or the default) on first use.
  func slot<Value>(for key: SettingsKey<Value>) throws(SettingsError) -> Slot<Value> {
    let slot = slots.existing(key.name) ?? makeSlot(for: key)
    guard slot.valueType == ObjectIdentifier(Value.self) else {
      let problem = SettingsError(
        .keyTypeMismatch, key: key.name,
        message:
          "The key is used with two value types; this use expects \(Value.self). Give each type "
          + "its own key name.")
      // Reported once per key and type, so repeated reads do not push other problems out.
      let isNew = state.withLock {
        $0.reportedMismatches.insert("\(key.name)\u{0}\(Value.self)").inserted
      }
      if isNew {
        report(problem)
      }
      throw problem
    }
    // The type was just checked, so the cast cannot fail; a checked cast would cost a metadata
    // lookup on every read.
    return unsafeDowncast(slot as AnyObject, to: Slot<Value>.self)
  }

  /// Decodes a key's stored value, or takes its default, into a new slot.
  private func makeSlot<Value>(for key: SettingsKey<Value>) -> any AnySlot {
    let stored = state.withLock { $0.stored[key.name] }
    var initial = defaultValue(for: key)
    if let stored {
      do {
        initial = try StoredValueCoding.decode(Value.self, from: stored)
      } catch {
        report(
          SettingsError(
            .undecodableValue, key: key.name,
            message:
              "The stored value no longer reads as \(Value.self), so the default is used. It is "
              + "kept in storage until this key is written."))
      }
    }
    return slots.insert(Slot(initial), named: key.name)
  }

  private func defaultValue<Value>(for key: SettingsKey<Value>) -> Value {
    if key.name == SettingsKey.savedTowns.name, let towns = defaultTowns as? Value {
      return towns
    }
    return key.defaultValue
  }

  // MARK: Writing

  /// Records that a key's value changed and makes sure a save is on its way.
  func markDirty(_ name: String) {
    let mustSchedule = state.withLock { state in
      state.dirty.insert(name)
      state.generation &+= 1
      return state.startSavingIfIdle()
    }
    if mustSchedule {
      scheduleSave()
    }
  }

  /// Returns once every write accepted before the call is stored durably.
  func flush() async throws(SettingsError) {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Void, SettingsError>, Never>) in
      let (done, mustSchedule) = state.withLock {
        state -> (Result<Void, SettingsError>?, Bool) in
        if state.dirty.isEmpty, state.savedGeneration >= state.generation, !state.isSaving {
          return (state.flushOutcome, false)
        }
        state.flushWaiters.append(FlushWaiter(target: state.generation, continuation: continuation))
        return (nil, state.startSavingIfIdle())
      }
      if let done {
        continuation.resume(returning: done)
      } else if mustSchedule {
        scheduleSave()
      }
    }
    try result.get()
  }

  private func scheduleSave() {
    writer.async { self.saveUntilClean() }
  }

  /// Saves on the writer queue until nothing is dirty, coalescing the writes that arrive while a
  /// save is running into the next one.
  private func saveUntilClean() {
    while true {
      let work = state.withLock { state -> (Set<String>, [String: StoredValue], UInt64)? in
        guard !state.dirty.isEmpty else {
          state.isSaving = false
          return nil
        }
        let names = state.dirty
        state.dirty = []
        return (names, state.stored, state.generation)
      }
      guard let (names, stored, generation) = work else {
        resumeFlushWaiters(failure: nil)
        return
      }

      let (values, encodingFailures) = encoding(names, over: stored)
      for failure in encodingFailures.values {
        report(failure)
      }

      do {
        try backend.save(StoredPreferences(schemaVersion: schemaVersion, values: values))
        state.withLock { state in
          state.stored = values
          state.savedGeneration = max(state.savedGeneration, generation)
          // A value that could not be encoded is not on disk: every flush fails until the key
          // gets a value that can be saved.
          for name in names {
            state.unsaved[name] = encodingFailures[name]
          }
        }
        resumeFlushWaiters(failure: nil)
      } catch {
        // Keep the changes in memory and dirty, so the next write or flush tries again. The
        // waiters are taken in the same critical section that ends the save, so a flush arriving
        // afterwards starts a new save instead of receiving this failure.
        let waiters = state.withLock { state -> [FlushWaiter] in
          state.dirty.formUnion(names)
          state.isSaving = false
          defer { state.flushWaiters = [] }
          return state.flushWaiters
        }
        report(error)
        for waiter in waiters {
          waiter.continuation.resume(returning: .failure(error))
        }
        return
      }
    }
  }

  /// The stored values with the current values of `names` encoded over them, and why any of
  /// those could not be encoded (their stored values are kept).
  private func encoding(
    _ names: Set<String>, over stored: [String: StoredValue]
  ) -> (values: [String: StoredValue], failures: [String: SettingsError]) {
    var values = stored
    var failures: [String: SettingsError] = [:]
    let slots = self.slots.all
    for name in names {
      guard let slot = slots[name] else { continue }
      do {
        values[name] = try slot.encodedValue()
      } catch {
        failures[name] = SettingsError(
          .writeFailed, key: name,
          message: "The value could not be encoded (\(error)); the stored one is kept.")
      }
    }
    return (values, failures)
  }

  /// Resumes the flushes that are satisfied, with success or with why a value is not on disk.
  private func resumeFlushWaiters(failure: SettingsError?) {
    let (ready, outcome) = state.withLock {
      state -> ([FlushWaiter], Result<Void, SettingsError>) in
      let saved = state.savedGeneration
      let ready = state.flushWaiters.filter { failure != nil || $0.target <= saved }
      state.flushWaiters.removeAll { failure != nil || $0.target <= saved }
      return (ready, failure.map { .failure($0) } ?? state.flushOutcome)
    }
    for waiter in ready {
      waiter.continuation.resume(returning: outcome)
    }
  }
}
