/// How a benchmark is sampled: batches of a fixed size, some thrown away to warm up, the rest
/// timed. Fixed numbers (rather than "run for two seconds") keep `n` and the work identical from
/// run to run, so two runs can be compared line by line.
struct SamplingPlan: Sendable {
  /// Batches run before measuring: caches, branch predictors, lazily initialised globals and the
  /// concurrency runtime's threads all settle here.
  var warmupBatches: Int
  /// Batches timed; each gives one sample.
  var samples: Int
  /// Operations per batch. A sample is the batch's time divided by this.
  var batchSize: Int
}
