#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Wakes a connection that waits for another connection's write lock when the write-ahead log
/// is written, which every commit does just before it lets the lock go.
///
/// A writer that sleeps a fixed time between tries finds the lock free only by chance when other
/// processes write without pause: each of them takes the lock again a moment after its commit,
/// and the sleeper wakes at a random point of the next one's transaction. Waiting for the log to
/// change instead lets it try right after each commit. The log is the `-wal` file, which exists
/// while any connection has the database open in WAL mode.
///
/// On Linux it is an `inotify` watch of that file, asked with `poll(2)` and a timeout; elsewhere
/// ``init(logPath:)`` returns `nil` and the caller sleeps between tries as before. Not thread-safe:
/// its connection's busy handler uses it from the thread running the statement.
final class LogWriteWatch {
  /// How a wait ended.
  enum Outcome: Equatable {
    /// The log was written: a commit may have let the lock go.
    case written
    /// Nothing was written within the timeout.
    case timedOut
    /// The file was deleted, moved or had its attributes changed (an unlink of a file that is
    /// still open reports only that): the watch may no longer see it, and a new one is needed.
    case gone
  }

  #if os(Linux)
    private let descriptor: Int32
    /// Room for the events that pile up between waits; more are read on the next pass.
    private var events = [UInt8](repeating: 0, count: 1024)
  #endif

  /// Starts watching the log at `logPath`, or returns `nil` when it cannot: the file does not
  /// exist, the process has no watch left, or the platform has no `inotify`.
  init?(logPath: String) {
    #if os(Linux)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      let mask = UInt32(IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
      guard inotify_add_watch(descriptor, logPath, mask) >= 0 else {
        close(descriptor)
        return nil
      }
      self.descriptor = descriptor
    #else
      return nil
    #endif
  }

  #if os(Linux)
    deinit {
      close(descriptor)
    }
  #endif

  /// Waits until the log is written, at most `milliseconds` (at least 1), and reads every event
  /// that has arrived, so that a burst of writes ends one wait only.
  func wait(milliseconds: Int32) -> Outcome {
    #if os(Linux)
      var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      // An interrupted poll reads what is there and lets the caller try the lock again.
      _ = poll(&watched, 1, max(1, milliseconds))
      var outcome = Outcome.timedOut
      while true {
        let count = events.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        if outcome != .gone { outcome = Self.outcome(of: events, count: count) ?? outcome }
      }
      return outcome
    #else
      return .gone
    #endif
  }

  #if os(Linux)
    /// What the events in the buffer say: `gone` when any reports the file deleted, moved, changed
    /// in its attributes or no longer watched; `written` otherwise; `nil` for no complete event.
    private static func outcome(of buffer: [UInt8], count: Int) -> Outcome? {
      let lost = UInt32(IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)
      var outcome: Outcome?
      var offset = 0
      // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len].
      while offset + 16 <= count {
        let (mask, length) = buffer.withUnsafeBytes {
          (
            $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
            $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)
          )
        }
        if mask & lost != 0 { return .gone }
        outcome = .written
        offset += 16 + Int(length)
      }
      return outcome
    }
  #endif
}
