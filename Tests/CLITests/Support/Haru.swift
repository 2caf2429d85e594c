import Foundation
import HaruShared
import HaruTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a run of the built `haru` executable printed and how it ended.
struct HaruResult: Sendable, CustomStringConvertible {
  let status: Int32
  let standardOutput: String
  let standardError: String

  var description: String {
    "exit \(status)\n--- stdout\n\(standardOutput)\n--- stderr\n\(standardError)"
  }

  /// Standard output read as JSON.
  func json(sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(standardOutput.utf8))
  }
}

/// Runs the `haru` executable built next to the test bundle, in a data folder of its own.
struct Haru: Sendable {
  /// The data folder every run uses through `HARU_DATA_DIR`, unless a test passes `--data-dir`.
  let dataDirectory: URL
  /// A folder for files the test writes, such as import files.
  let workDirectory: URL
  /// Extra environment variables.
  var environment: [String: String] = [:]

  init() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("haru-cli-tests-\(UUID().uuidString)", isDirectory: true)
    dataDirectory = root.appendingPathComponent("data", isDirectory: true)
    workDirectory = root.appendingPathComponent("work", isDirectory: true)
    try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
  }

  /// Deletes the folders.
  func removeFiles() {
    try? FileManager.default.removeItem(at: workDirectory.deletingLastPathComponent())
  }

  /// The built executable, next to the test bundle in the build folder.
  static let executable = builtExecutable(named: "haru")

  /// The environment of a run: no locale, a home inside the test's folder, the data folder.
  var processEnvironment: [String: String] {
    var values = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": workDirectory.path,
      "HARU_DATA_DIR": dataDirectory.path,
      // An executable built for coverage would otherwise write a profile into the folder it
      // runs in.
      "LLVM_PROFILE_FILE": "/dev/null",
    ]
    // A sanitized build's options reach the child, which is built with the same sanitizer.
    for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"] {
      values[name] = ProcessInfo.processInfo.environment[name]
    }
    values.merge(environment) { $1 }
    return values
  }

  /// Runs `haru` with arguments and waits for it to end.
  @discardableResult
  func run(_ arguments: [String]) async throws -> HaruResult {
    let running = try launch(arguments)
    return await running.result()
  }

  /// Runs `haru` with arguments given as bytes, which need not be UTF-8, and waits for it to end.
  ///
  /// See ``run(_:rawArguments:)``.
  func run(rawArguments: [[UInt8]]) async throws -> HaruResult {
    guard let executable = Self.executable else {
      throw HarnessError(message: "the haru executable was not found next to the test bundle")
    }
    return try await run(executable, rawArguments: rawArguments)
  }

  /// Runs a program with arguments given as bytes, which need not be UTF-8, in the environment
  /// of `haru`'s runs, and waits for it to end.
  ///
  /// `Process` takes its arguments as `String`s, which hold only valid Unicode and reach the child
  /// as UTF-8, so a byte such as 0xFF, or a surrogate's encoding ED A0 80, cannot be among them.
  /// The bytes go through `/bin/sh` instead: the script spells each argument as octal escapes
  /// inside `"$(printf '…')"`, which the shell turns back into exactly those bytes, and `exec`s
  /// the program with them. An argument must not hold a NUL byte (argv cannot) or end in a line
  /// break (command substitution removes it).
  ///
  /// - Parameters:
  ///   - program: The executable, given to the script as `$0`.
  ///   - rawArguments: Each argument's bytes.
  /// - Returns: What the program printed and how it ended.
  /// - Throws: When the shell cannot be started.
  func run(_ program: URL, rawArguments: [[UInt8]]) async throws -> HaruResult {
    let words = rawArguments.map { bytes in
      let escapes = bytes.map { byte in
        let octal = String(byte, radix: 8)
        return "\\" + String(repeating: "0", count: 3 - octal.count) + octal
      }
      return "\"$(printf '\(escapes.joined())')\""
    }
    let script = (["exec \"$0\""] + words).joined(separator: " ")
    let running = try RunningHaru(
      executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script, program.path],
      environment: processEnvironment, folder: workDirectory)
    return await running.result()
  }

  /// Starts `haru` with arguments and returns at once.
  ///
  /// - Parameters:
  ///   - arguments: The arguments.
  ///   - standardError: Where standard error goes, such as a pseudo-terminal; collected from a
  ///     pipe when `nil`.
  /// - Returns: The running process.
  /// - Throws: When the executable is missing or cannot be started.
  func launch(_ arguments: [String], standardError: FileHandle? = nil) throws -> RunningHaru {
    guard let executable = Self.executable else {
      throw HarnessError(message: "the haru executable was not found next to the test bundle")
    }
    return try RunningHaru(
      executable: executable, arguments: arguments, environment: processEnvironment,
      folder: workDirectory, standardError: standardError)
  }
}

