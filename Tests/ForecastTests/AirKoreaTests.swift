import Foundation
import HaruForecastTesting
import HaruModels
import HaruShared
import Testing

@testable import HaruForecast

/// AirKorea's answers by operation: the station list, the province's values and the forecast,
/// each replaceable.
func airKoreaStub(
  stations: HTTPResponse = .json(AirKoreaFixtures.stationList(AirKoreaFixtures.seoulStations)),
  province: HTTPResponse = .json(AirKoreaFixtures.seoulProvince),
  forecast: HTTPResponse = .json(AirKoreaFixtures.dustForecast)
) -> StubTransport {
  StubTransport { (request) throws(ForecastError) -> HTTPResponse in
    switch request.url.lastPathComponent {
    case "getMsrstnList": stations
    case "getCtprvnRltmMesureDnsty": province
    case "getMinuDustFrcstDspth": forecast
    case "getMsrstnAcctoRltmMesureDnsty": .json(AirKoreaFixtures.stationDay)
    default: .text("No stub route matches this request.", status: 404)
    }
  }
}

/// A client at a fixed instant (or one that moves, through `clock`).
func airClient(
  _ transport: any HTTPTransport, at date: Date, key: String = "air+key/with=signs"
) throws -> AirKoreaClient {
  try AirKoreaClient(serviceKey: key, transport: transport, now: { date })
}

/// 2023-11-08 14:30 KST, half an hour after the values of ``AirKoreaFixtures/seoulProvince``.
func seoulAfternoon() throws -> Date { try kst(2023, 11, 8, 14, 30) }

/// The 용산구 station's place (한남대로 136): the station in 통신장애 is the nearest.
func atYongsanStation() throws -> Coordinate {
  try Coordinate(latitude: 37.540033, longitude: 127.004850)
}

struct AirKoreaFixtureTests {
  @Test func fixturesAreTheCapturedBodiesByteForByte() throws {
    let folder = URL(filePath: #filePath).deletingLastPathComponent()
      .appending(path: "Fixtures/airkorea")
    let pairs: [(String, String)] = [
      (
        "ctprvn-seoul-2023-11-08-yongsan-communication-failure.json", AirKoreaFixtures.seoulProvince
      ),
      ("station-daily-ver1.0-2023-05-21.json", AirKoreaFixtures.stationDay),
      ("forecast-2023-06-03.json", AirKoreaFixtures.dustForecast),
      ("week-forecast-items-2023-01-30.json", AirKoreaFixtures.weekForecastItems),
      ("error-30-not-registered.xml", AirKoreaFixtures.keyNotRegistered),
      ("error-22-quota-legacy.xml", AirKoreaFixtures.quotaExceeded),
    ]
    for (file, fixture) in pairs {
      let data = try Data(contentsOf: folder.appending(path: file))
      #expect(data == Data(fixture.utf8), "\(file)")
    }
  }
}

struct AirKoreaDecodingTests {
  func rows(_ body: String, _ fields: [String]) throws -> [[String?]] {
    try EnvelopeReader.read(.json(body), from: .airKorea, fields: fields).rows
  }

  @Test func theRealProvinceBodyKeepsAStationInCommunicationFailureMissingWithItsFlag() throws {
    let measurements = AirKoreaRows.measurements(
      try rows(AirKoreaFixtures.seoulProvince, AirKoreaRows.measurementFields))
    #expect(measurements.count == 10)
    let yongsan = try #require(measurements.first { $0.stationName == "용산구" })
    #expect(yongsan.pm10 == AirValue(oneHour: nil, flag: .communicationFailure))
    #expect(yongsan.ozone.flag == .communicationFailure)
    #expect(yongsan.pm10.oneHour == nil && yongsan.ozone.oneHour == nil)
    #expect(yongsan.integratedIndex == nil && yongsan.integratedIndexGrade == nil)
    let junggu = try #require(measurements.first { $0.stationName == "중구" })
    #expect(junggu.pm10.oneHour == 21)
    #expect(junggu.ozone.oneHour == 0.025)
    #expect(junggu.integratedIndex == 43 && junggu.integratedIndexGrade == 1)
    #expect(junggu.measuredAt == (try kst(2023, 11, 8, 14)))
  }

