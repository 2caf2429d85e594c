import Dispatch
import Foundation
import HaruShared

/// Runs the search index's upkeep once a repository's writes pause.
///
/// FTS5 writes what each transaction indexed as a segment of its own and merges segments a few
/// at a time as more are written, so a journal that grows one entry at a time keeps up to twenty
/// segments or more, and a query looks up each of its tokens in every one: a 초성 query, which
/// asks for dozens of tokens, took about twice as long on the 22 segments that 600 single adds
/// left as on 6. Merging in the add itself would make every few adds wait for it, and hold the
/// write lock longer while other processes wait; so the upkeep waits until no write has come
/// for the idle delay (a quarter of a second by default), then runs on the repository's write queue, in one short write transaction
/// of its own (see ``SQLiteJournalStore/mergeIndexSegments()``). Writes that never pause leave
/// the index to FTS5's own merging. Opening a repository counts as a write here, so that a
/// journal left in many segments by processes that wrote and exited at once is merged by the
/// next one that stays.
final class SearchIndexMaintenance: Sendable {
  /// How long after the last write the upkeep runs, by default.
  static let defaultIdleDelay = Duration.milliseconds(250)

  /// How long after the last write the upkeep runs, in nanoseconds.
  private let idleNanoseconds: UInt64
  /// The queue the upkeep runs on.
  private let queue: DispatchQueue
  /// The writes seen, and what runs after them.
  private let state = LockedState(State())

  private struct State {
    /// Writes so far; the upkeep waits until this stops moving.
    var writes = 0
    /// When the last write was noted (``DispatchTime/uptimeNanoseconds``).
    var lastWrite: UInt64 = 0
    /// Whether a look at the writes is due on the queue.
    var isScheduled = false
    /// What to run, as given with the last write.
    var upkeep: (@Sendable () -> Void)?
  }

  /// - Parameters:
  ///   - queue: Where the upkeep runs: the queue the writes run on, so that it never runs
  ///     alongside one.
  ///   - idleDelay: How long after the last write the upkeep runs.
  init(queue: DispatchQueue, idleDelay: Duration = defaultIdleDelay) {
    self.queue = queue
    idleNanoseconds = idleDelay.saturatingNanoseconds
  }

  /// Notes a committed write: `upkeep` runs the idle delay after the last one, unless another
  /// write comes first.
  func noteWrite(_ upkeep: @escaping @Sendable () -> Void) {
    let schedule = state.withLock { (state: inout State) -> Bool in
      state.writes &+= 1
      state.lastWrite = DispatchTime.now().uptimeNanoseconds
      state.upkeep = upkeep
      guard !state.isScheduled else { return false }
      state.isScheduled = true
      return true
    }
    if schedule { scheduleLook() }
  }

  /// Returns once no upkeep is scheduled and the last one has finished, or after `limit`, for
  /// tests.
  func waitUntilIdle(limit: Duration = .seconds(10)) {
    let deadline = ContinuousClock.now + limit
    while state.withLock({ $0.isScheduled }), ContinuousClock.now < deadline {
      usleep(1_000)
    }
    queue.sync {}
  }

  /// Looks at the writes the idle delay after the last one.
  private func scheduleLook() {
    let (writes, lastWrite) = state.withLock { ($0.writes, $0.lastWrite) }
    let (due, overflow) = lastWrite.addingReportingOverflow(idleNanoseconds)
    let deadline = overflow ? DispatchTime.distantFuture : DispatchTime(uptimeNanoseconds: due)
    queue.asyncAfter(deadline: deadline) { [weak self] in
      self?.look(after: writes)
    }
  }

  /// Runs the upkeep, on ``queue``, when no write came since the one that scheduled this look;
  /// otherwise looks again later.
  private func look(after writes: Int) {
    dispatchPrecondition(condition: .onQueue(queue))
    let due = state.withLock { (state: inout State) -> (@Sendable () -> Void)? in
      guard state.writes == writes else { return nil }
      state.isScheduled = false
      let upkeep = state.upkeep ?? {}
      state.upkeep = nil
      return upkeep
    }
    guard let due else {
      // Written meanwhile: look again once that write is as old.
      scheduleLook()
      return
    }
    due()
  }
}
