import Foundation
import HaruModels

/// One temperature point of `getMidTa`, as bundled from KMA's table.
struct MidTermTemperaturePoint: Sendable {
  /// Whether the point answered when the table was checked.
  enum Status: Sendable {
    case answered
    case unverified
    case retired
  }

  let id: String
  let name: String
  /// The land region of `getMidLandFcst` the point belongs to (the prefix rule).
  let land: String
  let latitude: Double?
  let longitude: Double?
  let status: Status
}

/// The bundled temperature points, and the two questions asked of them: which point is nearest a
/// bare coordinate, and which point stands in for one that answers no data.
enum MidTermTemperaturePoints {
  /// Points a nearest search may pick: answered, with a coordinate, and neither 이어도 (a
  /// research station at sea) nor 독도, which would otherwise win for the open sea around them.
  static let searchable: [MidTermTemperaturePoint] = table.filter {
    $0.status == .answered && $0.latitude != nil && $0.longitude != nil
      && $0.id != "11G00601" && $0.id != "11E00102"
  }

  /// The region ids of the point nearest a coordinate, by great-circle distance.
  ///
  /// - Complexity: O(*n*) in the ~170 searchable points.
  static func regions(nearest coordinate: Coordinate) -> MidTermRegions? {
    guard let point = nearest(to: coordinate, excluding: nil) else { return nil }
    return try? MidTermRegions(land: point.land, temperature: point.id)
  }

  /// The point that stands in for a temperature point that answered NO_DATA: 대구 for both 군위
  /// codes (군위군 joined 대구광역시 in 2023, as the reference says), otherwise the nearest other
  /// answered point of the same land region.
  static func substitute(for id: String) -> String? {
    if id == "11H10707" || id == "11H10603" { return "11H10701" }
    guard let point = table.first(where: { $0.id == id }), let latitude = point.latitude,
      let longitude = point.longitude,
      let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
    else { return nil }
    return nearest(to: coordinate, excluding: id, land: point.land)?.id
  }

  private static func nearest(
    to coordinate: Coordinate, excluding excluded: String?, land: String? = nil
  ) -> MidTermTemperaturePoint? {
    var best: (point: MidTermTemperaturePoint, distance: Double)?
    for point in searchable where point.id != excluded && (land == nil || point.land == land) {
      guard let latitude = point.latitude, let longitude = point.longitude else { continue }
      let distance = haversine(
        coordinate.latitude, coordinate.longitude, latitude, longitude)
      if best == nil || distance < (best?.distance ?? .infinity) {
        best = (point, distance)
      }
    }
    return best?.point
  }

  /// The central angle between two points, in radians: enough to compare distances.
  private static func haversine(
    _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double
  ) -> Double {
    let radians = Double.pi / 180
    let dLat = (lat2 - lat1) * radians
    let dLon = (lon2 - lon1) * radians
    let a =
      sin(dLat / 2) * sin(dLat / 2)
      + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * asin(min(1, sqrt(a)))
  }
}
