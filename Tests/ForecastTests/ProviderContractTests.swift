import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import Testing

/// Every ``ForecastProvider`` Haru ships, each over a stub that answers for its instant.
enum ProviderUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case kma
  case openMeteo
  case stub

  func make(at date: Date) throws -> any ForecastProvider {
    switch self {
    case .kma: try kmaProvider(shortTermStub())
    case .openMeteo: OpenMeteoProvider(transport: openMeteoStub(at: date))
    case .stub: StubForecastProvider { _, date in .canned(around: date) }
    }
  }

  var testDescription: String { rawValue }
}

struct ProviderContractTests {
  @Test(arguments: ProviderUnderTest.allCases)
  func identifierAndAttributionAreSet(kind: ProviderUnderTest) throws {
    let provider = try kind.make(at: try serviceMorning())
    #expect(!provider.identifier.isEmpty)
    #expect(!provider.attribution.text.isEmpty)
    #expect(provider.attribution.link.scheme != nil)
  }

  @Test func identifiersDiffer() throws {
    let morning = try serviceMorning()
    let identifiers = try ProviderUnderTest.allCases.map { try $0.make(at: morning).identifier }
    #expect(Set(identifiers).count == identifiers.count)
  }

  @Test(arguments: ProviderUnderTest.allCases)
  func runsNeverGoBackwardsAndHoldUntilTheNextPublication(kind: ProviderUnderTest) throws {
    let start = try kst(2026, 11, 29, 0)
    let provider = try kind.make(at: start)
    var previous = provider.run(at: start)
    for step in 1...(2 * 24 * 12) {
      let date = start.addingTimeInterval(Double(step) * 300)
      let run = provider.run(at: date)
      #expect(run >= previous)
      #expect(run.publishedAt <= date)
      #expect(provider.run(at: run.publishedAt) == run)
      previous = run
    }
  }

  @Test(arguments: ProviderUnderTest.allCases)
  func theForecastCoversTodayAndNow(kind: ProviderUnderTest) async throws {
    let morning = try serviceMorning()
    let provider = try kind.make(at: morning)

    let forecast = try await provider.forecast(for: .seoulCityHall, at: morning)

    let today = try day(2026, 11, 30)
    #expect(forecast.days.contains { $0.day == today })
    #expect(forecast.days.map(\.day) == forecast.days.map(\.day).sorted())
    #expect(forecast.current != nil)
    #expect(forecast.issuedAt <= morning)
  }

  @Test(arguments: ProviderUnderTest.allCases)
  func aServiceOverTheProviderAnswers(kind: ProviderUnderTest) async throws {
    let morning = try serviceMorning()
    // No attempt timeout: what is checked is the answer, and a wall-clock limit would fail a
    // slow (sanitized, loaded) run; the timeout has tests of its own with a manual clock.
    let service = ForecastService(
      provider: try kind.make(at: morning), clock: ContinuousClock(), now: { morning },
      attemptTimeout: nil)

    let outlook = try await service.outlook(for: .seoulCityHall)

    #expect(outlook.today != nil)
    #expect(outlook.tomorrow != nil)
    #expect(outlook.yesterday != nil)
  }
}

struct ProviderKMARunTests {
  @Test func theKMARunFollowsTheNewestPublishedRuns() throws {
    let provider = try kmaProvider(shortTermStub())
    let start = try kst(2026, 11, 29, 0)
    for step in 0..<(2 * 24 * 12) {
      let date = start.addingTimeInterval(Double(step) * 300 + 60)
      let shortTerm = KMARun.latest(of: .shortTermForecast, at: date)
      let nowcast = KMARun.latest(of: .nowcast, at: date)
      let ultraShort = KMARun.latest(of: .ultraShortForecast, at: date)
      // Ten minutes after the short-term run and the nowcast, fifteen after the ultra-short run,
      // thirty after the UV index's issuance (every three hours from 00 KST).
      let uvIssuance = try #require(
        (0...3).map { date.addingTimeInterval(-1800 - Double($0) * 3600) }
          .compactMap { instant -> Date? in
            let hour = Int((instant.timeIntervalSince1970 / 3600).rounded(.down))
            return hour % 3 == 0 ? Date(timeIntervalSince1970: Double(hour) * 3600) : nil
          }.first)
      let expected = max(
        max(shortTerm.baseTime, nowcast.baseTime).addingTimeInterval(600),
        ultraShort.baseTime.addingTimeInterval(900), uvIssuance.addingTimeInterval(1800))
      #expect(provider.run(at: date).publishedAt == expected, "at \(date)")
    }
  }

  @Test func theKMARunFollowsConfiguredDelays() throws {
    var configuration = KMAConfiguration.dataGoKr
    configuration.publicationDelays[.nowcast] = .seconds(40 * 60)
    configuration.publicationDelays[.ultraShortForecast] = .seconds(60 * 60)
    let provider = try KMAProvider(
      serviceKey: sentinelKey, configuration: configuration, transport: shortTermStub())
    // 14:20: the 14:00 short-term run is out (14:10), the 14:00 nowcast is not (14:40), nor the
    // 13:30 ultra-short run (14:30).
    let run = provider.run(at: try kst(2026, 11, 30, 14, 20))
    #expect(run.publishedAt == (try kst(2026, 11, 30, 14, 10)))
    #expect(
      provider.run(at: try kst(2026, 11, 30, 14, 35)).publishedAt == (try kst(2026, 11, 30, 14, 30))
    )
    #expect(
      provider.run(at: try kst(2026, 11, 30, 14, 45)).publishedAt == (try kst(2026, 11, 30, 14, 40))
    )
  }
}
