import Dispatch
import HaruShared

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Saves what every open store still holds when the process ends normally: on return from
/// `main` and on `exit()`.
///
/// This is the one piece of process-wide state in HaruSettings: `atexit` takes a plain function,
/// so the stores it must save are found through this registry, which holds them weakly and is
/// read only at exit. Every other piece of state belongs to one ``SettingsStore``.
enum ExitFlush {
  private final class WeakHub: Sendable {
    weak let hub: PreferencesHub?
    init(_ hub: PreferencesHub) { self.hub = hub }
  }

  /// The open stores, only to save them at exit; nothing else reads this.
  private static let hubs: LockedState<[ObjectIdentifier: WeakHub]> = {
    atexit { ExitFlush.saveAll() }
    return LockedState([:])
  }()

  /// Saves of stores released with changes pending; exit waits for them.
  static let orphans = DispatchQueue(label: "haru.settings.released-stores")

  static func remember(_ hub: PreferencesHub) {
    hubs.withLock { $0[ObjectIdentifier(hub)] = WeakHub(hub) }
  }

  static func forget(_ hub: PreferencesHub) {
    _ = hubs.withLock { $0.removeValue(forKey: ObjectIdentifier(hub)) }
  }

  /// Saves every open store's pending changes, then waits for released stores' saves.
  static func saveAll() {
    let open = hubs.withLock { $0.values.compactMap(\.hub) }
    for hub in open {
      save(hub)
    }
    orphans.sync {}
  }

  /// Saves everything a store holds on the calling thread, waiting for a save already running.
  ///
  /// A save that fails (another writer holding the lock, a full disk) is tried again for up to two
  /// seconds; what still cannot be saved then is said on standard error, the only place left to
  /// say it.
  static func save(_ hub: PreferencesHub) {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(2))
    // A suspended store saves too: the process is running its exit, so it is not suspended.
    var failure = hub.saveNow()
    while failure != nil, clock.now < deadline {
      usleep(50_000)
      failure = hub.saveNow()
    }
    if let failure {
      let line =
        "HaruSettings: changes to \(hub.backend.location) were not saved before the process "
        + "ended: \(failure.description)\n"
      _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
  }
}
