import Foundation
import HaruModels

/// KMA's `YYYYMMDDHHmm` times in Korea Standard Time, which has been UTC+9 without daylight
/// saving since 1988, as numbers and dates, by ``CalendarDay``'s day arithmetic; no `Calendar`
/// is involved, since a 60-day window holds thousands of them.
enum WarningTime {
  private static let korea: Int64 = 9 * 3600

  /// The instant a `YYYYMMDDHHmm` number stands for; `nil` for `0` or a number that is not a
  /// valid time.
  static func date(kmaMinute value: Int64) -> Date? {
    guard value >= 1_000_01_01_0000, value <= 9999_12_31_2359 else { return nil }
    let minute = value % 100
    let hour = value / 100 % 100
    let day = value / 1_00_00 % 100
    let month = value / 1_00_00_00 % 100
    let year = value / 1_00_00_00_00
    guard hour < 24, minute < 60,
      let calendarDay = try? CalendarDay(year: Int(year), month: Int(month), day: Int(day))
    else { return nil }
    let days = Int64(calendarDay.daysSinceEpoch)
    return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 - korea))
  }

  /// The instant a `YYYYMMDDHHmm` text stands for, spaces around it allowed; `nil` for `"0"`, an
  /// empty text or anything else that is not a time.
  static func date(text: String?) -> Date? {
    number(text).flatMap(date(kmaMinute:))
  }

  /// An instant as a `YYYYMMDDHHmm` number, to the minute below.
  static func kmaMinute(of date: Date) -> Int64 {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down)) + korea
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let ofDay = seconds - days * 86_400
    let calendarDay = CalendarDay(daysSinceEpoch: Int(days))
    let (year, month, day) = (
      Int64(calendarDay.year), Int64(calendarDay.month), Int64(calendarDay.day)
    )
    return ((year * 100 + month) * 100 + day) * 10_000 + ofDay / 3600 * 100 + ofDay % 3600 / 60
  }

  /// A `YYYYMMDD` text of the Korean day an instant falls on.
  static func dayText(of date: Date) -> String {
    String(kmaMinute(of: date) / 10_000)
  }

  /// A whole number sent as a number or as a string, spaces around it allowed.
  static func number(_ text: String?) -> Int64? {
    guard let text else { return nil }
    var value: Int64 = 0
    var digits = 0
    var ended = false
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard !ended, digits < 18 else { return nil }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        digits += 1
      case 0x20, 0x09, 0x0A, 0x0D:
        if digits > 0 { ended = true }
      default:
        return nil
      }
    }
    return digits > 0 ? value : nil
  }

}
