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
/// automatic checkpoint off), and once ``thresholdPages`` pages have been added since this
/// process's last checkpoint, a passive checkpoint runs on a connection of its own. A passive
/// checkpoint never blocks a reader or a writer.
///
/// SQLite starts the log over only when a write begins after every page has been copied. Under
/// writes that never pause, such as an import in many batches, the background checkpoint is
/// always a little behind, so when the log reaches ``inlineLimitPages`` the writer copies the rest
/// itself, right after its commit and before its next write can begin: the next write then starts
/// the log over. When other processes write too, one of them may write in between, and the log
/// goes on; the writer's next try then waits until the log has doubled, so that a writer does not
/// copy on every commit while the log cannot start over (SQLite's own automatic checkpoint lets
/// the log grow the same way under such writes). Meanwhile the queue copies a long log again
/// ``settleDelay`` after a commit, so that once the writes pause the log is copied whole and the
/// next write starts it over; `journal_size_limit` then trims the file back to a few megabytes.
final class WALCheckpointer: Sendable {
  /// The number of pages added to the log since this process's last checkpoint that starts a
  /// background checkpoint: SQLite's own default.
  let thresholdPages: Int
  /// The log size, in pages, at which the writer checkpoints itself after a commit: four times
  /// the threshold.
  let inlineLimitPages: Int
  /// The checkpoints' connection, opened at the first checkpoint, so that opening a journal
  /// costs one connection fewer.
  private let connection = LockedState<SQLiteConnection?>(nil)
  /// Stops the running checkpoint (``suspend()``); `nil` between checkpoints.
  private let running = LockedState<ReadInterrupter?>(nil)
  private let open: @Sendable () throws(SQLiteError) -> sending SQLiteConnection
  private let state: LockedState<State>
  private let queue = DispatchQueue(label: "haru.journal.checkpoint", qos: .utility)

  private enum Action {
    case none, background, inline, settle
  }

  private struct State {
    var isScheduled = false
    var completed = 0
    /// The log's size, in pages, after this process's last commit.
    var committedPages = 0
    /// The log's size at this process's last checkpoint.
    var checkpointedPages = 0
    /// The log size at which the writer next checkpoints itself: ``inlineLimitPages``, doubled
    /// after each time until the log starts over.
    var inlinePages: Int
    /// Whether a checkpoint of a long log is due on the queue after ``settleDelay``.
    var isSettleScheduled = false
    /// Set by ``suspend()``: no checkpoint runs and the connection stays closed.
    var isSuspended = false
  }

  /// How long after a commit to a long log the queue checkpoints again, so that the log is copied
  /// whole, and can start over, soon after the writes pause.
  static let settleDelay = DispatchTimeInterval.milliseconds(250)

  /// - Parameters:
  ///   - open: Opens a connection to the database, used for checkpoints only.
  ///   - thresholdPages: The pages added since the last checkpoint that start a background one.
  init(
    open: @escaping @Sendable () throws(SQLiteError) -> sending SQLiteConnection,
    thresholdPages: Int = 1000
  ) {
    self.open = open
    self.thresholdPages = thresholdPages
    let (limit, overflow) = thresholdPages.multipliedReportingOverflow(by: 4)
    self.inlineLimitPages = overflow ? .max : limit
    state = LockedState(State(inlinePages: inlineLimitPages))
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

  /// The number of checkpoints that succeeded so far, for tests.
  var completedCount: Int { state.withLock { $0.completed } }

  /// Returns once every checkpoint scheduled so far has run, for tests.
  func waitUntilIdle() {
    queue.sync {}
  }

  private func committed(logPages: Int) {
    let action = state.withLock { (state: inout State) -> Action in
      if logPages < state.committedPages {
        // The log started over: none of it has been copied yet.
        state.checkpointedPages = 0
        state.inlinePages = inlineLimitPages
      }
      state.committedPages = logPages
      if logPages >= state.inlinePages {
        let (doubled, overflow) = logPages.multipliedReportingOverflow(by: 2)
        state.inlinePages = overflow ? .max : doubled
        return .inline
      }
      if logPages - min(state.checkpointedPages, logPages) >= thresholdPages, !state.isScheduled {
        state.isScheduled = true
        return .background
      }
      guard logPages >= inlineLimitPages, !state.isSettleScheduled else { return .none }
      state.isSettleScheduled = true
      return .settle
    }
    switch action {
    case .none:
      break
    case .inline:
      // On the checkpoint connection, after the background checkpoint that may be running: with
      // no write in between, this one copies every page, and the next write starts the log over.
      checkpointNow()
    case .background:
      // Held weakly: a journal released meanwhile closes its connections, and the last one to
      // close copies what is left and deletes the log.
      queue.async { [weak self] in self?.checkpoint() }
    case .settle:
      queue.asyncAfter(deadline: .now() + Self.settleDelay) { [weak self] in self?.settle() }
    }
  }

  /// Runs on ``queue``, the settle delay after a commit to a long log.
  private func settle() {
    dispatchPrecondition(condition: .onQueue(queue))
    state.withLock { $0.isSettleScheduled = false }
    checkpointNow()
  }

  /// Runs on ``queue`` after a commit that passed the threshold.
  private func checkpoint() {
    dispatchPrecondition(condition: .onQueue(queue))
    // Cleared first: a commit from now on schedules another run, so no commit's pages wait for a
    // checkpoint that has already started.
    state.withLock { $0.isScheduled = false }
    checkpointNow()
  }

  /// Stops checkpoints: interrupts a running one (the pages it copied stay copied; the log stays
  /// valid), waits for it to end, then closes the connection, which holds a lock on the
  /// shared-memory file while open. Blocks until then.
  func suspend() {
    state.withLock { $0.isSuspended = true }
    running.withLock { $0?.cancel() }
    queue.sync {}
    connection.withLock { SQLiteConnection.closeKeepingLog(&$0) }
  }

  /// Lets checkpoints run again; the next one opens the connection.
  func resume() {
    state.withLock { $0.isSuspended = false }
  }

  /// A failed checkpoint (or a connection that could not be opened) is left for the next one, for
  /// the writer's own once the log is long, and for the close of the last connection: the log
  /// stays valid meanwhile.
  private func checkpointNow() {
    var logPages: Int32 = -1
    let code = connection.withLock { connection in
      // Under the connection's lock, so that no checkpoint opens it after suspend() closed it.
      guard !state.withLock({ $0.isSuspended }) else { return SQLITE_MISUSE }
      if connection == nil {
        connection = try? open()
      }
      guard let connection else { return SQLITE_CANTOPEN }
      let interrupter = ReadInterrupter()
      running.withLock { $0 = interrupter }
      defer { running.withLock { $0 = nil } }
      // A suspension that came between the look above and the registration stops it here.
      guard !state.withLock({ $0.isSuspended }), interrupter.begin(connection.handle) else {
        return SQLITE_INTERRUPT
      }
      defer { interrupter.end() }
      return sqlite3_wal_checkpoint_v2(
        connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, &logPages, nil)
    }
    guard code == SQLITE_OK else { return }
    state.withLock { state in
      state.completed += 1
      if logPages >= 0 {
        state.checkpointedPages = Int(logPages)
      }
    }
  }
}
