package import Foundation
import HaruShared

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// A child process started with `posix_spawn`, for the tests that run helper executables, `haru`,
/// `mount` or `unzip`.
///
/// The tests do not use Foundation's `Process`: on Linux its `run()` lists `/proc/self/fd` and
/// copies 256 bytes out of every directory entry, which reads past the end of the directory's
/// buffer once the test process has more than about 1,300 descriptors open — as it has while
/// many journals are open in parallel tests — and the address sanitizer stops the run
/// (swift-corelibs-foundation issue 5472, fixed after Swift 6.3).
package final class ChildProcess: Sendable {
  /// Where one of the child's standard streams goes.
  package enum Stream: Sendable {
    /// `/dev/null`.
    case null
    /// A new pipe; the test's end is the matching property of the child process.
    case pipe
    /// A descriptor the test owns, such as a pseudo-terminal; the test keeps it open.
    case descriptor(Int32)
  }

  /// How the child ended.
  package struct Termination: Sendable, Equatable {
    /// The exit status, or the number of the signal that ended it.
    package let status: Int32
    /// Whether a signal ended it.
    package let wasSignalled: Bool
  }

  /// Why a child could not be started.
  package struct SpawnError: Error, CustomStringConvertible {
    /// The executable.
    package let path: String
    /// The `errno` value.
    package let code: Int32
    package var description: String {
      "\(path) could not be started: \(String(cString: strerror(code)))"
    }
  }

  /// The child's process identifier.
  package let identifier: pid_t
  /// The test's end of the child's standard input, for `.pipe`.
  package let standardInput: FileHandle?
  /// The test's end of the child's standard output, for `.pipe`.
  package let standardOutput: FileHandle?
  /// The test's end of the child's standard error, for `.pipe`.
  package let standardError: FileHandle?

  private let ended = DispatchGroup()
  private let termination = LockedState<Termination?>(nil)

  /// Starts an executable.
  ///
  /// - Parameters:
  ///   - executable: The executable's path.
  ///   - arguments: Its arguments, without the executable's name.
  ///   - environment: Its environment; the test process's when `nil`.
  ///   - directory: The folder it starts in; the test process's when `nil`.
  ///   - input: Its standard input.
  ///   - output: Its standard output.
  ///   - error: Its standard error.
  /// - Throws: ``SpawnError`` when it cannot start.
  package init(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    directory: String? = nil, input: Stream = .null, output: Stream = .pipe,
    error: Stream = .pipe
  ) throws(SpawnError) {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // The child's ends of new pipes, closed here once the child has its copies.
    var childEnds: [Int32] = []
    defer { for end in childEnds { close(end) } }
    var ours: [FileHandle?] = []
    for (target, stream) in [(Int32(0), input), (1, output), (2, error)] {
      switch stream {
      case .null:
        posix_spawn_file_actions_addopen(
          &actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        ours.append(nil)
      case .descriptor(let descriptor):
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        ours.append(nil)
      case .pipe:
        var ends: [Int32] = [-1, -1]
        guard GNU.pipe2(&ends, O_CLOEXEC) == 0 else {
          throw SpawnError(path: executable, code: errno)
        }
        // Standard input reads from the pipe; output and error write to it.
        let (childEnd, ourEnd) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
        childEnds.append(childEnd)
        posix_spawn_file_actions_adddup2(&actions, childEnd, target)
        ours.append(FileHandle(fileDescriptor: ourEnd, closeOnDealloc: true))
      }
    }
    // Descriptors of the test process that were opened without close-on-exec stay out of the
    // child, so that a pipe's end is never held open by another test's child.
    GNU.closeFrom(&actions, 3)
    if let directory {
      GNU.changeDirectory(&actions, directory)
    }

    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
    #else
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Every signal back to its default and none blocked, whatever the spawning thread had.
    var all = sigset_t()
    var none = sigset_t()
    sigfillset(&all)
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    #if canImport(Darwin)
      // Darwin has no `addclosefrom`; this flag closes every descriptor not given to the child.
      flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = [executable] + arguments
    let environ =
      (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
    var spawned: pid_t = 0
    let status = Self.withCStrings(argv) { argv in
      Self.withCStrings(environ) { envp in
        posix_spawn(&spawned, executable, &actions, &attributes, argv, envp)
      }
    }
    guard status == 0 else { throw SpawnError(path: executable, code: status) }
    let child = spawned
    identifier = child
    standardInput = ours[0]
    standardOutput = ours[1]
    standardError = ours[2]

    ended.enter()
    let termination = termination
    let ended = ended
    // One thread per child waits for it; a dispatch thread would be held for as long.
    Thread.detachNewThread {
      // Wait for the end without reaping, then reap under the lock that `send(_:)` takes, so a
      // signal never reaches another process that was given the same identifier.
      var info = siginfo_t()
      while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
      termination.withLock { ending in
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        ending =
          signal == 0
          ? Termination(status: (status >> 8) & 0xFF, wasSignalled: false)
          : Termination(status: signal, wasSignalled: true)
      }
      ended.leave()
    }
  }

  /// Runs an executable to its end with its output thrown away and returns how it ended.
  ///
  /// - Parameters:
  ///   - executable: The executable's path.
  ///   - arguments: Its arguments.
  /// - Returns: How it ended.
  /// - Throws: ``SpawnError`` when it cannot start.
  package static func run(_ executable: String, _ arguments: [String]) throws(SpawnError)
    -> Termination
  {
    try ChildProcess(executable, arguments, output: .null, error: .null).waitUntilExit()
  }

  /// Whether the child is still running.
  package var isRunning: Bool { termination.withLock { $0 == nil } }

  /// Sends a signal to the child, unless it has ended.
  package func send(_ signal: Int32) {
    termination.withLock { ending in
      // Not reaped yet (that happens under this lock), so the identifier is still the child's.
      if ending == nil { _ = kill(identifier, signal) }
    }
  }

  /// Blocks until the child has ended and returns how.
  @discardableResult
  package func waitUntilExit() -> Termination {
    ended.wait()
    return termination.withLock { $0 } ?? Termination(status: -1, wasSignalled: false)
  }

  /// Calls a closure on another thread once the child has ended.
  package func onExit(_ handler: @escaping @Sendable (Termination) -> Void) {
    let termination = termination
    ended.notify(queue: .global()) {
      handler(termination.withLock { $0 } ?? Termination(status: -1, wasSignalled: false))
    }
  }

  private static func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
  ) -> Result {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { buffer in
      // Never empty: it ends with the terminating `nil`.
      guard let base = buffer.baseAddress else { preconditionFailure("an empty array") }
      return body(base)
    }
  }
}

/// Three glibc functions that Swift's Glibc module leaves out (they are declared only for
/// `_GNU_SOURCE`), looked up at run time; all three are in glibc 2.34 and later. The Darwin
/// branches are not compiled on Linux, where the tests run in CI.
private enum GNU {
  #if canImport(Darwin)
    typealias Actions = posix_spawn_file_actions_t?
  #else
    typealias Actions = posix_spawn_file_actions_t
  #endif
  typealias PipeFunction = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
  typealias CloseFromFunction =
    @convention(c) (UnsafeMutablePointer<Actions>, Int32) -> Int32
  typealias ChangeDirectoryFunction =
    @convention(c) (UnsafeMutablePointer<Actions>, UnsafePointer<CChar>) ->
    Int32

  static func pipe2(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32 {
    #if canImport(Darwin)
      // Only this file's spawns could inherit the ends in between, and they close all others.
      guard pipe(ends) == 0 else { return -1 }
      _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
      return 0
    #else
      return function("pipe2", as: PipeFunction.self)(ends, flags)
    #endif
  }

  static func closeFrom(
    _ actions: UnsafeMutablePointer<Actions>, _ lowest: Int32
  ) {
    #if !canImport(Darwin)
      _ = function("posix_spawn_file_actions_addclosefrom_np", as: CloseFromFunction.self)(
        actions, lowest)
    #endif
  }

  static func changeDirectory(
    _ actions: UnsafeMutablePointer<Actions>, _ path: String
  ) {
    _ = function("posix_spawn_file_actions_addchdir_np", as: ChangeDirectoryFunction.self)(
      actions, path)
  }

  private static func function<Function>(_ name: String, as type: Function.Type) -> Function {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else {
      preconditionFailure("\(name) is not in this C library")
    }
    return unsafeBitCast(symbol, to: type)
  }
}
