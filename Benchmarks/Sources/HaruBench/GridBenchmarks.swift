import HaruModels

/// The latitude/longitude → KMA grid projection, and the same loop without it.
enum GridBenchmarks {
  static let all = [project, projectBaseline]

  /// One batch is one pass over the coordinates, so every batch does the same work.
  static let plan = SamplingPlan(warmupBatches: 100, samples: 1000, batchSize: coordinateCount)

  static let coordinateCount = 1000
  static let latitudes = 33.2...38.5
  static let longitudes = 125.0...129.5

  /// `GridPoint(containing:)` per call, cycling through the same 1000 places in South Korea.
  static let project = Benchmark(name: "models.grid.project", unit: .nanoseconds) {
    let coordinates = try coordinatesInSouthKorea()
    return try Harness.measure(plan) { () throws(ModelError) -> UInt64 in
      var digest: UInt64 = 0
      for coordinate in coordinates {
        let cell = try GridPoint(containing: coordinate)
        digest &+= UInt64(truncatingIfNeeded: cell.nx &* 256 &+ cell.ny)
      }
      return digest
    }
  }

  /// The same loop over the same coordinates, adding latitude and longitude instead of
  /// projecting: what `models.grid.project` costs beyond iterating.
  static let projectBaseline = Benchmark(
    name: "models.grid.project.baseline", unit: .nanoseconds
  ) {
    let coordinates = try coordinatesInSouthKorea()
    return Harness.measure(plan) { () -> UInt64 in
      var sum = 0.0
      for coordinate in coordinates {
        sum += coordinate.latitude + coordinate.longitude
      }
      return sum.bitPattern
    }
  }

  /// The same places on every run, each checked to lie inside the forecast grid, so the timed
  /// loop never takes the error path.
  static func coordinatesInSouthKorea() throws(ModelError) -> [Coordinate] {
    var generator = SplitMix64(seed: 0x4841_5255)  // "HARU"
    var coordinates: [Coordinate] = []
    coordinates.reserveCapacity(coordinateCount)
    for _ in 0..<coordinateCount {
      let coordinate = try Coordinate(
        latitude: generator.uniform(in: latitudes),
        longitude: generator.uniform(in: longitudes))
      _ = try GridPoint(containing: coordinate)
      coordinates.append(coordinate)
    }
    return coordinates
  }
}
