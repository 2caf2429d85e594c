import Foundation
import HaruModels
import HaruTestSupport
import Testing

@testable import HaruForecast

/// Numbers the forecast reads from outside that pass 2³¹ − 1 (the largest 32-bit `Int`, Apple
/// Watch's) are 64-bit by type and read exactly.
@Suite(.timeLimit(.minutes(2)))
struct Forecast32BitTests {
  private func scan(_ data: Data) throws(EnvelopeFailure) -> Envelope<KMAItem> {
    try EnvelopeScanner.scan(data, rows: KMAItemReader())
  }

  private func body(items: String, counts: String = #""totalCount":1"#) -> Data {
    Data(
      (#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"#
        + #""body":{"dataType":"JSON","items":{"item":["# + items + #"]},"# + counts + "}}}")
        .utf8)
  }

  @Test func twelveDigitDateTimesAreReadExactly() throws {
    let envelope = try scan(
      body(
        items:
          #"{"baseDate":"202611300600","baseTime":202611301800,"category":"TMP","#
          + #""fcstDate":"999999999999","fcstTime":"0600","fcstValue":"1","nx":60,"ny":127}"#))
    let item = try #require(envelope.rows.first)
    let baseDate: Int64 = item.baseDate
    let baseTime: Int64 = item.baseTime
    let forecastDate: Int64 = item.forecastDate
    let forecastTime: Int64 = item.forecastTime
    #expect(baseDate == 202_611_300_600)
    #expect(baseTime == 202_611_301_800)
    #expect(forecastDate == 999_999_999_999)
    #expect(forecastTime == 600)
    #expect(item.nx == 60)
    #expect(item.ny == 127)
  }

  @Test func pageCountsPastAThirtyTwoBitIntAreReadExactly() throws {
    let envelope = try scan(
      body(
        items: #"{"category":"TMP","fcstDate":"20261130","fcstTime":"0600","fcstValue":"1"}"#,
        counts: #""totalCount":"3000000000","pageNo":2147483648,"numOfRows":4294967296"#))
    let total: Int64? = envelope.totalCount
    let page: Int64? = envelope.pageNumber
    let rows: Int64? = envelope.rowsPerPage
    #expect(total == 3_000_000_000)
    #expect(page == 2_147_483_648)
    #expect(rows == 4_294_967_296)
  }

  @Test func anHourIsKeyedByItsTwelveDigitDateAndTime() throws {
    let key: Int64? = KMAForecastBuilder.slotKey(date: 20_261_130, time: 600)
    #expect(key == 202_611_300_600)
    #expect(KMAForecastBuilder.slotKey(date: 9_000_000_000_000_000_000, time: 600) == nil)
    #expect(KMAForecastBuilder.slotKey(date: 20_261_130, time: 202_611_300_600) == nil)
    #expect(KMAForecastBuilder.day(202_611_300_600) == nil)
    #expect(KMAForecastBuilder.day(20_261_130) == (try CalendarDay(year: 2026, month: 11, day: 30)))
  }

  @Test func aForecastIsBuiltFromItsTwelveDigitHoursAndSkipsDatesOfMoreDigits() throws {
    let envelope = try scan(
      body(
        items:
          #"{"baseDate":"20261130","baseTime":"0500","category":"TMP","fcstDate":"20261130","#
          + #""fcstTime":"0600","fcstValue":"-3","nx":60,"ny":127},"#
          + #"{"baseDate":"20261130","baseTime":"0500","category":"TMP","#
          + #""fcstDate":9000000000000000000,"fcstTime":"0600","fcstValue":"4","nx":60,"ny":127},"#
          + #"{"baseDate":"20261130","baseTime":"0500","category":"TMP","#
          + #""fcstDate":"202611300600","fcstTime":"0600","fcstValue":"5","nx":60,"ny":127}"#))
    let forecast = try KMAForecastBuilder.forecast(
      from: envelope.rows, operation: .shortTermForecast, requestedRun: nil)
    #expect(forecast.run.baseDate == (try CalendarDay(year: 2026, month: 11, day: 30)))
    #expect(forecast.run.baseHour == 5)
    #expect(forecast.days.count == 1)
    let hour = try #require(forecast.days.first?.hourly.first)
    #expect(forecast.days.first?.hourly.count == 1)
    #expect(hour.temperature == (try Temperature(celsius: -3)))
    let sixInKorea = try CalendarDay(year: 2026, month: 11, day: 30)
      .start(in: CalendarDay.koreaTimeZone).addingTimeInterval(6 * 3600)
    #expect(hour.time == sixInKorea)
  }

  @Test func aBodyAnnouncedPastFourGibibytesIsRefusedWithItsExactSize() async throws {
    let announced: Int64 = 5_000_000_000
    let server = try LocalHTTPServer { _ in
      .stream(total: Int(announced), announceLength: true)
    }
    defer { server.stop() }
    let transport = URLSessionTransport(maximumBodySize: 3_000_000_000)
    let limit: Int64 = transport.maximumBodySize
    #expect(limit == 3_000_000_000)
    let error = await #expect(throws: ForecastError.self) {
      try await transport.send(
        HTTPRequest(url: server.baseURL.appending(path: "getVilageFcst"), timeout: .seconds(20)))
    }
    #expect(error?.code == .bodyTooLarge)
    #expect(
      error?.message.contains(
        "larger than the 3000000000 bytes accepted (5000000000 bytes announced)") == true,
      "\(String(describing: error?.message))")
    await server.waitForFinishedConnections(count: 1)
  }

  @Test func theDefaultLimitAndAnIntLimitAreSixtyFourBit() {
    let standard: Int64 = URLSessionTransport.defaultMaximumBodySize
    #expect(standard == 8 * 1024 * 1024)
    let size = 1024
    let limit: Int64 = URLSessionTransport(maximumBodySize: size).maximumBodySize
    #expect(limit == 1024)
    #expect(URLSessionTransport().maximumBodySize == 8 * 1024 * 1024)
  }
}
