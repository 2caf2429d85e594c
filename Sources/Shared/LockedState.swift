#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An operating-system mutex: a `pthread` mutex, or an `os_unfair_lock` on Apple platforms.
///
/// `Synchronization.Mutex` would do, but on Linux it synchronises through atomics that
/// ThreadSanitizer cannot see, so every access under it is reported as a race. This lock is
/// understood by the sanitizer, costs about the same uncontended, and keeps the concurrency checks
/// of the test suite meaningful. It is not recursive.
package final class PlatformLock: @unchecked Sendable {
  #if canImport(Darwin)
    private let mutex: UnsafeMutablePointer<os_unfair_lock>
  #else
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  /// Creates an unlocked lock.
  package init() {
    mutex = UnsafeMutablePointer.allocate(capacity: 1)
    #if canImport(Darwin)
      mutex.initialize(to: os_unfair_lock())
    #else
      mutex.initialize(to: pthread_mutex_t())
      // Only fails for invalid attributes; none are passed.
      pthread_mutex_init(mutex, nil)
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_mutex_destroy(mutex)
    #endif
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Waits for and takes the lock. Every call must be balanced by ``unlock()`` on the same thread.
  @available(*, noasync, message: "Hold the lock only in synchronous code.")
  package func lock() {
    #if canImport(Darwin)
      os_unfair_lock_lock(mutex)
    #else
      pthread_mutex_lock(mutex)
    #endif
  }

  /// Releases the lock.
  @available(*, noasync, message: "Hold the lock only in synchronous code.")
  package func unlock() {
    #if canImport(Darwin)
      os_unfair_lock_unlock(mutex)
    #else
      pthread_mutex_unlock(mutex)
    #endif
  }
}

/// State guarded by a ``PlatformLock``, shared by Haru's modules.
///
/// Like `Synchronization.Mutex`, the state goes in and comes out as `sending`, so state that is not
/// `Sendable` cannot escape the lock to two threads. The lock is not recursive: the body of
/// ``withLock(_:)`` must not lock the same state again.
package final class LockedState<State>: @unchecked Sendable {
  private let mutex = PlatformLock()
  private var state: State

  /// Creates the lock around an initial state.
  package init(_ initialState: sending State) {
    state = initialState
  }

  /// Runs `body` with exclusive access to the state.
  ///
  /// - Parameter body: Reads or changes the state; keep it short and never lock again inside it.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; the lock is released either way.
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending State) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&state)
  }
}
