import HaruShared

/// What the watcher of a journal's write-ahead log does with each thing it hears: the part of
/// watching on Apple platforms that depends on no system call, tested on Linux.
///
/// Every commit writes its pages to the log (`journal.sqlite-wal`), so a write to it, or its
/// growth, means "look at `PRAGMA data_version` now"
/// ([data_version](https://sqlite.org/pragma.html#pragma_data_version)). A source on a file
/// follows the file, not its name: SQLite deletes the log when the last connection closes, and a
/// later connection creates a new one, which an old source never sees. So a deletion or a rename
/// means look once (a commit may have gone just before) and watch the name again; when there is
/// no log to watch yet, a change among the folder's entries (a file added, removed or renamed)
/// says when to try again, and a look follows each successful new watch, since a commit may have
/// gone while nothing watched. A checkpoint that truncates the log
/// ([wal_checkpoint](https://sqlite.org/pragma.html#pragma_wal_checkpoint)) keeps the same file;
/// the commits after it are writes to it.
///
/// A slow backstop, ``backstopInterval``, looks once, and tries to watch the log when nothing
/// watches it, in case an event was missed. Events handled this way cost nothing while nothing
/// changes; the backstop is the only wake of an idle watcher.
struct LogWatchPolicy: Sendable, Equatable {
  /// What happened to the watched log file: its writes, growth, deletion and renaming count.
  typealias LogEvents = FileEvents

  /// Something the watcher hears.
  enum Event: Sendable, Equatable {
    /// Events of the log file being watched.
    case log(LogEvents)
    /// An entry of the journal's folder was added, removed or renamed.
    case folderChanged
    /// The backstop timer fired.
    case backstop
  }

  /// Something the watcher does.
  enum Action: Sendable, Equatable {
    /// Look at `data_version` now, for the reason given.
    case look(DatabaseWatcher.Wake)
    /// Stop watching the log file (if it is watched) and watch the file now at the log's path;
    /// the outcome goes to ``logWatched(_:)``.
    case watchLog
  }

  /// How often the backstop looks, whatever the events: five seconds.
  ///
  /// The events bring every commit at once; the backstop only bounds how late a commit is seen
  /// when an event was lost, and is the only wake of an idle watcher: a tenth of the twice a
  /// second the fallback timer wakes, and short enough that a widget, which the system gives a
  /// few seconds, still has one.
  static let backstopInterval = Duration.seconds(5)

  /// Whether the log file is watched.
  private(set) var isWatchingLog = false
  /// Whether the watcher has tried to watch the log since it started.
  private var hasTriedToWatch = false

  /// What to do when watching starts, once the folder is watched: watch the log. Nothing to look
  /// at yet: the owner notes the database's state when it starts watching.
  ///
  /// - Returns: The actions to take, in order.
  func start() -> [Action] {
    [.watchLog]
  }

  /// What to do after trying to watch the log: look, when it is now watched after the watcher
  /// started (a commit may have gone while nothing watched it).
  ///
  /// - Parameter watching: Whether the log file is now watched; `false` when there is none.
  /// - Returns: The actions to take, in order.
  mutating func logWatched(_ watching: Bool) -> [Action] {
    defer { hasTriedToWatch = true }
    isWatchingLog = watching
    return watching && hasTriedToWatch ? [.look(.fileChanged)] : []
  }

  /// What to do on an event.
  ///
  /// - Parameter event: What the watcher heard.
  /// - Returns: The actions to take, in order.
  mutating func handle(_ event: Event) -> [Action] {
    switch event {
    case .log(let events):
      if !events.isDisjoint(with: [.delete, .rename]) {
        // The source now follows a file that no longer has the log's name.
        isWatchingLog = false
        return [.look(.fileChanged), .watchLog]
      }
      return events.isDisjoint(with: [.write, .extend]) ? [] : [.look(.fileChanged)]
    case .folderChanged:
      // While the log is watched, its own events say more than the folder's.
      return isWatchingLog ? [] : [.watchLog]
    case .backstop:
      return isWatchingLog ? [.look(.tick)] : [.look(.tick), .watchLog]
    }
  }
}
