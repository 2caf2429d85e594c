import Foundation
import HaruModels
import HaruSettings

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The benchmarks of settings shared by several writers (`settings.write.cross-process`,
/// `settings.external-change.latency`, `settings.watch.idle-cpu`) and the same-run baselines the
/// store's reads and writes are held against (`settings.baseline.*`).
enum SettingsSharingBenchmarks {
  static let all = [
    mutexRead, mutexWrite, crossProcessWrite, externalChangeLatency, idle(watching: false),
    idle(watching: true),
  ]

  /// `settings.baseline.mutex-read`: an enum behind a `pthread` mutex, read. `settings.read` is
  /// held against it.
  static let mutexRead = Benchmark(name: "settings.baseline.mutex-read", unit: .nanoseconds) {
    let value = MutexBox(TemperatureUnit.fahrenheit)
    let plan = SamplingPlan(warmupBatches: 100, samples: 1000, batchSize: 1000)
    return Harness.measure(plan) { () -> UInt64 in
      var digest: UInt64 = 0
      for _ in 0..<plan.batchSize {
        digest &+= value.read() == .fahrenheit ? 1 : 0
      }
      return digest
    }
  }

  /// `settings.baseline.mutex-write`: an enum behind a `pthread` mutex, written (alternating).
  /// The writes of the store are held against it.
  static let mutexWrite = Benchmark(name: "settings.baseline.mutex-write", unit: .nanoseconds) {
    let value = MutexBox(TemperatureUnit.celsius)
    let plan = SamplingPlan(warmupBatches: 100, samples: 1000, batchSize: 1000)
    var next = TemperatureUnit.celsius
    return Harness.measure(plan) { () -> UInt64 in
      var digest: UInt64 = 0
      for _ in 0..<plan.batchSize {
        next = next == .celsius ? .fahrenheit : .celsius
        value.write(next)
        digest &+= next == .celsius ? 1 : 2
      }
      return digest
    }
  }

  /// `settings.write.cross-process`: one write waited for with `flush()`, after another writer
  /// (a second store on the file, as another process would be) changed the file: the lock, the
  /// read of the newest file, the merge and the durable replace. Compare with `settings.flush`.
  static let crossProcessWrite = Benchmark(
    name: "settings.write.cross-process", unit: .microseconds
  ) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file))
    let other = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file))
    let keys = (0..<20).map { SettingsKey("bench.key\($0)", default: 0) }
    for (index, key) in keys.enumerated() {
      try store.set(index, for: key)
    }
    try await store.flush()
    let otherKey = SettingsKey("bench.other", default: 0)
    let plan = SamplingPlan(warmupBatches: 10, samples: 200, batchSize: 1)
    let clock = ContinuousClock()
    var times: [Double] = []
    var sink: UInt64 = 0
    for round in 0..<(plan.warmupBatches + plan.samples) {
      // Untimed: the other writer's change, which the timed write must merge with.
      try other.set(round + 1, for: otherKey)
      try await other.flush()
      let start = clock.now
      try store.set(round + 100, for: keys[round % keys.count])
      try await store.flush()
      let elapsed = Harness.nanoseconds(start.duration(to: clock.now))
      if round >= plan.warmupBatches { times.append(elapsed) }
      sink &+= UInt64(round)
    }
    let stored = try FilePreferencesBackend(fileURL: folder.file).load()
    let merged = stored?.values["bench.other"] == .integer(Int64(plan.warmupBatches + plan.samples))
    var samples = Samples(nanosecondsPerOperation: times, plan: plan, sink: sink)
    samples.note = "the file kept the other writer's last value: \(merged)"
    return samples
  }

  /// `settings.external-change.latency`: another process sets a value and flushes; the time
  /// until this process's observer sees it, including the other process's save.
  static let externalChangeLatency = Benchmark(
    name: "settings.external-change.latency", unit: .microseconds
  ) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let key = SettingsKey("bench.external", default: 0)
    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file))
    let writer = try ChildWriter(file: folder.file)
    defer { writer.stop() }
    var values = store.observe(key).makeAsyncIterator()
    _ = await values.next()
    let plan = SamplingPlan(warmupBatches: 10, samples: 200, batchSize: 1)
    let clock = ContinuousClock()
    var times: [Double] = []
    for round in 1...(plan.warmupBatches + plan.samples) {
      let start = clock.now
      writer.set(round)
      while let seen = await values.next(), seen != round {}
      let elapsed = Harness.nanoseconds(start.duration(to: clock.now))
      if round > plan.warmupBatches { times.append(elapsed) }
    }
    var samples = Samples(
      nanosecondsPerOperation: times, plan: plan, sink: UInt64(store[key]))
    samples.note =
      "the observer ended on the writer's last value: \(store[key] == times.count + 10)"
    return samples
  }

  /// `settings.watch.idle-cpu`: the processor time this process uses in 10 s of watching a
  /// settings file that nobody changes (one sample; user plus system time), and
  /// `settings.baseline.idle-cpu`: the same 10 s with no store open, in the same run.
  static func idle(watching: Bool) -> Benchmark {
    let name = watching ? "settings.watch.idle-cpu" : "settings.baseline.idle-cpu"
    return Benchmark(name: name, unit: .microseconds) {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      let store =
        try watching ? SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file)) : nil
      let observer = Task { if let store { for await _ in store.observe(.petType) {} } }
      defer { observer.cancel() }
      try await Task.sleep(for: .milliseconds(200))
      let before = processorTime()
      try await Task.sleep(for: .seconds(10))
      let used = processorTime() - before
      var samples = Samples(
        nanosecondsPerOperation: [used],
        plan: SamplingPlan(warmupBatches: 0, samples: 1, batchSize: 1), sink: UInt64(used))
      samples.note =
        "processor time of the whole process over 10 s"
        + (watching ? ", one store watching" : ", no store")
      return samples
    }
  }

  /// User plus system time of this process, in nanoseconds.
  static func processorTime() -> Double {
    let usage = resourceUsage()
    let user = Double(usage.ru_utime.tv_sec) * 1e9 + Double(usage.ru_utime.tv_usec) * 1e3
    let system = Double(usage.ru_stime.tv_sec) * 1e9 + Double(usage.ru_stime.tv_usec) * 1e3
    return user + system
  }
}

