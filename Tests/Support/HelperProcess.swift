package import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// A child process started for a multi-process test: its output read line by line while it runs,
/// then collected with its exit status.
package final class HelperProcess: @unchecked Sendable {
  /// How a process ended and what it printed.
  package struct Finished: Sendable {
    /// The exit status, or the number of the signal that ended it.
    package let status: Int32
    /// Whether it ended by a signal.
    package let wasSignalled: Bool
    /// Its standard output, line by line (the lines `nextLine()` returned included).
    package let lines: [String]
    /// Its standard error.
    package let errors: String
  }

  private let process: ChildProcess
  // Only touched by the test that owns the process, one call at a time.
  private var buffer = Data()
  private var lines: [String] = []

  /// Starts an executable.
  ///
  /// - Parameters:
  ///   - executable: The executable, such as a test helper or `haru`.
  ///   - arguments: Its arguments.
  ///   - environment: Its environment; the test process's when `nil`.
  /// - Throws: ``ChildProcess/SpawnError`` when it cannot start.
  package init(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil
  ) throws {
    process = try ChildProcess(
      executable.path, arguments, environment: environment, input: .pipe)
  }

  /// Whether the process is still running.
  package var isRunning: Bool { process.isRunning }

  /// The process's identifier.
  package var processIdentifier: Int32 { process.identifier }

  /// Waits for the next line the process prints; `nil` once its output has ended.
  package func nextLine() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer = Data(buffer[buffer.index(after: newline)...])
        lines.append(line)
        return line
      }
      let chunk = process.standardOutput?.availableData ?? Data()
      if chunk.isEmpty { return nil }
      buffer.append(chunk)
    }
  }

  /// Writes a line to the process's standard input.
  package func sendLine(_ line: String) {
    try? process.standardInput?.write(contentsOf: Data("\(line)\n".utf8))
  }

  /// Sends a signal to the process.
  package func send(_ signal: Int32) {
    process.send(signal)
  }

  /// Kills the process with SIGKILL and waits for it to end.
  package func stop() {
    send(SIGKILL)
    process.waitUntilExit()
  }

  /// Waits for the process to end and returns what it printed.
  package func finish() -> Finished {
    while nextLine() != nil {}
    let ending = process.waitUntilExit()
    let errors = String(
      decoding: process.standardError?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
    return Finished(
      status: ending.status, wasSignalled: ending.wasSignalled, lines: lines, errors: errors)
  }
}
