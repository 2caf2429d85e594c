import HaruShared

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Stops one read when the task that asked for it is cancelled; also stops one write transaction,
/// or one checkpoint, when the journal is suspended.
///
/// A read registers the connection it runs on while its statements run; ``cancel()`` calls
/// `sqlite3_interrupt` on that connection, which SQLite allows from any thread, and the running
/// statement ends with `SQLITE_INTERRUPT`. SQLite drops an interrupt that arrives between two
/// statements, so the read also installs a progress handler that stops any statement of the read
/// within a thousand virtual-machine steps once cancelled. A read that has not started yet never
/// starts. The registration and the interrupt happen under one lock, so an interrupt never
/// reaches a connection after the read has handed it back to the pool.
final class ReadInterrupter: Sendable {
  private struct State: @unchecked Sendable {
    // The handle is only used under the lock, while the read that registered it runs.
    var handle: OpaquePointer?
    var isCancelled = false
  }

  /// How many virtual-machine steps a statement runs between two looks at the flag.
  static let stepsBetweenChecks: Int32 = 1000

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

  /// Registers the connection a read is about to use, on the thread that uses it.
  ///
  /// - Returns: `false` when the read was cancelled already and must not start.
  func begin(_ handle: OpaquePointer) -> Bool {
    let started = state.withLock { state in
      guard !state.isCancelled else { return false }
      state.handle = handle
      return true
    }
    guard started else { return false }
    // The read keeps this interrupter alive until `end()`, which removes the handler.
    sqlite3_progress_handler(
      handle, Self.stepsBetweenChecks,
      { context in
        guard let context else { return 0 }
        return Unmanaged<ReadInterrupter>.fromOpaque(context).takeUnretainedValue().isCancelled
          ? 1 : 0
      }, Unmanaged.passUnretained(self).toOpaque())
    return true
  }

  /// Unregisters the connection once the read's statements have ended, on the thread that used
  /// it.
  func end() {
    let handle = state.withLock { state in
      defer { state.handle = nil }
      return state.handle
    }
    if let handle {
      sqlite3_progress_handler(handle, 0, nil, nil)
    }
  }
}
