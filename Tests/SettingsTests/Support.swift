import Foundation
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

  /// The names of the files in the folder, sorted.
  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}

/// A custom key, as an app would define one.
extension SettingsKey where Value == Int {
  static var launchCount: SettingsKey<Int> { SettingsKey("app.launchCount", default: 0) }
}