  @Test func withoutVerThePM25KeysAreAbsentAndReadAsMissingNeverZero() throws {
    let measurements = AirKoreaRows.measurements(
      try rows(AirKoreaFixtures.seoulProvince, AirKoreaRows.measurementFields))
    #expect(measurements.allSatisfy { $0.pm25 == AirValue(oneHour: nil) })
    #expect(measurements.allSatisfy { $0.pm10.twentyFourHours == nil })
  }

  @Test(
    arguments: [
      ("\"-\"", nil), ("\"\"", nil), ("null", nil), ("\"null\"", nil), ("\"abc\"", nil),
      ("\"NaN\"", nil), ("\"-1\"", nil), ("\"inf\"", nil), ("\"0\"", 0), ("\"21\"", 21),
      ("\"0.0027\"", 0.0027), ("35", 35), ("{\"a\":1}", nil),
    ] as [(String, Double?)])
  func everyValueThatIsNotANumberIsMissingAndZeroIsARealReading(_ json: String, _ value: Double?)
    throws
  {
    let body =
      #"{"response":{"body":{"items":[{"stationName":"중구","dataTime":"2023-11-08 14:00","pm10Value":"#
      + json + #"}]},"header":{"resultCode":"00"}}}"#
    let measurement = try #require(
      AirKoreaRows.measurements(try rows(body, AirKoreaRows.measurementFields)).first)
    #expect(measurement.pm10.oneHour == value)
  }

  @Test(arguments: [
    ("2025-05-09 24:00", 2025, 5, 10, 0), ("2025-12-31 24:00", 2026, 1, 1, 0),
    ("2025-05-09 01:00", 2025, 5, 9, 1), ("2023-11-08 14:00", 2023, 11, 8, 14),
  ])
  func hoursRunOneToTwentyFourAnd24IsTheNextDaysMidnightInKorea(
    _ text: String, _ year: Int, _ month: Int, _ day: Int, _ hour: Int
  ) throws {
    #expect(AirKoreaRows.measurementTime(text) == (try kst(year, month, day, hour)))
  }

  @Test(arguments: ["2025-05-09 25:00", "2025-05-09 24:30", "2025-05-09", "오늘 13:00", ""])
  func aTimeThatIsNoHourIsNotATime(_ text: String) {
    #expect(AirKoreaRows.measurementTime(text) == nil)
  }

  @Test func aRowWhoseTimeCannotBeReadIsLeftOutNotDated() throws {
    let body =
      #"{"response":{"body":{"items":[{"stationName":"중구","dataTime":"-","pm10Value":"21"},"#
      + #"{"stationName":"종로구","dataTime":"2023-11-08 24:00","pm10Value":"15"}]},"#
      + #""header":{"resultCode":"00"}}}"#
    let measurements = AirKoreaRows.measurements(try rows(body, AirKoreaRows.measurementFields))
    #expect(measurements.map(\.stationName) == ["종로구"])
    #expect(measurements.first?.measuredAt == (try kst(2023, 11, 9, 0)))
  }

  @Test func itemsAsAnObjectWithAnItemListOrASingleRowAreReadAlike() throws {
    let row = #"{"stationName":"중구","dataTime":"2023-11-08 14:00","pm10Value":"21"}"#
    for items in ["[\(row)]", #"{"item":[\#(row)]}"#, #"{"item":\#(row)}"#, row] {
      let body = #"{"response":{"header":{"resultCode":"00"},"body":{"items":\#(items)}}}"#
      let measurements = AirKoreaRows.measurements(try rows(body, AirKoreaRows.measurementFields))
      #expect(measurements.map(\.stationName) == ["중구"], "\(items)")
    }
  }

