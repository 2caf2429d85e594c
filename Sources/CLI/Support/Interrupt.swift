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
