import Foundation
import HaruForecastTesting
import HaruModels
import HaruTesting
import Testing

@testable import HaruForecast

/// The real Seoul body, its hour moved to 2026-10-04 10:00 so that it is fresh at 10:30.
let freshSeoulProvince = AirKoreaFixtures.seoulProvince.replacingOccurrences(
  of: "2023-11-08 14:00", with: "2026-10-04 10:00")

/// The ten-day KMA answers, and AirKorea's at `air`.
func outlookTransport(
  midTerm: (@Sendable (String, String, String) -> HTTPResponse)? = nil,
  air: StubTransport = airKoreaStub(province: .json(freshSeoulProvince))
) -> StubTransport {
  let kma = midTerm.map { tenDayTransport(midTerm: $0) } ?? tenDayTransport()
  return StubTransport { (request) throws(ForecastError) -> HTTPResponse in
    if request.url.path().hasPrefix("/B552584/") { return try await air.send(request) }
    return try await kma.send(request)
  }
}

func providerWithAir(_ transport: StubTransport, at date: Date) throws -> KMAProvider {
  try KMAProvider(
    serviceKey: sentinelKey, transport: transport,
    airQuality: try AirKoreaClient(serviceKey: sentinelKey, transport: transport, now: { date }))
}

struct AirOutlookTests {
  let date: Date
  let town: Town

  init() throws {
    date = try kst(2026, 10, 4, 10, 30)
    town = try Town(name: "용산구", coordinate: try atYongsanStation())
  }

  @Test func anOutlookCarriesTheTownsAirQualityAskedAtTheSameTime() async throws {
    let transport = outlookTransport()
    let forecast = try await providerWithAir(transport, at: date).forecast(for: town, at: date)
    #expect(forecast.missing.isEmpty)
    let air = try #require(forecast.air)
    #expect(air.pm10.value?.oneHour != nil)
    #expect(air.pm10.station?.name != "용산구")
    #expect(air.pm10.measuredAt == (try kst(2026, 10, 4, 10)))
    #expect(forecast.days.contains { $0.source == .midTerm })
  }

  @Test func aKeyRegisteredForTheShortTermForecastOnlyGetsItsDaysAndTheReasons() async throws {
    let refused = HTTPResponse.text(AirKoreaFixtures.keyNotRegistered)
    let transport = outlookTransport(
      midTerm: { _, _, _ in .json(KMAMidTermFixtures.keyNotRegistered, status: 403) },
      air: airKoreaStub(stations: refused, province: refused, forecast: refused))
    let service = ForecastService(
      provider: try providerWithAir(transport, at: date), clock: ManualClock(), now: { self.date })
    let outlook = try await service.outlook(for: town)
    #expect(outlook.missing == [.midTerm, .air])
    #expect(outlook.air == nil)
    #expect(outlook.today != nil && outlook.tomorrow != nil)
    #expect(outlook.days.allSatisfy { $0.source == .shortTerm })
    let midTerm = try #require(outlook.missingReasons[.midTerm])
    #expect(midTerm.service == .kmaMidTerm)
    #expect(midTerm.isRefusal)
    let air = try #require(outlook.missingReasons[.air])
    #expect(air.service == .airKoreaStations)
    #expect(air.error.kmaResultCode == .serviceKeyNotRegistered)
    #expect(air.message(in: .korean).contains("한국환경공단_에어코리아_측정소정보"))
    #expect(air.message(in: .english).contains("AirKorea station service"))
  }

  @Test func theAirQualityAndTheReasonsSurviveARelaunchThroughTheDiskCache() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "haru-air-outlook-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = outlookTransport(midTerm: { _, _, _ in
      .json(KMAMidTermFixtures.keyNotRegistered, status: 403)
    })
    let provider = try providerWithAir(transport, at: date)
    let first = ForecastService(
      provider: provider, clock: ManualClock(), now: { self.date }, cacheDirectory: folder)
    let fetched = try await first.outlook(for: town)
    let requests = transport.requests.count
    let relaunched = ForecastService(
      provider: provider, clock: ManualClock(), now: { self.date }, cacheDirectory: folder)
    let stored = try await relaunched.outlook(for: town)
    #expect(transport.requests.count == requests)
    #expect(stored.air == fetched.air)
    #expect(stored.air != nil)
    #expect(stored.missingReasons == fetched.missingReasons)
    #expect(stored.missingReasons[.midTerm]?.error.kmaResultCode == .serviceKeyNotRegistered)
  }

  @Test func withAirQualityTheRunAlsoTurnsTwentyMinutesPastEachHour() throws {
    let plain = try kmaProvider(outlookTransport())
    let withAir = try providerWithAir(outlookTransport(), at: date)
    let before = try kst(2026, 10, 4, 11, 19)
    let after = try kst(2026, 10, 4, 11, 20)
    #expect(plain.run(at: before) == plain.run(at: after))
    #expect(withAir.run(at: before) < withAir.run(at: after))
    #expect(withAir.run(at: after).publishedAt == after)
  }
}
