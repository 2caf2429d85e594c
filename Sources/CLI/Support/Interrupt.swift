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
/// ends the process, as usual.
enum Interrupt {
  static func install() {
    interruptRequested.store(false, ordering: .relaxed)
    Termination.override { number in
      guard number == SIGINT, !interruptRequested.exchange(true, ordering: .relaxed) else {
        Termination.exit(128 + number)
      }
    }
  }

  static var isRequested: Bool {
    interruptRequested.load(ordering: .relaxed)
  }
}

/// SIGINT and SIGTERM end `haru` through `exit()`, never abruptly, so that the settings store
/// saves what it still holds before the process ends; a command may take the signals over.
enum Termination {
  /// Set by the first thread that ends the process.
  private static let isExiting = Atomic<Bool>(false)
  /// What a signal does instead of exiting, while a command has taken the signals over.
  private static let handler = LockedState<(@Sendable (Int32) -> Void)?>(nil)
  private static let sources = LockedState<[SignalSource]>([])

  /// Keeps a signal source alive for the rest of the process.
  private struct SignalSource: @unchecked Sendable {
    let source: any DispatchSourceSignal
  }

  /// Handles SIGINT and SIGTERM from now on.
  static func install() {
    for number in [SIGINT, SIGTERM] {
      // The default action would end the process without running `exit()`'s handlers.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        if let handler = handler.withLock({ $0 }) {
          handler(number)
        } else {
          exit(128 + number)
        }
      }
      source.resume()
      let kept = SignalSource(source: source)
      sources.withLock { $0.append(kept) }
    }
  }

  /// Ends the process with `status`, running `exit()`'s handlers once. A second caller, on another
  /// thread, waits for the first to finish ending the process: two threads in `exit()` at once
  /// would cut the handlers short.
  static func exit(_ status: Int32) -> Never {
    if isExiting.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
      .exchanged
    {
      #if canImport(Glibc)
        Glibc.exit(status)
      #else
        Darwin.exit(status)
      #endif
    }
    while true { pause() }
  }

  /// Makes SIGINT and SIGTERM call `handler` instead of ending the process.
  static func override(_ new: @escaping @Sendable (Int32) -> Void) {
    handler.withLock { $0 = new }
  }

  /// Runs `body` with SIGINT and SIGTERM calling `stop` instead of ending the process.
  static func redirecting<Result>(
    to stop: @escaping @Sendable () -> Void, _ body: () async throws(CLIError) -> Result
  ) async throws(CLIError) -> Result {
    override { _ in stop() }
    defer { handler.withLock { $0 = nil } }
    return try await body()
  }
}
