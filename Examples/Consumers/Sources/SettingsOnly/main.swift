// HaruSettings alone: a settings file in a temporary folder, one preference changed and read back.

import Foundation
import HaruModels
import HaruSettings

let folder = FileManager.default.temporaryDirectory
  .appendingPathComponent("haru-settings-only-\(UUID().uuidString)", isDirectory: true)
defer { try? FileManager.default.removeItem(at: folder) }
do {
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let store = try SettingsStore(
    backend: FilePreferencesBackend(fileURL: folder.appendingPathComponent("settings.json")))
  try store.set(.fahrenheit, for: .temperatureUnit)
  print("settings: \(store[.temperatureUnit]), \(store[.savedTowns].current.name)")
} catch {
  print("settings failed: \(error)")
  exit(1)
}
