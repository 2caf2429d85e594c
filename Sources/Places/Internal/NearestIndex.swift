import Foundation
import HaruModels

/// A k-d tree over the areas' representative points, on the unit sphere.
///
/// Points are kept as 3-D unit vectors: the straight-line (chord) distance between two of them
/// grows with the great-circle distance, so the nearest by chord is the nearest on the Earth, and
/// the tree can prune with plain coordinate differences.
struct NearestIndex: Sendable {
  private struct Point: Sendable {
    var x: Double
    var y: Double
    var z: Double
    var area: Int32
  }

  /// The points in tree order: each range's median is its node, split on `axes[median]`.
  private var points: [Point] = []
  private var axes: [UInt8] = []

  /// The mean radius of the Earth, in metres (IUGG).
  static let earthRadius = 6_371_008.8

  /// Builds the tree.
  ///
  /// - Parameter coordinates: Each area's point, by position in the table; `nil` for an area
  ///   without one, which is never returned.
  init(_ coordinates: [Coordinate?]) {
    var points: [Point] = []
    for (area, coordinate) in coordinates.enumerated() {
      guard let coordinate else { continue }
      let (x, y, z) = Self.vector(coordinate)
      points.append(Point(x: x, y: y, z: z, area: Int32(area)))
    }
    axes = Array(repeating: 0, count: points.count)
    self.points = points
    build(0..<points.count)
  }

  static func vector(_ coordinate: Coordinate) -> (Double, Double, Double) {
    let latitude = coordinate.latitude * .pi / 180
    let longitude = coordinate.longitude * .pi / 180
    return (cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
  }

  private static func component(_ point: Point, _ axis: UInt8) -> Double {
    switch axis {
    case 0: point.x
    case 1: point.y
    default: point.z
    }
  }

  private mutating func build(_ range: Range<Int>) {
    guard range.count > 1 else { return }
    // Split on the axis along which the points spread most.
    var low = (Double.infinity, Double.infinity, Double.infinity)
    var high = (-Double.infinity, -Double.infinity, -Double.infinity)
    for point in points[range] {
      low = (min(low.0, point.x), min(low.1, point.y), min(low.2, point.z))
      high = (max(high.0, point.x), max(high.1, point.y), max(high.2, point.z))
    }
    let spread = (high.0 - low.0, high.1 - low.1, high.2 - low.2)
    let axis: UInt8 =
      spread.0 >= spread.1 && spread.0 >= spread.2 ? 0 : spread.1 >= spread.2 ? 1 : 2
    var slice = Array(points[range])
    slice.sort {
      let a = Self.component($0, axis)
      let b = Self.component($1, axis)
      return a != b ? a < b : $0.area < $1.area
    }
    points.replaceSubrange(range, with: slice)
    let median = range.lowerBound + range.count / 2
    axes[median] = axis
    build(range.lowerBound..<median)
    build((median + 1)..<range.upperBound)
  }

  /// The area whose point is nearest, and the great-circle distance to it in metres; among equal
  /// distances, the first in the table.
  func nearest(to coordinate: Coordinate) -> (area: Int, metres: Double)? {
    guard !points.isEmpty else { return nil }
    let (x, y, z) = Self.vector(coordinate)
    var best = (area: Int32.max, squared: Double.infinity)
    search(0..<points.count, x, y, z, &best)
    guard best.area != Int32.max else { return nil }
    let chord = best.squared.squareRoot()
    let metres = 2 * Self.earthRadius * asin(min(1, chord / 2))
    return (Int(best.area), metres)
  }

  private func search(
    _ range: Range<Int>, _ x: Double, _ y: Double, _ z: Double,
    _ best: inout (area: Int32, squared: Double)
  ) {
    guard !range.isEmpty else { return }
    let median = range.lowerBound + range.count / 2
    let point = points[median]
    let dx = point.x - x
    let dy = point.y - y
    let dz = point.z - z
    let squared = dx * dx + dy * dy + dz * dz
    if squared < best.squared || (squared == best.squared && point.area < best.area) {
      best = (point.area, squared)
    }
    guard range.count > 1 else { return }
    let axis = axes[median]
    let query: Double =
      switch axis {
      case 0: x
      case 1: y
      default: z
      }
    let difference = query - Self.component(point, axis)
    let near = difference < 0 ? range.lowerBound..<median : (median + 1)..<range.upperBound
    let far = difference < 0 ? (median + 1)..<range.upperBound : range.lowerBound..<median
    search(near, x, y, z, &best)
    // Points on the other side are at least |difference| away; equal counts, for the tie rule.
    if difference * difference <= best.squared {
      search(far, x, y, z, &best)
    }
  }
}
