import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import Testing

/// The captured mid-term answers by operation and `tmFc`: the 06:00 and 18:00 issuances of
/// 2026-10-04; "no data" for every other issuance.
@Sendable func capturedMidTerm(_ operation: String, _ region: String, _ issued: String)
  -> HTTPResponse
{
  switch (operation, issued) {
  case ("getMidLandFcst", "202610040600"): .json(KMAMidTermFixtures.land0600)
  case ("getMidLandFcst", "202610041800"): .json(KMAMidTermFixtures.land1800)
  case ("getMidTa", "202610040600"): .json(KMAMidTermFixtures.temperature0600)
  case ("getMidTa", "202610041800"): .json(KMAMidTermFixtures.temperature1800)
  default: .json(KMAMidTermFixtures.noData)
  }
}

/// Short-term runs from the fixtures, mid-term answers from `midTerm`, and the nowcast from
/// `nowcast` when given.
func tenDayTransport(
  midTerm: @escaping @Sendable (String, String, String) -> HTTPResponse = capturedMidTerm,
  nowcast: HTTPResponse? = nil,
  shortTerm refusal: HTTPResponse? = nil
) -> StubTransport {
  let shortTerm = shortTermStub()
  return StubTransport { (request) throws(ForecastError) -> HTTPResponse in
    let operation = request.url.lastPathComponent
    if operation == "getMidLandFcst" || operation == "getMidTa" {
      return midTerm(
        operation, request.queryValue(named: "regId") ?? "",
        request.queryValue(named: "tmFc") ?? "")
    }
    if operation == "getUltraSrtNcst", let nowcast { return nowcast }
    if let refusal { return refusal }
    return try await shortTerm.send(request)
  }
}

extension StubTransport {
  /// `operation regId tmFc` of every mid-term request, in order.
  var askedMidTerm: [String] {
    requests.filter { $0.queryValue(named: "tmFc") != nil }.map {
      "\($0.url.lastPathComponent) \($0.queryValue(named: "regId") ?? "?") "
        + "\($0.queryValue(named: "tmFc") ?? "?")"
    }
  }
}

