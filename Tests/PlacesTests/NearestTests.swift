import Foundation
import HaruModels
import HaruPlaces
import Testing

/// The nearest area to a coordinate.
struct NearestTests {
  let places = PlaceDirectory()
  let all = PlaceDirectory().places

  /// The reference: every area's great-circle distance, the smallest first, table order on ties.
  func nearestByScan(_ coordinate: Coordinate, level: Place.Level) -> Place? {
    var best: (Place, Double)?
    for place in all where place.level == level {
      guard let point = place.coordinate else { continue }
      let distance = haversine(coordinate, point)
      if best.map({ distance < $0.1 }) ?? true {
        best = (place, distance)
      }
    }
    return best?.0
  }

  func haversine(_ a: Coordinate, _ b: Coordinate) -> Double {
    let radians = Double.pi / 180
    let dLat = (b.latitude - a.latitude) * radians
    let dLon = (b.longitude - a.longitude) * radians
    let h =
      sin(dLat / 2) * sin(dLat / 2)
      + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
  }

  @Test func seongbokIsNearestToItsOwnPoint() throws {
    let place = try places.nearest(to: Coordinate(latitude: 37.310331, longitude: 127.083233))
    #expect(place.fullName == "경기도 용인시수지구 성복동")
  }

  @Test func cityHallIsInSogong() throws {
    let cityHall = try Coordinate(latitude: 37.5665, longitude: 126.978)
    #expect(try places.nearest(to: cityHall).fullName == "서울특별시 중구 소공동")
    #expect(try places.nearest(to: cityHall, level: .district).province == "서울특별시")
    #expect(try places.nearest(to: cityHall, level: .province).fullName == "서울특별시")
  }

  @Test(arguments: Place.Level.allCases)
  func everyAreaIsNearestToItselfOrToAnEarlierAreaAtTheSamePoint(_ level: Place.Level) throws {
    for place in all where place.level == level {
      guard let point = place.coordinate else { continue }
      let found = try places.nearest(to: point, level: level)
      #expect(found.coordinate == point, "\(place.fullName)")
      let firstAtPoint = all.first { $0.level == level && $0.coordinate == point }
      #expect(found.code == firstAtPoint?.code, "\(place.fullName)")
    }
  }

  @Test func agreesWithAScanOnRandomPoints() throws {
    var generator = SystemRandomNumberGenerator()
    var seed = UInt64.random(in: 0...UInt64.max, using: &generator)
    // A fixed stream of points over the grid's land and seas (and its edges).
    func next() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(seed >> 11) / Double(1 << 53)
    }
    var checked = 0
    for _ in 0..<2000 {
      let coordinate = try Coordinate(latitude: 31 + next() * 10, longitude: 122 + next() * 12)
      guard (try? GridPoint(containing: coordinate)) != nil else {
        #expect(throws: ModelError.self) { try places.nearest(to: coordinate) }
        continue
      }
      let level = Place.Level.allCases[checked % 3]
      let found = try places.nearest(to: coordinate, level: level)
      #expect(found.level == level)
      let expected = try #require(nearestByScan(coordinate, level: level))
      let foundPoint = try #require(found.coordinate)
      let expectedPoint = try #require(expected.coordinate)
      #expect(
        abs(haversine(coordinate, foundPoint) - haversine(coordinate, expectedPoint)) < 1e-6,
        "\(coordinate): \(found.fullName) vs \(expected.fullName)")
      checked += 1
    }
    #expect(checked > 500)
  }

  @Test(arguments: [
    (0.0, 0.0), (35.6812, 139.7671), (48.8566, 2.3522), (-37.56, 126.97), (60, 127),
  ])
  func aCoordinateOutsideTheGridIsATypedError(_ latitude: Double, _ longitude: Double) throws {
    let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
    let error = #expect(throws: ModelError.self) { try places.nearest(to: coordinate) }
    #expect(error?.code == .outsideForecastGrid)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity, 91, -200])
  func notANumberOrInfinityIsRefusedBeforeTheSearch(_ value: Double) {
    let latitude = #expect(throws: ModelError.self) {
      try places.nearest(to: Coordinate(latitude: value, longitude: 127))
    }
    #expect(latitude?.code == .invalidCoordinate)
    let longitude = #expect(throws: ModelError.self) {
      try places.nearest(to: Coordinate(latitude: 37, longitude: value == 91 ? 181 : value))
    }
    #expect(longitude?.code == .invalidCoordinate)
  }
}
