import Foundation
import HaruForecastTesting
import HaruModels
import Testing

@testable import HaruForecast

/// The issuance of 2026-10-04 at an hour.
func issuance(_ hour: Int, day: Int = 4) throws -> MidTermIssuance {
  MidTermIssuance(day: try CalendarDay(year: 2026, month: 10, day: day), hour: hour)
}

/// Decodes a land and a temperature body of one issuance.
func decodeMidTerm(
  land: String?, temperature: String, issuance: MidTermIssuance
) throws -> MidTermForecast {
  try MidTermForecast.decode(
    land: land.map { .json($0) }, temperature: .json(temperature), issuance: issuance)
}

struct MidTermDecodingTests {
  @Test func fixturesAreTheCapturedBodiesByteForByte() throws {
    let folder = URL(filePath: #filePath).deletingLastPathComponent()
      .appending(path: "Fixtures/kma-mid")
    let pairs: [(String, String)] = [
      ("midland-20261004-0600-11B00000.json", KMAMidTermFixtures.land0600),
      ("midland-20261004-1800-11B00000.json", KMAMidTermFixtures.land1800),
      ("midta-20261004-0600-11B10101.json", KMAMidTermFixtures.temperature0600),
      ("midta-20261004-1800-11B10101.json", KMAMidTermFixtures.temperature1800),
      ("mid-nodata-03-11H10603.json", KMAMidTermFixtures.noData),
      ("mid-gateway-30-not-registered-http403.json", KMAMidTermFixtures.keyNotRegistered),
      ("legacy-midland-20200311-0600-11B00000.json", KMAMidTermFixtures.legacyLand),
      ("legacy-midta-20200311-0600-11D20501.json", KMAMidTermFixtures.legacyTemperature),
    ]
    for (file, fixture) in pairs {
      let data = try Data(contentsOf: folder.appending(path: file))
      #expect(data == Data(fixture.utf8), "\(file)")
    }
  }

  @Test func theSixOClockBodiesHoldDaysFourToTen() throws {
    let forecast = try decodeMidTerm(
      land: KMAMidTermFixtures.land0600, temperature: KMAMidTermFixtures.temperature0600,
      issuance: try issuance(6))
    #expect(forecast.days.map(\.number) == Array(4...10))
    #expect(forecast.days.first?.day == (try day(2026, 10, 8)))
    #expect(forecast.days.last?.day == (try day(2026, 10, 14)))
    let four = try #require(forecast.days.first)
    #expect(four.morning?.sky == .clear)
    #expect(four.morning?.precipitationType == PrecipitationType.nothing)
    #expect(four.morning?.precipitationProbability?.percent == 10)
    #expect(four.minimum?.celsius == 10)
    #expect(four.maximum?.celsius == 25)
    let eight = try #require(forecast.days.first { $0.number == 8 })
    // Days 8–10 carry one value for the whole day.
    #expect(eight.morning == eight.afternoon)
    #expect(eight.morning?.sky == .mostlyCloudy)
    #expect(eight.morning?.precipitationProbability?.percent == 20)
    #expect(eight.minimum?.celsius == 14)
    #expect(eight.maximum?.celsius == 25)
    let dayForecast = eight.dayForecast
    #expect(dayForecast.source == .midTerm)
    #expect(dayForecast.minimum?.isDerived == false)
    #expect(dayForecast.hourly.isEmpty)
    #expect(!dayForecast.isPartial)
  }

  @Test func theEighteenOClockBodiesHoldDaysFiveToTen() throws {
    let forecast = try decodeMidTerm(
      land: KMAMidTermFixtures.land1800, temperature: KMAMidTermFixtures.temperature1800,
      issuance: try issuance(18))
    #expect(forecast.days.map(\.number) == Array(5...10))
    #expect(forecast.days.first?.day == (try day(2026, 10, 9)))
    let nine = try #require(forecast.days.first { $0.number == 9 })
    #expect(nine.morning?.sky == .overcast)
    #expect(nine.morning?.wording == "흐림")
    #expect(nine.morning?.precipitationProbability?.percent == 30)
  }

  @Test func thePreReformBodiesHoldDaysThreeToTen() throws {
    let issued = MidTermIssuance(day: try CalendarDay(year: 2020, month: 3, day: 11), hour: 6)
    let forecast = try decodeMidTerm(
      land: KMAMidTermFixtures.legacyLand, temperature: KMAMidTermFixtures.legacyTemperature,
      issuance: issued)
    #expect(forecast.days.map(\.number) == Array(3...10))
    let six = try #require(forecast.days.first { $0.number == 6 })
    #expect(six.afternoon?.sky == .overcast)
    #expect(six.afternoon?.precipitationType == .rain)
    #expect(six.afternoon?.precipitationProbability?.percent == 60)
  }

  /// Ways a body leaves day 4's morning out, each applied to the real 06:00 body.
  static let missingMorning: [(String, String)] = [
    (#""rnSt4Am":10,"#, #""wf4Am":"맑음","#),  // absent: both keys removed
    (#""rnSt4Am":10,"#, #""wf4Am":"","#),  // empty wording
    (#""rnSt4Am":0,"#, #""wf4Am":"","#),  // 0 with empty wording
    (#""rnSt4Am":"","#, #""wf4Am":"  ","#),  // empty strings, as XML-minded encoders send
  ]

  @Test(arguments: 0..<4)
  func anAbsentEmptyOrZeroHalfIsMissingNotZero(_ index: Int) throws {
    let (rain, wording) = Self.missingMorning[index]
    var land = KMAMidTermFixtures.land0600
    if index == 0 {
      land = land.replacingOccurrences(of: rain, with: "")
        .replacingOccurrences(of: wording, with: "")
    } else {
      land = land.replacingOccurrences(of: #""rnSt4Am":10,"#, with: rain)
        .replacingOccurrences(of: #""wf4Am":"맑음","#, with: wording)
    }
    #expect(land != KMAMidTermFixtures.land0600)
    let forecast = try decodeMidTerm(
      land: land, temperature: KMAMidTermFixtures.temperature0600, issuance: try issuance(6))
    let four = try #require(forecast.days.first { $0.number == 4 })
    #expect(four.morning == nil)
    #expect(four.afternoon?.sky == .clear)
  }

  @Test func aDayWithNoHalvesAndPlaceholderTemperaturesIsLeftOut() throws {
    // Day 4 at 18:00 as malgleam's notes warn it may come: zeros and empty wording.
    let land = KMAMidTermFixtures.land1800.replacingOccurrences(
      of: #""rnSt5Am""#, with: #""rnSt4Am":0,"rnSt4Pm":0,"wf4Am":"","wf4Pm":"","rnSt5Am""#)
    let temperature = KMAMidTermFixtures.temperature1800.replacingOccurrences(
      of: #""taMin5":"#, with: #""taMin4":0,"taMax4":0,"taMin5":"#)
    let forecast = try decodeMidTerm(
      land: land, temperature: temperature, issuance: try issuance(18))
    #expect(forecast.days.map(\.number) == Array(5...10))
  }

  @Test func unknownWordingIsKeptRawWithAnUnknownSky() throws {
    let land = KMAMidTermFixtures.land0600.replacingOccurrences(
      of: #""wf5Am":"맑음""#, with: #""wf5Am":"황사""#)
    let forecast = try decodeMidTerm(
      land: land, temperature: KMAMidTermFixtures.temperature0600, issuance: try issuance(6))
    let five = try #require(forecast.days.first { $0.number == 5 })
    #expect(five.morning?.wording == "황사")
    #expect(five.morning?.sky == nil)
    #expect(five.morning?.precipitationType == nil)
    #expect(five.morning?.precipitationProbability?.percent == 10)
    #expect(five.afternoon?.sky == .clear)
  }

  static let wordings: [(String, Sky?, PrecipitationType?)] = [
    ("맑음", .clear, .nothing), ("구름많음", .mostlyCloudy, .nothing),
    ("구름많고 비", .mostlyCloudy, .rain), ("구름많고 눈", .mostlyCloudy, .snow),
    ("구름많고 비/눈", .mostlyCloudy, .rainAndSnow), ("구름많고 소나기", .mostlyCloudy, .shower),
    ("흐림", .overcast, .nothing), ("흐리고 비", .overcast, .rain), ("흐리고 눈", .overcast, .snow),
    ("흐리고 비/눈", .overcast, .rainAndSnow), ("흐리고 눈/비", .overcast, .rainAndSnow),
    ("흐리고 소나기", .overcast, .shower), ("흐리고비", .overcast, .rain),
    ("구름조금", .clear, .nothing), ("흐리고 우박", nil, nil), ("안개", nil, nil),
  ]

  @Test(arguments: 0..<16)
  func wordingIsReadSkyFirstThenWhatFalls(_ index: Int) {
    let (text, sky, type) = Self.wordings[index]
    let read = MidTermWording.read(text)
    #expect(read.sky == sky, "\(text)")
    #expect(read.precipitation == type, "\(text)")
  }

  @Test func theGatewayRefusalOfAnUnknownKeyIsATypedKeyError() throws {
    let refusal = HTTPResponse.json(KMAMidTermFixtures.keyNotRegistered, status: 403)
    let error = #expect(throws: ForecastError.self) {
      try MidTermForecast.decode(land: refusal, temperature: refusal, issuance: try issuance(6))
    }
    #expect(error?.code == .kmaResult)
    #expect(error?.kmaResultCode == .serviceKeyNotRegistered)
    #expect(error?.isPermanent == true)
  }

  @Test func noDataIsTypedNoData() throws {
    let error = #expect(throws: ForecastError.self) {
      try decodeMidTerm(
        land: nil, temperature: KMAMidTermFixtures.noData, issuance: try issuance(6))
    }
    #expect(error?.code == .noData)
    #expect(error?.isPermanent == false)
  }
}

struct MidTermIssuanceTests {
  @Test(arguments: [
    (6, 9, 4, 18, 3),  // 06:09: the 06:00 issuance is not asked for yet
    (6, 10, 4, 6, 4),
    (17, 59, 4, 6, 4),
    (18, 10, 4, 18, 4),
    (23, 59, 4, 18, 4),
  ])
  func theNewestIssuanceWaitsForTheDelay(
    _ hour: Int, _ minute: Int, _ askedDay: Int, _ issuedHour: Int, _ issuedDay: Int
  ) throws {
    let date = try kst(2026, 10, askedDay, hour, minute)
    let newest = MidTermIssuance.latest(at: date, delay: .seconds(600))
    #expect(newest == (try issuance(issuedHour, day: issuedDay)))
  }

  @Test func justAfterMidnightTheNewestIsYesterdaysEvening() throws {
    let newest = MidTermIssuance.latest(at: try kst(2026, 10, 5, 0, 30), delay: .seconds(600))
    #expect(newest == (try issuance(18, day: 4)))
    #expect(newest.text == "202610041800")
    #expect(newest.previous == (try issuance(6, day: 4)))
    #expect(newest.next == (try issuance(6, day: 5)))
  }
}

struct MidTermRegionTests {
  @Test func theBundledTableIsTheCSVItWasGeneratedFrom() throws {
    let csv = URL(filePath: #filePath).deletingLastPathComponent()
      .appending(path: "../../Sources/Forecast/MidTerm/Source/kma-mid-ta-regions.csv")
    let rows = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n").dropFirst()
    #expect(rows.count == MidTermTemperaturePoints.table.count)
    for (row, point) in zip(rows, MidTermTemperaturePoints.table) {
      let columns = row.split(separator: ",", omittingEmptySubsequences: false)
      #expect(String(columns[0]) == point.id)
      #expect(String(columns[1]) == point.name)
      #expect(String(columns[2]) == point.land)
      #expect(Double(columns[3]) == point.latitude)
    }
  }

  @Test(arguments: [
    (37.5665, 126.9780, "11B10101", "11B00000"),  // Seoul City Hall → 서울
    (37.751853, 128.876057, "11D20501", "11D20000"),  // 강릉시청 → 강릉, 영동
    (35.179554, 129.075642, "11H20201", "11H20000"),  // 부산시청 → 부산
    (33.499621, 126.531188, "11G00201", "11G00000"),  // 제주시청 → 제주
    (32.2, 125.2, "11G00501", "11G00000"),  // at sea by 이어도 → 고산, never 이어도 itself
  ])
  func aBareCoordinateTakesTheNearestTemperaturePoint(
    _ latitude: Double, _ longitude: Double, _ temperature: String, _ land: String
  ) throws {
    let regions = MidTermTemperaturePoints.regions(
      nearest: try Coordinate(latitude: latitude, longitude: longitude))
    #expect(regions?.temperature == temperature)
    #expect(regions?.land == land)
  }

  @Test func aRetiredPointStandsInForDaegu() {
    #expect(MidTermTemperaturePoints.substitute(for: "11H10603") == "11H10701")
    #expect(MidTermTemperaturePoints.substitute(for: "11H10707") == "11H10701")
    // Any other point: the nearest other answered point of its land region.
    let substitute = MidTermTemperaturePoints.substitute(for: "11B10101")
    #expect(substitute != nil && substitute != "11B10101")
    #expect(substitute?.hasPrefix("11B") == true)
  }

  @Test func theMidTermServiceIsAskedAtTheSiblingPathUnlessNamed() throws {
    #expect(
      KMAConfiguration.dataGoKr.resolvedMidTermBaseURL.absoluteString
        == "https://apis.data.go.kr/1360000/MidFcstInfoService")
    #expect(
      KMAConfiguration.apiHub.resolvedMidTermBaseURL.absoluteString
        == "https://apihub.kma.go.kr/api/typ02/openApi/MidFcstInfoService")
    var configuration = KMAConfiguration.dataGoKr
    configuration.baseURL = try #require(URL(string: "http://127.0.0.1:8080/kma/short/"))
    #expect(
      configuration.resolvedMidTermBaseURL.absoluteString
        == "http://127.0.0.1:8080/kma/MidFcstInfoService")
    configuration.baseURL = try #require(URL(string: "http://127.0.0.1:8080"))
    #expect(
      configuration.resolvedMidTermBaseURL.absoluteString
        == "http://127.0.0.1:8080/MidFcstInfoService")
    configuration.midTermBaseURL = URL(string: "http://127.0.0.1:9090/mid")
    #expect(configuration.resolvedMidTermBaseURL.absoluteString == "http://127.0.0.1:9090/mid")
  }
}