  @Test func noDataIsAnEmptyAnswer() throws {
    let envelope = try EnvelopeReader.read(
      .json(#"{"response":{"header":{"resultCode":"03","resultMsg":"NODATA_ERROR"}}}"#),
      from: .airKorea, fields: AirKoreaRows.measurementFields)
    #expect(envelope.rows.isEmpty)
  }

  @Test(arguments: [
    #"{"response":{"body":{"items":[{"stationName":"중구""#, "{\"response\":", "{}x",
    #"{"response":{"body":{"items":[1,2]},"header":{"resultCode":"00"}}}"#,
    String(repeating: "[", count: 40), "",
  ])
  func aBodyThatIsNotTheServicesJSONIsATypedDecodingError(_ body: String) {
    let error = #expect(throws: ForecastError.self) {
      try EnvelopeReader.read(.json(body), from: .airKorea, fields: AirKoreaRows.measurementFields)
    }
    #expect(error?.code == .decoding)
  }
}

struct AirKoreaErrorTests {
  @Test func theGatewaysXMLRefusalWithHTTP200IsATypedErrorWithItsCode() async throws {
    let transport = airKoreaStub(stations: .text(AirKoreaFixtures.keyNotRegistered))
    let client = try airClient(transport, at: try seoulAfternoon(), key: "s3cr3t+key")
    let error = await #expect(throws: ForecastError.self) {
      try await client.airQuality(near: try atYongsanStation())
    }
    #expect(error?.code == .kmaResult)
    #expect(error?.kmaResultCode == .serviceKeyNotRegistered)
    #expect(error?.isPermanent == true)
    #expect(error?.message.contains("AirKorea") == true)
    #expect(error.map { !"\($0)".contains("s3cr3t") } == true)
  }

  @Test func theStationListRefusedNamesTheStationServiceAndTheValuesRefusedTheirs() async throws {
    let refused = HTTPResponse.text(AirKoreaFixtures.keyNotRegistered)
    let stationsRefused = try airClient(airKoreaStub(stations: refused), at: try seoulAfternoon())
    let first = await stationsRefused.airQualityReport(near: try atYongsanStation())
    #expect(first.failureService == .airKoreaStations)
    let valuesRefused = try airClient(airKoreaStub(province: refused), at: try seoulAfternoon())
    let second = await valuesRefused.airQualityReport(near: try atYongsanStation())
    #expect(second.failureService == .airKoreaPollution)
  }

  @Test func aUsedUpQuotaIsTypedAndNoRequestIsSentUntilMidnightInKorea() async throws {
    let transport = airKoreaStub(province: .text(AirKoreaFixtures.quotaExceeded))
    let clock = LockedState(try kst(2023, 11, 8, 14, 30))
    let client = try AirKoreaClient(
      serviceKey: "key", transport: transport, now: { clock.withLock { $0 } })
    for _ in 0..<3 {
      let error = await #expect(throws: ForecastError.self) {
        try await client.measurements(inProvince: "서울")
      }
      #expect(error?.kmaResultCode == .requestLimitExceeded)
      #expect(error?.isTransient == false)
    }
    #expect(transport.requests.count == 1)
    clock.withLock { $0 = try! kst(2023, 11, 8, 23, 59) }
    _ = try? await client.measurements(inProvince: "서울")
    #expect(transport.requests.count == 1)
    clock.withLock { $0 = try! kst(2023, 11, 9, 0, 1) }
    _ = try? await client.measurements(inProvince: "서울")
    #expect(transport.requests.count == 2)
  }

  @Test(arguments: [
    ("ab+c/d=e", "ab%2Bc%2Fd%3De"), ("ab%2Bc%2Fd%3De", "ab%2Bc%2Fd%3De"),
    (" plain ", "plain"),
  ])
  func theKeyIsAcceptedInEitherFormAndEncodedExactlyOnce(_ key: String, _ sent: String)
    async throws
  {
    let transport = airKoreaStub()
    let client = try airClient(transport, at: try seoulAfternoon(), key: key)
    _ = try await client.measurements(inProvince: "서울")
    let query = try #require(transport.requests.first?.url.query(percentEncoded: true))
    #expect(query.hasPrefix("serviceKey=\(sent)&returnType=json&"))
    #expect(query.contains("sidoName=%EC%84%9C%EC%9A%B8"))
    #expect(query.contains("ver=1.5"))
    #expect(
      transport.requests.first?.url.path()
        == "/B552584/ArpltnInforInqireSvc/getCtprvnRltmMesureDnsty")
  }

  @Test(arguments: ["", "  ", "a\u{0}b"])
  func anUnusableKeyIsRefusedBeforeAnythingIsSent(_ key: String) {
    let transport = airKoreaStub()
    let error = #expect(throws: ForecastError.self) {
      try AirKoreaClient(serviceKey: key, transport: transport)
    }
    #expect(error?.code == .invalidRequest)
    #expect(transport.requests.isEmpty)
  }
}

