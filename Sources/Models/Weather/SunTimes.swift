public import Foundation

/// Sunrise and sunset for one calendar day at one place, computed offline.
///
/// The times follow NOAA's solar calculator ("General Solar Position Calculations", NOAA Global
/// Monitoring Laboratory): the sun's upper limb on a sea-level horizon, with 34′ of standard
/// refraction (a zenith of 90.833°). They agree with the Korea Astronomy and Space Science
/// Institute's published times for Seoul to within a minute; the institute's times, like these,
/// are for an elevation of 0 m.
///
/// ```swift
/// let sun = SunTimes(day: today, at: town.coordinate ?? town.gridPoint.center)
/// sun.sunrise   // 07:47 KST on 1 January in Seoul
/// sun.isDaytime(at: now)
/// ```
public struct SunTimes: Hashable, Sendable {
  /// The day, in Korea Standard Time.
  public let day: CalendarDay
  /// When the sun rises; `nil` on a day it does not rise or does not set (polar night or day).
  public let sunrise: Date?
  /// When the sun sets; `nil` on a day it does not rise or does not set.
  public let sunset: Date?

  /// Computes sunrise and sunset for a day at a place.
  ///
  /// - Parameters:
  ///   - day: The calendar day, in `timeZone`.
  ///   - coordinate: The place.
  ///   - timeZone: The zone `day` is reckoned in; Korea Standard Time unless given.
  /// - Complexity: O(1): two passes of a few dozen trigonometric functions per event.
  public init(
    day: CalendarDay, at coordinate: Coordinate, timeZone: TimeZone = CalendarDay.koreaTimeZone
  ) {
    self.day = day
    // NOAA's solar noon is counted from 00:00 UTC of the local calendar date.
    let midnight = day.start(in: TimeZone(secondsFromGMT: 0) ?? timeZone)
    let localNoon = day.start(in: timeZone).addingTimeInterval(12 * 3600)
    let rise = Self.event(rising: true, midnight: midnight, near: localNoon, at: coordinate)
    let set = Self.event(rising: false, midnight: midnight, near: localNoon, at: coordinate)
    self.sunrise = rise.date
    self.sunset = set.date
    self.isUpAllDay = rise.isUpAllDay
  }

  /// Whether the sun stays above the horizon the whole day (polar day).
  private let isUpAllDay: Bool

  /// Whether the sun is up at an instant of this day: after sunrise and before sunset.
  ///
  /// - Parameter date: The instant.
  /// - Returns: `true` from sunrise until sunset; on a day with no sunrise or sunset, whether the
  ///   sun stays up (polar day) or down (polar night) all day.
  public func isDaytime(at date: Date) -> Bool {
    guard let sunrise, let sunset else { return isUpAllDay }
    return date >= sunrise && date < sunset
  }

  // MARK: - NOAA's calculation

  /// Sunrise or sunset of the date starting at `midnight` (UTC), computed from the sun's
  /// position at local noon and then again at that first estimate.
  private static func event(
    rising: Bool, midnight: Date, near noon: Date, at coordinate: Coordinate
  ) -> (date: Date?, isUpAllDay: Bool) {
    let first = eventTime(rising: rising, midnight: midnight, position: noon, at: coordinate)
    guard let estimate = first.date else { return first }
    // The sun moves over the hours between noon and the event; asking again at the estimate
    // gives NOAA's accuracy (well under a minute at Korean latitudes).
    return eventTime(rising: rising, midnight: midnight, position: estimate, at: coordinate)
  }

  private static func eventTime(
    rising: Bool, midnight: Date, position instant: Date, at coordinate: Coordinate
  ) -> (date: Date?, isUpAllDay: Bool) {
    let julianDay = instant.timeIntervalSince1970 / 86_400 + 2_440_587.5
    let position = SolarPosition(century: (julianDay - 2_451_545) / 36_525)
    let latitude = radians(coordinate.latitude)
    let cosHourAngle =
      cos(radians(90.833)) / (cos(latitude) * cos(position.declination))
      - tan(latitude) * tan(position.declination)
    guard cosHourAngle.isFinite, (-1...1).contains(cosHourAngle) else {
      return (nil, cosHourAngle < -1)
    }
    let hourAngle = degrees(acos(cosHourAngle))
    let solarNoon = 720 - 4 * coordinate.longitude - position.equationOfTime
    let minutes = solarNoon + (rising ? -4 : 4) * hourAngle
    return (midnight.addingTimeInterval(minutes * 60), false)
  }

  /// The sun's declination and the equation of time at an instant, in NOAA's formulation.
  private struct SolarPosition {
    /// Radians.
    let declination: Double
    /// Minutes.
    let equationOfTime: Double

    init(century t: Double) {
      let meanLongitude = (280.466_46 + t * (36_000.769_83 + t * 0.000_303_2))
        .truncatingRemainder(dividingBy: 360)
      let meanAnomaly = 357.529_11 + t * (35_999.050_29 - 0.000_153_7 * t)
      let eccentricity = 0.016_708_634 - t * (0.000_042_037 + 0.000_000_126_7 * t)
      let m = radians(meanAnomaly)
      let center =
        sin(m) * (1.914_602 - t * (0.004_817 + 0.000_014 * t))
        + sin(2 * m) * (0.019_993 - 0.000_101 * t) + sin(3 * m) * 0.000_289
      let trueLongitude = meanLongitude + center
      let omega = radians(125.04 - 1_934.136 * t)
      let apparentLongitude = trueLongitude - 0.005_69 - 0.004_78 * sin(omega)
      let meanObliquity =
        23 + (26 + (21.448 - t * (46.815 + t * (0.000_59 - t * 0.001_813))) / 60) / 60
      let obliquity = radians(meanObliquity + 0.002_56 * cos(omega))
      declination = asin(sin(obliquity) * sin(radians(apparentLongitude)))
      let y = pow(tan(obliquity / 2), 2)
      let l0 = radians(meanLongitude)
      equationOfTime =
        4
        * degrees(
          y * sin(2 * l0) - 2 * eccentricity * sin(m) + 4 * eccentricity * y * sin(m) * cos(2 * l0)
            - 0.5 * y * y * sin(4 * l0) - 1.25 * eccentricity * eccentricity * sin(2 * m))
    }
  }
}

private func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
private func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
