package import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// What a child process printed before it was killed with SIGKILL, for the crash tests.
package struct KilledRun {
  /// The lines it printed in full on standard output; a line the kill cut short is left out, since
  /// the work it would have reported was never completed.
  package let lines: [String]
  /// What it printed on standard error.
  package let errors: String

  /// Starts an executable, reads its standard output until it has printed `afterLines` lines (or
  /// ended by itself), kills it with SIGKILL and collects what it printed.
  ///
  /// - Parameters:
  ///   - executable: The executable, such as a crash-test helper.
  ///   - arguments: Its arguments.
  ///   - afterLines: How many lines to wait for before the kill.
  /// - Throws: ``ChildProcess/SpawnError`` when the executable cannot start.
  package init(_ executable: URL, arguments: [String], killedAfterLines afterLines: Int) throws {
    let process = try ChildProcess(executable.path, arguments)
    var received = Data()
    let reader = process.standardOutput ?? FileHandle.nullDevice
    while received.count(where: { $0 == 0x0A }) < afterLines {
      let chunk = reader.availableData
      if chunk.isEmpty { break }  // the helper ended by itself
      received.append(chunk)
    }
    process.send(SIGKILL)
    process.waitUntilExit()
    received.append(reader.readDataToEndOfFile())
    self.errors = String(
      decoding: process.standardError?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
    lines = received.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map {
      String(decoding: $0, as: UTF8.self)
    }
  }
}
