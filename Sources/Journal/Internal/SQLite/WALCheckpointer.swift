import Dispatch
import HaruShared

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Copies the write-ahead log back into the database file on a queue of its own, so that no
/// caller's write waits for it.
///
/// SQLite's automatic checkpoint runs inside the commit that brings the log to 1,000 pages: that
/// one commit copies every page into the database file and flushes both files to the disk, which
/// cost a few milliseconds on every seventy-odd adds to a large journal. Instead, the write
/// connection reports the log's size after each commit (`sqlite3_wal_hook`, which also turns the
/// automatic checkpoint off), and once the log reaches ``thresholdPages`` a passive checkpoint runs
/// on a connection of its own. A passive checkpoint never blocks a reader or a writer; pages it
/// cannot copy yet, because a reader still uses them, are copied by a later one, and the last
/// connection to close copies the rest.
final class WALCheckpointer: Sendable {
  /// The log size, in pages, that starts a checkpoint: SQLite's own default.
  let thresholdPages: Int
  private let connection: LockedState<SQLiteConnection>
  private let isScheduled = LockedState(false)
  private let completed = LockedState(0)
  private let queue = DispatchQueue(label: "haru.journal.checkpoint", qos: .utility)

  /// - Parameters:
  ///   - connection: A connection to the database, used for checkpoints only.
  ///   - thresholdPages: The log size that starts a checkpoint.
  init(connection: sending SQLiteConnection, thresholdPages: Int = 1000) {
    self.connection = LockedState(connection)
    self.thresholdPages = thresholdPages
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

  /// The number of checkpoints run so far, for tests.
  var completedCount: Int { completed.withLock { $0 } }

  /// Returns once every checkpoint scheduled so far has run, for tests.
  func waitUntilIdle() {
    queue.sync {}
  }

  private func committed(logPages: Int) {
    guard logPages >= thresholdPages else { return }
    let schedule = isScheduled.withLock { (scheduled: inout Bool) -> Bool in
      defer { scheduled = true }
      return !scheduled
    }
    guard schedule else { return }
    queue.async { self.checkpoint() }
  }

  private func checkpoint() {
    // Cleared first: a commit from now on schedules another run, so no commit's pages wait for a
    // checkpoint that has already started.
    isScheduled.withLock { $0 = false }
    // A failed checkpoint is left for the next one, and for the close of the last connection:
    // the log stays valid, and no caller is waiting for this.
    connection.withLock { connection in
      _ = sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
    completed.withLock { $0 += 1 }
  }
}
