import Dispatch
import HaruShared

/// Wakes when a database file, or its write-ahead log, may have changed, whoever changed it.
///
/// Each system's way of hearing a file change sits in a file of its own:
/// - Linux: an `inotify` watch of the database's folder (HaruShared's `FolderWatcher`, the one
///   the settings use too, set up in `DatabaseWatcher+Linux.swift`); nothing runs while nothing
///   changes.
/// - Apple platforms: a vnode source on the database's `-wal` file, watched again when the file is
///   deleted, renamed or created, and a backstop every five seconds (``LogWatcher`` doing what
///   ``LogWatchPolicy`` says, over `VnodeLogEventSource` in `LogWatcher+Darwin.swift`, which only
///   an Apple build compiles; the policy and the watcher are tested here through
///   ``LogEventSource``).
/// - Elsewhere, or when no watch can be had (the user's `inotify` instances used up, the folder
///   unreadable), a ``WatchTimer`` on a queue of its own ticks twice a second; what it calls is
///   cheap (`PRAGMA data_version`).
///
/// ``stop()`` ends the watching; it is called when the owner goes away.
final class DatabaseWatcher: Sendable {
  /// Why the watcher woke.
  enum Wake: Sendable, Equatable {
    /// A file of the database changed. A commit writes its log before it publishes the new
    /// version, so a look that finds no commit yet is worth repeating shortly.
    case fileChanged
    /// A timer ticked; the next tick looks again.
    case tick
  }

  /// How often the timer ticks when there is no file watch.
  static let timerInterval = Duration.milliseconds(500)

  private enum Mechanism: Sendable {
    #if os(Linux)
      case inotify(FolderWatcher)
    #endif
    case log(LogWatcher)
    case timer(WatchTimer)
  }

  private let mechanism: Mechanism

  /// Starts watching.
  ///
  /// - Parameters:
  ///   - databasePath: The database file.
  ///   - usingFileEvents: Whether to watch the files' events where the system has them; `false`
  ///     uses the timer, as when no watch can be had.
  ///   - changed: Called on the watcher's thread after a change, or at every tick of a timer.
  init(
    databasePath: String, usingFileEvents: Bool = true,
    changed: @escaping @Sendable (Wake) -> Void
  ) {
    if usingFileEvents, let watch = Self.fileEvents(databasePath, changed: changed) {
      mechanism = watch
      return
    }
    let timer = WatchTimer(
      interval: Self.timerInterval,
      queue: DispatchQueue(label: "haru.journal.watcher", qos: .utility)
    ) { changed(.tick) }
    mechanism = .timer(timer)
  }

  deinit {
    stop()
  }

  /// Ends the watching; `changed` may still be running once, never again after it returns.
  func stop() {
    switch mechanism {
    #if os(Linux)
      case .inotify(let watch): watch.stop()
    #endif
    case .log(let watcher): watcher.stop()
    case .timer(let timer): timer.cancel()
    }
  }

  /// The system's file events for the database, or `nil` where there are none.
  private static func fileEvents(
    _ databasePath: String, changed: @escaping @Sendable (Wake) -> Void
  ) -> Mechanism? {
    #if os(Linux)
      return inotifyWatch(databasePath: databasePath) { changed(.fileChanged) }.map(
        Mechanism.inotify)
    #elseif canImport(Darwin)
      let watcher = LogWatcher(
        databasePath: databasePath, source: VnodeLogEventSource(), changed: changed)
      return watcher.start() ? .log(watcher) : nil
    #else
      return nil
    #endif
  }
}
