import HaruShared

/// A count of things under way, and a way to wait until there are none.
///
/// Input streams count events sent and not yet handled; a view model's ``WorkBag`` counts work
/// that has not finished. Tests wait on it instead of sleeping.
package final class Activity: Sendable {
  private struct State {
    var count = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = LockedState(State())

  /// Whether nothing is under way.
  package var isIdle: Bool {
    state.withLock { $0.count == 0 }
  }

  /// Counts one more thing under way.
  package func begin() {
    state.withLock { $0.count += 1 }
  }

  /// Counts one thing as done.
  package func end() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.count = max(state.count - 1, 0)
      guard state.count == 0 else { return [] }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Forgets everything under way: it will never end on its own.
  package func reset() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.count = 0
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once nothing is under way.
  package func waitUntilIdle() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isIdle = state.withLock { state -> Bool in
        if state.count == 0 { return true }
        state.waiters.append(continuation)
        return false
      }
      if isIdle { continuation.resume() }
    }
  }
}