struct HarnessError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// A `haru` process that is running, with its output collected as it arrives.
final class RunningHaru: Sendable {
  private struct State {
    var output = Data()
    var error = Data()
    var openStreams = 2
    var errorClosed = false
    var status: Int32?
    var finishWaiters: [CheckedContinuation<Void, Never>] = []
    var errorWatches: [(String, CheckedContinuation<Void, Never>)] = []
    var outputWatches: [(String, CheckedContinuation<Void, Never>)] = []
    var outputClosed = false

    mutating func takeWaiters() -> [CheckedContinuation<Void, Never>] {
      defer { finishWaiters.removeAll() }
      return finishWaiters
    }
  }

  private let process: ChildProcess
  private let state = LockedState(State())

  init(
    executable: URL, arguments: [String], environment: [String: String], folder: URL,
    standardError: FileHandle? = nil
  ) throws {
    let process = try ChildProcess(
      executable.path, arguments, environment: environment, directory: folder.path,
      error: standardError.map { .descriptor($0.fileDescriptor) } ?? .pipe)
    self.process = process
    process.onExit { [state] finished in
      let waiters = state.withLock { state in
        state.status = finished.status
        return state.openStreams == 0 ? state.takeWaiters() : []
      }
      for waiter in waiters { waiter.resume() }
    }
    read(process.standardOutput, isError: false)
    // Without a pipe (a pseudo-terminal instead) nothing arrives: the stream counts as closed.
    read(process.standardError, isError: true)
  }

  /// Sends SIGINT, as Ctrl-C does.
  func interrupt() {
    process.send(SIGINT)
  }

  /// Sends SIGKILL: the process ends at once, with no chance to clean up.
  func kill() {
    process.send(SIGKILL)
  }

  /// Sends SIGSTOP: the process stays where it is until ``resume()``; signals sent meanwhile wait.
  func pause() {
    process.send(SIGSTOP)
  }

  /// Sends SIGCONT to a paused process.
  func resume() {
    process.send(SIGCONT)
  }

  /// Returns once standard error contains a text, or has ended.
  func waitForStandardError(containing text: String) async {
    await wait(for: text, in: \.error, closed: \.errorClosed, watches: \.errorWatches)
  }

  /// Returns once standard output contains a text, or has ended.
  func waitForStandardOutput(containing text: String) async {
    await wait(for: text, in: \.output, closed: \.outputClosed, watches: \.outputWatches)
  }

