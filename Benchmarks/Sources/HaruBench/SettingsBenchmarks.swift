/// The benchmarks of the preferences store (`settings.*`).
enum SettingsBenchmarks {
  static let all: [Benchmark] = []
}
