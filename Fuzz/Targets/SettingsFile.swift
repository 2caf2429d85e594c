// Fuzz target: a settings file of any content, loaded by the file backend and opened by a store
// that reads every standard key. Compiled into HaruSettings by run.sh.

import Foundation

/// One folder for the whole run; each input replaces the file in it.
private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
  "haru-fuzz-settings-\(getpid())", isDirectory: true)

/// Runs one input; the entry point in `Entry/` calls it for every input libFuzzer tries.
///
/// - Parameters:
///   - start: The input's first byte, or `nil` when it is empty.
///   - count: The input's length in bytes.
/// - Returns: 0, as libFuzzer requires; a problem shows as a crash or a sanitizer report.
public func fuzzSettingsFile(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let data = start.map { Data(bytes: $0, count: count) } ?? Data()
  // The decoder alone, as a backend reads the file.
  _ = try? JSONDecoder().decode(StoredPreferences.self, from: data)
  // The whole path: the backend sets an unreadable file aside, the store decodes every value.
  try? FileManager.default.removeItem(at: folder)
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let file = folder.appendingPathComponent("settings.json")
  guard (try? data.write(to: file)) != nil else { return 0 }
  guard let store = try? SettingsStore(backend: FilePreferencesBackend(fileURL: file)) else {
    return 0
  }
  _ = store[.themeMode]
  _ = store[.temperatureUnit]
  _ = store[.petType]
  _ = store[.savedTowns]
  return 0
}
