import Dispatch
import HaruShared

/// Whether a repository is suspended, and the long writes parked until it resumes.
///
/// A long write (an import) looks at the gate between its transactions and, while suspended,
/// waits on its own thread, one of the repository's queues', never Swift's cooperative pool. It
/// holds no lock while it waits: the transaction before has committed.
final class SuspensionGate: Sendable {
  private struct State {
    var isSuspended = false
    var waiting: [DispatchSemaphore] = []
  }

  private let state = LockedState(State())

  /// Whether ``suspend()`` was called without a ``resume()`` since.
  var isSuspended: Bool { state.withLock { $0.isSuspended } }

  /// Marks the repository suspended.
  ///
  /// - Returns: Whether it was running before.
  @discardableResult
  func suspend() -> Bool {
    state.withLock { state in
      defer { state.isSuspended = true }
      return !state.isSuspended
    }
  }

  /// Marks the repository running and lets every parked write go on.
  ///
  /// - Returns: Whether it was suspended before.
  @discardableResult
  func resume() -> Bool {
    let (wasSuspended, waiting) = state.withLock { state in
      defer {
        state.isSuspended = false
        state.waiting = []
      }
      return (state.isSuspended, state.waiting)
    }
    for semaphore in waiting { semaphore.signal() }
    return wasSuspended
  }

  /// Blocks the calling thread while the repository is suspended.
  ///
  /// - Returns: Whether it waited.
  @discardableResult
  func waitWhileSuspended() -> Bool {
    let semaphore = DispatchSemaphore(value: 0)
    let parked = state.withLock { state in
      guard state.isSuspended else { return false }
      state.waiting.append(semaphore)
      return true
    }
    if parked { semaphore.wait() }
    return parked
  }
}
