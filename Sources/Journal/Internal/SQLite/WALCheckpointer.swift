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
/// automatic checkpoint off), and once the log reaches ``thresholdPages`` a passive checkpoint runs
/// on a connection of its own. A passive checkpoint never blocks a reader or a writer.
///
/// SQLite starts the log over only when a write begins after every page has been copied. Under
/// writes that never pause, such as an import in many batches, the background checkpoint is
/// always a little behind, so when the log reaches ``inlineLimitPages`` the writer waits for it and
/// copies the rest itself, right after its commit: the next write then starts the log over. `journal_size_limit`
/// then trims a log file that grew large back to a few megabytes.
final class WALCheckpointer: Sendable {
  /// The log size, in pages, that starts a background checkpoint: SQLite's own default.
  let thresholdPages: Int
  /// The log size, in pages, at which the writer checkpoints itself after a commit: four times
  /// the threshold.
  let inlineLimitPages: Int
  private let connection: LockedState<SQLiteConnection>
  private let state = LockedState(State())
  private let queue = DispatchQueue(label: "haru.journal.checkpoint", qos: .utility)

  private struct State {
    var isScheduled = false
    var completed = 0
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
    if logPages >= inlineLimitPages {
      // On the checkpoint connection, after the background checkpoint that may be running: with
      // no write in between, this one copies every page, and the next write starts the log over.
      checkpointNow()
      return
    }
    guard logPages >= thresholdPages else { return }
    let schedule = state.withLock { (state: inout State) -> Bool in
      defer { state.isScheduled = true }
      return !state.isScheduled
    }
    guard schedule else { return }
    // Held weakly: a journal released meanwhile closes its connections, and the last one to close
    // copies what is left and deletes the log.
    queue.async { [weak self] in self?.checkpoint() }
  }

  private func checkpoint() {
    // Cleared first: a commit from now on schedules another run, so no commit's pages wait for a
    // checkpoint that has already started.
    state.withLock { $0.isScheduled = false }
    checkpointNow()
  }

  /// A failed checkpoint is left for the next one, for the writer's own once the log is long, and
  /// for the close of the last connection: the log stays valid meanwhile.
  private func checkpointNow() {
    let code = connection.withLock { connection in
      sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
    if code == SQLITE_OK {
      state.withLock { $0.completed += 1 }
    }
  }
}
