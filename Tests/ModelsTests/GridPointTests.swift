import HaruModels
import Testing

struct GridPointTests {
  /// KMA's published reference points: (name, latitude, longitude, nx, ny).
  static let publishedPoints: [(String, Double, Double, Int, Int)] = [
    ("Seoul", 37.5635694, 126.9800083, 60, 127),
    ("Seoul City Hall", 37.5665, 126.9780, 60, 127),
    ("Busan", 35.1770194, 129.0769528, 98, 76),
    ("Incheon", 37.4532333, 126.7073528, 55, 124),
    ("Gwangju", 35.1569750, 126.8533639, 58, 74),
    ("Daejeon", 36.3471194, 127.3865667, 67, 100),
    ("Ulsan", 35.5354083, 129.3136889, 102, 84),
    ("Daegu", 35.8685417, 128.6035528, 89, 90),
    ("Jeju City", 33.4996213, 126.5311884, 53, 38),
  ]

  @Test(arguments: publishedPoints)
  func publishedPointsProjectToTheirCells(
    name: String, latitude: Double, longitude: Double, nx: Int, ny: Int
  ) throws {
    let point = try GridPoint(containing: Coordinate(latitude: latitude, longitude: longitude))
    #expect(point.nx == nx, "\(name)")
    #expect(point.ny == ny, "\(name)")
  }

  @Test func publishedInverseMatchesWithinAHundredThousandthOfADegree() throws {
    let center = try GridPoint(nx: 59, ny: 125).center
    #expect(abs(center.latitude - 37.488201) < 1e-5)
    #expect(abs(center.longitude - 126.929810) < 1e-5)
  }

  @Test func everyCellOfTheGridRoundTripsThroughItsCentre() throws {
    var failures: [String] = []
    for nx in GridPoint.columns {
      for ny in GridPoint.rows {
        let cell = try GridPoint(nx: nx, ny: ny)
        let back = try GridPoint(containing: cell.center)
        if back != cell { failures.append("\(cell) → \(back)") }
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(10))")
  }

  @Test(arguments: [
    (48.8566, 2.3522),  // Paris
    (0.0, 0.0),
    (-89.0, 126.0),
    (89.9, 126.0),
    (37.5665, -53.022),  // the antipodal longitude
    (44.5, 126.0),  // north of the grid
    (30.0, 126.0),  // south of the grid
    (37.5, 119.0),  // west of the grid
    (37.5, 133.0),  // east of the grid
  ])
  func placesOutsideTheGridAreAnErrorNotAClamp(latitude: Double, longitude: Double) throws {
    let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
    let error = #expect(throws: ModelError.self) {
      try GridPoint(containing: coordinate)
    }
    #expect(error?.code == .outsideForecastGrid)
  }

  @Test(arguments: [(0, 1), (150, 1), (1, 0), (1, 254), (-60, 127), (Int.max, Int.min)])
  func cellsOutsideTheGridAreRefused(nx: Int, ny: Int) {
    #expect(throws: ModelError.self) { try GridPoint(nx: nx, ny: ny) }
    do {
      _ = try GridPoint(nx: nx, ny: ny)
    } catch {
      #expect(error.code == .outsideForecastGrid)
      #expect(error.field == (GridPoint.columns.contains(nx) ? "ny" : "nx"))
    }
  }

  @Test func cornersOfTheGridAreInside() throws {
    for (nx, ny) in [(1, 1), (149, 1), (1, 253), (149, 253)] {
      let cell = try GridPoint(nx: nx, ny: ny)
      #expect(try GridPoint(containing: cell.center) == cell)
    }
  }

  @Test func descriptionIsColumnCommaRow() throws {
    #expect(try GridPoint(nx: 60, ny: 127).description == "60,127")
  }
}

struct CoordinateTests {
  @Test(arguments: [
    (Double.nan, 126.0, "latitude"),
    (37.0, Double.nan, "longitude"),
    (Double.infinity, 126.0, "latitude"),
    (37.0, -Double.infinity, "longitude"),
    (90.0001, 126.0, "latitude"),
    (-91.0, 126.0, "latitude"),
    (37.0, 180.5, "longitude"),
    (126.9780, 37.5665, "latitude"),  // latitude and longitude swapped
  ])
  func invalidValuesAreRefusedNamingTheField(
    latitude: Double, longitude: Double, field: String
  ) {
    do {
      _ = try Coordinate(latitude: latitude, longitude: longitude)
      Issue.record("accepted \(latitude), \(longitude)")
    } catch {
      #expect(error.code == .invalidCoordinate)
      #expect(error.field == field)
    }
  }

  @Test func extremesAreAccepted() throws {
    let north = try Coordinate(latitude: 90, longitude: 180)
    let south = try Coordinate(latitude: -90, longitude: -180)
    #expect(north.latitude == 90)
    #expect(south.longitude == -180)
  }
}
