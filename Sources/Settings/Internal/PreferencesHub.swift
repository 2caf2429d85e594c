import Dispatch
import HaruModels
import HaruShared

/// The state behind one ``SettingsStore``: the values in memory, the typed slots, the changes
/// waiting to be saved, and the writer that merges them into the newest stored data.
///
/// Nothing is shared between stores: two stores over one location, in one process or in two,
/// coordinate only through the backend's lock and watch.
final class PreferencesHub: Sendable {
  private typealias Pending = PreferencesMerge.Pending

  private struct FlushWaiter {
    let target: UInt64
    let continuation: CheckedContinuation<Result<Void, SettingsError>, Never>
  }

  private struct State {
    /// The values as last loaded or saved, including keys no store has asked for yet.
    var stored: [String: StoredValue]
    var pending: [String: Pending] = [:]
    /// Counts accepted writes; `savedGeneration` is the last one whose save has ended.
    var generation: UInt64 = 0
    var savedGeneration: UInt64 = 0
    /// Whether a save loop runs or is scheduled on the writer queue: claimed by whoever schedules
    /// it, released only by the loop, when it stops.
    var saving = SaveClaim()
    var refreshScheduled = false
    var isRefreshing = false
    var flushWaiters: [FlushWaiter] = []
    var reportedMismatches: Set<String> = []
    /// Keys whose current value could not be encoded, so is not on disk; cleared when a later
    /// value of the key is saved.
    var unsaved: [String: SettingsError] = [:]
    /// Updates that no longer applied when saved, until a flush has reported them.
    var conflicts: [(error: SettingsError, first: UInt64)] = []
    /// The pause before the next automatic retry of a failed save.
    var retryDelay: Duration = PreferencesHub.firstRetryDelay
    var retryScheduled = false
    /// Between `suspend()` and `resume()`: writes stay in memory, and nothing touches the
    /// backend (so no lock is taken) except the save `suspend()` itself makes.
    var isSuspended = false
  }

  let backend: any PreferencesBackend
  let schemaVersion: Int
  let defaultTowns: SavedTowns
  let migrations: [SettingsMigration]
  private let state: LockedState<State>
  private let slots = SlotTable()
  private let problems = ValueSubject<[SettingsError]>([])
  private let writer = DispatchQueue(label: "haru.settings.writer")
  private let watch = LockedState<PreferencesWatch?>(nil)

  /// The most problems kept for ``diagnostics``; older ones are dropped.
  static let diagnosticsLimit = 50
  static let firstRetryDelay = Duration.milliseconds(250)
  static let longestRetryDelay = Duration.seconds(8)

  private init(
    backend: any PreferencesBackend, schemaVersion: Int, values: [String: StoredValue],
    defaultTowns: SavedTowns, migrations: [SettingsMigration]
  ) {
    self.backend = backend
    self.schemaVersion = schemaVersion
    self.defaultTowns = defaultTowns
    self.migrations = migrations
    self.state = LockedState(State(stored: values))
  }

  deinit {
    watch.withLock { $0?.stop() }
    ExitFlush.forget(self)
    // Changes not yet saved go to a queue that process exit waits for, so that releasing a store
    // right before the end loses nothing, and no thread of the caller blocks on the disk.
    let pending = state.withLock { $0.pending }
    guard !pending.isEmpty else { return }
    let changes = PreferencesMerge.prepare(pending, slots: slots.all).changes
    let backend = self.backend
    let version = schemaVersion
    let migrations = self.migrations
    ExitFlush.orphans.async {
      _ = try? backend.modify { (newest) throws(SettingsError) -> StoredPreferences? in
        try PreferencesMerge.merge(changes, into: newest, version: version, migrations: migrations)
          .stored
      }
    }
  }

  var diagnostics: ValueObservation<[SettingsError]> { problems.observation }

  func report(_ problem: SettingsError) {
    problems.update { list in
      // A save retried against the same fault reports it once, not once a retry.
      guard list.last != problem else { return }
      list.append(problem)
      if list.count > Self.diagnosticsLimit {
        list.removeFirst(list.count - Self.diagnosticsLimit)
      }
    }
  }

  // MARK: Opening

