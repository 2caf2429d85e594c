import Foundation
import HaruModels

/// A station and how far it is from a place.
struct NearbyStation: Sendable {
  let station: AirStation
  /// Metres, on the sphere.
  let distance: Double
}

/// Finds the stations nearest a place, locally, from the station list.
enum AirStationFinder {
  /// Stations less than this much farther than a roadside one are preferred to it.
  static let urbanPreference: Double = 2_000

  /// The nearest stations, nearest first, with urban stations ahead of roadside ones that are
  /// less than ``urbanPreference`` nearer.
  ///
  /// - Complexity: O(*n*) for *n* stations: a flat-earth distance ranks them, the sphere's
  ///   measures the few kept.
  static func nearest(
    to place: Coordinate, in stations: [AirStation], count: Int, within reach: Double
  ) -> [NearbyStation] {
    let scale = cos(place.latitude * .pi / 180)
    var best: [(index: Int, rank: Double)] = []
    best.reserveCapacity(count * 2 + 1)
    let keep = count * 2
    for (index, station) in stations.enumerated() {
      let dy = station.coordinate.latitude - place.latitude
      let dx = (station.coordinate.longitude - place.longitude) * scale
      let rank = dx * dx + dy * dy
      if best.count == keep, let last = best.last, rank >= last.rank { continue }
      let position = best.firstIndex { $0.rank > rank } ?? best.count
      best.insert((index, rank), at: position)
      if best.count > keep { best.removeLast() }
    }
    var nearby = best.map {
      NearbyStation(
        station: stations[$0.index], distance: distance(place, stations[$0.index].coordinate))
    }
    nearby.removeAll { $0.distance > reach }
    nearby.sort { effective($0) < effective($1) }
    return Array(nearby.prefix(count))
  }

  /// The distance a station is ranked by: a roadside station counts as farther.
  private static func effective(_ nearby: NearbyStation) -> Double {
    nearby.station.network == .roadside ? nearby.distance + urbanPreference : nearby.distance
  }

  /// The great-circle distance in metres (haversine, mean Earth radius).
  static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
    let radians = Double.pi / 180
    let dLat = (b.latitude - a.latitude) * radians
    let dLon = (b.longitude - a.longitude) * radians
    let h =
      sin(dLat / 2) * sin(dLat / 2)
      + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
  }
}

/// When AirKorea's data is due.
enum AirSchedule {
  /// The forecast is announced about 10 minutes after 05, 11, 17 and 23 KST.
  static let announcementHours = [5, 11, 17, 23]

  /// The announcement in force at an instant, counted from the epoch; equal slots mean a kept
  /// forecast is still the newest.
  static func forecastSlot(at date: Date) -> Int64 {
    let hours = (date.timeIntervalSince1970 + 9 * 3600 - 10 * 60) / 3600
    let day = (hours / 24).rounded(.down)
    let hour = Int(hours - day * 24)
    let index = announcementHours.lastIndex { $0 <= hour } ?? -1
    return Int64(day) * 4 + Int64(index)
  }

  /// When the announcement after the one in force at an instant is due.
  static func nextForecast(after date: Date) -> Date {
    let slot = forecastSlot(at: date) + 1
    let hour = Int64(announcementHours[Int(slot % 4)])
    return Date(timeIntervalSince1970: Double((slot / 4) * 24 + hour - 9) * 3600 + 10 * 60)
  }

  /// When the values of the hour after a measurement are due: 20 minutes past the next hour.
  static func nextMeasurement(after measuredAt: Date) -> Date {
    let hour = (measuredAt.timeIntervalSince1970 / 3600).rounded(.down)
    return Date(timeIntervalSince1970: (hour + 1) * 3600 + 20 * 60)
  }
}