extension Result where Success == AirQualityReport, Failure == ServiceFailure {
  fileprivate var failureService: DataService? {
    if case .failure(let failure) = self { return failure.service }
    return nil
  }
}

struct AirStationTests {
  @Test func aStationListWithSwappedAxesIsPutRightAndOneWithoutCoordinatesIsSkipped() throws {
    let list = AirKoreaFixtures.stationList([
      .init("중구", "서울 중구 덕수궁길 15", "도시대기", dmX: "37.564263", dmY: "126.974676"),
      .init("종로구", "서울 종로구 종로35가길 19", "도시대기", dmX: "127.005028", dmY: "37.572025"),
      .init("이동차량", "서울 이동차량", "도시대기", dmX: "", dmY: ""),
      .init("어딘가", "서울", "도시대기", dmX: "0", dmY: "0"),
      .init("바다", "서울", "도시대기", dmX: "10.5", dmY: "140.2"),
    ])
    let stations = AirKoreaRows.stations(
      try EnvelopeReader.read(.json(list), from: .airKorea, fields: AirKoreaRows.stationFields).rows
    )
    #expect(stations.map(\.name) == ["중구", "종로구"])
    #expect(stations[1].coordinate.latitude == 37.572025)
    #expect(stations[1].coordinate.longitude == 127.005028)
    #expect(stations[0].pollutants == [.pm10, .pm25, .ozone])
  }

