import Foundation
import HaruModels
import Testing

@testable import HaruForecast

/// The one reader of the envelope, on real bodies of every service it serves and of those it
/// is to serve next (the ultra-short forecast, KMA's UV and pollen indices, API Hub's errors).
/// The bodies are in `Fixtures/kma-ultra` and `Fixtures/kma-living`; each folder's
/// PROVENANCE.md says where each is from. 출처: 기상청.
struct EnvelopeReaderTests {
  private func body(_ path: String) throws -> Data {
    try fixtureBody(path)
  }

  private func response(_ path: String, status: Int = 200) throws -> HTTPResponse {
    HTTPResponse(status: status, body: try body(path))
  }

  // MARK: - The ultra-short forecast, through either gateway

  @Test(arguments: [
    ("kma-ultra/ultra-20240320-2130-55-127.json", 60, 2130, "3"),
    ("kma-ultra/ultra-apihub-20251215-0030-61-125.json", 60, 30, "-1"),
  ])
  func realUltraShortBodiesAreReadWhole(path: String, count: Int, baseTime: Int64, first: String)
    throws
  {
    let envelope = try EnvelopeReader.kmaItems(try response(path))
    #expect(envelope.rows.count == count)
    #expect(envelope.totalCount == Int64(count))
    #expect(Set(envelope.rows.map(\.baseTime)) == [baseTime])
    let temperatures = envelope.rows.filter { $0.category == .hourlyTemperature }
    #expect(temperatures.count == 6)
    #expect(temperatures.first?.value == first)
    // LGT, UUU and VVV are not read; every other category of the operation is.
    let known = envelope.rows.filter { $0.category != .unknown }
    #expect(known.count == 42)
  }

  @Test func aRealPageOfTwoSaysThereIsMore() throws {
    let envelope = try EnvelopeReader.kmaItems(
      try response("kma-ultra/ultra-20230630-0630-61-126-page1of2.json"))
    #expect(envelope.rows.count == 30)
    #expect(envelope.totalCount == 60)
    #expect(envelope.pageNumber == 1)
    #expect(envelope.rowsPerPage == 30)
  }

  @Test(arguments: [
    "kma-ultra/ultra-20240320-2130-55-127.json",
    "kma-ultra/ultra-apihub-20251215-0030-61-125.json",
  ])
  func realUltraShortBodiesBecomeSixHours(path: String) throws {
    let forecast = try KMAForecast(decoding: try body(path), operation: .ultraShortForecast)
    #expect(forecast.hours.count == 6)
    #expect(forecast.hours.allSatisfy { $0.temperature != nil && $0.precipitationType == .nothing })
  }

  // MARK: - Refusals

