import Foundation
import HaruForecastTesting
import HaruModels
import HaruTesting
import Testing

@testable import HaruForecast

/// The UV index and the pollen risk as parts of the outlook: asked for a town with an area code,
/// once per issuance, each kind of pollen in its season only, missing with its reason when
/// refused, and kept for the widget. 출처: 기상청.
struct LivingPartsTests {
  /// A town of 종로구's 청운효자동 in Seoul City Hall's cell.
  private func town() throws -> Town {
    try Town.seoulCityHall.withArea(code: "1111051500", midTermRegions: nil)
  }

  private func folder() -> URL {
    FileManager.default.temporaryDirectory.appending(
      path: "haru-living-\(UUID().uuidString)", directoryHint: .isDirectory)
  }

  private func outlook(
    _ standIn: PartsTests.KMAStandIn, at date: Date, town: Town, in directory: URL
  ) async throws -> ForecastOutlook {
    try await ForecastService(
      provider: try KMAProvider(serviceKey: sentinelKey, transport: standIn.transport),
      clock: ManualClock(), now: { date }, retryPolicy: .never, cacheDirectory: directory
    ).outlook(for: town)
  }

  private static let pollenOperations = [
    "getOakPollenRiskIdxV3", "getPinePollenRiskIdxV3", "getWeedsPollenRiskndxV3",
  ]

  @Test func theUVIndexAndTheWeedsInSeasonAreAskedOncePerIssuance() async throws {
    let standIn = PartsTests.KMAStandIn()
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 2026-09-26 13:00 KST: the UV issuance of 12:00 is out (12:30), the weeds bulletin of 06:00
    // too (06:30); oak and pine are out of season.
    let date = try kst(2026, 9, 26, 13)

    let first = try await outlook(standIn, at: date, town: try town(), in: directory)

    #expect(first.missing.isEmpty, "\(first.missingReasons)")
    let uv = try #require(first.uvIndex)
    #expect(uv.issuedAt == (try kst(2026, 9, 26, 12)))
    #expect(uv.index(at: date)?.value == 7)
    #expect(uv.index(at: date)?.grade == .high)
    #expect(uv.maximum(on: try CalendarDay(year: 2026, month: 9, day: 26))?.value == 7)
    #expect(first.pollen.map(\.kind) == [.oak, .pine, .weeds])
    #expect(first.pollen.map(\.isInSeason) == [false, false, true])
    let weeds = try #require(first.pollen.last)
    #expect(weeds.issuedAt == (try kst(2026, 9, 26, 6)))
    #expect(weeds.risk(on: first.referenceDay) == .low)
    #expect(weeds.risk(on: first.referenceDay.adding(days: 1)) == .moderate)
    #expect(standIn.count("getUVIdxV5") == 1)
    #expect(standIn.count("getWeedsPollenRiskndxV3") == 1)
    #expect(standIn.count("getOakPollenRiskIdxV3") + standIn.count("getPinePollenRiskIdxV3") == 0)
    let uvRequest = try #require(
      standIn.transport.requests.first { $0.url.lastPathComponent == "getUVIdxV5" })
    #expect(uvRequest.queryValue(named: "areaNo") == "1111051500")
    #expect(uvRequest.queryValue(named: "time") == "2026092612")

    // An hour later (a new nowcast and ultra-short run, no new index): nothing asked of them.
    let second = try await outlook(
      standIn, at: date.addingTimeInterval(3600), town: try town(), in: directory)
    #expect(second.uvIndex == first.uvIndex && second.pollen == first.pollen)
    #expect(standIn.count("getUVIdxV5") == 1)
    #expect(standIn.count("getWeedsPollenRiskndxV3") == 1)

    // 15:40: the 15:00 UV issuance is out; the weeds' next bulletin is not (18:30).
    let third = try await outlook(
      standIn, at: try kst(2026, 9, 26, 15, 40), town: try town(), in: directory)
    #expect(third.uvIndex?.issuedAt == (try kst(2026, 9, 26, 15)))
    #expect(standIn.count("getUVIdxV5") == 2)
    #expect(standIn.count("getWeedsPollenRiskndxV3") == 1)