  @Test func aStationThatMeasuresNoPM25SaysSo() throws {
    let list = AirKoreaFixtures.stationList([
      .init(
        "반송로", "경남 창원시 의창구 원이대로 480", "도로변대기", dmX: "35.232222", dmY: "128.671389",
        measures: "SO2, CO, O3, NO2, PM10")
    ])
    let station = try #require(
      AirKoreaRows.stations(
        try EnvelopeReader.read(.json(list), from: .airKorea, fields: AirKoreaRows.stationFields)
          .rows
      ).first)
    #expect(station.pollutants == [.pm10, .ozone])
    #expect(station.network == .roadside)
    #expect(station.province == "경남")
  }

  @Test(arguments: [
    ("서울 중구 덕수궁길 15", "서울", "서울"), ("경기 수원시 장안구 경수대로", "경기", "경기남부"),
    ("경기도 고양시 일산동구", "경기", "경기북부"), ("강원특별자치도 강릉시 옥천동", "강원", "영동"),
    ("강원 춘천시 중앙로", "강원", "영서"), ("전북특별자치도 전주시", "전북", "전북"),
    ("충청남도 천안시", "충남", "충남"), ("세종특별자치시 한누리대로", "세종", "세종"),
    ("제주특별자치도 제주시", "제주", "제주"), ("경상남도 고성군", "경남", "경남"),
  ])
  func anAddressNamesItsProvinceAndItsForecastRegion(
    _ address: String, _ province: String, _ region: String
  ) {
    #expect(AirRegions.province(ofAddress: address) == province)
    #expect(AirRegions.forecastRegion(ofAddress: address) == region)
  }

  @Test func theNearestStationsComeNearestFirstAndUrbanAheadOfAlmostAsNearRoadside() throws {
    let stations = AirKoreaRows.stations(
      try EnvelopeReader.read(
        .json(AirKoreaFixtures.stationList(AirKoreaFixtures.seoulStations)), from: .airKorea,
        fields: AirKoreaRows.stationFields
      ).rows)
    // 세운상가 (37.5688, 126.9960): 종로 and 청계천로 (roadside) are nearest, 종로구 and 중구
    // (urban) are within 2 km more.
    let place = try Coordinate(latitude: 37.5688, longitude: 126.9960)
    let nearest = AirStationFinder.nearest(to: place, in: stations, count: 4, within: 50_000)
    #expect(nearest.first?.station.network == .urban)
    #expect(nearest.map(\.station.name).prefix(2).contains("종로구"))
    #expect(nearest.allSatisfy { $0.distance < 3_000 })
    let byDistance = stations.sorted {
      AirStationFinder.distance(place, $0.coordinate)
        < AirStationFinder.distance(place, $1.coordinate)
    }
    #expect(byDistance.first?.network == .roadside)
  }

  @Test func aPlaceFarFromEveryStationHasNoStationRatherThanADistantOne() async throws {
    let client = try airClient(airKoreaStub(), at: try seoulAfternoon())
    let jeju = try Coordinate(latitude: 33.4996, longitude: 126.5312)
    let quality = try await client.airQuality(near: jeju)
    for pollutant in AirPollutant.allCases {
      #expect(quality.reading(pollutant).missingReason == .noStation)
      #expect(quality.reading(pollutant).value == nil)
    }
  }

  @Test func theStationListIsKeptForAWeekAndOnDisk() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "haru-air-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = airKoreaStub()
    let clock = LockedState(try seoulAfternoon())
    let first = try AirKoreaClient(
      serviceKey: "key", transport: transport, cacheDirectory: folder,
      now: { clock.withLock { $0 } })
    _ = try await first.stations()
    _ = try await first.stations()
    #expect(transport.requests.count == 1)
    let relaunched = try AirKoreaClient(
      serviceKey: "key", transport: transport, cacheDirectory: folder,
      now: { clock.withLock { $0 } })
    #expect(try await relaunched.stations().count == 10)
    #expect(transport.requests.count == 1)
    clock.withLock { $0 = $0.addingTimeInterval(7 * 24 * 3600 + 1) }
    _ = try await relaunched.stations()
    #expect(transport.requests.count == 2)
  }

  @Test func theDustForecastIsAskedOncePerAnnouncementAcrossProcesses() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "haru-air-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let transport = airKoreaStub()
    let clock = LockedState(try seoulAfternoon())
    func client() throws -> AirKoreaClient {
      try AirKoreaClient(
        serviceKey: "key", transport: transport, cacheDirectory: folder,
        now: { clock.withLock { $0 } })
    }
    func asked() -> Int {
      transport.requests.filter { $0.url.lastPathComponent == "getMinuDustFrcstDspth" }.count
    }
    let today = CalendarDay(containing: clock.withLock { $0 }, in: CalendarDay.koreaTimeZone)

    _ = try await client().dustForecast(on: today)
    #expect(asked() == 1)
    // Another process, an hour later: the same announcement.
    clock.withLock { $0 = $0.addingTimeInterval(3600) }
    _ = try await client().dustForecast(on: today)
    #expect(asked() == 1)
    // The next announcement (05, 11, 17 and 23 o'clock, ten minutes past) is asked.
    clock.withLock { $0 = $0.addingTimeInterval(6 * 3600) }
    _ = try await client().dustForecast(on: today)
    #expect(asked() == 2)
  }

  @Test func aStationListDueAgainThatCannotBeFetchedLeavesTheKeptOne() async throws {
    let failing = LockedState(false)
    let good = airKoreaStub()
    let transport = StubTransport { (request) throws(ForecastError) -> HTTPResponse in
      if failing.withLock({ $0 }) { throw ForecastError(.timeout, message: "slow") }
      return try await good.send(request)
    }
    let clock = LockedState(try seoulAfternoon())
    let client = try AirKoreaClient(
      serviceKey: "key", transport: transport, now: { clock.withLock { $0 } })
    _ = try await client.stations()
    failing.withLock { $0 = true }
    clock.withLock { $0 = $0.addingTimeInterval(8 * 24 * 3600) }
    #expect(try await client.stations().count == 10)
  }
}

