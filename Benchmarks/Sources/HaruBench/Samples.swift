/// What one benchmark measured: a time per operation for every sample.
struct Samples: Sendable {
  /// Nanoseconds per operation, one per timed batch, in the order they were taken.
  var nanosecondsPerOperation: [Double]
  /// The plan the samples were taken with.
  var plan: SamplingPlan
  /// Every batch's result folded together, printed to standard error so the work cannot be
  /// optimised away.
  var sink: UInt64
  /// Anything worth telling the reader on standard error, such as how many values consumers saw.
  var note: String? = nil

  /// The sample at or below which `fraction` of the samples lie (nearest rank), such as 0.99.
  func percentile(_ fraction: Double) -> Double {
    let sorted = nanosecondsPerOperation.sorted()
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }

  /// The median: the middle sample, or the mean of the two middle ones.
  var median: Double {
    let sorted = nanosecondsPerOperation.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}