  /// Opens a hub over a backend: loads, migrates when needed, and starts watching for other
  /// writers' changes.
  static func open(
    backend: any PreferencesBackend, migrations: [SettingsMigration], defaultTowns: SavedTowns
  ) throws(SettingsError) -> PreferencesHub {
    let steps = migrations.sorted { $0.version < $1.version }
    let versions = steps.map(\.version)
    guard versions.allSatisfy({ $0 >= 2 }), Set(versions).count == versions.count else {
      throw SettingsError(
        .migrationFailed,
        message: "Migration versions must be 2 or more and distinct; got \(versions).")
    }
    let current = versions.last ?? 1

    var problems: [SettingsError] = []
    var loaded: StoredPreferences?
    do {
      loaded = try backend.load()
    } catch  where error.code == .unreadableStorage {
      // Set aside; the values it still held whole, if any, are what the store opens with.
      problems.append(error)
      loaded = error.recovered
    }
    if let found = loaded {
      try PreferencesMerge.checkVersion(of: found, against: current, at: backend.location)
      if found.schemaVersion < current {
        // Migrate under the backend's lock, on the newest data: another process may have done it
        // already.
        problems += try backend.modify { (newest) throws(SettingsError) -> StoredPreferences? in
          guard let newest else { return nil }
          try PreferencesMerge.checkVersion(of: newest, against: current, at: backend.location)
          guard newest.schemaVersion < current else {
            loaded = newest
            return nil
          }
          let migrated = StoredPreferences(
            schemaVersion: current,
            values: try PreferencesMerge.migrate(
              newest.values, from: newest.schemaVersion, with: steps))
          loaded = migrated
          return migrated
        }
      }
    }
    let hub = PreferencesHub(
      backend: backend, schemaVersion: current, values: loaded?.values ?? [:],
      defaultTowns: defaultTowns, migrations: steps)
    for problem in problems {
      hub.report(problem)
    }
    hub.startWatching()
    ExitFlush.remember(hub)
    return hub
  }