struct TenDayOutlookTests {
  @Test func shortTermDaysComeFirstAndTheMidTermFillsTheRestToDayTen() async throws {
    let transport = tenDayTransport()
    let date = try kst(2026, 10, 4, 10, 30)
    let forecast = try await kmaProvider(transport).forecast(for: .seoulCityHall, at: date)
    let today = try day(2026, 10, 4)
    let shown = forecast.days.filter { $0.day >= today }
    #expect(shown.map(\.day) == (0...10).map { today.adding(days: $0) })
    // The 08:00 run reaches day 3; the 06:00 issuance gives days 4–10.
    #expect(shown.prefix(4).allSatisfy { $0.source == .shortTerm })
    #expect(shown.dropFirst(4).allSatisfy { $0.source == .midTerm })
    let four = try #require(shown.first { $0.day == today.adding(days: 4) })
    #expect(four.maximum?.temperature.celsius == 25)
    #expect(four.minimum?.isDerived == false)
    #expect(four.morning?.sky == .clear)
    #expect(forecast.midTermIssuedAt == (try kst(2026, 10, 4, 6)))
    #expect(forecast.midTermNextIssueAt == (try kst(2026, 10, 4, 18, 10)))
    #expect(forecast.missing.isEmpty)
    // Seoul City Hall has no regions of its own: the nearest temperature point is 서울.
    #expect(
      Set(transport.askedMidTerm) == [
        "getMidLandFcst 11B00000 202610040600", "getMidTa 11B10101 202610040600",
      ])
  }

  @Test func aTownsOwnRegionsAreAsked() async throws {
    let transport = tenDayTransport()
    let town = try Town(
      name: "성복동", coordinate: Coordinate(latitude: 37.310331, longitude: 127.083233),
      gridPoint: GridPoint(nx: 62, ny: 121)
    ).withArea(
      code: "4146559000", midTermRegions: MidTermRegions(land: "11B00000", temperature: "11B20612"))
    _ = try await kmaProvider(transport).forecast(for: town, at: try kst(2026, 10, 4, 10, 30))
    #expect(transport.askedMidTerm.contains("getMidTa 11B20612 202610040600"))
  }

  @Test func justAfterMidnightDayNumbersCountFromTheIssuanceDate() async throws {
    let transport = tenDayTransport()
    let date = try kst(2026, 10, 5, 0, 30)
    let forecast = try await kmaProvider(transport).forecast(for: .seoulCityHall, at: date)
    // The newest issuance is yesterday's 18:00: its day 5 is 10-09, today + 4.
    #expect(transport.askedMidTerm.allSatisfy { $0.hasSuffix("202610041800") })
    let midTermDays = forecast.days.filter { $0.source == .midTerm }
    #expect(midTermDays.first?.day == (try day(2026, 10, 9)))
    #expect(midTermDays.last?.day == (try day(2026, 10, 14)))
    // taMax10 of the 18:00 body is 21, taMax9 22: counting from today would put 22 on 10-14.
    #expect(forecast.days.last?.maximum?.temperature.celsius == 21)
    #expect(forecast.days.first { $0.day == (try? day(2026, 10, 13)) }?.morning?.sky == .overcast)
  }

  @Test func anIssuanceNotOutYetFallsBackOne() async throws {
    // 18:20: the 18:00 issuance is due but answers no data; the 06:00 one answers.
    let transport = tenDayTransport { operation, region, issued in
      issued == "202610041800"
        ? .json(KMAMidTermFixtures.noData) : capturedMidTerm(operation, region, issued)
    }
    let forecast = try await kmaProvider(transport).forecast(
      for: .seoulCityHall, at: try kst(2026, 10, 4, 18, 20))
    #expect(forecast.midTermIssuedAt == (try kst(2026, 10, 4, 6)))
    #expect(transport.askedMidTerm.filter { $0.hasSuffix("202610040600") }.count == 2)
    #expect(forecast.missing.isEmpty)
  }

  @Test func aTemperaturePointThatAnswersNoDataFallsBackAndTheOutlookIsServed() async throws {
    let transport = tenDayTransport { operation, region, issued in
      if operation == "getMidTa", region == "11H10603" { return .json(KMAMidTermFixtures.noData) }
      return capturedMidTerm(operation, region, issued)
    }
    let town = try Town(name: "군위", gridPoint: seoul).withArea(
      code: "2772000000", midTermRegions: MidTermRegions(land: "11H10000", temperature: "11H10603"))
    let forecast = try await kmaProvider(transport).forecast(
      for: town, at: try kst(2026, 10, 4, 10, 30))
    #expect(transport.askedMidTerm.contains("getMidTa 11H10701 202610040600"))
    // (The stub answers no UV index or pollen for the town's area: those parts are missing.)
    #expect(!forecast.missing.contains(.midTerm))
    #expect(forecast.days.contains { $0.source == .midTerm && $0.maximum != nil })
  }

  @Test func onlyTheNowcastMissingServesTheOutlookWithoutIt() async throws {
    let transport = tenDayTransport(nowcast: .json(KMAFixtures.noData))
    let forecast = try await kmaProvider(transport).forecast(
      for: .seoulCityHall, at: try kst(2026, 10, 4, 10, 30))
    #expect(forecast.missing == [.current])
    #expect(forecast.current == nil)
    #expect(forecast.days.contains { $0.source == .midTerm })
  }

  @Test func onlyTheMidTermMissingServesTheOutlookWithoutIt() async throws {
    let transport = tenDayTransport { _, _, _ in .json(KMAMidTermFixtures.noData) }
    let forecast = try await kmaProvider(transport).forecast(
      for: .seoulCityHall, at: try kst(2026, 10, 4, 10, 30))
    #expect(forecast.missing == [.midTerm])
    #expect(forecast.current != nil)
    #expect(forecast.midTermIssuedAt == nil)
    #expect(forecast.days.allSatisfy { $0.source == .shortTerm })
  }

  @Test func aKeyRefusedByTheMidTermGatewayServesTheShortTermDaysAndSaysWhy() async throws {
    let transport = tenDayTransport { _, _, _ in
      .json(KMAMidTermFixtures.keyNotRegistered, status: 403)
    }
    let forecast = try await kmaProvider(transport).forecast(
      for: .seoulCityHall, at: try kst(2026, 10, 4, 10, 30))
    #expect(forecast.missing == [.midTerm])
    #expect(forecast.days.allSatisfy { $0.source == .shortTerm })
    #expect(forecast.current != nil)
    let reason = try #require(forecast.missingReasons[.midTerm])
    #expect(reason.service == .kmaMidTerm)
    #expect(reason.error.kmaResultCode == .serviceKeyNotRegistered)
    #expect(reason.isRefusal)
    #expect(reason.message(in: .korean).contains("기상청_중기예보 조회서비스"))
    #expect(reason.message(in: .korean).contains("활용신청"))
    #expect(reason.message(in: .english).contains("Apply for it"))
    #expect(!"\(forecast)".contains("s3cr3t"))
  }

  @Test func aNowcastRefusedForItsQuotaServesTheRestAndSaysWhy() async throws {
    let transport = tenDayTransport(nowcast: .json(KMAFixtures.gatewayError(.requestLimitExceeded)))
    let forecast = try await kmaProvider(transport).forecast(
      for: .seoulCityHall, at: try kst(2026, 10, 4, 10, 30))
    #expect(forecast.missing == [.current])
    let reason = try #require(forecast.missingReasons[.current])
    #expect(reason.service == .kmaShortTerm)
    #expect(reason.message(in: .english).contains("quota"))
    #expect(reason.message(in: .korean).contains("자정"))
  }

  @Test func aRefusalOfTheShortTermForecastItselfStillFailsTheAnswer() async throws {
    let transport = tenDayTransport(
      shortTerm: .json(KMAMidTermFixtures.keyNotRegistered, status: 403))
    let error = await #expect(throws: ForecastError.self) {
      try await kmaProvider(transport).forecast(
        for: .seoulCityHall, at: try kst(2026, 10, 4, 10, 30))
    }
    #expect(error?.kmaResultCode == .serviceKeyNotRegistered)
    #expect(error.map { !"\($0)".contains("s3cr3t") } == true)
  }
}

