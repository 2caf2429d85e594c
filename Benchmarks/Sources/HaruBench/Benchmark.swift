/// A named measurement.
///
/// The name is `<area>.<metric>`, such as `models.grid.project`, and is stable: scripts compare
/// runs by it, so renaming a benchmark starts a new series. A metric that exists to be compared
/// with another one (the loop without the work, the writer without observers) is measured in the
/// same run, under a name that says so.
struct Benchmark: Sendable {
  let name: String
  let unit: Unit
  /// Sets up the input (outside the timed region), then measures. Runs off the main actor.
  let run: @Sendable () async throws -> Samples
}
