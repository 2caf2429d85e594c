// Writes settings one after another, flushing each, and prints each value's key and value on its
// own line as soon as the flush has returned. The settings crash test kills this process at a
// random moment and then checks that the file still parses and holds every printed value.
//
//   HaruSettingsCrashHelper <settings file> <number of writes> <seed>

import Foundation
import HaruSettings

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]), let seed = UInt64(arguments[3]) else {
  FileHandle.standardError.write(
    Data("usage: HaruSettingsCrashHelper <settings file> <number of writes> <seed>\n".utf8))
  exit(2)
}

do {
  let store = try SettingsStore(
    backend: FilePreferencesBackend(fileURL: URL(fileURLWithPath: arguments[1])))
  for index in 0..<count {
    let key = SettingsKey<Int>("crash.\(seed).\(index)", default: -1)
    let value = index &* 7 &+ Int(truncatingIfNeeded: seed)
    try store.set(value, for: key)
    try await store.flush()
    FileHandle.standardOutput.write(Data("\(key.name) \(value)\n".utf8))
  }
} catch {
  FileHandle.standardError.write(Data("HaruSettingsCrashHelper: \(error)\n".utf8))
  exit(1)
}
