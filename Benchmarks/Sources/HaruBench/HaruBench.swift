import Foundation

/// `haru-bench`: runs the benchmarks and prints one JSON line per result.
@main
enum HaruBench {
  /// Every benchmark, in the order they run. Names are stable; see `Benchmarks/README.md`.
  static let benchmarks: [Benchmark] =
    GridBenchmarks.all + ObservationBenchmarks.all + SettingsBenchmarks.all
    + SettingsSharingBenchmarks.all + ForecastBenchmarks.all + ForecastOutlookBenchmarks.all
    + ForecastRefreshBenchmarks.all
    + JournalBenchmarks.all + JournalProcessBenchmarks.all + JournalArchiveBenchmarks.all
    + PlacesBenchmarks.all + AirBenchmarks.all + WarningsBenchmarks.all

  static func main() async {
    // The other process of `settings.external-change.latency`.
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.count == 2, arguments[0] == "settings-writer" {
      exit(await ChildWriter.serve(file: arguments[1]))
    }
    // Another process of a journal benchmark, started by `BenchChild`.
    if await BenchChild.runIfAsked(arguments) {
      return
    }
    if await ArchiveChild.runIfAsked(arguments) {
      return
    }
    // The process of `forecast.widget-read` whose resident memory is measured.
    if await WidgetReadChild.runIfAsked(arguments) {
      return
    }
    let command: Command
    do {
      command = try Command(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
      Console.message("haru-bench: \(error)\n")
      Console.message(Command.usage)
      exit(2)
    }

    switch command {
    case .help:
      Console.message(Command.usage)
    case .run(let filter):
      let selected = benchmarks.filter { $0.name.hasPrefix(filter) }
      guard !selected.isEmpty else {
        Console.message("haru-bench: no benchmark name starts with '\(filter)'; the names are:")
        for benchmark in benchmarks {
          Console.message("  \(benchmark.name)")
        }
        exit(1)
      }
      if await !run(selected) {
        exit(1)
      }
    }
  }

  /// Runs the benchmarks one after another, each off the main actor.
  ///
  /// - Returns: Whether every benchmark could run.
  static func run(_ selected: [Benchmark]) async -> Bool {
    let clock = ContinuousClock()
    var succeeded = true
    for (index, benchmark) in selected.enumerated() {
      Console.message("[\(index + 1)/\(selected.count)] \(benchmark.name)")
      let start = clock.now
      do {
        let samples = try await benchmark.run()
        let elapsed = Harness.nanoseconds(start.duration(to: clock.now)) / 1e6
        Console.result(
          Report(name: benchmark.name, unit: benchmark.unit, samples: samples).jsonLine)
        let plan = samples.plan
        Console.message(
          "  \(plan.samples) samples of \(plan.batchSize) operations after \(plan.warmupBatches) "
            + "warm-up batches, \(Int(elapsed)) ms; sink \(String(samples.sink, radix: 16))")
        if let note = samples.note {
          Console.message("  \(note)")
        }
      } catch {
        Console.message("  failed: \(error)")
        succeeded = false
      }
    }
    return succeeded
  }
}
