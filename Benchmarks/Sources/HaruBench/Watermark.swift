import Synchronization

/// How far each consumer has read, so that a writer can wait, without polling or sleeping, until
/// every consumer has seen a value.
///
/// Values must grow: a consumer that has seen 7 is taken to have seen everything up to 7, which
/// holds for a subject whose writer sends 1, 2, 3, … and whose consumers get the latest value.
final class Watermark: Sendable {
  private struct State {
    /// The latest value each consumer has reported.
    var seen: [Int]
    /// What the waiter waits for, and how many consumers have reached it.
    var target = 0
    var reached = 0
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state: Mutex<State>

  init(consumers: Int) {
    state = Mutex(State(seen: Array(repeating: Int.min, count: consumers)))
  }

  /// Records that `consumer` (0-based) has seen `value`.
  func record(_ value: Int, consumer: Int) {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      let previous = state.seen[consumer]
      state.seen[consumer] = value
      guard state.waiter != nil, previous < state.target, value >= state.target else { return nil }
      state.reached += 1
      guard state.reached == state.seen.count else { return nil }
      defer { state.waiter = nil }
      return state.waiter
    }
    // Resumed outside the lock: the waiter may run at once on another thread.
    waiter?.resume()
  }

  /// Returns once every consumer has seen `target` or a later value. Only one task may wait.
  func wait(untilEveryConsumerSaw target: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let alreadyThere = state.withLock { state -> Bool in
        let reached = state.seen.count { $0 >= target }
        guard reached < state.seen.count else { return true }
        state.target = target
        state.reached = reached
        state.waiter = continuation
        return false
      }
      if alreadyThere {
        continuation.resume()
      }
    }
  }
}
