import Foundation
import HaruForecastTesting
import HaruModels
import HaruTesting
import Testing

@testable import HaruForecast

/// The next six hours (`getUltraSrtFcst`): read from real bodies and from a rainy one made from a
/// real one (`Fixtures/kma-ultra/PROVENANCE.md` says how), kept as a part of the outlook, ahead
/// of the short-term hours, and missing with its reason when refused. 출처: 기상청.
struct NextHoursTests {
  private func body(_ name: String) throws -> Data {
    try fixtureBody("kma-ultra/" + name)
  }

  private static let real = "ultra-20240320-2130-55-127.json"
  private static let rainy = "MADE-ultra-20240320-2130-55-127-rain-with-pop.json"

  // MARK: - Reading

  @Test func aBodyOfSixtyRowsHasNoProbabilityAndOneOfSixtySixHasIt() throws {
    let plain = try KMAForecast(decoding: try body(Self.real), operation: .ultraShortForecast)
    let withPOP = try KMAForecast(decoding: try body(Self.rainy), operation: .ultraShortForecast)

    #expect(plain.hours.count == 6 && withPOP.hours.count == 6)
    #expect(plain.hours.allSatisfy { $0.precipitationProbability == nil })
    #expect(withPOP.hours.map { $0.precipitationProbability?.percent } == [20, 70, 90, 80, 30, 10])
    // The other values are the real body's in both.
    #expect(plain.hours.map(\.temperature) == withPOP.hours.map(\.temperature))
    #expect(plain.hours.map(\.humidity) == withPOP.hours.map(\.humidity))
  }

  @Test func rainAmountsAreReadAsTheAmountsTheySay() throws {
    let forecast = try KMAForecast(
      decoding: try body(Self.rainy), operation: .ultraShortForecast)
    let measures = forecast.hours.map { $0.precipitation?.measure }

    #expect(
      measures == [.nothing, .lessThan(1), .between(30, 50), .atLeast(50), .nothing, .nothing])
    #expect(
      forecast.hours.map(\.precipitationType) == [
        .nothing, .rain, .rain, .rain, .nothing, .nothing,
      ])
    #expect(forecast.hours[1].precipitation?.originalText == "1mm 미만")
  }

  @Test func itemsThatNameTheRunOnTheHourAreReadAsThatHoursRun() throws {
    let text = try #require(String(data: try body(Self.real), encoding: .utf8))
    let onTheHour = text.replacingOccurrences(
      of: #""baseTime": "2130""#, with: #""baseTime": "2100""#)
    #expect(onTheHour != text)

    let forecast = try KMAForecast(
      decoding: Data(onTheHour.utf8), operation: .ultraShortForecast)

    let expected = try KMARun(
      operation: .ultraShortForecast, baseDate: try CalendarDay(parsing: "20240320"),
      baseHour: 21)
    #expect(forecast.run == expected)
    #expect(forecast.hours.first?.time == (try kst(2024, 3, 20, 22)))
    #expect(forecast.hours.count == 6)
  }

  // MARK: - In the outlook

  /// 21:50 KST on 2024-03-20: the 21:30 run is the newest (out at 21:45); the made body rains
  /// from 23:00.
  private func rainyEvening() throws -> Date { try kst(2024, 3, 20, 21, 50) }

  private func service(_ standIn: PartsTests.KMAStandIn, at date: Date, in directory: URL? = nil)
    throws -> ForecastService
  {
    ForecastService(
      provider: try KMAProvider(serviceKey: sentinelKey, transport: standIn.transport),
      clock: ManualClock(), now: { date }, retryPolicy: .never, cacheDirectory: directory)
  }

  @Test func theNextHoursStandBeforeTheShortTermHoursAndMakeTheRainLine() async throws {
    let standIn = PartsTests.KMAStandIn()
    standIn.refuse(
      "getUltraSrtFcst", with: HTTPResponse(status: 200, body: try body(Self.rainy)))
    let date = try rainyEvening()

    let outlook = try await service(standIn, at: date).outlook(for: .seoulCityHall)

    #expect(outlook.nextHours.count == 6)
    #expect(outlook.missing.isEmpty)
    // Where both forecasts have an hour, the ultra-short one's is in `hourly`.
    let hourly = Dictionary(outlook.hourly.map { ($0.time, $0) }, uniquingKeysWith: { a, _ in a })
    for hour in outlook.nextHours {
      #expect(hourly[hour.time] == hour)
    }
    #expect(outlook.hourly.map(\.time) == outlook.hourly.map(\.time).sorted())
    #expect(Set(outlook.hourly.map(\.time)).count == outlook.hourly.count)
    // The short-term fixture has no rain that evening: the line is the ultra-short one's.
    #expect(outlook.rainLine?.text(in: .korean) == "23시부터 비 (1mm 미만)")
    #expect(outlook.rainLine?.text(in: .english) == "Rain from 23:00 (under 1 mm)")
  }

  @Test(arguments: [
    // API Hub's answer to a key it does not know (real).
    (401, #"{"result":{"status":401,"message":"유효한 인증키가 아닙니다."}}"#),
    // To a key that has not applied for the API (reported wording).
    (403, #"{"result":{"status":403,"message":"활용신청이 필요한 API 입니다"}}"#),
  ])
  func aRefusedNextHoursPartIsMissingWithItsReasonAndTheRestIsServed(
    status: Int, body: String
  ) async throws {
    let standIn = PartsTests.KMAStandIn()
    standIn.refuse("getUltraSrtFcst", with: HTTPResponse(status: status, body: Data(body.utf8)))
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "haru-next-hours-\(UUID().uuidString)", directoryHint: .isDirectory)
    defer { try? FileManager.default.removeItem(at: directory) }
    let date = try serviceMorning()

    let outlook = try await service(standIn, at: date, in: directory).outlook(for: .seoulCityHall)

    #expect(outlook.nextHours.isEmpty)
    #expect(outlook.missing == [.nextHours])
    let reason = try #require(outlook.missingReasons[.nextHours])
    #expect(reason.error.isFromAPIHub)
    #expect(reason.service == .kmaShortTerm)
    #expect(reason.isRefusal)
    #expect(!reason.message(in: .korean).isEmpty && !reason.message(in: .english).isEmpty)
    #expect(outlook.today != nil && outlook.current != nil)
    // Without the next hours the rain line is made from the short-term hours.
    #expect(outlook.rainLine != nil)
    #expect(standIn.count("getUltraSrtFcst") == 1)

    // The next refresh, an hour later, does not ask the refused part again (its backoff is an
    // hour, doubling) and says why it is missing.
    let later = try await service(standIn, at: date.addingTimeInterval(50 * 60), in: directory)
      .outlook(for: .seoulCityHall)
    #expect(standIn.count("getUltraSrtFcst") == 1)
    #expect(later.missing == [.nextHours])
    #expect(later.missingReasons[.nextHours]?.error.isFromAPIHub == true)
  }
}
