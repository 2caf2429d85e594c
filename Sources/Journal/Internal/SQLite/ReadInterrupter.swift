import HaruShared

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Stops one read when the task that asked for it is cancelled.
///
/// A read registers the connection it runs on while its statements run; ``cancel()`` calls
/// `sqlite3_interrupt` on that connection, which SQLite allows from any thread, and the running
/// statement ends with `SQLITE_INTERRUPT`. A read that has not started yet never starts. The
/// registration and the interrupt happen under one lock, so an interrupt never reaches a connection
/// after the read has handed it back to the pool.
final class ReadInterrupter: Sendable {
  private struct State: @unchecked Sendable {
    // The handle is only used under the lock, while the read that registered it runs.
    var handle: OpaquePointer?
    var isCancelled = false
  }

  private let state = LockedState(State())

  /// Whether ``cancel()`` was called.
  var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Stops the registered read, and any read that would start later.
  func cancel() {
    state.withLock { state in
      state.isCancelled = true
      if let handle = state.handle {
        sqlite3_interrupt(handle)
      }
    }
  }

  /// Registers the connection a read is about to use.
  ///
  /// - Returns: `false` when the read was cancelled already and must not start.
  func begin(_ handle: OpaquePointer) -> Bool {
    state.withLock { state in
      guard !state.isCancelled else { return false }
      state.handle = handle
      return true
    }
  }

  /// Unregisters the connection once the read's statements have ended.
  func end() {
    state.withLock { $0.handle = nil }
  }
}
