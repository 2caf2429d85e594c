import Foundation
import HaruForecastTesting
import HaruModels
import Testing

@testable import HaruForecast

/// The UV index and the pollen risk: KMA's real answers read into the models, the requests
/// asked, the issuance chosen and the fallback, and every refusal typed. The real bodies are in
/// `Fixtures/kma-living` (PROVENANCE.md) and `Fixtures/kma-ultra`. 출처: 기상청.
struct LivingIndicesTests {
  private static let fixtures = URL(filePath: #filePath).deletingLastPathComponent()
    .appending(path: "Fixtures")

  /// 서울특별시.
  private static let seoulArea = "1100000000"
  /// 강남구.
  private static let gangnam = "1168000000"

  private func client(
    _ transport: StubTransport, configuration: KMAConfiguration = .dataGoKr
  ) throws -> KMALivingIndicesClient {
    KMALivingIndicesClient(
      builder: try KMARequestBuilder(configuration: configuration, serviceKey: sentinelKey),
      transport: transport)
  }

  /// A transport answering every request with one body.
  private func answering(_ body: String, status: Int = 200) -> StubTransport {
    StubTransport { _ in .json(body, status: status) }
  }

  // MARK: - Real bodies

  @Test func fixturesAreTheRealBodiesByteForByte() throws {
    let pairs: [(String, String)] = [
      ("kma-living/uv-v5-2026092612-all-areas-first3.json", KMALivingFixtures.uv2026092612),
      ("kma-living/pollen-weeds-2026080206-1168000000.json", KMALivingFixtures.weeds2026080206),
      (
        "kma-living/pollen-weeds-2026093018-all-areas-first3.json",
        KMALivingFixtures.weeds2026093018
      ),
      ("kma-living/pollen-out-of-season-99-20260728.json", KMALivingFixtures.outOfSeason20260728),
      ("kma-ultra/apihub-401-invalid-key.json", KMALivingFixtures.apiHubInvalidKey),
    ]
    for (file, fixture) in pairs {
      let data = try Data(contentsOf: Self.fixtures.appending(path: file))
      #expect(data == Data(fixture.utf8), "\(file)")
    }
  }

  @Test func theRealUVAnswerLeavesItsEmptySlotsAndTheAbsentH78Missing() async throws {
    let transport = answering(KMALivingFixtures.uv2026092612)
    let uv = try await client(transport).uvForecast(
      areaCode: Self.seoulArea, at: try kst(2026, 9, 26, 13))
    let noon = try kst(2026, 9, 26, 12)
    #expect(uv.issuedAt == noon)
    // h0…h57 published; h60–h75 are "" and h78 is not sent: 20 readings, no error.
    #expect(uv.readings.count == 20)
    #expect(uv.readings.last?.time == noon.addingTimeInterval(57 * 3600))
    #expect(uv.index(at: noon.addingTimeInterval(60 * 3600)) == nil)
    #expect(uv.index(at: noon)?.value == 4)
    #expect(uv.index(at: noon)?.grade == .moderate)
    #expect(uv.maximum(on: try day(2026, 9, 27))?.value == 7)
    #expect(uv.maximum(on: try day(2026, 9, 27))?.grade == .high)
    #expect(uv.maximum(on: try day(2026, 9, 28))?.value == 6)
  }

  @Test func theRowOfTheAreaAskedIsRead() async throws {
    // The third row of the real answer, 청운효자동, has 6 where the others have 7.
    let transport = answering(KMALivingFixtures.uv2026092612)
    let uv = try await client(transport).uvForecast(
      areaCode: "1111051500", at: try kst(2026, 9, 26, 13))
    #expect(uv.maximum(on: try day(2026, 9, 27))?.value == 6)
  }

  @Test func aUVAnswerWithH78ReadsItAsTheLastSlot() throws {
    let body = KMALivingFixtures.uvIndex(areaCode: Self.seoulArea, time: "2026092612")
      .replacingOccurrences(of: #""h75":"""#, with: #""h75":"","h78":"2""#)
    let uv = try KMAIndexDecoding.uv(
      .json(body), areaCode: Self.seoulArea, issuance: try kst(2026, 9, 26, 12))
    #expect(uv.readings.count == 21)
    #expect(uv.readings.last?.time == (try kst(2026, 9, 29, 18)))
    #expect(uv.readings.last?.index.value == 2)
  }

  @Test func theRealWeedsAnswerGivesTheDaysOfItsBulletin() async throws {
    let transport = answering(KMALivingFixtures.weeds2026080206)
    let pollen = try await client(transport).pollenForecast(
      .weeds, areaCode: Self.gangnam, at: try kst(2026, 8, 2, 9))
    #expect(pollen.isInSeason)
    #expect(pollen.kind == .weeds)
    #expect(pollen.issuedAt == (try kst(2026, 8, 2, 6)))
    #expect(
      pollen.days.map(\.day) == [try day(2026, 8, 2), try day(2026, 8, 3), try day(2026, 8, 4)])
    #expect(pollen.days.allSatisfy { $0.risk == .low })
    // twodaysaftertomorrow is "": a missing day, not an error.
    #expect(pollen.risk(on: try day(2026, 8, 5)) == nil)
    #expect(transport.requests.count == 1)
  }

  @Test func theRealAnswerWithOnlyTodayAndTomorrowLeavesTheLaterDaysMissing() async throws {
    let transport = answering(KMALivingFixtures.weeds2026093018)
    let pollen = try await client(transport).pollenForecast(
      .weeds, areaCode: Self.seoulArea, at: try kst(2026, 9, 30, 20))
    #expect(pollen.issuedAt == (try kst(2026, 9, 30, 18)))
    // The evening bulletin's today is "", its tomorrow 0; the later days are absent.
    #expect(pollen.risk(on: try day(2026, 9, 30)) == nil)
    #expect(pollen.risk(on: try day(2026, 10, 1)) == .low)
    #expect(pollen.risk(on: try day(2026, 10, 2)) == nil)
    #expect(pollen.risk(on: try day(2026, 10, 3)) == nil)
    #expect(pollen.days.count == 1)
  }

  // MARK: - Not in season

  @Test func theRealOutOfSeason99IsNotInSeasonAndNoError() async throws {
    // Asked on a day the months call in season (a guide says oak starts in April).
    let transport = answering(KMALivingFixtures.outOfSeason20260728)
    let oak = try await client(transport).pollenForecast(
      .oak, areaCode: Self.seoulArea, at: try kst(2026, 3, 2, 9))
    #expect(oak == .notInSeason(.oak))
    #expect(!oak.isInSeason)
    #expect(transport.requests.count == 1)
  }

  @Test(arguments: [
    (PollenKind.oak, 7, 28), (.pine, 2, 10), (.weeds, 7, 31), (.weeds, 11, 1), (.oak, 12, 25),
  ])
  func outOfSeasonByTheKoreanDateNothingIsAsked(kind: PollenKind, month: Int, day: Int)
    async throws
  {
    let transport = answering(KMALivingFixtures.outOfSeason20260728)
    let pollen = try await client(transport).pollenForecast(
      kind, areaCode: Self.seoulArea, at: try kst(2026, month, day, 9))
    #expect(pollen == .notInSeason(kind))
    #expect(transport.requests.isEmpty)
  }

  @Test func theSeasonIsTheKoreanDay() async throws {
    // 2026-10-31 16:00 UTC is 2026-11-01 01:00 KST: weeds are out of season.
    let transport = answering(KMALivingFixtures.weeds2026080206)
    let pollen = try await client(transport).pollenForecast(
      .weeds, areaCode: Self.gangnam, at: try kst(2026, 11, 1, 1))
    #expect(!pollen.isInSeason)
    #expect(transport.requests.isEmpty)
  }

  @Test func everyKindOutOfSeasonReadsAsNotInSeason() throws {
    for kind in PollenKind.allCases {
      let pollen = try KMAIndexDecoding.pollen(
        .json(KMALivingFixtures.outOfSeason(kind)), kind: kind, areaCode: Self.seoulArea,
        issuance: try kst(2026, 7, 28, 6))
      #expect(pollen == .notInSeason(kind))
    }
  }

  @Test func another99IsTheServicesErrorAndNotRetried() async throws {
    let transport = answering(KMALivingFixtures.unknownError)
    let error = await #expect(throws: ForecastError.self) {
      try await client(transport).pollenForecast(
        .pine, areaCode: "9999999999", at: try kst(2026, 4, 10, 9))
    }
    #expect(error?.code == .kmaResult)
    #expect(error?.kmaResultCode == .unknownError)
    #expect(error?.message.contains("KMA's health weather index service") == true)
    #expect(transport.requests.count == 1)
    let uvError = await #expect(throws: ForecastError.self) {
      try await client(transport).uvForecast(areaCode: "9999999999", at: try kst(2026, 4, 10, 9))
    }
    #expect(uvError?.kmaResultCode == .unknownError)
    #expect(uvError?.message.contains("KMA's living weather index service") == true)
  }

  // MARK: - Refusals of API Hub

  @Test(arguments: [
    (KMALivingFixtures.apiHubInvalidKey, 401, ForecastError.Refusal.keyNotRegistered),
    (KMALivingFixtures.apiHubNotApplied, 403, .notApproved),
    (KMALivingFixtures.apiHubQuotaExceeded, 403, .quotaExceeded),
  ])
  func apiHubsRefusalsAreTyped(body: String, status: Int, refusal: ForecastError.Refusal)
    async throws
  {
    let transport = answering(body, status: status)
    let living = try client(transport, configuration: .apiHub)
    let uv = await #expect(throws: ForecastError.self) {
      try await living.uvForecast(areaCode: Self.seoulArea, at: try kst(2026, 9, 26, 13))
    }
    let pollen = await #expect(throws: ForecastError.self) {
      try await living.pollenForecast(.weeds, areaCode: Self.gangnam, at: try kst(2026, 8, 2, 9))
    }
    for error in [uv, pollen] {
      #expect(error?.code == .kmaResult)
      #expect(error?.refusal == refusal)
      #expect(error?.isFromAPIHub == true)
      #expect(error?.httpStatus == status)
      #expect(error?.isPermanent == true)
    }
    // A refusal is not "not published": nothing is asked again.
    #expect(transport.requests.count == 2)
    let reason = MissingPartReason(
      service: KMAIndexOperation.weedsPollen.dataService, error: try #require(pollen))
    #expect(reason.message(in: .korean).contains("기상청_보건기상지수 조회서비스"))
    #expect(reason.message(in: .english).contains("KMA health weather index service"))
  }

  // MARK: - Requests

  @Test(arguments: [
    (PollenKind.oak, "getOakPollenRiskIdxV3"), (.pine, "getPinePollenRiskIdxV3"),
    (.weeds, "getWeedsPollenRiskndxV3"),
  ])
  func pollenIsAskedByTheRealOperationNames(kind: PollenKind, operation: String) async throws {
    let transport = answering(KMALivingFixtures.outOfSeason(kind))
    let date = kind == .weeds ? try kst(2026, 9, 1, 7) : try kst(2026, 4, 1, 7)
    _ = try await client(transport).pollenForecast(kind, areaCode: Self.gangnam, at: date)
    let request = try #require(transport.requests.first)
    #expect(
      request.url.absoluteString.hasPrefix(
        "https://apis.data.go.kr/1360000/HealthWthrIdxServiceV3/\(operation)?serviceKey="))
    #expect(request.queryValue(named: "areaNo") == Self.gangnam)
    #expect(request.queryValue(named: "time") == (kind == .weeds ? "2026090106" : "2026040106"))
    #expect(request.queryValue(named: "dataType") == "JSON")
    #expect(request.queryValue(named: "pageNo") == "1")
    #expect(request.queryValue(named: "numOfRows") == "10")
  }

  @Test func eachGatewayHasItsPathAndKeyName() async throws {
    let cases: [(KMAConfiguration, String, String)] = [
      (
        .dataGoKr, "https://apis.data.go.kr/1360000/LivingWthrIdxServiceV5/getUVIdxV5", "serviceKey"
      ),
      (
        .apiHub, "https://apihub.kma.go.kr/api/typ02/openApi/LivingWthrIdxServiceV5/getUVIdxV5",
        "authKey"
      ),
      (
        .standard(
          for: try #require(URL(string: "http://127.0.0.1:8080/1360000/VilageFcstInfoService_2.0"))),
        "http://127.0.0.1:8080/1360000/LivingWthrIdxServiceV5/getUVIdxV5", "serviceKey"
      ),
    ]
    for (configuration, prefix, keyName) in cases {
      let transport = answering(KMALivingFixtures.uv2026092612)
      _ = try await client(transport, configuration: configuration).uvForecast(
        areaCode: Self.seoulArea, at: try kst(2026, 9, 26, 13))
      let request = try #require(transport.requests.first)
      #expect(request.url.absoluteString.hasPrefix("\(prefix)?\(keyName)=SENTINEL%2Bs3cr3t"))
      #expect(request.queryValue(named: "time") == "2026092612")
      #expect(request.queryValue(named: "areaNo") == Self.seoulArea)
      #expect(!request.redactedURL.contains("s3cr3t"))
    }
    let hub = try KMARequestBuilder(configuration: .apiHub, serviceKey: "k")
    #expect(
      hub.configuration.resolvedHealthIndexBaseURL.absoluteString
        == "https://apihub.kma.go.kr/api/typ02/openApi/HealthWthrIdxServiceV3")
  }

  @Test(arguments: ["", "11000", "110000000A", "1100000000&x=1", "１１００００００００"])
  func aBadAreaCodeIsRefusedBeforeAnythingIsAsked(areaCode: String) async throws {
    let transport = answering(KMALivingFixtures.uv2026092612)
    let living = try client(transport)
    let uv = await #expect(throws: ForecastError.self) {
      try await living.uvForecast(areaCode: areaCode, at: try kst(2026, 9, 26, 13))
    }
    // Out of season too: the input is wrong whatever the month.
    let pollen = await #expect(throws: ForecastError.self) {
      try await living.pollenForecast(.oak, areaCode: areaCode, at: try kst(2026, 7, 28, 9))
    }
    #expect(uv?.code == .invalidRequest)
    #expect(pollen?.code == .invalidRequest)
    #expect(transport.requests.isEmpty)
  }

  // MARK: - Issuance and fallback

  @Test(arguments: [
    // (now, the UV issuance asked)
    ((2026, 9, 26, 12, 29), (2026, 9, 26, 9)), ((2026, 9, 26, 12, 30), (2026, 9, 26, 12)),
    ((2026, 9, 26, 14, 59), (2026, 9, 26, 12)), ((2026, 9, 26, 0, 29), (2026, 9, 25, 21)),
    ((2026, 9, 26, 0, 30), (2026, 9, 26, 0)), ((2026, 9, 26, 23, 59), (2026, 9, 26, 21)),
  ])
  func theUVIssuanceIsTheNewestPublished(
    now: (Int, Int, Int, Int, Int), expected: (Int, Int, Int, Int)
  ) throws {
    let date = try kst(now.0, now.1, now.2, now.3, now.4)
    let issuance = KMALivingIndicesClient.uvIssuance(at: date)
    #expect(issuance == (try kst(expected.0, expected.1, expected.2, expected.3)))
    #expect(
      KMALivingIndicesClient.nextUVDue(after: issuance)
        == issuance.addingTimeInterval(3 * 3600 + 30 * 60))
  }

  @Test(arguments: [
    // (now, the pollen bulletin asked)
    ((2026, 8, 2, 6, 29), (2026, 8, 1, 18)), ((2026, 8, 2, 6, 30), (2026, 8, 2, 6)),
    ((2026, 8, 2, 18, 29), (2026, 8, 2, 6)), ((2026, 8, 2, 18, 30), (2026, 8, 2, 18)),
    ((2026, 8, 3, 3, 0), (2026, 8, 2, 18)),
  ])
  func thePollenBulletinIsTheNewestPublished(
    now: (Int, Int, Int, Int, Int), expected: (Int, Int, Int, Int)
  ) throws {
    let date = try kst(now.0, now.1, now.2, now.3, now.4)
    #expect(
      KMALivingIndicesClient.pollenIssuance(at: date)
        == (try kst(expected.0, expected.1, expected.2, expected.3)))
  }

  @Test func theNextPollenBulletinIsDueInTheSeasonOnly() throws {
    let next = KMALivingIndicesClient.nextPollenDue
    #expect(next(.weeds, try kst(2026, 8, 2, 6), .seconds(1800)) == (try kst(2026, 8, 2, 18, 30)))
    #expect(next(.weeds, try kst(2026, 8, 2, 18), .seconds(1800)) == (try kst(2026, 8, 3, 6, 30)))
    // After the season's last bulletin, and from a day out of season: the next season's first.
    #expect(next(.oak, try kst(2026, 6, 30, 18), .seconds(1800)) == (try kst(2027, 3, 1, 6, 30)))
    #expect(next(.oak, try kst(2026, 7, 28, 9), .seconds(1800)) == (try kst(2027, 3, 1, 6, 30)))
    #expect(next(.pine, try kst(2026, 1, 5, 9), .seconds(1800)) == (try kst(2026, 3, 1, 6, 30)))
    #expect(next(.weeds, try kst(2026, 2, 10, 9), .seconds(1800)) == (try kst(2026, 8, 1, 6, 30)))
    #expect(next(.weeds, try kst(2026, 10, 31, 18), .seconds(1800)) == (try kst(2027, 8, 1, 6, 30)))
  }

  /// A transport answering the issuances listed as not published with `body`, the others with
  /// the made answer for the request's area and time.
  private func publishing(
    except missing: Set<String>, with body: String = KMALivingFixtures.noData
  ) -> StubTransport {
    StubTransport { request in
      let area = request.queryValue(named: "areaNo") ?? ""
      let time = request.queryValue(named: "time") ?? ""
      if missing.contains(time) { return .json(body) }
      switch request.url.lastPathComponent {
      case "getUVIdxV5": return .json(KMALivingFixtures.uvIndex(areaCode: area, time: time))
      case "getWeedsPollenRiskndxV3":
        return .json(KMALivingFixtures.pollen(.weeds, areaCode: area, time: time))
      default: return .text("no such operation", status: 404)
      }
    }
  }

  @Test func aUVIssuanceNotPublishedFallsBackOnce() async throws {
    let transport = publishing(except: ["2026092612"])
    let uv = try await client(transport).uvForecast(
      areaCode: Self.seoulArea, at: try kst(2026, 9, 26, 12, 40))
    #expect(uv.issuedAt == (try kst(2026, 9, 26, 9)))
    #expect(
      transport.requests.compactMap { $0.queryValue(named: "time") } == [
        "2026092612", "2026092609",
      ])
    // The made answer: 4 at 09 h, 7 at noon; h60–h75 empty.
    #expect(uv.index(at: try kst(2026, 9, 26, 9, 30))?.value == 4)
    #expect(uv.maximum(on: try day(2026, 9, 26))?.value == 7)
    #expect(uv.readings.count == 20)
  }

  @Test func anAnswerWithoutTheAreaIsNotPublishedYet() async throws {
    let otherArea = KMALivingFixtures.uvIndex(areaCode: "2600000000", time: "2026092612")
    let transport = publishing(except: ["2026092612"], with: otherArea)
    let uv = try await client(transport).uvForecast(
      areaCode: Self.seoulArea, at: try kst(2026, 9, 26, 12, 40))
    #expect(uv.issuedAt == (try kst(2026, 9, 26, 9)))
    #expect(transport.requests.count == 2)
  }

  @Test func neitherIssuancePublishedIsNoDataAfterTwoRequests() async throws {
    let transport = publishing(except: ["2026092612", "2026092609"])
    let error = await #expect(throws: ForecastError.self) {
      try await client(transport).uvForecast(
        areaCode: Self.seoulArea, at: try kst(2026, 9, 26, 12, 40))
    }
    #expect(error?.code == .noData)
    #expect(transport.requests.count == 2)
  }

  @Test func aPollenBulletinNotPublishedFallsBackOnce() async throws {
    let transport = publishing(except: ["2026080218"])
    let pollen = try await client(transport).pollenForecast(
      .weeds, areaCode: Self.gangnam, at: try kst(2026, 8, 2, 18, 45))
    #expect(pollen.issuedAt == (try kst(2026, 8, 2, 6)))
    #expect(
      transport.requests.compactMap { $0.queryValue(named: "time") } == [
        "2026080218", "2026080206",
      ])
    // The made morning bulletin: weeds 0, 1, 2 from its day, the fourth day empty.
    #expect(pollen.days.map(\.risk) == [.low, .moderate, .high])
    #expect(pollen.days.first?.day == (try day(2026, 8, 2)))
  }

  @Test func theMadeEveningBulletinStartsTomorrow() throws {
    let pollen = try KMAIndexDecoding.pollen(
      .json(KMALivingFixtures.pollen(.oak, areaCode: Self.seoulArea, time: "2026041018")),
      kind: .oak, areaCode: Self.seoulArea, issuance: try kst(2026, 4, 10, 18))
    #expect(
      pollen.days.map(\.day) == [try day(2026, 4, 11), try day(2026, 4, 12), try day(2026, 4, 13)])
    #expect(pollen.days.map(\.risk) == [.high, .veryHigh, .low])
  }

  // MARK: - Values the models refuse

  @Test(arguments: [#""h3":"3""#, #""h3":"-1""#, #""h3":"x""#])
  func aUVValueThatIsNotAnIndexIsADecodingError(replacement: String) throws {
    let body = KMALivingFixtures.uvIndex(areaCode: Self.seoulArea, time: "2026092612")
      .replacingOccurrences(of: #""h3":"3""#, with: replacement)
    let issuance = try kst(2026, 9, 26, 12)
    let read = { () throws(ForecastError) -> UVForecast in
      try KMAIndexDecoding.uv(.json(body), areaCode: Self.seoulArea, issuance: issuance)
    }
    if replacement.contains(#""3""#) {
      #expect(try read().readings[1].index.value == 3)
    } else {
      let error = #expect(throws: ForecastError.self) { try read() }
      #expect(error?.code == .decoding)
      #expect(error?.message.contains("h3") == true)
    }
  }

  @Test func aPollenRiskAboveThreeIsADecodingError() throws {
    let body = KMALivingFixtures.weeds2026080206.replacingOccurrences(
      of: #""tomorrow": "0""#, with: #""tomorrow": "4""#)
    let error = #expect(throws: ForecastError.self) {
      try KMAIndexDecoding.pollen(
        .json(body), kind: .weeds, areaCode: Self.gangnam, issuance: try kst(2026, 8, 2, 6))
    }
    #expect(error?.code == .decoding)
  }

  @Test func theServicesAreNamedForTheirMissingParts() {
    #expect(DataService.kmaLivingIndices.name(in: .korean) == "기상청_생활기상지수 조회서비스")
    #expect(DataService.kmaLivingIndices.name(in: .english) == "KMA living weather index service")
    #expect(DataService.kmaHealthIndices.name(in: .korean) == "기상청_보건기상지수 조회서비스")
    #expect(DataService.kmaHealthIndices.name(in: .english) == "KMA health weather index service")
    #expect(KMAIndexOperation.uv.dataService == .kmaLivingIndices)
    #expect(KMAIndexOperation(pollen: .weeds).dataService == .kmaHealthIndices)
  }
}