struct AirQualitySelectionTests {
  @Test func aStationInCommunicationFailureGivesWayToTheNextStationForThatValue() async throws {
    let client = try airClient(airKoreaStub(), at: try seoulAfternoon())
    let quality = try await client.airQuality(near: try atYongsanStation())
    let pm10 = quality.pm10
    #expect(pm10.station?.name != "용산구")
    #expect(pm10.value?.oneHour != nil)
    #expect(pm10.missingReason == nil)
    #expect(pm10.measuredAt == (try kst(2023, 11, 8, 14)))
    #expect((pm10.distance ?? 0) > 500)
    #expect(quality.ozone.station?.name != "용산구")
    #expect(quality.integratedIndex?.stationName != "용산구")
    #expect(quality.integratedIndex != nil)
  }

  @Test func whenEveryStationFlagsAValueItIsMissingWithTheNearestFlag() {
    let station = AirStation(
      name: "용산구", address: "서울 용산구", network: .urban,
      coordinate: .init(unchecked: 37.54, 127.0))
    let time = Date(timeIntervalSince1970: 1_000_000)
    let measurement = AirMeasurement(
      stationName: "용산구", measuredAt: time, pm10: AirValue(oneHour: 30, flag: .inspection),
      pm25: AirValue(oneHour: 10), ozone: AirValue(oneHour: nil))
    let quality = AirQualitySelection.select(
      nearby: [NearbyStation(station: station, distance: 100)], measurements: ["용산구": measurement],
      at: time, region: "서울", forecast: nil)
    #expect(quality.pm10.missingReason == .flagged(.inspection))
    #expect(quality.pm10.value == nil)
    #expect(quality.pm10.station?.name == "용산구")
    #expect(quality.pm25.value?.oneHour == 10)
    #expect(quality.ozone.missingReason == .notMeasured)
    #expect(AirMissingReason.flagged(.inspection).message(in: .korean) == "측정소 장비점검")
  }

  @Test func aStationOlderThanThreeHoursGivesWayAndWhenAllAreOldTheValueIsStale() {
    let near = AirStation(
      name: "가", address: "서울 중구", network: .urban, coordinate: .init(unchecked: 37.56, 126.97))
    let far = AirStation(
      name: "나", address: "서울 중구", network: .urban, coordinate: .init(unchecked: 37.57, 126.98))
    let now = Date(timeIntervalSince1970: 2_000_000_000)
    func measurement(_ name: String, hoursAgo: Double) -> AirMeasurement {
      AirMeasurement(
        stationName: name, measuredAt: now.addingTimeInterval(-hoursAgo * 3600),
        pm10: AirValue(oneHour: 40, twentyFourHours: 35), pm25: AirValue(oneHour: 20),
        ozone: AirValue(oneHour: 0.03))
    }
    let nearby = [
      NearbyStation(station: near, distance: 500), NearbyStation(station: far, distance: 1_500),
    ]
    let mixed = AirQualitySelection.select(
      nearby: nearby,
      measurements: ["가": measurement("가", hoursAgo: 3.5), "나": measurement("나", hoursAgo: 1)],
      at: now, region: nil, forecast: nil)
    #expect(mixed.pm10.station?.name == "나")
    let old = AirQualitySelection.select(
      nearby: nearby,
      measurements: ["가": measurement("가", hoursAgo: 4), "나": measurement("나", hoursAgo: 5)],
      at: now, region: nil, forecast: nil)
    #expect(old.pm10.missingReason == .stale(since: now.addingTimeInterval(-4 * 3600)))
    #expect(old.pm10.value == nil)
    let exactlyThree = AirQualitySelection.select(
      nearby: nearby, measurements: ["가": measurement("가", hoursAgo: 3)], at: now, region: nil,
      forecast: nil)
    #expect(exactlyThree.pm10.station?.name == "가")
  }

  @Test func withoutVerThereIsNoPM25AndItIsMissingNotZero() async throws {
    let client = try airClient(airKoreaStub(), at: try seoulAfternoon())
    let quality = try await client.airQuality(near: try atYongsanStation())
    #expect(quality.pm25.value == nil)
    #expect(quality.pm25.missingReason == .notMeasured)
    #expect(quality.pm25.grade(on: .korea) == nil)
  }

