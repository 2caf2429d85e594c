import HaruShared

/// The watch on other connections' commits: the watcher of the database's folder, once
/// something observes, and the database's `data_version` after the last change handled. One
/// lock guards both; it is never held while the database is read.
final class CommitWatch: Sendable {
  private struct State {
    var watcher: DatabaseWatcher?
    var isStarted = false
    var dataVersion: Int64?
  }

  private let state = LockedState(State())

  /// Marks the watch as started.
  ///
  /// - Returns: Whether it was not started before, so the caller must start the watcher.
  func markStarted() -> Bool {
    state.withLock { state in
      defer { state.isStarted = true }
      return !state.isStarted
    }
  }

  /// Keeps the watcher for as long as the repository lives.
  func keep(_ watcher: DatabaseWatcher) {
    state.withLock { $0.watcher = watcher }
  }

  /// Records a `data_version` read from the database.
  ///
  /// - Returns: Whether it moved since the last one recorded.
  func note(_ version: Int64) -> Bool {
    state.withLock { state in
      defer { state.dataVersion = version }
      return state.dataVersion != version
    }
  }
}