/// This process's `getrusage(RUSAGE_SELF)`.
func resourceUsage() -> rusage {
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  return usage
}

/// A value behind a `pthread` mutex.
final class MutexBox<Value: Sendable>: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  private var value: Value

  init(_ value: Value) {
    self.value = value
    pthread_mutex_init(&mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(&mutex)
  }

  func read() -> Value {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return value
  }

  func write(_ new: Value) {
    pthread_mutex_lock(&mutex)
    value = new
    pthread_mutex_unlock(&mutex)
  }
}

/// `haru-bench settings-writer FILE` in a child process: sets `bench.external` to each number
/// read from standard input and flushes.
final class ChildWriter: Sendable {
  private let process: Process
  private let input: FileHandle

  init(file: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    process.arguments = ["settings-writer", file.path]
    let pipe = Pipe()
    process.standardInput = pipe
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    self.process = process
    input = pipe.fileHandleForWriting
  }

  func set(_ value: Int) {
    input.write(Data("\(value)\n".utf8))
  }

  func stop() {
    try? input.close()
    process.waitUntilExit()
  }

  /// The child's side.
  static func serve(file: String) async -> Int32 {
    do {
      let store = try SettingsStore(
        backend: FilePreferencesBackend(fileURL: URL(fileURLWithPath: file)))
      let key = SettingsKey("bench.external", default: 0)
      while let line = readLine() {
        guard let value = Int(line) else { continue }
        try store.set(value, for: key)
        try await store.flush()
      }
      return 0
    } catch {
      Console.message("settings-writer: \(error)\n")
      return 1
    }
  }
}
