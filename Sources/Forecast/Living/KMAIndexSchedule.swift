import Foundation
import HaruModels
import HaruShared

/// When one of KMA's index services issues: at fixed hours of every Korean day, each issuance
/// published a delay after its hour.
///
/// The UV index is issued every three hours (00, 03, … 21 KST), the pollen risk at 06 and 18
/// KST. Neither service states when an issuance is out; the delays are assumptions
/// (``KMALivingIndicesClient/uvPublicationDelay``, ``KMALivingIndicesClient/pollenPublicationDelay``),
/// and a client falls back one issuance when the newest is not published yet.
struct KMAIndexSchedule: Hashable, Sendable {
  /// The hours of a Korean day an issuance is made at, ascending, within 0…23.
  let hours: [Int]

  /// The UV index: every three hours from midnight.
  static let uv = KMAIndexSchedule(hours: Array(stride(from: 0, through: 21, by: 3)))
  /// The pollen risk: 06 and 18.
  static let pollen = KMAIndexSchedule(hours: [6, 18])

  private static var zone: TimeZone { CalendarDay.koreaTimeZone }

  /// The newest issuance published at an instant, `delay` after its hour.
  func latest(at date: Date, delay: Duration) -> Date {
    atOrBefore(date.addingTimeInterval(-delay.inSeconds))
  }

  /// The issuance before one.
  func previous(_ issuance: Date) -> Date {
    atOrBefore(issuance.addingTimeInterval(-1))
  }

  /// The issuance after one.
  func next(_ issuance: Date) -> Date {
    let day = CalendarDay(containing: issuance, in: Self.zone)
    let start = day.start(in: Self.zone)
    for hour in hours where start.addingTimeInterval(Double(hour) * 3600) > issuance {
      return start.addingTimeInterval(Double(hour) * 3600)
    }
    return day.adding(days: 1).start(in: Self.zone)
      .addingTimeInterval(Double(hours.first ?? 0) * 3600)
  }

  /// The last issuance at or before an instant.
  private func atOrBefore(_ instant: Date) -> Date {
    let day = CalendarDay(containing: instant, in: Self.zone)
    let start = day.start(in: Self.zone)
    for hour in hours.reversed() where start.addingTimeInterval(Double(hour) * 3600) <= instant {
      return start.addingTimeInterval(Double(hour) * 3600)
    }
    return day.adding(days: -1).start(in: Self.zone)
      .addingTimeInterval(Double(hours.last ?? 0) * 3600)
  }

  /// An issuance as the services write it in `time` and `date`: `"2026092612"`, in KST.
  static func text(of issuance: Date) -> String {
    let day = CalendarDay(containing: issuance, in: zone)
    let hour = Int(issuance.timeIntervalSince(day.start(in: zone)) / 3600)
    return String(format: "%04d%02d%02d%02d", day.year, day.month, day.day, hour)
  }

  /// The issuance a service's `date` names, such as `"2026092612"`; `nil` for other text.
  static func issuance(parsing text: String) -> Date? {
    guard text.utf8.count == 10, text.utf8.allSatisfy({ (48...57).contains($0) }),
      let day = try? CalendarDay(parsing: String(text.prefix(8))),
      let hour = Int(text.suffix(2)), (0...23).contains(hour)
    else { return nil }
    return day.start(in: zone).addingTimeInterval(Double(hour) * 3600)
  }
}
