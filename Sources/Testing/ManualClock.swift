import HaruShared

/// A clock that moves only when a test tells it to.
///
/// Inject a `ManualClock` wherever Haru takes a clock (retry backoff, debounce, run selection), then
/// advance it: sleepers wake exactly when their deadline is reached, in deadline order, and a test
/// never waits for real time.
///
/// ```swift
/// let clock = ManualClock()
/// let task = Task { try await clock.sleep(for: .seconds(5)) }
/// await clock.advance(by: .seconds(5))  // the sleep returns now
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
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Sleeper] = []
    /// Sleepers cancelled before they were registered.
    var cancelledIDs: Set<Int> = []
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

  /// The number of tasks sleeping on this clock, so a test can wait until work is parked.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// Suspends until the clock reaches a deadline, or throws `CancellationError` when cancelled.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: a manual clock is exact.
  /// - Throws: `CancellationError` when the sleeping task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let outcome: Result<Void, any Error>? = state.withLock { state in
          if state.cancelledIDs.remove(id) != nil {
            return .failure(CancellationError())
          }
          if deadline <= state.now {
            return .success(())
          }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let outcome {
          continuation.resume(with: outcome)
        }
      }
    } onCancel: {
      let sleeper: Sleeper? = state.withLock { state in
        if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
          return state.sleepers.remove(at: index)
        }
        state.cancelledIDs.insert(id)
        return nil
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
  /// Each woken sleeper gets a chance to run (and to sleep again) before the next one is woken, so
  /// a loop that sleeps repeatedly sees every tick.
  ///
  /// - Parameter instant: The instant to move to; an instant in the past leaves the clock as it is.
  public func advance(to instant: Instant) async {
    while true {
      let due: Sleeper? = state.withLock { state in
        let candidates = state.sleepers.enumerated().filter { $0.element.deadline <= instant }
        guard
          let earliest = candidates.min(by: {
            ($0.element.deadline, $0.element.id) < ($1.element.deadline, $1.element.id)
          })
        else {
          if state.now < instant { state.now = instant }
          return nil
        }
        if state.now < earliest.element.deadline { state.now = earliest.element.deadline }
        return state.sleepers.remove(at: earliest.offset)
      }
      guard let due else { return }
      due.continuation.resume()
      await Task.yield()
    }
  }
}
