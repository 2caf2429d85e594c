import Foundation
import HaruModels

/// Times as the journal stores them: whole microseconds since 1970-01-01 00:00 UTC.
///
/// A `Date` holds more precision than a database column keeps. The repository rounds every time it
/// makes to a whole microsecond, in the same way as the SQLite store reads times back, so that an
/// entry returned by a write equals the entry read later.
enum JournalTime {
  /// The nearest whole microsecond since 1970, clamped to what an `Int64` holds.
  static func microseconds(_ date: Date) -> Int64 {
    let value = (date.timeIntervalSince1970 * 1_000_000).rounded()
    guard value.isFinite else { return 0 }
    // Int64.max is not exactly representable as a Double; stay safely inside it.
    let limit = 9.0e18
    return Int64(min(max(value, -limit), limit))
  }

  /// The date of a whole number of microseconds since 1970.
  static func date(microseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
  }

  /// The date rounded to the nearest whole microsecond.
  static func rounded(_ date: Date) -> Date {
    self.date(microseconds: microseconds(date))
  }
}

/// Days as the journal stores them: days since 1970-01-01.
enum JournalDay {
  /// 1970-01-01.
  static let epoch = CalendarDay(containing: Date(timeIntervalSince1970: 0), in: .gmt)

  static func number(_ day: CalendarDay) -> Int64 {
    Int64(epoch.days(until: day))
  }

  static func day(_ number: Int64) -> CalendarDay {
    epoch.adding(days: Int(clamping: number))
  }
}