    // The widget reads both back, with no request.
    let asked = standIn.asked.count
    let stored = try #require(
      await ForecastService.storedOutlook(
        for: try town(), cacheDirectory: directory, at: try kst(2026, 9, 26, 15, 50)))
    #expect(stored.outlook.uvIndex == third.uvIndex)
    #expect(stored.outlook.pollen == third.pollen)
    #expect(stored.part(.uvIndex)?.nextIssueAt == (try kst(2026, 9, 26, 18, 30)))
    #expect(stored.part(.pollen)?.nextIssueAt == (try kst(2026, 9, 26, 18, 30)))
    #expect(standIn.asked.count == asked)
  }

  @Test func outOfSeasonNoPollenIsAskedAndEveryKindSaysSo() async throws {
    let standIn = PartsTests.KMAStandIn()
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }

    let outlook = try await outlook(
      standIn, at: try kst(2026, 11, 30, 10), town: try town(), in: directory)

    #expect(outlook.pollen.map(\.kind) == [.oak, .pine, .weeds])
    #expect(outlook.pollen.allSatisfy { !$0.isInSeason && $0.days.isEmpty })
    #expect(Self.pollenOperations.allSatisfy { standIn.count($0) == 0 })
    #expect(!outlook.missing.contains(.pollen))
    #expect(outlook.uvIndex != nil)
  }

  @Test func theServicesOwnNotInSeasonIsKeptForTheBulletinAndNotAskedAgain() async throws {
    let standIn = PartsTests.KMAStandIn()
    // On 1 March the oak and pine are in season by their months, and the service says not yet.
    standIn.refuse(
      "getOakPollenRiskIdxV3",
      with: HTTPResponse(status: 200, body: Data(KMALivingFixtures.outOfSeason(.oak).utf8)))
    standIn.refuse(
      "getPinePollenRiskIdxV3",
      with: HTTPResponse(status: 200, body: Data(KMALivingFixtures.outOfSeason(.pine).utf8)))
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }

    let first = try await outlook(
      standIn, at: try kst(2027, 3, 1, 10), town: try town(), in: directory)
    #expect(first.pollen.map(\.isInSeason) == [false, false, false])
    #expect(!first.missing.contains(.pollen))
    #expect(standIn.count("getOakPollenRiskIdxV3") == 1)
    #expect(standIn.count("getPinePollenRiskIdxV3") == 1)

    _ = try await outlook(standIn, at: try kst(2027, 3, 1, 11, 10), town: try town(), in: directory)
    #expect(standIn.count("getOakPollenRiskIdxV3") == 1)
    #expect(standIn.count("getPinePollenRiskIdxV3") == 1)

    // The next bulletin (18:00) is asked again.
    _ = try await outlook(standIn, at: try kst(2027, 3, 1, 18, 40), town: try town(), in: directory)
    #expect(standIn.count("getOakPollenRiskIdxV3") == 2)
  }

  @Test(arguments: [
    ("getUVIdxV5", ForecastPart.uvIndex, DataService.kmaLivingIndices),
    ("getWeedsPollenRiskndxV3", ForecastPart.pollen, DataService.kmaHealthIndices),
  ])
  func aRefusedIndexIsMissingWithItsReasonAndTheRestIsServed(
    operation: String, part: ForecastPart, service: DataService
  ) async throws {
    let standIn = PartsTests.KMAStandIn()
    standIn.refuse(
      operation,
      with: HTTPResponse(status: 401, body: Data(KMALivingFixtures.apiHubInvalidKey.utf8)))
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }

    let outlook = try await outlook(
      standIn, at: try kst(2026, 9, 26, 13), town: try town(), in: directory)

    #expect(outlook.missing == [part])
    let reason = try #require(outlook.missingReasons[part])
    #expect(reason.service == service)
    #expect(reason.error.isFromAPIHub && reason.isRefusal)
    #expect(outlook.today != nil && outlook.nextHours.count == 6)
    if part == .pollen {
      // The kinds out of season are still said to be.
      #expect(outlook.pollen.map(\.kind) == [.oak, .pine])
      #expect(outlook.uvIndex != nil)
    } else {
      #expect(outlook.uvIndex == nil && outlook.pollen.count == 3)
    }
  }

  @Test func aTownWithoutAnAreaCodeHasNeitherAndMissesNothing() async throws {
    let standIn = PartsTests.KMAStandIn()
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }

    let outlook = try await outlook(
      standIn, at: try kst(2026, 9, 26, 13), town: .seoulCityHall, in: directory)

    #expect(outlook.uvIndex == nil && outlook.pollen.isEmpty)
    #expect(outlook.missing.isEmpty)
    #expect((["getUVIdxV5"] + Self.pollenOperations).allSatisfy { standIn.count($0) == 0 })
  }
}
