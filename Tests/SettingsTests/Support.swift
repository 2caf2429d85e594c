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

/// A thread-safe flag.
final class LockedBool: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  func withLock<Result>(_ body: (inout Bool) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  func add() {
    lock.lock()
    count += 1
    lock.unlock()
  }
}

/// The last value each observer saw.
final class LastValues: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Int?]

  init(observers: Int) {
    values = Array(repeating: nil, count: observers)
  }

  func record(_ value: Int, observer: Int) {
    lock.lock()
    values[observer] = value
    lock.unlock()
  }

  func count(equalTo value: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    return values.count { $0 == value }
  }
}
