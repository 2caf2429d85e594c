import Synchronization

/// One result line: the machine-readable output of a benchmark.
struct Report: Sendable {
  var name: String
  var unit: Unit
  var median: Double
  /// Left out of the line where it means nothing, such as for a throughput.
  var p99: Double?
  var n: Int
  /// An extra count some benchmarks report, such as the results on a search's first page.
  var hits: Int?

  init(name: String, unit: Unit, samples: Samples) {
    self.name = name
    self.unit = unit
    median = unit.value(fromNanosecondsPerOperation: samples.median)
    p99 =
      unit.hasPercentiles ? unit.value(fromNanosecondsPerOperation: samples.percentile(0.99)) : nil
    n = samples.nanosecondsPerOperation.count
    hits = ReportExtras.hits(for: name)
  }

  /// The report as one line of JSON, fields in a fixed order:
  /// `{"name": "models.grid.project", "unit": "ns", "median": 123.4, "p99": 150.2, "n": 1000}`.
  var jsonLine: String {
    var fields = [
      "\"name\": \(Self.jsonString(name))",
      "\"unit\": \(Self.jsonString(unit.rawValue))",
      "\"median\": \(Self.jsonNumber(median))",
    ]
    if let p99 {
      fields.append("\"p99\": \(Self.jsonNumber(p99))")
    }
    fields.append("\"n\": \(n)")
    if let hits {
      fields.append("\"hits\": \(hits)")
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  /// A number rounded to two decimals. JSON has no infinity or NaN, so those become `null`.
  static func jsonNumber(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let rounded = (value * 100).rounded() / 100
    // Swift prints the shortest text that reads back as the same Double: "123.4", "0.25", or
    // "1e+20" for huge values. All of these are valid JSON numbers.
    return "\(rounded)"
  }

  static func jsonString(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }
}

/// Counts that benchmarks record for their report line, by benchmark name.
enum ReportExtras {
  private static let recorded = Mutex<[String: Int]>([:])

  static func record(hits: Int, for name: String) {
    recorded.withLock { $0[name] = hits }
  }

  static func hits(for name: String) -> Int? {
    recorded.withLock { $0[name] }
  }
}
