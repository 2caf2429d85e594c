import Foundation
import HaruModels
import HaruShared

/// One issuance of KMA's mid-term forecast: 06:00 or 18:00 KST of a day (`tmFc`).
struct MidTermIssuance: Hashable, Sendable, Comparable {
  /// The day of `tmFc`, from which the day numbers N of the answer count.
  let day: CalendarDay
  /// 6 or 18.
  let hour: Int

  /// The newest issuance published at an instant, `delay` after its time.
  static func latest(at date: Date, delay: Duration) -> MidTermIssuance {
    let published = date.addingTimeInterval(-delay.inSeconds)
    let zone = CalendarDay.koreaTimeZone
    let day = CalendarDay(containing: published, in: zone)
    let hours = published.timeIntervalSince(day.start(in: zone)) / 3600
    if hours >= 18 { return MidTermIssuance(day: day, hour: 18) }
    if hours >= 6 { return MidTermIssuance(day: day, hour: 6) }
    return MidTermIssuance(day: day.adding(days: -1), hour: 18)
  }

  /// The issuance before this one.
  var previous: MidTermIssuance {
    hour == 18
      ? MidTermIssuance(day: day, hour: 6) : MidTermIssuance(day: day.adding(days: -1), hour: 18)
  }

  /// The issuance after this one.
  var next: MidTermIssuance {
    hour == 6
      ? MidTermIssuance(day: day, hour: 18) : MidTermIssuance(day: day.adding(days: 1), hour: 6)
  }

  /// The issuance time as an instant.
  var time: Date {
    day.start(in: CalendarDay.koreaTimeZone).addingTimeInterval(Double(hour) * 3600)
  }

  /// `tmFc` as the service writes it, `"202610041800"`.
  var text: String {
    String(format: "%04d%02d%02d%02d00", day.year, day.month, day.day, hour)
  }

  static func < (lhs: MidTermIssuance, rhs: MidTermIssuance) -> Bool {
    (lhs.day, lhs.hour) < (rhs.day, rhs.hour)
  }
}
