/// The unit a benchmark reports in. The raw value is what the JSON line says.
enum Unit: String, Sendable {
  case nanoseconds = "ns"
  case microseconds = "us"
  case milliseconds = "ms"
  /// A throughput: operations (rows) per second, higher is better.
  case rowsPerSecond = "rows/s"

  /// Whether a 99th percentile means something in this unit. For a throughput, the slow tail
  /// is not a percentile of rates, so it is left out.
  var hasPercentiles: Bool {
    self != .rowsPerSecond
  }

  /// Converts a time per operation into this unit.
  func value(fromNanosecondsPerOperation nanoseconds: Double) -> Double {
    switch self {
    case .nanoseconds: nanoseconds
    case .microseconds: nanoseconds / 1e3
    case .milliseconds: nanoseconds / 1e6
    case .rowsPerSecond: nanoseconds > 0 ? 1e9 / nanoseconds : 0
    }
  }
}
