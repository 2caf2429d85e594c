public import Foundation

/// A day of the Gregorian calendar, without a time or a time zone: the day a forecast is for, or the
/// day a scent was smelled.
///
/// A day is always valid. Days are ordered, can be stepped, and convert to and from instants in a
/// time zone — usually ``koreaTimeZone``, because forecast days are Korean days.
///
/// ```swift
/// let today = CalendarDay(containing: .now, in: CalendarDay.koreaTimeZone)
/// let yesterday = today.adding(days: -1)
/// let christmas = try CalendarDay(year: 2026, month: 12, day: 25)
/// christmas.description  // "2026-12-25"
/// ```
public struct CalendarDay: Hashable, Sendable, Comparable {
  /// The year, 1…9999.
  public let year: Int
  /// The month, 1…12.
  public let month: Int
  /// The day of the month, 1…31.
  public let day: Int

  /// Korea Standard Time: UTC+9, no daylight saving time.
  public static let koreaTimeZone: TimeZone =
    TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3600) ?? .gmt

  /// Creates a day.
  ///
  /// - Parameters:
  ///   - year: The year, 1…9999.
  ///   - month: The month, 1…12.
  ///   - day: The day of the month.
  /// - Throws: ``ModelError/Code/invalidDay`` when the day does not exist, such as February 30.
  public init(year: Int, month: Int, day: Int) throws(ModelError) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day)
    else {
      throw ModelError(
        .invalidDay, field: "day",
        message: "\(year)-\(month)-\(day) is not a day of the calendar.")
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day an instant falls on in a time zone.
  ///
  /// - Parameters:
  ///   - date: An instant.
  ///   - timeZone: The time zone whose calendar to read.
  public init(containing date: Date, in timeZone: TimeZone) {
    let seconds = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
    let days = Int((seconds / 86_400).rounded(.down))
    self.init(daysSinceEpoch: days)
  }

  /// Parses `"2026-11-30"` or the compact `"20261130"`.
  ///
  /// - Parameter text: The day in ISO 8601 form, with or without dashes.
  /// - Throws: ``ModelError/Code/invalidDay`` when the text is not a day.
  public init(parsing text: String) throws(ModelError) {
    let digits = text.utf8.filter { $0 != UInt8(ascii: "-") }
    let dashes = text.utf8.count - digits.count
    guard digits.count == 8, dashes == 0 || (dashes == 2 && text.utf8.count == 10),
      digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else {
      throw ModelError(
        .invalidDay, field: "day", message: "\"\(text)\" is not a day; write it as 2026-11-30.")
    }
    if dashes == 2 {
      let bytes = Array(text.utf8)
      guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
        throw ModelError(
          .invalidDay, field: "day", message: "\"\(text)\" is not a day; write it as 2026-11-30.")
      }
    }
    func number(_ range: Range<Int>) -> Int {
      digits[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
    try self.init(year: number(0..<4), month: number(4..<6), day: number(6..<8))
  }

  /// The day a number of days later (or earlier, when negative).
  ///
  /// - Parameter days: How many days to step.
  /// - Returns: The day reached.
  public func adding(days: Int) -> CalendarDay {
    CalendarDay(daysSinceEpoch: daysSinceEpoch + days)
  }

  /// The number of days from this day to another: positive when `other` is later.
  ///
  /// - Parameter other: Another day.
  /// - Returns: The signed number of days between them.
  public func days(until other: CalendarDay) -> Int {
    other.daysSinceEpoch - daysSinceEpoch
  }

  /// The first instant of this day in a time zone.
  ///
  /// - Parameter timeZone: The time zone whose midnight to find.
  /// - Returns: The instant the day starts.
  public func start(in timeZone: TimeZone) -> Date {
    let midnightUTC = Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400)
    // Correct by the zone's offset, then once more in case the offset changed in between.
    let first = midnightUTC.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: midnightUTC)))
    return midnightUTC.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: first)))
  }

  /// Orders days from earlier to later.
  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  // MARK: - Day arithmetic

  /// Days since 1970-01-01, by the proleptic Gregorian calendar.
  package var daysSinceEpoch: Int {
    // Count years from March so that the leap day ends the year.
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let monthFromMarch = (month + 9) % 12
    let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day a number of days after 1970-01-01, clamped to the years 1…9999.
  package init(daysSinceEpoch: Int) {
    let lowest = -719_162  // 0001-01-01
    let highest = 2_932_896  // 9999-12-31
    let days = min(max(daysSinceEpoch, lowest), highest) + 719_468
    let era = (days >= 0 ? days : days - 146_096) / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.year = year
    self.month = month
    self.day = day
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return isLeap ? 29 : 28
    case 4, 6, 9, 11:
      return 30
    default:
      return 31
    }
  }
}

extension CalendarDay: CustomStringConvertible {
  /// The day in ISO 8601 form, `"2026-11-30"`.
  public var description: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }
}

extension CalendarDay: Codable {
  /// Decodes a day stored as `"2026-11-30"`.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the text is not a day.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      try self.init(parsing: text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes the day as `"2026-11-30"`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