  @Test func theProvincesValuesAreAskedOnceAnHour() async throws {
    let transport = airKoreaStub()
    let clock = LockedState(try kst(2023, 11, 8, 14, 25))
    let client = try AirKoreaClient(
      serviceKey: "key", transport: transport, now: { clock.withLock { $0 } })
    _ = try await client.measurements(inProvince: "서울")
    clock.withLock { $0 = try! kst(2023, 11, 8, 15, 19) }
    _ = try await client.measurements(inProvince: "서울")
    #expect(transport.requests.count == 1)
    clock.withLock { $0 = try! kst(2023, 11, 8, 15, 20) }
    _ = try await client.measurements(inProvince: "서울")
    #expect(transport.requests.count == 2)
  }

  @Test func theNextValuesAreDueTwentyMinutesPastTheNextHour() async throws {
    let client = try airClient(airKoreaStub(), at: try seoulAfternoon())
    let quality = try await client.airQuality(near: try atYongsanStation())
    #expect(quality.nextMeasurementAt == (try kst(2023, 11, 8, 15, 20)))
    #expect(quality.nextForecastAt == (try kst(2023, 11, 8, 17, 10)))
  }

  @Test(arguments: [
    (4, 0, 5, 10), (5, 9, 5, 10), (5, 10, 11, 10), (12, 0, 17, 10), (22, 0, 23, 10),
  ])
  func theForecastIsDueAfter05_11_17And23(
    _ hour: Int, _ minute: Int, _ dueHour: Int, _ dueMinute: Int
  )
    throws
  {
    #expect(
      AirSchedule.nextForecast(after: try kst(2023, 6, 3, hour, minute))
        == (try kst(2023, 6, 3, dueHour, dueMinute)))
  }

  @Test func afterTheLastAnnouncementTheNextIsTomorrowMorning() throws {
    #expect(
      AirSchedule.nextForecast(after: try kst(2023, 6, 3, 23, 30)) == (try kst(2023, 6, 4, 5, 10)))
  }

  @Test func oneStationsDayComesNewestFirstUnderTheNameAskedFor() async throws {
    let transport = airKoreaStub()
    let client = try airClient(transport, at: try kst(2023, 5, 21, 10, 30))
    let hours = try await client.measurements(atStation: "종로구")
    #expect(hours.count == 5)
    #expect(hours.allSatisfy { $0.stationName == "종로구" })
    #expect(hours.first?.measuredAt == (try kst(2023, 5, 21, 10)))
    #expect(hours.first?.pm25.oneHour == 10)
    #expect(transport.requests.first?.queryValue(named: "dataTerm") == "DAILY")
  }
}

