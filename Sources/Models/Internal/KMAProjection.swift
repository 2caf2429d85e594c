import Foundation

/// The Lambert conformal conic projection of the KMA forecast grid.
///
/// Constants from KMA's published conversion: Earth radius 6371.00877 km, 5 km cells, standard
/// parallels 30° and 60°, origin 38° N 126° E at cell (43, 136). The terms that depend only on the
/// constants are computed once.
struct KMAProjection: Sendable {
  static let shared = KMAProjection()

  private let originLongitude: Double
  private let originX: Double
  private let originY: Double
  /// The cone constant.
  private let n: Double
  /// Earth's radius in grid cells, times the scale factor at the standard parallels.
  private let scaledRadius: Double
  /// The distance from the cone's apex to the origin, in cells.
  private let originRadius: Double

  init() {
    let degree = Double.pi / 180
    let earthRadiusInCells = 6371.00877 / 5.0
    let parallel1 = 30.0 * degree
    let parallel2 = 60.0 * degree
    let originLatitude = 38.0 * degree
    originLongitude = 126.0 * degree
    originX = 43
    originY = 136

    let n =
      log(cos(parallel1) / cos(parallel2))
      / log(tan(Double.pi / 4 + parallel2 / 2) / tan(Double.pi / 4 + parallel1 / 2))
    let f = pow(tan(Double.pi / 4 + parallel1 / 2), n) * cos(parallel1) / n
    self.n = n
    scaledRadius = earthRadiusInCells * f
    originRadius = scaledRadius / pow(tan(Double.pi / 4 + originLatitude / 2), n)
  }

  /// The grid cell containing a coordinate, as whole (but not yet range-checked) numbers.
  func gridPosition(of coordinate: Coordinate) -> (x: Double, y: Double) {
    let degree = Double.pi / 180
    let latitude = coordinate.latitude * degree
    let radius = scaledRadius / pow(tan(Double.pi / 4 + latitude / 2), n)
    var theta = coordinate.longitude * degree - originLongitude
    if theta > Double.pi { theta -= 2 * Double.pi }
    if theta < -Double.pi { theta += 2 * Double.pi }
    theta *= n
    let x = (radius * sin(theta) + originX + 0.5).rounded(.down)
    let y = (originRadius - radius * cos(theta) + originY + 0.5).rounded(.down)
    return (x, y)
  }

  /// The coordinate of a grid position.
  func coordinate(ofGridX x: Double, y: Double) -> Coordinate {
    let xn = x - originX
    let yn = originRadius - y + originY
    var radius = (xn * xn + yn * yn).squareRoot()
    if n < 0 { radius = -radius }
    let latitude = 2 * atan(pow(scaledRadius / radius, 1 / n)) - Double.pi / 2
    let theta = atan2(xn, yn)
    let longitude = theta / n + originLongitude
    let degree = Double.pi / 180
    return Coordinate(uncheckedLatitude: latitude / degree, longitude: longitude / degree)
  }
}
