import Foundation
import HaruModels
@_spi(Benchmarks) import HaruPlaces

/// `places.*`: reading KMA's area table, searching it by name and finding the nearest area, each
/// with a same-run baseline that scans every row.
enum PlacesBenchmarks {
  static let all = [load, search, searchBaseline, nearest, nearestBaseline]

  /// Queries drawn from the table's own names, each timed on its own.
  static let queryCount = 1000
  static let searchPlan = SamplingPlan(warmupBatches: 1000, samples: 5 * queryCount, batchSize: 1)
  static let pointCount = 1000
  static let nearestPlan = SamplingPlan(warmupBatches: 100, samples: 1000, batchSize: pointCount)

  /// `places.load`: reading the table from its compact form and building the indexes, as the
  /// first use does. The note says how much resident memory the first use added.
  static let load = Benchmark(name: "places.load", unit: .milliseconds) {
    let before = residentBytes()
    let count = PlaceDirectory().places.count
    let after = residentBytes()
    var samples = Harness.measure(SamplingPlan(warmupBatches: 2, samples: 20, batchSize: 1)) {
      UInt64(PlaceDirectory.readTableAgain())
    }
    if let before, let after {
      let megabytes = Double(after - before) / 1_048_576
      samples.note =
        "first use: \(count) areas; resident memory grew by "
        + "\(String(format: "%.2f", megabytes)) MB"
    }
    return samples
  }

  /// `places.search`: the first 20 results of one query, cycling through the queries.
  static let search = Benchmark(name: "places.search", unit: .microseconds) {
    let queries = Self.queries()
    let directory = PlaceDirectory()
    var next = 0
    var samples = Harness.measure(searchPlan) { () -> UInt64 in
      let query = queries[next % queries.count]
      next += 1
      let results = directory.search(query)
      return UInt64(results.count) &+ UInt64(results.first?.gridPoint.nx ?? 0)
    }
    // Which query is slowest, by the median of five more runs of each, for the note.
    let clock = ContinuousClock()
    var slowest = (query: "", nanoseconds: 0.0)
    for query in queries {
      var times: [Double] = []
      for _ in 0..<5 {
        let start = clock.now
        _ = directory.search(query)
        times.append(Harness.nanoseconds(start.duration(to: clock.now)))
      }
      let median = times.sorted()[2]
      if median > slowest.nanoseconds { slowest = (query, median) }
    }
    samples.note =
      "\(queries.count) queries of 1–10 characters drawn from the table's names; the slowest, "
      + "\(Report.jsonString(slowest.query)), takes \(Int(slowest.nanoseconds / 1000)) us (median of 5)"
    return samples
  }

  /// `places.search.baseline`: the same queries answered by a scan of every row, comparing each
  /// term with the full name (literal matches only, so less than search does), ranked the same.
  static let searchBaseline = Benchmark(name: "places.search.baseline", unit: .microseconds) {
    let queries = Self.queries()
    let rows = PlaceDirectory().places.map { place in
      (
        joined: place.fullName.replacingOccurrences(of: " ", with: ""), name: place.name,
        level: place.level
      )
    }
    var next = 0
    return Harness.measure(searchPlan) { () -> UInt64 in
      let query = queries[next % queries.count]
      next += 1
      let terms = query.precomposedStringWithCompatibilityMapping.lowercased()
        .split(whereSeparator: \.isWhitespace)
      guard !terms.isEmpty else { return 0 }
      var found: [(tier: Int, level: Int, row: Int)] = []
      for (index, row) in rows.enumerated() where terms.allSatisfy({ row.joined.contains($0) }) {
        let tier =
          terms.contains { $0 == row.name }
          ? 0 : terms.contains { row.name.hasPrefix($0) } ? 1 : 2
        let level = row.level == .neighborhood ? 0 : row.level == .district ? 1 : 2
        found.append((tier, level, index))
      }
      found.sort { ($0.tier, $0.level, $0.row) < ($1.tier, $1.level, $1.row) }
      return UInt64(min(found.count, 20)) &+ UInt64(found.first?.row ?? 0)
    }
  }

  /// `places.nearest`: the nearest 읍면동 to each of 1,000 points in South Korea.
  static let nearest = Benchmark(name: "places.nearest", unit: .nanoseconds) {
    let points = try GridBenchmarks.coordinatesInSouthKorea()
    let directory = PlaceDirectory()
    return try Harness.measure(nearestPlan) { () throws(ModelError) -> UInt64 in
      var digest: UInt64 = 0
      for point in points {
        digest &+= UInt64(try directory.nearest(to: point).gridPoint.nx)
      }
      return digest
    }
  }

  /// `places.nearest.baseline`: the same points answered by the great-circle distance to every
  /// 읍면동.
  static let nearestBaseline = Benchmark(name: "places.nearest.baseline", unit: .nanoseconds) {
    let points = try GridBenchmarks.coordinatesInSouthKorea()
    let rows = PlaceDirectory().places.compactMap { place -> (Double, Double, Int)? in
      guard place.level == .neighborhood, let point = place.coordinate else { return nil }
      return (point.latitude * .pi / 180, point.longitude * .pi / 180, place.gridPoint.nx)
    }
    return Harness.measure(nearestPlan) { () -> UInt64 in
      var digest: UInt64 = 0
      for point in points {
        let latitude = point.latitude * .pi / 180
        let longitude = point.longitude * .pi / 180
        var best = (Double.infinity, 0)
        for row in rows {
          let dLat = row.0 - latitude
          let dLon = row.1 - longitude
          let h =
            sin(dLat / 2) * sin(dLat / 2) + cos(latitude) * cos(row.0) * sin(dLon / 2)
            * sin(dLon / 2)
          if h < best.0 { best = (h, row.2) }
        }
        digest &+= UInt64(best.1)
      }
      return digest
    }
  }

  /// The same queries on every run: a stretch of 1 to 10 characters of an area's name, its full
  /// name, or its 시군구 and 읍면동, at a random place in it.
  static func queries() -> [String] {
    var generator = SplitMix64(seed: 0x504C_4143)  // "PLAC"
    let places = PlaceDirectory().places
    var queries: [String] = []
    while queries.count < queryCount {
      let place = places[Int(generator.next() % UInt64(places.count))]
      let source: String
      switch generator.next() % 10 {
      case 0..<5: source = place.name
      case 5..<8: source = place.fullName
      default:
        source = [place.district, place.neighborhood].compactMap(\.self).joined(separator: " ")
      }
      let characters = Array(source)
      guard !characters.isEmpty else { continue }
      let length = 1 + Int(generator.next() % UInt64(min(10, characters.count)))
      let start = Int(generator.next() % UInt64(characters.count - length + 1))
      let query = String(characters[start..<(start + length)])
      guard !query.allSatisfy(\.isWhitespace) else { continue }
      queries.append(query)
    }
    return queries
  }

  /// The process's resident memory, from `/proc/self/statm` (Linux); `nil` elsewhere.
  static func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
