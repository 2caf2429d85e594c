import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The benchmarks of the disk cache the app, its widget and the CLI share: the widget's read of
/// a stored outlook, and a refresh when nothing new was published.
enum ForecastRefreshBenchmarks {
  static let all = [widgetRead, nothingNew]

  /// 10:30 KST: the 08:00 short-term run and the 10:00 nowcast are current.
  static let morning = ForecastServiceBenchmarks.morning

  /// `ForecastService.storedOutlook(for:cacheDirectory:at:)` on an outlook a refresh stored: one
  /// file read and decoded on the cache's queue, no request and no write. The note gives the
  /// resident memory of a process of this executable that does only that read, next to one that
  /// does nothing.
  static let widgetRead = Benchmark(name: "forecast.widget-read", unit: .microseconds) {
    let directory = try await storedOutlook()
    defer { try? FileManager.default.removeItem(at: directory) }
    let plan = SamplingPlan(warmupBatches: 20, samples: 500, batchSize: 1)
    var samples = try await Harness.measureAsync(plan) {
      guard
        let stored = await ForecastService.storedOutlook(
          for: .seoulCityHall, cacheDirectory: directory, at: morning)
      else { throw BenchmarkSetupError(message: "nothing stored") }
      return UInt64(stored.outlook.days.count + stored.parts.count)
    }
    let reader = try childPeakResident(["widget-read-child", directory.path])
    let bare = try childPeakResident(["widget-read-child"])
    samples.note =
      "a process of this executable that only reads the stored outlook peaks at "
      + "\(reader / 1024) MB resident, \((reader - bare) / 1024) MB over the same "
      + "executable doing nothing (\(bare / 1024) MB)"
    return samples
  }

  /// A refresh as a new process makes it (a new `ForecastService` on the folder) ten minutes
  /// after the last one, when KMA published nothing new: the parts are read under the cell's
  /// lock, nothing is asked, the outlook is made and stored. The note counts the requests.
  static let nothingNew = Benchmark(
    name: "forecast.refresh.nothing-new", unit: .microseconds
  ) {
    let transport = try ForecastServiceBenchmarks.answering(after: nil)
    let directory = try await storedOutlook(transport: transport)
    defer { try? FileManager.default.removeItem(at: directory) }
    let before = transport.requests.count
    let later = morning.addingTimeInterval(10 * 60)
    let plan = SamplingPlan(warmupBatches: 10, samples: 300, batchSize: 1)
    var samples = try await Harness.measureAsync(plan) {
      let service = ForecastService(
        provider: try KMAProvider(serviceKey: "benchmark", transport: transport),
        now: { later }, cacheDirectory: directory)
      return UInt64(try await service.outlook(for: .seoulCityHall).days.count)
    }
    samples.note =
      "\(transport.requests.count - before) requests in \(plan.warmupBatches + plan.samples) "
      + "refreshes (the first refresh, which stored the parts, made \(before))"
    return samples
  }

  /// A folder holding the outlook a refresh at ``morning`` stored.
  static func storedOutlook(
    transport: StubTransport? = nil
  ) async throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "haru-bench-widget-\(UUID().uuidString)", directoryHint: .isDirectory)
    let service = ForecastService(
      provider: try KMAProvider(
        serviceKey: "benchmark",
        transport: try transport ?? ForecastServiceBenchmarks.answering(after: nil)),
      now: { morning }, cacheDirectory: directory)
    _ = try await service.outlook(for: .seoulCityHall)
    return directory
  }

  /// Runs this executable with arguments and reads the peak resident memory it prints, in KB.
  static func childPeakResident(_ arguments: [String]) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard let text = String(data: output, encoding: .utf8),
      let kilobytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw BenchmarkSetupError(message: "the child printed no resident size") }
    return kilobytes
  }
}

/// `haru-bench widget-read-child [FOLDER]` in a child process: reads the stored outlook of
/// Seoul City Hall from the folder (or, without one, does nothing) and prints its peak resident
/// memory in KB.
enum WidgetReadChild {
  static func runIfAsked(_ arguments: [String]) async -> Bool {
    guard arguments.first == "widget-read-child" else { return false }
    if arguments.count == 2 {
      let stored = await ForecastService.storedOutlook(
        for: .seoulCityHall, cacheDirectory: URL(fileURLWithPath: arguments[1]),
        at: ForecastRefreshBenchmarks.morning)
      if stored == nil { Console.message("widget-read-child: nothing stored\n") }
    }
    let usage = resourceUsage()
    // Linux reports KB, Darwin bytes.
    #if canImport(Darwin)
      print(usage.ru_maxrss / 1024)
    #else
      print(usage.ru_maxrss)
    #endif
    return true
  }
}
