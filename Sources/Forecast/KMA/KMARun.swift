public import Foundation
public import HaruModels
import HaruShared

/// One publication of a KMA operation: the operation and its base date and time, in Korea Standard
/// Time.
///
/// A run is what a request asks for (`base_date`, `base_time`). Runs are chosen from a clock:
/// ``latest(of:at:publicationDelay:)`` gives the newest run already published, and ``previous``
/// the one before it, for when the service says a run has no data yet.
///
/// ```swift
/// let run = KMARun.latest(of: .shortTermForecast, at: now)  // at 10:30 KST: today's 08:00 run
/// run.previous                                              // today's 05:00 run
/// ```
public struct KMARun: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The operation the run belongs to.
  public let operation: KMAOperation
  /// The day of the run's base time, in Korea Standard Time.
  public let baseDate: CalendarDay
  /// The hour of the run's base time, 0…23, in Korea Standard Time.
  public let baseHour: Int

  /// Creates a run.
  ///
  /// - Parameters:
  ///   - operation: The operation.
  ///   - baseDate: The day of the base time, in Korea Standard Time.
  ///   - baseHour: The hour of the base time: one of 2, 5, 8, 11, 14, 17, 20, 23 for the
  ///     short-term forecast, any of 0…23 for the others.
  /// - Throws: ``ForecastError/Code/invalidRequest`` when the operation has no run at that hour.
  public init(operation: KMAOperation, baseDate: CalendarDay, baseHour: Int) throws(ForecastError) {
    guard operation.baseHours.contains(baseHour) else {
      let hours = operation.baseHours.map(String.init).joined(separator: ", ")
      throw ForecastError(
        .invalidRequest,
        message: "\(operation.name) has no run at hour \(baseHour); use one of \(hours).")
    }
    self.init(checked: operation, baseDate: baseDate, baseHour: baseHour)
  }

  private init(checked operation: KMAOperation, baseDate: CalendarDay, baseHour: Int) {
    self.operation = operation
    self.baseDate = baseDate
    self.baseHour = baseHour
  }

  /// The minute of the run's base time: 30 for the ultra-short forecast, 0 for the others.
  public var baseMinute: Int { operation.baseMinute }

  /// The run's base time as an instant.
  public var baseTime: Date {
    baseDate.start(in: CalendarDay.koreaTimeZone)
      .addingTimeInterval(Double(baseHour * 3600 + baseMinute * 60))
  }

  /// The run before this one of the same operation.
  public var previous: KMARun {
    let hours = operation.baseHours
    if let earlier = hours.last(where: { $0 < baseHour }) {
      return KMARun(checked: operation, baseDate: baseDate, baseHour: earlier)
    }
    return KMARun(
      checked: operation, baseDate: baseDate.adding(days: -1), baseHour: hours.last ?? 23)
  }

  /// The newest run of an operation that is published at an instant.
  ///
  /// A run is published its operation's delay after its base time: with the standard ten
  /// minutes, no short-term run of a day exists before 02:10, and until then the newest is the
  /// previous day's 23:00 run.
  ///
  /// - Parameters:
  ///   - operation: The operation.
  ///   - date: The instant, usually now.
  ///   - publicationDelay: How long after its base time a run is published; the operation's
  ///     standard delay unless given.
  /// - Returns: The newest published run.
  public static func latest(
    of operation: KMAOperation, at date: Date, publicationDelay: Duration? = nil
  ) -> KMARun {
    let delay =
      publicationDelay ?? KMAConfiguration.standardPublicationDelays[operation]
      ?? .seconds(10 * 60)
    let published = date.addingTimeInterval(-delay.inSeconds)
    let zone = CalendarDay.koreaTimeZone
    let day = CalendarDay(containing: published, in: zone)
    let minuteOfDay = Int(published.timeIntervalSince(day.start(in: zone)) / 60)
    let hours = operation.baseHours
    if let hour = hours.last(where: { $0 * 60 + operation.baseMinute <= minuteOfDay }) {
      return KMARun(checked: operation, baseDate: day, baseHour: hour)
    }
    return KMARun(checked: operation, baseDate: day.adding(days: -1), baseHour: hours.last ?? 23)
  }

  /// The base date as the service writes it, `"20261130"`.
  var baseDateText: String {
    String(format: "%04d%02d%02d", baseDate.year, baseDate.month, baseDate.day)
  }

  /// The base time as the service writes it, `"2300"`.
  var baseTimeText: String {
    String(format: "%02d%02d", baseHour, baseMinute)
  }

  /// Orders runs by their base time.
  public static func < (lhs: KMARun, rhs: KMARun) -> Bool {
    (lhs.baseDate, lhs.baseHour, lhs.baseMinute) < (rhs.baseDate, rhs.baseHour, rhs.baseMinute)
  }

  /// The operation and the base time, such as `"getVilageFcst 2026-11-30 23:00"`.
  public var description: String {
    "\(operation.name) \(baseDate) \(baseTimeText.prefix(2)):\(baseTimeText.suffix(2))"
  }
}