  private func wait(
    for text: String, in stream: KeyPath<State, Data>, closed: KeyPath<State, Bool>,
    watches: WritableKeyPath<State, [(String, CheckedContinuation<Void, Never>)]>
  ) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state in
        if String(decoding: state[keyPath: stream], as: UTF8.self).contains(text)
          || state[keyPath: closed]
        {
          return true
        }
        state[keyPath: watches].append((text, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Whether the process has ended.
  var isFinished: Bool {
    state.withLock { $0.status != nil }
  }

  /// What the process has printed on standard output so far.
  var standardOutputSoFar: String {
    state.withLock { String(decoding: $0.output, as: UTF8.self) }
  }

  /// Waits for the process to end and for all its output.
  func result() async -> HaruResult {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let done = state.withLock { state in
        if state.status != nil && state.openStreams == 0 { return true }
        state.finishWaiters.append(continuation)
        return false
      }
      if done { continuation.resume() }
    }
    return state.withLock { state in
      HaruResult(
        status: state.status ?? -1,
        standardOutput: String(decoding: state.output, as: UTF8.self),
        standardError: String(decoding: state.error, as: UTF8.self))
    }
  }

  private func read(_ handle: FileHandle?, isError: Bool) {
    let state = state
    Thread.detachNewThread {
      while true {
        let chunk = handle?.availableData ?? Data()
        var ready: [CheckedContinuation<Void, Never>] = []
        state.withLock { state in
          if chunk.isEmpty {
            state.openStreams -= 1
            if isError {
              state.errorClosed = true
              ready = state.errorWatches.map(\.1)
              state.errorWatches.removeAll()
            } else {
              state.outputClosed = true
              ready = state.outputWatches.map(\.1)
              state.outputWatches.removeAll()
            }
            if state.openStreams == 0 && state.status != nil {
              ready += state.takeWaiters()
            }
          } else if isError {
            state.error.append(chunk)
            let text = String(decoding: state.error, as: UTF8.self)
            ready = state.errorWatches.filter { text.contains($0.0) }.map(\.1)
            state.errorWatches.removeAll { text.contains($0.0) }
          } else {
            state.output.append(chunk)
            let text = String(decoding: state.output, as: UTF8.self)
            ready = state.outputWatches.filter { text.contains($0.0) }.map(\.1)
            state.outputWatches.removeAll { text.contains($0.0) }
          }
        }
        for continuation in ready { continuation.resume() }
        if chunk.isEmpty { return }
      }
    }
  }
}

/// A pseudo-terminal: its device is a terminal to the process that writes to it, and what was
/// written can be read back from the other side.
final class PseudoTerminal: Sendable {
  /// The terminal side, to hand to a process.
  let device: FileHandle
  private let controller: Int32

  init() throws {
    #if os(Linux)
      // Glibc's module leaves out posix_openpt and friends; these are the requests they make.
      controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      var unlock: Int32 = 0
      var number: UInt32 = 0
      let tiocsptlck: UInt = 0x4004_5431
      let tiocgptn: UInt = 0x8004_5430
      guard controller >= 0, ioctl(controller, tiocsptlck, &unlock) == 0,
        ioctl(controller, tiocgptn, &number) == 0
      else {
        throw HarnessError(message: "no pseudo-terminal: errno \(errno)")
      }
      let name = "/dev/pts/\(number)"
    #else
      controller = posix_openpt(O_RDWR | O_NOCTTY)
      guard controller >= 0, grantpt(controller) == 0, unlockpt(controller) == 0,
        let pointer = ptsname(controller)
      else {
        throw HarnessError(message: "no pseudo-terminal: errno \(errno)")
      }
      let name = String(cString: pointer)
    #endif
    let deviceDescriptor = open(name, O_RDWR | O_NOCTTY)
    guard deviceDescriptor >= 0 else {
      throw HarnessError(message: "the pseudo-terminal cannot be opened: errno \(errno)")
    }
    device = FileHandle(fileDescriptor: deviceDescriptor, closeOnDealloc: true)
  }

  deinit {
    close(controller)
  }

  /// Everything written so far, once every writer has finished: the terminal side is closed
  /// first, so that reading ends.
  func readAll() -> String {
    try? device.close()
    var collected = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(controller, &buffer, buffer.count)
      guard count > 0 else { break }
      collected.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: collected, as: UTF8.self)
  }
}