struct DustForecastTests {
  @Test func theNewestAnnouncementOfEachDayIsKeptAndRegionsStayApart() async throws {
    let client = try airClient(airKoreaStub(), at: try kst(2023, 6, 3, 23, 30))
    let forecast = try await client.dustForecast(on: try CalendarDay(year: 2023, month: 6, day: 3))
    let today = try CalendarDay(year: 2023, month: 6, day: 3)
    let tomorrow = today.adding(days: 1)
    #expect(forecast.grade(of: .pm10, on: today, in: "서울") == .moderate)
    #expect(forecast.grade(of: .pm10, on: today, in: "영동") == .good)
    #expect(forecast.grade(of: .pm10, on: today, in: "경기남부") == .moderate)
    #expect(forecast.grade(of: .pm25, on: today, in: "서울") == .good)
    #expect(forecast.grade(of: .ozone, on: tomorrow, in: "전남") == .bad)
    // Tomorrow's PM2.5 comes only from the 11시 announcement in this body.
    let pm25Tomorrow = try #require(
      forecast.days.first { $0.day == tomorrow && $0.pollutant == .pm25 })
    #expect(pm25Tomorrow.issuedAt == (try kst(2023, 6, 3, 11)))
    #expect(forecast.issuedAt == (try kst(2023, 6, 3, 23)))
    let request = try #require(client.baseURL.host())
    #expect(request == "apis.data.go.kr")
  }

  @Test func aLaterAnnouncementReplacesAnEarlierOneForTheSameDay() throws {
    let day = try CalendarDay(year: 2023, month: 6, day: 4)
    let early = DustForecastDay(
      day: day, pollutant: .pm10, issuedAt: try kst(2023, 6, 3, 11), grades: ["서울": .bad])
    let late = DustForecastDay(
      day: day, pollutant: .pm10, issuedAt: try kst(2023, 6, 3, 17), grades: ["서울": .good])
    #expect(DustForecast(days: [late, early]).grade(of: .pm10, on: day, in: "서울") == .good)
    #expect(DustForecast(days: [early, late]).grade(of: .pm10, on: day, in: "서울") == .good)
  }

  @Test func gradesWithNoForecastAndTheWeeklyRegionsAreReadWithoutFailure() throws {
    let grades = AirKoreaRows.regionGrades("서울 : 예보없음,영서 : 보통,영동 : 나쁨,이상한조각,경기북부 :")
    #expect(grades == ["서울": .notForecast, "영서": .moderate, "영동": .bad])
    #expect(DustForecastGrade.notForecast.grade == nil)
    #expect(DustForecastGrade.notForecast.name(in: .english) == "No forecast")
    #expect(DustForecastGrade.bad.grade == AirQualityScale.korea.grade(.pm10, value: 100))
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(AirKoreaFixtures.weekForecastItems.utf8))
        as? [[String: Any]])
    let text = try #require(items.first?["frcstOneCn"] as? String)
    let weekly = AirKoreaRows.regionGrades(text)
    #expect(weekly.keys.contains("강원영서") && weekly.keys.contains("강원영동"))
    #expect(!weekly.keys.contains("영서") && !weekly.keys.contains("영동"))
    #expect(weekly["신뢰도"] != nil)
    #expect(weekly.count == 20)
    #expect(Set(weekly.values.map(\.rawValue)).isSubset(of: ["낮음", "높음", "보통"]))
  }

  @Test func aPlacesForecastIsItsRegions() async throws {
    let client = try airClient(airKoreaStub(), at: try kst(2023, 6, 3, 23, 30))
    let quality = try await client.airQuality(near: try atYongsanStation())
    #expect(quality.forecastRegion == "서울")
    #expect(
      quality.forecastGrade(of: .pm10, on: try CalendarDay(year: 2023, month: 6, day: 3))
        == .moderate)
  }

  @Test func aForecastThatCannotBeHadLeavesTheValuesStanding() async throws {
    let client = try airClient(
      airKoreaStub(forecast: .text("maintenance", status: 503)), at: try seoulAfternoon())
    let report = try await client.airQualityReport(near: try atYongsanStation()).get()
    #expect(report.quality.forecast == nil)
    #expect(report.quality.pm10.value != nil)
    #expect(report.forecastError?.httpStatus == 503)
  }
}

extension Coordinate {
  /// A coordinate the test knows to be valid.
  init(unchecked latitude: Double, _ longitude: Double) {
    // swift-format-ignore: NeverUseForceTry
    self = try! Coordinate(latitude: latitude, longitude: longitude)
  }
}

struct AirKoreaTimeTests {
  @Test(arguments: [
    ("2023-06-03 23시 발표", 23), ("2023-06-03 05시 발표", 5), ("2023-06-03 5시 발표", 5),
  ])
  func anAnnouncementIsReadInKoreaTime(_ text: String, _ hour: Int) throws {
    #expect(AirKoreaRows.announcementTime(text) == (try kst(2023, 6, 3, hour)))
  }

  @Test(arguments: ["2023-06-03 발표", "2023-06-03 25시 발표", "어제 23시 발표", "2023-06-03 123시"])
  func anAnnouncementTimeThatIsNoneIsNotRead(_ text: String) {
    #expect(AirKoreaRows.announcementTime(text) == nil)
  }

  @Test(arguments: [" 21 ", "\t-", " null", "NULL", "Null"])
  func spaceAroundAValueAndNullInAnyCaseAreReadHonestly(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    #expect(AirKoreaRows.number(text) == Double(trimmed))
  }
}
