/// The benchmarks of the scent journal (`journal.*`).
enum JournalBenchmarks {
  static let all: [Benchmark] = []
}
