import HaruShared

/// One lock per `UserDefaults` location in this process, shared by every backend over it.
///
/// `UserDefaults` serialises single reads and writes, not a read-modify-write: two backend objects
/// over one suite and key must take the same lock for their changes not to lose each other's keys,
/// exactly as two stores over one settings file do through its lock file. Locks are never
/// removed: there is one per location an app uses, a handful.
enum DefaultsLocks {
  private static let locks = LockedState<[String: PlatformLock]>([:])

  /// The lock of `location`, made on first use.
  static func lock(for location: String) -> PlatformLock {
    locks.withLock { locks in
      if let existing = locks[location] { return existing }
      let new = PlatformLock()
      locks[location] = new
      return new
    }
  }
}
