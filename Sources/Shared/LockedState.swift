#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// State guarded by an operating-system mutex, shared by Haru's modules.
///
/// `Synchronization.Mutex` would do, but on Linux it synchronises through atomics that
/// ThreadSanitizer cannot see, so every access under it is reported as a race. A `pthread` mutex
/// (an `os_unfair_lock` on Apple platforms) is understood by the sanitizer, costs about the same
/// uncontended, and keeps the concurrency checks of the test suite meaningful.
///
/// The lock is not recursive: the body of ``withLock(_:)`` must not lock the same state again.
package final class LockedState<State>: @unchecked Sendable {
  #if canImport(Darwin)
    private let lock: UnsafeMutablePointer<os_unfair_lock>
  #else
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
  #endif
  private var state: State

  /// Creates the lock around an initial state.
  package init(_ initialState: State) {
    state = initialState
    #if canImport(Darwin)
      lock = UnsafeMutablePointer.allocate(capacity: 1)
      lock.initialize(to: os_unfair_lock())
    #else
      lock = UnsafeMutablePointer.allocate(capacity: 1)
      lock.initialize(to: pthread_mutex_t())
      // Only fails for invalid attributes; none are passed.
      pthread_mutex_init(lock, nil)
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_mutex_destroy(lock)
    #endif
    lock.deinitialize(count: 1)
    lock.deallocate()
  }

  /// Runs `body` with exclusive access to the state.
  ///
  /// - Parameter body: Reads or changes the state; keep it short and never lock again inside it.
  /// - Returns: What `body` returns.
  @inline(__always)
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    #if canImport(Darwin)
      os_unfair_lock_lock(lock)
      defer { os_unfair_lock_unlock(lock) }
    #else
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
    #endif
    return try body(&state)
  }
}
