/// The benchmarks of the forecast client (`forecast.*`).
enum ForecastBenchmarks {
  static let all: [Benchmark] = []
}
