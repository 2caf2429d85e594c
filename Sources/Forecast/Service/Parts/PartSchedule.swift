import Foundation
import HaruModels

/// When a part that failed is asked again.
///
/// - A quota used up (result code 22) closes the service until midnight, Korea time, when the
///   portal resets it.
/// - An error asking again will not fix soon (a key not registered for the service, refused,
///   expired): an hour, doubling with each failure up to a day. A new key takes minutes to an hour
///   to work, so an hour is the first useful retry.
/// - "Not published yet" (no data for the newest issuance): ten minutes, KMA's usual lag.
/// - Anything else (a timeout, a server error, a body that could not be read): five minutes,
///   doubling up to an hour.
enum PartSchedule {
  static func retryTime(after error: ForecastError, attempts: Int, at date: Date) -> Date {
    let step = Double(1 << min(max(attempts - 1, 0), 10))
    if error.kmaResultCode == .requestLimitExceeded {
      return CalendarDay(containing: date, in: CalendarDay.koreaTimeZone).adding(days: 1)
        .start(in: CalendarDay.koreaTimeZone)
    }
    if error.isPermanent {
      return date.addingTimeInterval(min(3600 * step, 24 * 3600))
    }
    if KMAClient.meansNotPublished(error) {
      return date.addingTimeInterval(10 * 60)
    }
    return date.addingTimeInterval(min(5 * 60 * step, 3600))
  }
}
