import Foundation
import HaruModels
import Testing

struct CalendarDayTests {
  @Test(arguments: [
    (2026, 2, 29), (2026, 2, 30), (2100, 2, 29), (2026, 4, 31), (2026, 13, 1), (2026, 0, 1),
    (2026, 1, 0), (2026, 1, 32), (0, 1, 1), (10_000, 1, 1), (-5, 1, 1),
  ])
  func daysThatDoNotExistAreRefused(year: Int, month: Int, day: Int) {
    let error = #expect(throws: ModelError.self) {
      try CalendarDay(year: year, month: month, day: day)
    }
    #expect(error?.code == .invalidDay)
  }

  @Test(arguments: [(2024, 2, 29), (2000, 2, 29), (2026, 12, 31), (1, 1, 1), (9999, 12, 31)])
  func realDaysAreAccepted(year: Int, month: Int, day: Int) throws {
    let value = try CalendarDay(year: year, month: month, day: day)
    #expect((value.year, value.month, value.day) == (year, month, day))
  }

  @Test(arguments: ["2026-11-30", "20261130"])
  func parsesBothISOForms(text: String) throws {
    #expect(try CalendarDay(parsing: text) == CalendarDay(year: 2026, month: 11, day: 30))
  }

  @Test(arguments: [
    "", "2026-1-30", "2026/11/30", "26-11-30", "2026-11-30T00:00", "２０２６１１３０", "2026-11-3a",
    "20261131", "-2026-11-3", "2026--1130",
  ])
  func badTextIsRefused(text: String) {
    #expect(throws: ModelError.self) { try CalendarDay(parsing: text) }
  }

  @Test func stepsAcrossMonthsYearsAndLeapDays() throws {
    let day = try CalendarDay(year: 2024, month: 2, day: 28)
    #expect(day.adding(days: 1).description == "2024-02-29")
    #expect(day.adding(days: 2).description == "2024-03-01")
    #expect(
      try CalendarDay(year: 2026, month: 12, day: 31).adding(days: 1).description == "2027-01-01")
    #expect(
      try CalendarDay(year: 2027, month: 1, day: 1).adding(days: -1).description == "2026-12-31")
    #expect(day.days(until: day.adding(days: 366)) == 366)
    #expect(day.adding(days: 366).days(until: day) == -366)
  }

  @Test func agreesWithFoundationsGregorianCalendarOverCenturies() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    let start = try CalendarDay(year: 1900, month: 1, day: 1)
    var mismatches: [String] = []
    for offset in stride(from: 0, to: 200 * 366, by: 7) {
      let day = start.adding(days: offset)
      let components = calendar.dateComponents(
        [.year, .month, .day], from: day.start(in: calendar.timeZone))
      if components.year != day.year || components.month != day.month || components.day != day.day {
        mismatches.append(day.description)
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func koreanDaysBeginAtMidnightKoreaStandardTime() throws {
    // 2026-11-29 15:00 UTC is 2026-11-30 00:00 in Seoul.
    let midnightInSeoul = Date(timeIntervalSince1970: 1_795_964_400)
    let zone = CalendarDay.koreaTimeZone
    #expect(CalendarDay(containing: midnightInSeoul, in: zone).description == "2026-11-30")
    #expect(
      CalendarDay(containing: midnightInSeoul.addingTimeInterval(-1), in: zone).description
        == "2026-11-29")
    #expect(try CalendarDay(year: 2026, month: 11, day: 30).start(in: zone) == midnightInSeoul)
    #expect(zone.secondsFromGMT(for: midnightInSeoul) == 9 * 3600)
  }

  @Test func ordersChronologically() throws {
    let days = try [
      CalendarDay(year: 2026, month: 11, day: 30), CalendarDay(year: 2025, month: 12, day: 31),
      CalendarDay(year: 2026, month: 1, day: 1),
    ]
    #expect(days.sorted().map(\.description) == ["2025-12-31", "2026-01-01", "2026-11-30"])
  }
}