  private func startWatching() {
    let started = backend.watch { [weak self] in self?.scheduleRefresh() }
    watch.withLock { $0 = started }
    // A save by another writer between the load and the start of the watch would otherwise go
    // unseen until the next one.
    if started != nil {
      scheduleRefresh()
    }
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

  /// Decodes a key's stored value, or takes its default, into a new slot. Done under the state's
  /// lock, so that a change arriving from another writer meanwhile is not missed.
  private func makeSlot<Value>(for key: SettingsKey<Value>) -> any AnySlot {
    state.withLock { state -> any AnySlot in
      if let existing = slots.existing(key.name) { return existing }
      let new = Slot(defaultValue: defaultValue(for: key))
      new.adopt(state.stored[key.name], key: key.name, report: report)
      return slots.insert(new, named: key.name)
    }
  }

  private func defaultValue<Value>(for key: SettingsKey<Value>) -> Value {
    if key.name == SettingsKey.savedTowns.name, let towns = defaultTowns as? Value {
      return towns
    }
    return key.defaultValue
  }

  // MARK: Writing

  /// Stores a value in memory and queues it for saving, in one step, so that a change from
  /// another writer arriving meanwhile cannot overwrite it.
  func set<Value>(_ value: Value, in slot: Slot<Value>, for name: String) {
    let mustSchedule = state.withLock { state -> Bool in
      // A value equal to memory still counts when memory may be about to change under it: updates
      // waiting to be replayed on another writer's value, or another writer's save being read.
      let mayDiffer =
        state.pending[name]?.steps != nil || state.refreshScheduled || state.isRefreshing
      guard slot.subject.sendIfChanged(value) || mayDiffer else { return false }
      state.generation &+= 1
      let change = Pending(first: state.generation, steps: nil)
      state.pending[name] = state.pending[name].map { $0.followed(by: change) } ?? change
      return startSavingIfIdle(&state)
    }
    if mustSchedule {
      scheduleSave()
    }
  }

  /// Replaces `original` with `changed` in memory unless another write came first, and queues
  /// `step` to be replayed on the newest stored value.
  ///
  /// - Returns: Whether the value was replaced.
  func replace<Value>(
    _ original: Value, with changed: Value, in slot: Slot<Value>, for name: String,
    replaying step: @escaping PreferencesMerge.Step
  ) -> Bool {
    let (replaced, mustSchedule) = state.withLock { state -> (Bool, Bool) in
      let replaced = slot.subject.update { value -> Bool in
        guard value == original else { return false }
        value = changed
        return true
      }
      guard replaced else { return (false, false) }
      state.generation &+= 1
      let change = Pending(
        first: state.generation,
        steps: [PreferencesMerge.Replay(step: step, generation: state.generation)])
      state.pending[name] = state.pending[name].map { $0.followed(by: change) } ?? change
      return (true, startSavingIfIdle(&state))
    }
    if mustSchedule {
      scheduleSave()
    }
    return replaced
  }

  /// Marks a save as running and says whether the caller must start it: not while one runs, nor
  /// while the store is suspended.
  private func startSavingIfIdle(_ state: inout State) -> Bool {
    guard !state.isSuspended else { return false }
    return state.saving.claim()
  }

  /// Returns once every write accepted before the call has been saved, or its save has failed.
  func flush() async throws(SettingsError) {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Void, SettingsError>, Never>) in
      let (done, mustSchedule) = state.withLock {
        state -> (Result<Void, SettingsError>?, Bool) in
        if state.pending.isEmpty, state.savedGeneration >= state.generation, !state.saving.isClaimed
        {
          defer { state.conflicts = [] }
          return (
            Self.outcome(unsaved: state.unsaved, conflicts: state.conflicts.map(\.error)), false
          )
        }
        if state.isSuspended {
          return (.failure(Self.suspendedError(location: backend.location)), false)
        }
        state.flushWaiters.append(FlushWaiter(target: state.generation, continuation: continuation))
        return (nil, startSavingIfIdle(&state))
      }
      if let done {
        continuation.resume(returning: done)
      } else if mustSchedule {
        scheduleSave()
      }
    }
    try result.get()
  }

  // MARK: Suspension

  /// Saves what is pending, then leaves the backend alone until ``resume()``: once this returns,
  /// no save runs or starts, so the store holds no lock.
  ///
  /// - Throws: Why the last save failed; the changes stay in memory and are saved at `resume()`.
  func suspend() async throws(SettingsError) {
    state.withLock { $0.isSuspended = true }
    // Runs after any save or reload already queued; those that start after the flag was set
    // skip the backend.
    let failure = await withCheckedContinuation { continuation in
      writer.async {
        continuation.resume(returning: self.saveUntilClean(retrying: false, evenIfSuspended: true))
      }
    }
    if let failure { throw failure }
  }

  /// Ends a suspension: saves the writes made meanwhile and reloads what other writers saved.
  func resume() {
    let (wasSuspended, mustSave) = state.withLock { state -> (Bool, Bool) in
      guard state.isSuspended else { return (false, false) }
      state.isSuspended = false
      return (true, !state.pending.isEmpty && startSavingIfIdle(&state))
    }
    guard wasSuspended else { return }
    if mustSave {
      scheduleSave()
    }
    // The watch's wake-ups were skipped while suspended.
    scheduleRefresh()
  }

  /// Returns once the writer has run everything queued before the call: for tests that check
  /// that nothing was saved.
  func writerIdle() async {
    await withCheckedContinuation { continuation in
      writer.async { continuation.resume() }
    }
  }

  static func suspendedError(location: String) -> SettingsError {
    SettingsError(
      .suspended,
      message:
        "The settings store for \(location) is suspended: its changes are kept in memory and "
        + "saved when it resumes.")
  }

  /// Saves everything pending on the calling thread, waiting for a save already running, even
  /// while suspended: for process exit, which ``ExitFlush`` runs.
  ///
  /// - Returns: Why the save failed, when it did.
  func saveNow() -> SettingsError? {
    writer.sync { saveUntilClean(retrying: false, evenIfSuspended: true) }
  }

  private func scheduleSave() {
    writer.async { _ = self.saveUntilClean(retrying: true) }
  }

  /// Saves on the writer queue until nothing is pending, coalescing the writes that arrive while a
  /// save is running into the next one. A suspended store stops before the next save unless
  /// `evenIfSuspended`; its changes stay pending until `resume()`.
  ///
  /// This loop is the one place that releases the save claim: when nothing is left to save, and
  /// when a save fails.
  ///
  /// - Returns: Why a save failed, when one did; the changes are still pending then.
  @discardableResult
  private func saveUntilClean(retrying: Bool, evenIfSuspended: Bool = false) -> SettingsError? {
    dispatchPrecondition(condition: .onQueue(writer))
    while true {
      let work = state.withLock { state -> ([String: Pending], UInt64)? in
        guard !state.pending.isEmpty, evenIfSuspended || !state.isSuspended else {
          state.saving.release()
          return nil
        }
        defer { state.pending = [:] }
        return (state.pending, state.generation)
      }
      guard let (pending, generation) = work else {
        resumeFlushWaiters(upTo: nil)
        return nil
      }
      guard let error = save(pending, generation: generation) else { continue }
      // Nothing was written: keep the changes pending, before any that arrived meanwhile, and
      // fail the flushes waiting now. The waiters are taken in the same critical section that
      // ends the save, so a flush arriving afterwards starts a new save.
      let retrying = retrying && !evenIfSuspended
      let (waiters, delay) = state.withLock { state -> ([FlushWaiter], Duration?) in
        for (name, change) in pending {
          state.pending[name] = state.pending[name].map { change.followed(by: $0) } ?? change
        }
        state.saving.release()
        defer { state.flushWaiters = [] }
        var delay: Duration?
        if retrying, !state.retryScheduled {
          state.retryScheduled = true
          delay = state.retryDelay
          state.retryDelay = min(state.retryDelay * 2, Self.longestRetryDelay)
        }
        return (state.flushWaiters, delay)
      }
      report(error)
      for waiter in waiters {
        waiter.continuation.resume(returning: .failure(error))
      }
      if let delay {
        scheduleRetry(after: delay)
      }
      return error
    }
  }

  /// One save of pending changes, on the writer queue. Returns why it failed, or `nil` when it
  /// succeeded; on failure the state is left to the loop that called it.
  private func save(
    _ pending: [String: Pending], generation: UInt64
  ) -> SettingsError? {
    dispatchPrecondition(condition: .onQueue(writer))
    let (changes, encodingFailures) = PreferencesMerge.prepare(pending, slots: slots.all)
    for failure in encodingFailures.values {
      report(failure)
    }
    var merged: PreferencesMerge.Outcome?
    let outcome: Result<[SettingsError], SettingsError>
    do {
      outcome = .success(
        try backend.modify { (newest) throws(SettingsError) -> StoredPreferences? in
          let merge = try PreferencesMerge.merge(
            changes, into: newest, version: schemaVersion, migrations: migrations)
          merged = merge
          return merge.stored
        })
    } catch {
      outcome = .failure(error)
    }

    switch (outcome, merged) {
    case (.success(let problems), let merge?):
      for problem in problems {
        report(problem)
      }
      let conflicts = merge.conflicts.values.flatMap { $0 }
      for conflict in conflicts {
        report(conflict.error)
      }
      state.withLock { state in
        adopt(merge.values, into: &state, including: Set(merge.conflicts.keys))
        state.savedGeneration = max(state.savedGeneration, generation)
        state.retryDelay = Self.firstRetryDelay
        // A value that could not be encoded is not on disk: every flush fails until the key
        // gets a value that can be saved.
        for name in pending.keys {
          state.unsaved[name] = encodingFailures[name]
        }
        state.conflicts += conflicts
      }
      resumeFlushWaiters(upTo: generation)
      return nil
    case (.success, nil):
      return SettingsError(
        .writeFailed, message: "The backend returned without storing the settings.")
    case (.failure(let failure), _):
      return failure
    }
  }

  /// Tries a failed save again after a pause, unless a write or flush did meanwhile.
  private func scheduleRetry(after delay: Duration) {
    writer.asyncAfter(deadline: Self.deadline(after: delay, from: .now())) { [weak self] in
      guard let self else { return }
      dispatchPrecondition(condition: .onQueue(writer))
      let mustSave = state.withLock { state -> Bool in
        state.retryScheduled = false
        return !state.pending.isEmpty && startSavingIfIdle(&state)
      }
      if mustSave {
        _ = saveUntilClean(retrying: true)
      }
    }
  }

  /// The moment `delay` after `start`, counted in 64-bit nanoseconds: a delay of more than about
  /// two seconds does not fit an `Int` of nanoseconds on a 32-bit Apple Watch, nor
  /// `DispatchTimeInterval.nanoseconds`, which takes one.
  static func deadline(after delay: Duration, from start: DispatchTime) -> DispatchTime {
    let (sum, overflow) = start.uptimeNanoseconds.addingReportingOverflow(
      delay.saturatingNanoseconds)
    return overflow ? .distantFuture : DispatchTime(uptimeNanoseconds: sum)
  }

  // MARK: Other writers' changes

  private func scheduleRefresh() {
    let mustSchedule = state.withLock { state -> Bool in
      defer { state.refreshScheduled = true }
      return !state.refreshScheduled
    }
    guard mustSchedule else { return }
    writer.async { [weak self] in self?.refresh() }
  }

  /// Reloads the stored data after another writer changed it, and brings every key without a
  /// pending change of its own up to date; on the writer queue, so never during a save.
  private func refresh() {
    dispatchPrecondition(condition: .onQueue(writer))
    // Loading can take the backend's lock (to set an unreadable file aside); a suspended store
    // reloads at `resume()` instead.
    let suspended = state.withLock { state -> Bool in
      state.refreshScheduled = false
      state.isRefreshing = !state.isSuspended
      return state.isSuspended
    }
    guard !suspended else { return }
    defer { state.withLock { $0.isRefreshing = false } }
    var values: [String: StoredValue] = [:]
    do {
      if let newest = try backend.load() {
        guard newest.schemaVersion <= schemaVersion else {
          report(
            SettingsError(
              .newerSchema,
              message:
                "Another process saved the settings with a newer schema "
                + "(\(newest.schemaVersion)); this app keeps its values until it is updated."))
          return
        }
        values = try PreferencesMerge.migrate(
          newest.values, from: newest.schemaVersion, with: migrations)
      }
    } catch  where error.code == .unreadableStorage {
      // The file was set aside: what no longer decodes reads as its default, what was read whole
      // of it keeps its value.
      if let recovered = error.recovered, recovered.schemaVersion == schemaVersion {
        values = recovered.values
      }
      report(error)
    } catch {
      report(error)
      return
    }
    state.withLock { adopt(values, into: &$0, including: []) }
  }

  /// Makes `values` the stored values, and gives every key that has no change of its own pending
  /// the value stored for it: keys whose stored value changed, and the `forced` ones (whose
  /// update could not be saved, so memory goes back to what is stored).
  private func adopt(
    _ values: [String: StoredValue], into state: inout State, including forced: Set<String>
  ) {
    let slots = self.slots.all
    for (name, slot) in slots where state.pending[name] == nil {
      let new = values[name]
      guard new != state.stored[name] || forced.contains(name) else { continue }
      slot.adopt(new, key: name, report: report)
      // Memory holds a stored value again, so a value that could not be encoded is gone.
      state.unsaved[name] = nil
    }
    state.stored = values
  }

  /// Resumes the flushes that are satisfied: those up to `generation` when given, all when the
  /// store is idle. A flush fails when a change it covers conflicted or could not be encoded; a
  /// conflict is reported to the flushes waiting for it, or else to the next flush.
  private func resumeFlushWaiters(upTo generation: UInt64?) {
    let ready = state.withLock { state -> [(FlushWaiter, Result<Void, SettingsError>)] in
      let limit = generation ?? state.savedGeneration
      let ready = state.flushWaiters.filter { $0.target <= limit }
      guard !ready.isEmpty else { return [] }
      state.flushWaiters.removeAll { $0.target <= limit }
      let conflicts = state.conflicts
      let outcomes = ready.map { waiter in
        let covered = conflicts.filter { $0.first <= waiter.target }.map(\.error)
        return (waiter, Self.outcome(unsaved: state.unsaved, conflicts: covered))
      }
      let latest = ready.map(\.target).max() ?? 0
      state.conflicts.removeAll { $0.first <= latest }
      return outcomes
    }
    for (waiter, outcome) in ready {
      waiter.continuation.resume(returning: outcome)
    }
  }

  private static func outcome(
    unsaved: [String: SettingsError], conflicts: [SettingsError]
  ) -> Result<Void, SettingsError> {
    if let conflict = conflicts.first { return .failure(conflict) }
    guard let failure = unsaved.sorted(by: { $0.key < $1.key }).first?.value else {
      return .success(())
    }
    return .failure(failure)
  }
}
