import Foundation
import HaruSettings
import HaruTestSupport
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A writer killed with SIGKILL in the middle of flushing settings leaves a file that parses and
/// holds every value whose flush returned, whatever moment the kill comes at.
@Suite(.timeLimit(.minutes(2)))
struct SettingsCrashTests {
  @Test func aWriterKilledMidwayLosesNoFlushedValue() throws {
    let helper = try #require(Self.helperExecutable(), "HaruSettingsCrashHelper was not built")
    let folder = try TemporaryFolder()
    let file = folder.file()
    var generator = KillPointGenerator(seed: 0x5345_5454)  // "SETT"
    var flushed: [String: Int64] = [:]
    for run in 0..<5 {
      let killAfter = Int.random(in: 2...150, using: &generator)
      let values = try Self.runAndKill(
        helper, file: file, seed: UInt64(run + 1), afterLines: killAfter)
      #expect(values.count >= killAfter, "run \(run): the helper stopped early")
      flushed.merge(values) { _, new in new }
      let stored = try #require(
        try FilePreferencesBackend(fileURL: file).load(), "run \(run): the file is missing")
      for (key, value) in flushed {
        #expect(stored.values[key] == .integer(value), "run \(run): \(key) was flushed but lost")
      }
    }
    #expect(flushed.count >= 10)
    // A kill never leaves the file set aside as unreadable.
    #expect(try folder.contents().filter { $0.contains("unreadable") }.isEmpty)
  }

  @Test func aWriterLeftAloneStoresAllThousandValues() throws {
    let helper = try #require(Self.helperExecutable(), "HaruSettingsCrashHelper was not built")
    let folder = try TemporaryFolder()
    let file = folder.file()
    let values = try Self.runAndKill(helper, file: file, seed: 99, afterLines: .max)
    #expect(values.count == 1_000)
    let stored = try #require(try FilePreferencesBackend(fileURL: file).load())
    #expect(stored.values.count == 1_000)
    for (key, value) in values {
      #expect(stored.values[key] == .integer(value))
    }
  }

  /// Starts the helper, reads the `key value` lines it prints, kills it with SIGKILL once it has
  /// printed `afterLines` of them, and returns every line it printed in full.
  static func runAndKill(
    _ helper: URL, file: URL, seed: UInt64, afterLines: Int
  ) throws -> [String: Int64] {
    let process = Process()
    process.executableURL = helper
    process.arguments = [file.path, "1000", String(seed)]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    var received = Data()
    let reader = output.fileHandleForReading
    while received.count(where: { $0 == 0x0A }) < afterLines {
      let chunk = reader.availableData
      if chunk.isEmpty { break }  // the helper ended by itself
      received.append(chunk)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    received.append(reader.readDataToEndOfFile())
    let problems = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(problems.isEmpty, "the helper reported: \(problems)")
    // A line cut short by the kill was never completed, so it reports nothing.
    let complete = received.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    var values: [String: Int64] = [:]
    for line in complete {
      let parts = String(decoding: line, as: UTF8.self).split(separator: " ")
      guard parts.count == 2, let value = Int64(parts[1]) else {
        Issue.record(
          "the helper printed an unexpected line: \(String(decoding: line, as: UTF8.self))")
        continue
      }
      values[String(parts[0])] = value
    }
    return values
  }

  /// The helper sits next to the test bundle in the build folder.
  static func helperExecutable() -> URL? {
    builtExecutable(named: "HaruSettingsCrashHelper")
  }
}

/// A small deterministic generator, so each run kills the writer at the same points.
private struct KillPointGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed | 1 }

  mutating func next() -> UInt64 {
    // xorshift64
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
}
