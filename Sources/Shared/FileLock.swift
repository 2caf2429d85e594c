#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An exclusive `flock(2)` on a lock file that is never replaced: the one lock primitive of the
/// settings' writers and of the forecast cache's refresh claims.
///
/// `flock` rather than `fcntl`: an `fcntl` lock belongs to the process and is dropped when any
/// descriptor of the file is closed, while a `flock` lock belongs to its open file description, so
/// two stores in one process exclude each other exactly as two processes do. The lock vanishes
/// with a process that dies holding it.
///
/// Taking the lock blocks the calling thread (up to the timeout): call it on a queue of its own,
/// never on Swift's cooperative pool. iOS ends a suspended app that holds a lock on a file in a
/// shared container (`0xdead10cc`): hold it only around a few synchronous reads and writes, never
/// across a wait on the network.
package enum FileLock {
  /// Why the lock was not had.
  package enum Failure: Error, Equatable {
    /// The file could not be opened (or created); the `errno`.
    case open(Int32)
    /// Another holder kept it for the whole timeout.
    case busy
    /// `flock` failed for another reason; the `errno`.
    case lock(Int32)
  }

  /// Opens `path` and locks it, waiting up to `timeout` for another holder.
  ///
  /// - Parameters:
  ///   - path: The lock file.
  ///   - creating: Whether to create the file when it is missing (its folder must exist).
  ///   - timeout: The longest wait, counted in the pauses between tries; zero tries once.
  ///   - longestPause: The longest pause between two tries; pauses start at 100 µs and double.
  /// - Returns: The open descriptor holding the lock, for ``release(_:)``; or why not.
  package static func acquire(
    path: String, creating: Bool, timeout: Duration, longestPause: Duration = .milliseconds(2)
  ) -> Result<Int32, Failure> {
    // Read-only is enough for flock(2), and works on a lock file another user created.
    let flags = O_RDONLY | O_CLOEXEC | (creating ? O_CREAT : 0)
    var descriptor: Int32
    repeat {
      descriptor = open(path, flags, 0o644)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { return .failure(.open(errno)) }
    // The wait is counted in the pauses it made rather than read from a clock: no clock of
    // time since boot, a required-reason API on Apple's platforms, in this shared target.
    let budget = timeout.saturatingMicroseconds
    let longest = UInt32(clamping: longestPause.saturatingMicroseconds)
    var waited: Int64 = 0
    var pause: UInt32 = 100
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK || code == EAGAIN, waited < budget else {
        close(descriptor)
        return .failure(code == EWOULDBLOCK || code == EAGAIN ? .busy : .lock(code))
      }
      usleep(pause)
      waited += Int64(pause)
      // Short pauses, so that a waiter does not miss every moment the lock is free when several
      // holders take it back to back.
      pause = min(pause * 2, max(longest, 100))
    }
    return .success(descriptor)
  }

  /// Releases a lock ``acquire(path:creating:timeout:longestPause:)`` took, and closes its file.
  package static func release(_ descriptor: Int32) {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
