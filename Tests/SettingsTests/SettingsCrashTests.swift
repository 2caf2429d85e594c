import Foundation
import HaruSettings
import HaruTestSupport
import Testing

/// A writer killed with SIGKILL in the middle of flushing settings leaves a file that parses and
/// holds every value whose flush returned, whatever moment the kill comes at.
@Suite(.timeLimit(.minutes(3)))
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
    let run = try KilledRun(
      helper, arguments: ["crash", file.path, "1000", String(seed)], killedAfterLines: afterLines)
    #expect(run.errors.isEmpty, "the helper reported: \(run.errors)")
    var values: [String: Int64] = [:]
    for line in run.lines {
      let parts = line.split(separator: " ")
      guard parts.count == 2, let value = Int64(parts[1]) else {
        Issue.record("the helper printed an unexpected line: \(line)")
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
