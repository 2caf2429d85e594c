import Foundation
import HaruModels
import HaruSettings

/// A folder under the system's temporary directory, removed when the value is released.
final class TemporaryFolder: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("haru-settings-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  func file(_ name: String = "settings.json") -> URL {
    url.appendingPathComponent(name)
  }

  /// The names of the files in the folder, sorted, leaving out lock files (which every writer
  /// creates and nobody removes).
  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted().filter {
      !$0.hasSuffix(".lock")
    }
  }
}

/// A custom key, as an app would define one.
extension SettingsKey where Value == Int {
  static var launchCount: SettingsKey<Int> { SettingsKey("app.launchCount", default: 0) }
}

extension PreferencesBackend {
  /// Stores `preferences` in place of whatever is stored.
  func replaceAll(with preferences: StoredPreferences) throws(SettingsError) {
    try modify { _ in preferences }
  }
}

extension SettingsStore {
  /// Waits until the key's value satisfies `condition`: for changes that other stores or
  /// processes make, which arrive on their own. The test's time limit bounds the wait.
  func waitUntil<Value>(
    _ key: SettingsKey<Value>, _ condition: @escaping @Sendable (Value) -> Bool
  ) async -> Value? {
    for await value in observe(key) where condition(value) {
      return value
    }
    return nil
  }
}
