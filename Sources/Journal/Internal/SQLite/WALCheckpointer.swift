import Dispatch
import HaruShared

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Copies the write-ahead log back into the database file on a queue of its own, so that a
/// caller's write seldom waits for it.
///
/// SQLite's automatic checkpoint runs inside the commit that brings the log to 1,000 pages: that
/// one commit copies every page into the database file and flushes both files to the disk, which
/// cost a few milliseconds on every seventy-odd adds to a large journal. Instead, the write
/// connection reports the log's size after each commit (`sqlite3_wal_hook`, which also turns the
/// automatic checkpoint off), and once ``thresholdPages`` pages have been added to the log since
/// this checkpointer last copied it, a passive checkpoint runs on a connection of its own. A
/// passive checkpoint never blocks a reader or a writer.
///
/// SQLite starts the log over only when a write begins after every page has been copied and no
/// reader still reads from the log. Under writes that never pause, such as an import in many
/// batches or several processes adding at once, that moment never comes by itself, so when the
/// log reaches ``inlineLimitPages`` the writer, right after its commit, runs a restarting
/// checkpoint (`SQLITE_CHECKPOINT_RESTART`): it takes the write lock, copies what the passive
/// checkpoints left and starts the log over once the readers have moved on, waiting for other
/// connections at most ``restartWaitMilliseconds``. A restart that finds another connection's
/// checkpoint running is tried again after the next commit; one that waited in vain, after the
/// log has grown by another threshold. `journal_size_limit` then trims a log file that grew
/// large back to a few megabytes.
///
/// An earlier version checkpointed passively after every commit once the log was long. With
/// several processes writing, the log then never started over, so every commit in every process
/// copied a few pages and flushed the database file to the disk, and every photo written
/// meanwhile waited behind those flushes: adds took up to hundreds of milliseconds.
final class WALCheckpointer: Sendable {
  /// The pages added to the log since it was last copied that start a background checkpoint:
  /// SQLite's own default.
  let thresholdPages: Int
  /// The log size, in pages, at which the writer checkpoints itself after a commit and starts the
  /// log over: four times the threshold.
  let inlineLimitPages: Int
  /// How long a restarting checkpoint waits for another connection's write lock or readers before
  /// it settles for copying what it can: the busy timeout of the checkpoint connection.
  static let restartWaitMilliseconds: Int32 = 5
  private let connection: LockedState<SQLiteConnection>
  private let state = LockedState(State())
  private let queue = DispatchQueue(label: "haru.journal.checkpoint", qos: .utility)

  private struct State {
    var isScheduled = false
    var completed = 0
    /// The pages of the current log known to be copied into the file.
    var copiedPages = 0
    /// The log size from which a restart is tried again after one failed; `nil` when none failed
    /// since the log last started over.
    var retryRestartAt: Int?
  }

  /// What a commit calls for.
  private enum Step {
    case none
    case background
    case restart
  }

  /// - Parameters:
  ///   - connection: A connection to the database, used for checkpoints only.
  ///   - thresholdPages: The log size that starts a background checkpoint.
  init(connection: sending SQLiteConnection, thresholdPages: Int = 1000) {
    self.connection = LockedState(connection)
    self.thresholdPages = thresholdPages
    let (limit, overflow) = thresholdPages.multipliedReportingOverflow(by: 4)
    self.inlineLimitPages = overflow ? .max : limit
  }

  /// Makes `writer` report its commits here instead of checkpointing by itself. The writer keeps
  /// the checkpointer alive for as long as the hook can call it.
  func watch(_ writer: SQLiteConnection) {
    writer.retainedForHooks = self
    sqlite3_wal_hook(
      writer.handle,
      { context, _, _, pages in
        if let context {
          Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue()
            .committed(logPages: Int(pages))
        }
        return SQLITE_OK
      },
      Unmanaged.passUnretained(self).toOpaque())
  }

  /// The number of checkpoints that succeeded so far, background and inline, for tests.
  var completedCount: Int { state.withLock { $0.completed } }

  /// Returns once every checkpoint scheduled so far has run, for tests.
  func waitUntilIdle() {
    queue.sync {}
  }

  private func committed(logPages: Int) {
    let step = state.withLock { (state: inout State) -> Step in
      if logPages < state.copiedPages {
        // The log started over.
        state.copiedPages = 0
      }
      if logPages < inlineLimitPages {
        state.retryRestartAt = nil
      } else if logPages >= state.retryRestartAt ?? 0 {
        return .restart
      }
      guard logPages - state.copiedPages >= thresholdPages, !state.isScheduled else {
        return .none
      }
      state.isScheduled = true
      return .background
    }
    switch step {
    case .none:
      break
    case .restart:
      // On the checkpoint connection, after the background checkpoint that may be running.
      restartNow(logPages: logPages)
    case .background:
      // Held weakly: a journal released meanwhile closes its connections, and the last one to
      // close copies what is left and deletes the log.
      queue.async { [weak self] in self?.checkpoint() }
    }
  }

  private func checkpoint() {
    // Cleared first: a commit from now on schedules another run, so no commit's pages wait for a
    // checkpoint that has already started.
    state.withLock { $0.isScheduled = false }
    let (code, _, copied) = run(SQLITE_CHECKPOINT_PASSIVE)
    // A failed checkpoint is left for the next one, for the writer's restart once the log is
    // long, and for the close of the last connection: the log stays valid meanwhile.
    guard code == SQLITE_OK else { return }
    state.withLock { state in
      state.completed += 1
      state.copiedPages = max(state.copiedPages, copied)
    }
  }

  /// Copies what is left of the log and starts it over; when another connection's lock or reader
  /// holds it up beyond the short wait, the copy goes as far as it can, as a passive one.
  private func restartNow(logPages: Int) {
    let started = ContinuousClock.now
    let (code, _, copied) = run(SQLITE_CHECKPOINT_RESTART)
    let waited = ContinuousClock.now - started
    state.withLock { state in
      guard code != SQLITE_OK else {
        state.completed += 1
        state.retryRestartAt = nil
        return
      }
      state.copiedPages = max(state.copiedPages, copied)
      // Failing at once means another connection's checkpoint held the checkpoint lock: it will
      // be done by the next commit. Failing after the wait means a reader or writer held on.
      let waitedInVain = waited >= .milliseconds(Int(Self.restartWaitMilliseconds))
      state.retryRestartAt = logPages + (waitedInVain ? thresholdPages : 1)
    }
  }

  /// Runs a checkpoint on the checkpoint connection: SQLite's result code, the log's size and the
  /// pages of it copied into the file.
  private func run(_ mode: Int32) -> (code: Int32, logPages: Int, copiedPages: Int) {
    connection.withLock { connection in
      var log: Int32 = 0
      var copied: Int32 = 0
      let code = sqlite3_wal_checkpoint_v2(connection.handle, nil, mode, &log, &copied)
      return (code, Int(log), Int(copied))
    }
  }
}
