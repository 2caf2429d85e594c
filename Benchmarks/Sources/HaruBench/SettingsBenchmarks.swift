import Foundation
import HaruModels
import HaruSettings
import Synchronization

/// The benchmarks of the preferences store (`settings.*`), over a JSON file in a temporary folder.
enum SettingsBenchmarks {
  static let all = [
    read,
    writes(observers: 0, plan: SamplingPlan(warmupBatches: 50, samples: 1000, batchSize: 1000)),
    writes(observers: 10, plan: SamplingPlan(warmupBatches: 20, samples: 1000, batchSize: 200)),
    writes(observers: 100, plan: SamplingPlan(warmupBatches: 5, samples: 250, batchSize: 100)),
    isolatedWrite,
    flush,
  ]

  /// `settings.read`: one typed read of a key from memory.
  static let read = Benchmark(name: "settings.read", unit: .nanoseconds) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file))
    try store.set(.fahrenheit, for: .temperatureUnit)
    let plan = SamplingPlan(warmupBatches: 100, samples: 1000, batchSize: 1000)
    return Harness.measure(plan) { () -> UInt64 in
      var digest: UInt64 = 0
      for _ in 0..<plan.batchSize {
        digest &+= store[.temperatureUnit] == .fahrenheit ? 1 : 0
      }
      return digest
    }
  }

  /// `settings.write.observers-<n>`: one write of a small enum (the temperature unit, alternating)
  /// while `observers` tasks iterate the key's observation. The zero-observer line is the baseline.
  static func writes(observers: Int, plan: SamplingPlan) -> Benchmark {
    Benchmark(name: "settings.write.observers-\(observers)", unit: .nanoseconds) {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file))
      let seen = LastSeen(observers: observers)
      let samples = await withTaskGroup(of: Void.self, returning: Samples.self) { group in
        for index in 0..<observers {
          group.addTask {
            for await unit in store.observe(.temperatureUnit) {
              seen.record(unit, observer: index)
            }
          }
        }
        func caughtUp() -> Bool {
          let current = store[.temperatureUnit]
          return seen.all(equal: current)
        }
        while !caughtUp() { await Task.yield() }

        var next = TemperatureUnit.celsius
        var samples = await Harness.measure(plan) {
          var digest: UInt64 = 0
          for _ in 0..<plan.batchSize {
            next = next == .celsius ? .fahrenheit : .celsius
            try? store.set(next, for: .temperatureUnit)
            digest &+= next == .celsius ? 1 : 2
          }
          return digest
        } settle: {
          // Untimed: every observer has the last value, so each batch starts alike.
          while !caughtUp() { await Task.yield() }
        }
        group.cancelAll()
        let final = store[.temperatureUnit]
        let ended = seen.all(equal: final)
        samples.note = "every observer ended on the last write: \(ended)"
        return samples
      }
      try await store.flush()
      return samples
    }
  }

  /// `settings.write.isolated-observers-10`: one write at a time, each after the 10 observers
  /// have caught up and the background writer has saved: what a lone tap on a settings screen
  /// costs the writer, including handing the save to the writer thread. The burst lines above
  /// spread that hand-off over many writes.
  static let isolatedWrite = Benchmark(
    name: "settings.write.isolated-observers-10", unit: .nanoseconds
  ) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file))
    let observers = 10
    let seen = LastSeen(observers: observers)
    let plan = SamplingPlan(warmupBatches: 10, samples: 300, batchSize: 1)
    let samples = await withTaskGroup(of: Void.self, returning: Samples.self) { group in
      for index in 0..<observers {
        group.addTask {
          for await unit in store.observe(.temperatureUnit) {
            seen.record(unit, observer: index)
          }
        }
      }
      var next = TemperatureUnit.celsius
      let samples = await Harness.measure(plan) {
        next = next == .celsius ? .fahrenheit : .celsius
        try? store.set(next, for: .temperatureUnit)
        return next == .celsius ? 1 : 2
      } settle: {
        while !seen.all(equal: store[.temperatureUnit]) { await Task.yield() }
        try? await store.flush()
      }
      group.cancelAll()
      return samples
    }
    return samples
  }

  /// `settings.flush`: change one of 20 keys and wait until the file is durably replaced.
  static let flush = Benchmark(name: "settings.flush", unit: .microseconds) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file))
    let keys = (0..<20).map { SettingsKey("bench.key\($0)", default: 0) }
    for (index, key) in keys.enumerated() {
      try store.set(index, for: key)
    }
    try await store.flush()
    var counter = 100
    let plan = SamplingPlan(warmupBatches: 10, samples: 200, batchSize: 1)
    return try await Harness.measureAsync(plan) { () async throws -> UInt64 in
      counter += 1
      try store.set(counter, for: keys[counter % keys.count])
      try await store.flush()
      return UInt64(counter)
    }
  }
}

/// A folder for one benchmark's files.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "haru-bench-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  var file: URL { url.appendingPathComponent("settings.json") }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// The last value each observer saw.
final class LastSeen: Sendable {
  private let values: Mutex<[TemperatureUnit?]>

  init(observers: Int) {
    values = Mutex(Array(repeating: nil, count: observers))
  }

  func record(_ unit: TemperatureUnit, observer: Int) {
    values.withLock { $0[observer] = unit }
  }

  func all(equal unit: TemperatureUnit) -> Bool {
    values.withLock { $0.allSatisfy { $0 == unit } }
  }
}
