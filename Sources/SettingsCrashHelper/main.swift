// A process that uses a settings file the way an app, a widget or an extension would, for the
// tests that need several real processes on one file. Each mode prints what it did, one line per
// step, as soon as the step is done:
//
//   HaruSettingsCrashHelper crash <file> <writes> <seed>
//       sets `crash.<seed>.<i>` for each i with a flush after each, printing "<key> <value>"
//   HaruSettingsCrashHelper count <file> <key> <writes> [flush|exit|return]
//       sets <key> to 1, 2, … <writes>; with `flush`, flushes after each write and prints the
//       value; otherwise prints nothing per write and ends by `exit(0)` or by returning from main
//       right after the last write, with no flush
//   HaruSettingsCrashHelper add-town <file> <name> <latitude> <longitude>
//       adds a saved town and flushes; prints "added" or the error's code
//   HaruSettingsCrashHelper hold-lock <file> <seconds>
//       holds the settings file's lock, printing "locked" once it has it
//
// With HARU_HELPER_READY set in the environment, `count` and `add-town` print "ready" once their
// store is open and wait for a line on standard input before they write, so that a test can start
// several processes and let them go at the same moment.
//
// The store waits up to 30 s for the settings file's lock (the tests check correctness under
// heavy contention, not how long a writer waits), or HARU_LOCK_TIMEOUT_SECONDS when set.
//
// Exit status: 0 done, 1 a settings error, 2 a usage error.

import Foundation
import HaruModels
import HaruSettings

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func say(_ line: String) {
  FileHandle.standardOutput.write(Data("\(line)\n".utf8))
}

/// Waits for the test's go-ahead when it asked for one.
func waitForGo() {
  guard ProcessInfo.processInfo.environment["HARU_HELPER_READY"] != nil else { return }
  say("ready")
  _ = readLine()
}

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("HaruSettingsCrashHelper: \(message)\n".utf8))
  exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let lockTimeout = Duration.seconds(
  ProcessInfo.processInfo.environment["HARU_LOCK_TIMEOUT_SECONDS"].flatMap(Int.init) ?? 30)

/// The settings file's backend, with the helper's lock timeout.
func backend(_ file: URL) -> FilePreferencesBackend {
  FilePreferencesBackend(fileURL: file, lockTimeout: lockTimeout)
}
guard arguments.count >= 2 else { fail("usage: <mode> <file> …", status: 2) }
let file = URL(fileURLWithPath: arguments[1])

do {
  switch arguments[0] {
  case "crash":
    guard arguments.count == 4, let count = Int(arguments[2]), let seed = UInt64(arguments[3])
    else { fail("usage: crash <file> <writes> <seed>", status: 2) }
    let store = try SettingsStore(backend: backend(file))
    for index in 0..<count {
      let key = SettingsKey<Int>("crash.\(seed).\(index)", default: -1)
      let value = index &* 7 &+ Int(truncatingIfNeeded: seed)
      try store.set(value, for: key)
      try await store.flush()
      say("\(key.name) \(value)")
    }

  case "count":
    guard arguments.count == 5, let count = Int(arguments[3]) else {
      fail("usage: count <file> <key> <writes> flush|exit|return", status: 2)
    }
    let store = try SettingsStore(backend: backend(file))
    let key = SettingsKey<Int>(arguments[2], default: 0)
    waitForGo()
    for value in 1...max(count, 1) {
      try store.set(value, for: key)
      if arguments[4] == "flush" {
        try await store.flush()
        say(String(value))
      }
    }
    if arguments[4] == "exit" { exit(0) }

  case "add-town":
    guard arguments.count == 5, let latitude = Double(arguments[3]),
      let longitude = Double(arguments[4])
    else { fail("usage: add-town <file> <name> <latitude> <longitude>", status: 2) }
    let town = try Town(
      name: arguments[2], coordinate: Coordinate(latitude: latitude, longitude: longitude))
    let store = try SettingsStore(backend: backend(file))
    waitForGo()
    do {
      try store.update(.savedTowns) { try $0.add(town) }
      try await store.flush()
      say("added")
    } catch let error as SettingsError {
      say(error.code.rawValue)
      exit(1)
    }

  case "hold-lock":
    guard arguments.count == 3, let seconds = UInt32(arguments[2]) else {
      fail("usage: hold-lock <file> <seconds>", status: 2)
    }
    let lock = file.appendingPathExtension("lock").path
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let descriptor = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else {
      fail("the lock could not be taken", status: 1)
    }
    say("locked")
    sleep(seconds)

  default:
    fail("unknown mode \(arguments[0])", status: 2)
  }
} catch {
  fail("\(error)", status: 1)
}
