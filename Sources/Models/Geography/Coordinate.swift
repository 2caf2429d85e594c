/// A place on Earth as latitude and longitude in degrees (WGS 84).
///
/// A coordinate is always valid: both values are finite, the latitude is within −90…90 and the longitude
/// within −180…180.
///
/// ```swift
/// let cityHall = try Coordinate(latitude: 37.5665, longitude: 126.9780)
/// let cell = try GridPoint(containing: cityHall)  // nx 60, ny 127
/// ```
public struct Coordinate: Hashable, Sendable {
  /// Degrees north of the equator, −90…90.
  public let latitude: Double
  /// Degrees east of Greenwich, −180…180.
  public let longitude: Double

  /// Creates a coordinate.
  ///
  /// - Parameters:
  ///   - latitude: Degrees north of the equator, −90…90.
  ///   - longitude: Degrees east of Greenwich, −180…180.
  /// - Throws: ``ModelError/Code/invalidCoordinate`` when a value is not finite or out of range.
  ///   A swapped pair such as `(126.97, 37.56)` is caught here, because 126.97 is not a latitude.
  public init(latitude: Double, longitude: Double) throws(ModelError) {
    guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
      throw ModelError(
        .invalidCoordinate, field: "latitude",
        message: "\(latitude) is not a latitude; use degrees between -90 and 90.")
    }
    guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
      throw ModelError(
        .invalidCoordinate, field: "longitude",
        message: "\(longitude) is not a longitude; use degrees between -180 and 180.")
    }
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Creates a coordinate from values already known to be valid.
  init(uncheckedLatitude latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}
