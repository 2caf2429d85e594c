import Dispatch
import HaruShared
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether Ctrl-C was pressed since ``Interrupt/install()``.
private let interruptRequested = Atomic<Bool>(false)

/// Turns the first Ctrl-C (SIGINT) into a request to stop at the next safe point; a second one
/// ends the process at once, as usual.
enum Interrupt {
  static func install() {
    // Touched here first: a global is set up on first use, which must not happen in the handler.
    interruptRequested.store(false, ordering: .relaxed)
    signal(SIGINT) { _ in
      // Only async-signal-safe work here: a lock-free store and restoring the default action.
      interruptRequested.store(true, ordering: .relaxed)
      signal(SIGINT, SIG_DFL)
    }
  }

  static var isRequested: Bool {
    interruptRequested.load(ordering: .relaxed)
  }
}

/// SIGTERM, and in the `watch` commands SIGINT, end `haru` through `exit()`, never abruptly, so
/// that the settings store saves what it still holds before the process ends.
enum Termination {
  /// What a signal does instead of exiting, while a `watch` command runs.
  private static let override = LockedState<(@Sendable () -> Void)?>(nil)
  private static let sources = LockedState<[SignalSource]>([])

  /// Keeps a signal source alive for the rest of the process.
  private struct SignalSource: @unchecked Sendable {
    let source: any DispatchSourceSignal
  }

  /// Handles SIGTERM from now on: ends the running `watch` loop, or exits with status 143.
  static func install() {
    handle(SIGTERM)
  }

  /// Runs `body` with SIGINT and SIGTERM calling `stop` instead of exiting.
  static func redirecting<Result>(
    to stop: @escaping @Sendable () -> Void, _ body: () async throws(CLIError) -> Result
  ) async throws(CLIError) -> Result {
    handle(SIGINT)
    override.withLock { $0 = stop }
    defer { override.withLock { $0 = nil } }
    return try await body()
  }

  private static func handle(_ number: Int32) {
    // The default action would end the process without running `exit()`'s handlers.
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler {
      if let stop = override.withLock({ $0 }) {
        stop()
      } else {
        exit(128 + number)
      }
    }
    source.resume()
    let kept = SignalSource(source: source)
    sources.withLock { $0.append(kept) }
  }
}
