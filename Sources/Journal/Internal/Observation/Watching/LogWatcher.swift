import Foundation
import HaruShared

/// Watches a journal's write-ahead log through a ``LogEventSource``, doing what
/// ``LogWatchPolicy`` says of each event.
///
/// Events are handled one at a time, under ``policy``'s lock, so that the log is watched again by
/// one event only; what the lock covers is short (opening a file, creating a source, and the
/// `changed` call, which only queues work).
final class LogWatcher: Sendable {
  private let source: any LogEventSource
  private let logPath: String
  private let folderPath: String
  private let changed: @Sendable (DatabaseWatcher.Wake) -> Void
  /// The policy's state; its lock is held while an event is handled.
  private let policy = LockedState(LogWatchPolicy())

  /// Creates a watcher; nothing is watched before ``start()``.
  ///
  /// - Parameters:
  ///   - databasePath: The database file; its log is the file of the same name with `-wal`
  ///     appended, in the same folder.
  ///   - source: The system's events.
  ///   - changed: Called when the database may have been changed by another connection.
  init(
    databasePath: String, source: any LogEventSource,
    changed: @escaping @Sendable (DatabaseWatcher.Wake) -> Void
  ) {
    self.source = source
    logPath = databasePath + "-wal"
    folderPath = URL(fileURLWithPath: databasePath).deletingLastPathComponent().path
    self.changed = changed
  }

  deinit {
    source.cancel()
  }

  /// Starts watching the folder, then the log.
  ///
  /// - Returns: Whether the folder is watched; `false` when it cannot be, which starts nothing.
  func start() -> Bool {
    policy.withLock { policy in
      // The folder first, so that a log created from now on is heard of.
      let started = source.start(
        folder: folderPath, backstopInterval: LogWatchPolicy.backstopInterval
      ) { [weak self] event in
        self?.handle(event)
      }
      if started {
        perform(policy.start(), with: &policy)
      }
      return started
    }
  }

  /// Ends the watching.
  func stop() {
    source.cancel()
  }

  private func handle(_ event: LogWatchPolicy.Event) {
    policy.withLock { policy in
      perform(policy.handle(event), with: &policy)
    }
  }

  private func perform(_ actions: [LogWatchPolicy.Action], with policy: inout LogWatchPolicy) {
    var pending = actions[...]
    while let action = pending.popFirst() {
      switch action {
      case .look(let wake):
        changed(wake)
      case .watchLog:
        pending.append(contentsOf: policy.logWatched(source.watchLog(at: logPath)))
      }
    }
  }
}
