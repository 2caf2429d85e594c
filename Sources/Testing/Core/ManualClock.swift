import HaruShared

/// A clock that moves only when a test tells it to.
///
/// Inject a ``ManualClock`` wherever Haru takes a clock (retry backoff, debounce, run selection), then
/// advance it: sleepers whose deadline is reached wake, in deadline order, and a test never waits
/// for real time.
///
/// A task started by the test may not have reached its `sleep` yet when the test advances the
/// clock; wait for it first, or its deadline is counted from the already-advanced time:
///
/// ```swift
/// let clock = ManualClock()
/// let task = Task { try await clock.sleep(for: .seconds(5)) }
/// await clock.waitForSleepers(count: 1)  // the task is parked on the clock
/// await clock.advance(by: .seconds(5))   // its sleep returns now
/// ```
public final class ManualClock: Clock, Sendable {
  /// A point on a manual clock: the time advanced since the clock was made.
  public struct Instant: InstantProtocol, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Time since the clock's start.
    public let offset: Duration

    /// Creates an instant at a distance from the clock's start.
    ///
    /// - Parameter offset: Time since the clock's start.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant a duration later.
    ///
    /// - Parameter duration: How far to move.
    /// - Returns: The later (or, for a negative duration, earlier) instant.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to another.
    ///
    /// - Parameter other: Another instant.
    /// - Returns: `other` minus `self`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Orders instants from earlier to later.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, such as `"5.0 seconds"`.
    public var description: String { "\(offset)" }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  /// A test waiting until enough tasks sleep on the clock.
  private struct SleeperWatch {
    let count: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
    var watches: [SleeperWatch] = []

    /// Removes and returns the watches that are satisfied by the current number of sleepers.
    mutating func satisfiedWatches() -> [SleeperWatch] {
      let satisfied = watches.filter { $0.count <= sleepers.count }
      watches.removeAll { $0.count <= sleepers.count }
      return satisfied
    }
  }

  private let state = LockedState(State())

  /// Creates a clock at instant zero.
  public init() {}

  /// The current instant.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// The smallest step the clock can take; it can take any.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks sleeping on this clock now.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// Returns once at least `count` tasks are sleeping on the clock.
  ///
  /// - Parameter count: The number of sleepers to wait for.
  public func waitForSleepers(count: Int = 1) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isSatisfied = state.withLock { state in
        if state.sleepers.count >= count { return true }
        state.watches.append(SleeperWatch(count: count, continuation: continuation))
        return false
      }
      if isSatisfied {
        continuation.resume()
      }
    }
  }

  /// Suspends until the clock reaches a deadline, or throws `CancellationError` when cancelled.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: a manual clock is exact.
  /// - Throws: `CancellationError` when the sleeping task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      defer { state.nextID &+= 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // Cancellation sets the task's flag before its handler runs: either the flag is seen here
        // or the handler finds the parked sleeper.
        let (outcome, watches): (Result<Void, any Error>?, [SleeperWatch]) = state.withLock {
          state in
          if Task.isCancelled { return (.failure(CancellationError()), []) }
          if deadline <= state.now { return (.success(()), []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (nil, state.satisfiedWatches())
        }
        if let outcome {
          continuation.resume(with: outcome)
        }
        for watch in watches {
          watch.continuation.resume()
        }
      }
    } onCancel: {
      let sleeper: Sleeper? = state.withLock { state in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward and wakes every sleeper whose deadline is reached, earliest first.
  ///
  /// - Parameter duration: How far to move; a negative duration is treated as zero.
  public func advance(by duration: Duration) async {
    let target = state.withLock { $0.now.advanced(by: max(duration, .zero)) }
    await advance(to: target)
  }

  /// Moves the clock to an instant and wakes every sleeper whose deadline is reached, earliest first.
  ///
  /// The clock steps to each sleeper's deadline in turn, so a woken task reads that deadline as
  /// ``now``. It does not wait for woken tasks to run: a task that sleeps again after other
  /// suspensions may park after the clock has moved past its next deadline. To step a loop tick
  /// by tick, advance one period at a time and ``waitForSleepers(count:)`` in between.
  ///
  /// - Parameter instant: The instant to move to; an instant in the past leaves the clock as it is.
  public func advance(to instant: Instant) async {
    while true {
      let due: Sleeper? = state.withLock { state in
        guard
          let index = state.sleepers.indices
            .filter({ state.sleepers[$0].deadline <= instant })
            .min(by: {
              (state.sleepers[$0].deadline, state.sleepers[$0].id)
                < (state.sleepers[$1].deadline, state.sleepers[$1].id)
            })
        else {
          if state.now < instant { state.now = instant }
          return nil
        }
        let sleeper = state.sleepers.remove(at: index)
        if state.now < sleeper.deadline { state.now = sleeper.deadline }
        return sleeper
      }
      guard let due else { return }
      due.continuation.resume()
      await Task.yield()
    }
  }
}