  @Test func apiHubs401IsAKeyNotRegistered() throws {
    let envelope = try EnvelopeReader.envelope(
      of: try response("kma-ultra/apihub-401-invalid-key.json", status: 401), from: .kma,
      rows: KMAItemReader())
    #expect(envelope.hubStatus == 401)
    #expect(envelope.hubMessage == "유효한 인증키가 아닙니다.")
    #expect(envelope.resultCode == nil)
    let error = #expect(throws: ForecastError.self) {
      try EnvelopeReader.kmaItems(
        try response("kma-ultra/apihub-401-invalid-key.json", status: 401))
    }
    #expect(error?.code == .kmaResult)
    #expect(error?.refusal == .keyNotRegistered)
    #expect(error?.httpStatus == 401)
    #expect(error?.isPermanent == true)
    #expect(error?.message.contains("API Hub") == true)
  }

  @Test(arguments: [
    (403, "활용신청이 필요한 API 입니다", ForecastError.Refusal.notApproved),
    (403, "API 호출 한도를 초과했습니다.", .quotaExceeded),
  ])
  func apiHubs403IsNotApprovedOrAQuota(
    status: Int64, message: String, refusal: ForecastError.Refusal
  ) {
    let body = #"{"result":{"status":\#(status),"message":"\#(message)"}}"#
    let error = #expect(throws: ForecastError.self) {
      try EnvelopeReader.kmaItems(HTTPResponse(status: Int(status), body: Data(body.utf8)))
    }
    #expect(error?.code == .kmaResult)
    #expect(error?.refusal == refusal)
    #expect(error?.httpStatus == 403)
    #expect(error?.isPermanent == true)
    // API Hub's words are not repeated: only what they mean.
    #expect(error?.message.contains(message) == false)
  }

  /// A part refused by API Hub says what to do there, with API Hub's own key, in both
  /// languages; the same refusal by the data portal says to apply on the data portal. The
  /// gateway is kept with a failure written to the cache.
  @Test func aPartRefusedByAPIHubSaysToApplyOnAPIHub() throws {
    let hub = #expect(throws: ForecastError.self) {
      try EnvelopeReader.kmaItems(
        try response("kma-ultra/apihub-401-invalid-key.json", status: 401))
    }
    let portal = #expect(throws: ForecastError.self) {
      try EnvelopeReader.kmaItems(try response("kma-ultra/gateway-30-not-registered.xml"))
    }
    let hubError = try #require(hub)
    let portalError = try #require(portal)
    let stored = try JSONDecoder().decode(
      StoredError.self, from: try JSONEncoder().encode(StoredError(hubError)))
    for error in [hubError, stored.error] {
      let reason = MissingPartReason(service: .kmaMidTerm, error: error)
      #expect(reason.message(in: .english).contains("on KMA's API Hub"))
      #expect(reason.message(in: .english).contains("apihub.kma.go.kr"))
      #expect(reason.message(in: .korean).contains("API 허브(apihub.kma.go.kr)에서 활용신청"))
      #expect(reason.isRefusal)
    }
    let portalReason = MissingPartReason(service: .kmaMidTerm, error: portalError)
    #expect(portalReason.message(in: .english).contains("data portal (data.go.kr)"))
    #expect(!portalReason.message(in: .korean).contains("API 허브"))
  }

  @Test func aServiceOnAPIHubIsAskedWithTheKeyInAuthKey() throws {
    let key = try KMARequestBuilder.encodedKey("hub+key/==", of: "KMA warning")
    let hub = try PortalRequest.make(
      baseURL: try #require(
        URL(string: "https://apihub.kma.go.kr/api/typ02/openApi/WthrWrnInfoService")),
      operation: "getPwnStatus", key: key, parameters: ["pageNo": "1"], timeout: .seconds(5),
      format: "dataType=JSON")
    let portal = try PortalRequest.make(
      baseURL: KMAWarningsClient.dataGoKr, operation: "getPwnStatus", key: key,
      parameters: ["pageNo": "1"], timeout: .seconds(5), format: "dataType=JSON")
    #expect(hub.url.query()?.hasPrefix("authKey=hub%2Bkey%2F%3D%3D&") == true)
    #expect(portal.url.query()?.hasPrefix("serviceKey=hub%2Bkey%2F%3D%3D&") == true)
    #expect(hub.redactedURL.contains("authKey=") && !hub.redactedURL.contains("hub%2Bkey"))
  }

  @Test func anotherAPIHubStatusIsAnHTTPStatusError() {
    let body = #"{"result":{"status":"503","message":"점검 중"}}"#
    let error = #expect(throws: ForecastError.self) {
      try EnvelopeReader.kmaItems(HTTPResponse(status: 503, body: Data(body.utf8)))
    }
    #expect(error?.code == .httpStatus)
    #expect(error?.httpStatus == 503)
    #expect(error?.refusal == nil)
    #expect(error?.isTransient == true)
  }

  @Test func theRealGatewayRefusalInXMLIsAKeyNotRegistered() throws {
    let response = try response("kma-ultra/gateway-30-not-registered.xml")
    let envelope = try EnvelopeReader.envelope(of: response, from: .kma, rows: KMAItemReader())
    #expect(envelope.format == .xml)
    #expect(envelope.gatewayReasonCode == "30")
    #expect(envelope.gatewayMessage == "SERVICE_KEY_IS_NOT_REGISTERED_ERROR")
    for service in [PortalService.kma, .airKorea, .kmaWarnings] {
      let error = #expect(throws: ForecastError.self) {
        try EnvelopeReader.read(response, from: service, fields: [])
      }
      #expect(error?.refusal == .keyNotRegistered)
      #expect(error?.message.hasPrefix(service.name) == true)
    }
  }

  // MARK: - Header-only answers

  @Test func theRealNoDataIsAnErrorForTheForecastAndNoRowsForTheOthers() throws {
    let response = try response("kma-ultra/nodata-03.json")
    let error = #expect(throws: ForecastError.self) { try EnvelopeReader.kmaItems(response) }
    #expect(error?.code == .noData)
    for service in [PortalService.airKorea, .kmaWarnings] {
      let envelope = try EnvelopeReader.read(response, from: service, fields: ["a"])
      #expect(envelope.rows.isEmpty)
      #expect(envelope.totalCount == 0)
    }
  }

  @Test func theRealOutOfSeasonPollenAnswerIsAHeaderOnly99() throws {
    let response = try response("kma-living/pollen-out-of-season-99-20260728.json")
    let envelope = try EnvelopeReader.envelope(of: response, from: .kma, rows: FieldRows(["today"]))
    #expect(envelope.isHeaderOnly)
    #expect(envelope.resultCode == "99")
    #expect(envelope.resultMessage == "해당지수자료 제공기간이 아닙니다! [자료제공기간 3월 ~ 6월]")
    // Until a service reads it for what it means, it is the service's error 99.
    let error = #expect(throws: ForecastError.self) {
      try EnvelopeReader.read(response, from: .kma, fields: ["today"])
    }
    #expect(error?.code == .kmaResult)
    #expect(error?.kmaResultCode == .unknownError)
    #expect(error?.refusal == nil)
  }

  @Test func aNormalAnswerIsNotHeaderOnly() throws {
    let envelope = try EnvelopeReader.kmaItems(
      try response("kma-ultra/ultra-20240320-2130-55-127.json"))
    #expect(!envelope.isHeaderOnly)
    #expect(envelope.hasBody)
  }

  // MARK: - Living and health indices, read as rows of fields

  static let uvFields = (0...26).map { "h\($0 * 3)" }

  @Test func theRealUVAnswerHasEmptySlotsAndNoH78() throws {
    let envelope = try EnvelopeReader.read(
      try response("kma-living/uv-v5-2026092612-all-areas-first3.json"), from: .kma,
      fields: ["code", "areaNo", "date"] + Self.uvFields)
    #expect(envelope.rows.count == 3)
    #expect(envelope.totalCount == 3851)
    let first = try #require(envelope.rows.first)
    #expect(first[0] == "A07_2")
    #expect(first[1] == "1100000000")
    #expect(first[2] == "2026092612")
    let slots = Array(first.dropFirst(3))
    #expect(slots.prefix(9) == ["4", "3", "0", "0", "0", "0", "1", "5", "7"])
    // h60 to h75 are published later: empty text, not missing fields.
    #expect(slots[20..<26].allSatisfy { $0 == "" })
    #expect(slots[26] == nil)
    #expect(envelope.rows[2][3 + 8] == "6")
  }

  static let pollenFields = [
    "code", "areaNo", "date", "today", "tomorrow", "dayaftertomorrow", "twodaysaftertomorrow",
  ]

  private func dailyRows(_ path: String) throws -> [[String?]] {
    try EnvelopeReader.read(try response(path), from: .kma, fields: Self.pollenFields).rows
  }

  @Test func theRealWeedsPollenAnswerIsReadWithItsEmptyLastDay() throws {
    #expect(
      try dailyRows("kma-living/pollen-weeds-2026080206-1168000000.json")
        == [["D08", "1168000000", "2026080206", "0", "0", "0", ""]])
  }

  @Test func theRealAnswerWithOnlyTodayAndTomorrowLeavesTheLaterDaysMissing() throws {
    let rows = try dailyRows("kma-living/pollen-weeds-2026093018-all-areas-first3.json")
    #expect(rows.count == 3)
    #expect(rows.allSatisfy { $0[3] == "" && $0[4] == "0" && $0[5] == nil && $0[6] == nil })
    #expect(rows.map { $0[1] } == ["1100000000", "1111000000", "1111051500"])
  }

  @Test func theRetiredDailyUVShapeIsStillAnEnvelope() throws {
    #expect(
      try dailyRows("kma-living/LEGACY-uv-v2-2021101406-1100000000.json")
        == [["A07_1", "1100000000", "2021101406", "4", "3", "5", ""]])
  }

  // MARK: - Fields

  @Test func aRowIsTheValuesOfTheFieldsNamedInTheirOrder() throws {
    let body =
      #"{"response":{"body":{"items":[{"b":2,"skip":{"x":[1]},"a":"one","c":null,"\u0064":true}],"totalCount":1},"header":{"resultCode":"00"}}}"#
    let envelope = try EnvelopeReader.read(
      HTTPResponse(status: 200, body: Data(body.utf8)), from: .airKorea,
      fields: ["a", "b", "c", "d", "e"])
    #expect(envelope.rows == [["one", "2", nil, "true", nil]])
  }

  @Test(arguments: [
    #"{"items":[{"a":"1"}]}"#, #"{"items":{"item":[{"a":"1"}]}}"#,
    #"{"items":{"item":{"a":"1"}}}"#, #"{"items":{"a":"1"}}"#,
  ])
  func everyShapeOfItemsHoldsTheSameRow(items: String) throws {
    let body = #"{"response":{"header":{"resultCode":"00"},"body":"# + items + "}}"
    let envelope = try EnvelopeReader.read(
      HTTPResponse(status: 200, body: Data(body.utf8)), from: .airKorea, fields: ["a"])
    #expect(envelope.rows == [["1"]])
  }

  @Test(arguments: [#""""#, "null", "[]", #"{"item":[]}"#, #"{"item":""}"#])
  func emptyItemsHoldNoRows(items: String) throws {
    let body = #"{"response":{"header":{"resultCode":"00"},"body":{"items":"# + items + "}}}"
    let envelope = try EnvelopeReader.read(
      HTTPResponse(status: 200, body: Data(body.utf8)), from: .kma, fields: ["a"])
    #expect(envelope.rows.isEmpty)
  }

  @Test(arguments: ["[1,2]", "5", "true", #"{"item":[1]}"#, #"{"item":[{"a":"1"},"x"]}"#])
  func itemsOfAShapeNoServiceSendsAreADecodingError(items: String) {
    let body = #"{"response":{"header":{"resultCode":"00"},"body":{"items":"# + items + "}}}"
    for service in [PortalService.kma, .airKorea, .kmaWarnings] {
      let error = #expect(throws: ForecastError.self) {
        try EnvelopeReader.read(
          HTTPResponse(status: 200, body: Data(body.utf8)), from: service, fields: ["a"])
      }
      #expect(error?.code == .decoding)
      #expect(error?.message.hasPrefix("\(service.name)'s answer could not be read") == true)
    }
  }
}
