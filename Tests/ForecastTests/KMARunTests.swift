import Foundation
import HaruForecast
import HaruModels
import Testing

struct KMARunTests {
  @Test(arguments: [
    // (hour, minute) KST on 2026-11-30 → expected base date offset and hour
    (0, 5, -1, 23), (2, 9, -1, 23), (2, 10, 0, 2), (4, 59, 0, 2), (5, 10, 0, 5),
    (10, 30, 0, 8), (14, 9, 0, 11), (14, 10, 0, 14), (23, 9, 0, 20), (23, 10, 0, 23),
    (23, 59, 0, 23),
  ])
  func shortTermRunIsTheNewestPublished(
    hour: Int, minute: Int, dayOffset: Int, expectedHour: Int
  ) throws {
    let run = KMARun.latest(of: .shortTermForecast, at: try kst(2026, 11, 30, hour, minute))
    #expect(run.baseDate == (try day(2026, 11, 30)).adding(days: dayOffset))
    #expect(run.baseHour == expectedHour)
    #expect(run.baseMinute == 0)
  }

  @Test func noRunOfTodayExistsBeforeTenPastTwo() throws {
    let run = KMARun.latest(of: .shortTermForecast, at: try kst(2026, 1, 1, 2, 9))
    #expect(run.baseDate == (try day(2025, 12, 31)))
    #expect(run.baseHour == 23)
  }

  @Test func nowcastDelayIsConfigurable() throws {
    let at = try kst(2026, 11, 30, 9, 20)
    let standard = KMARun.latest(of: .nowcast, at: at)
    #expect(standard.baseHour == 9)
    let older = KMARun.latest(of: .nowcast, at: at, publicationDelay: .seconds(40 * 60))
    #expect(older.baseHour == 8)
  }

  @Test func ultraShortForecastIsBasedAtHalfPastAndOutAtQuarterTo() throws {
    let early = KMARun.latest(of: .ultraShortForecast, at: try kst(2026, 11, 30, 9, 44))
    #expect(early.baseHour == 8)
    #expect(early.baseMinute == 30)
    let late = KMARun.latest(of: .ultraShortForecast, at: try kst(2026, 11, 30, 9, 45))
    #expect(late.baseHour == 9)
    let midnight = KMARun.latest(of: .ultraShortForecast, at: try kst(2026, 11, 30, 0, 20))
    #expect(midnight.baseDate == (try day(2026, 11, 29)))
    #expect(midnight.baseHour == 23)
  }

  @Test func theClientUsesItsConfiguredDelay() throws {
    var configuration = KMAConfiguration.dataGoKr
    configuration.publicationDelays[.nowcast] = .seconds(40 * 60)
    let client = KMAClient(
      serviceKey: "k", configuration: configuration, transport: StubTransportless(),
      now: { (try? kst(2026, 11, 30, 9, 20)) ?? Date() })
    #expect(client.latestRun(of: .nowcast).baseHour == 8)
    #expect(client.latestRun(of: .shortTermForecast).baseHour == 8)
  }

  @Test func previousRunStepsBackAcrossMidnight() throws {
    let first = try run(.shortTermForecast, try day(2026, 3, 1), 2)
    #expect(first.previous == (try run(.shortTermForecast, try day(2026, 2, 28), 23)))
    #expect(first.previous.previous.baseHour == 20)
    let nowcast = try run(.nowcast, try day(2026, 3, 1), 0)
    #expect(nowcast.previous == (try run(.nowcast, try day(2026, 2, 28), 23)))
  }

  @Test(arguments: [0, 1, 3, 24, -1])
  func shortTermRunsExistOnlyAtTheirHours(hour: Int) throws {
    let error = #expect(throws: ForecastError.self) {
      try KMARun(operation: .shortTermForecast, baseDate: try day(2026, 11, 30), baseHour: hour)
    }
    #expect(error?.code == .invalidRequest)
  }

  @Test func baseTimeIsAnInstantInKoreaStandardTime() throws {
    let evening = try run(.ultraShortForecast, try day(2026, 11, 30), 23)
    #expect(evening.baseTime == (try kst(2026, 11, 30, 23, 30)))
    #expect(evening.description == "getUltraSrtFcst 2026-11-30 23:30")
    #expect(evening.baseTime.timeIntervalSince1970.truncatingRemainder(dividingBy: 3600) == 1800)
  }

  @Test func runsAreOrderedByBaseTime() throws {
    let early = try run(.shortTermForecast, try day(2026, 11, 30), 2)
    let late = try run(.shortTermForecast, try day(2026, 11, 30), 23)
    let yesterday = try run(.shortTermForecast, try day(2026, 11, 29), 23)
    #expect([late, early, yesterday].sorted() == [yesterday, early, late])
  }
}

/// A transport for tests that never send.
struct StubTransportless: HTTPTransport {
  func send(_ request: HTTPRequest) async throws(ForecastError) -> HTTPResponse {
    throw ForecastError(.transport, message: "This test sends nothing.")
  }
}