struct FreshnessTests {
  /// The ten-day answers, until the switch is turned on; then a lost connection.
  static func losingTheConnection() -> (StubTransport, Switch) {
    let failing = Switch()
    let inner = tenDayTransport()
    let transport = StubTransport { (request) throws(ForecastError) -> HTTPResponse in
      if failing.isOn { throw connectionLost }
      return try await inner.send(request)
    }
    return (transport, failing)
  }

  func service(_ transport: StubTransport, _ now: TestNow) throws -> ForecastService {
    ForecastService(
      provider: try kmaProvider(transport), now: now.closure,
      retryPolicy: RetryPolicy(
        maximumAttempts: 1, initialDelay: .milliseconds(1), maximumTotalTime: .seconds(1)),
      attemptTimeout: nil)
  }

  @Test func aBadKeyWithAKeptForecastIsThrownNeverHidden() async throws {
    let refusing = Switch()
    let inner = tenDayTransport()
    let transport = StubTransport { (request) throws(ForecastError) -> HTTPResponse in
      if refusing.isOn { return .json(KMAMidTermFixtures.keyNotRegistered, status: 403) }
      return try await inner.send(request)
    }
    let now = TestNow(try kst(2026, 10, 4, 10, 30))
    let service = try service(transport, now)
    _ = try await service.outlook(for: .seoulCityHall)
    now.date = try kst(2026, 10, 4, 11, 30)
    refusing.isOn = true
    let error = await #expect(throws: ForecastError.self) {
      try await service.outlook(for: .seoulCityHall)
    }
    #expect(error?.kmaResultCode == .serviceKeyNotRegistered)
    // The kept forecast may be offered alongside the error, never instead of it.
    #expect(service.cachedOutlook(for: .seoulCityHall)?.isStale == false)
  }

  @Test func aTransientFailureServesTheKeptForecastWithATypedReason() async throws {
    let (transport, failing) = Self.losingTheConnection()
    let now = TestNow(try kst(2026, 10, 4, 10, 30))
    let service = try service(transport, now)
    _ = try await service.outlook(for: .seoulCityHall)
    now.date = try kst(2026, 10, 4, 12, 30)
    failing.isOn = true
    let stale = try await service.outlook(for: .seoulCityHall)
    let reason = try #require(stale.staleReason)
    #expect(reason.code == .offline)
    #expect(reason.error.code == .transport)
    #expect(reason.message(in: .korean).contains("연결"))
    #expect(reason.message(in: .english).contains("could not be reached"))
  }

  @Test func aKeptForecastOlderThanTheMaximumAgeIsNotServed() async throws {
    let (transport, failing) = Self.losingTheConnection()
    let now = TestNow(try kst(2026, 10, 4, 10, 30))
    let service = try service(transport, now)
    let fresh = try await service.outlook(for: .seoulCityHall)
    failing.isOn = true
    // Issued at 08:00; 24 hours later it may still be shown, marked stale; after that, not.
    now.date = fresh.issuedAt.addingTimeInterval(24 * 3600 - 60)
    #expect(try await service.outlook(for: .seoulCityHall).isStale)
    now.date = fresh.issuedAt.addingTimeInterval(24 * 3600 + 60)
    let error = await #expect(throws: ForecastError.self) {
      try await service.outlook(for: .seoulCityHall)
    }
    #expect(error?.code == .transport)
  }

  @Test(arguments: [
    (ForecastError(.kmaResult, message: "", kmaResultCode: .serviceKeyNotRegistered), true),
    (ForecastError(.kmaResult, message: "", kmaResultCode: .requestLimitExceeded), true),
    (ForecastError(.kmaResult, message: "", kmaResultCode: .serviceKeyTemporarilyDisabled), true),
    (ForecastError(.kmaResult, message: "", kmaResultCode: .invalidRequestParameter), true),
    (ForecastError(.invalidRequest, message: ""), true),
    (ForecastError(.httpStatus, message: "", httpStatus: 403), true),
    (ForecastError(.httpStatus, message: "", httpStatus: 503), false),
    (ForecastError(.kmaResult, message: "", kmaResultCode: .applicationError), false),
    (ForecastError(.noData, message: ""), false),
    (ForecastError(.timeout, message: ""), false),
  ])
  func errorsThatRetryingWillNotFixArePermanent(_ error: ForecastError, _ permanent: Bool) {
    #expect(error.isPermanent == permanent)
  }
}
