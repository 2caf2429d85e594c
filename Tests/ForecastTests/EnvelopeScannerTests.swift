import Foundation
import HaruForecastTesting
import Testing

@testable import HaruForecast

struct EnvelopeScannerTests {
  private func scan(_ text: String) throws(EnvelopeFailure) -> Envelope<KMAItem> {
    try scan(Data(text.utf8))
  }

  private func scan(_ data: Data) throws(EnvelopeFailure) -> Envelope<KMAItem> {
    try EnvelopeScanner.scan(data, rows: KMAItemReader())
  }

  private let oneItem =
    #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":[{"baseDate":"20261130","baseTime":"2300","category":"TMP","fcstDate":"20261201","fcstTime":"0600","fcstValue":"-3","nx":60,"ny":127}]},"pageNo":1,"numOfRows":1000,"totalCount":1}}}"#

  @Test func readsTheEnvelopeAndItsItems() throws {
    let envelope = try scan(oneItem)
    #expect(envelope.resultCode == "00")
    #expect(envelope.resultMessage == "NORMAL_SERVICE")
    #expect(envelope.totalCount == 1)
    #expect(envelope.pageNumber == 1)
    #expect(envelope.rowsPerPage == 1000)
    let item = try #require(envelope.rows.first)
    #expect(item.category == .temperature)
    #expect(item.baseDate == 20_261_130)
    #expect(item.baseTime == 2300)
    #expect(item.forecastDate == 20_261_201)
    #expect(item.forecastTime == 600)
    #expect(item.value == "-3")
    #expect(item.nx == 60)
    #expect(item.ny == 127)
  }

  @Test func skipsAByteOrderMarkAndWhitespace() throws {
    var data = Data([0xEF, 0xBB, 0xBF])
    data.append(Data((" \n\t" + oneItem + "\r\n ").utf8))
    #expect(try scan(data).rows.count == 1)
  }

  @Test func ignoresUnknownMembersOfEveryShapeAtEveryLevel() throws {
    let text = #"""
      {"extra":[1,2.5e-3,{"a":[true,false,null,"x\"y"]}],
       "response":{"new":{"deep":[[[[]]]]},"header":{"resultCode":"00","resultMsg":"OK","v":2},
        "body":{"items":{"note":"x","item":[{"category":"TMP","fcstDate":"20261201",
          "fcstTime":"0600","fcstValue":"5","quality":{"flags":[1,2]},"nx":60,"ny":127}]},
        "totalCount":"1","dataType":"JSON"}},
       "trailer":-0.5}
      """#
    let envelope = try scan(text)
    #expect(envelope.rows.count == 1)
    #expect(envelope.rows.first?.value == "5")
    #expect(envelope.totalCount == 1)
  }

  @Test func membersMayComeInAnyOrder() throws {
    let text =
      #"{"response":{"body":{"totalCount":1,"items":{"item":[{"ny":127,"nx":60,"fcstValue":"7","fcstTime":"0900","fcstDate":"20261201","category":"POP","baseTime":"0800","baseDate":"20261201"}]}},"header":{"resultMsg":"NORMAL_SERVICE","resultCode":"00"}}}"#
    let envelope = try scan(text)
    #expect(envelope.resultCode == "00")
    #expect(envelope.rows.first?.category == .precipitationProbability)
    #expect(envelope.rows.first?.baseTime == 800)
  }

  @Test func resolvesEscapesInValues() throws {
    let text =
      #"{"response":{"header":{"resultCode":"00","resultMsg":"a\"b\\c\/d\n\u00e9\uD83C\uDF27\uAC15"},"body":{"items":{"item":[{"category":"PCP","fcstDate":"20261201","fcstTime":"0600","fcstValue":"\uac15\uc218\uc5c6\uc74c"}]}}}}"#
    let envelope = try scan(text)
    #expect(envelope.resultMessage == "a\"b\\c/d\né🌧강")
    #expect(envelope.rows.first?.value == "강수없음")
  }

  @Test func aLoneSurrogateBecomesAReplacementCharacter() throws {
    let envelope = try scan(
      #"{"response":{"header":{"resultCode":"00","resultMsg":"x\uD800y\uDC00"}}}"#)
    #expect(envelope.resultMessage == "x\u{FFFD}y\u{FFFD}")
  }

  @Test func anEscapedKeyStillMatches() throws {
    let envelope = try scan(#"{"\u0072esponse":{"header":{"result\u0043ode":"03"}}}"#)
    #expect(envelope.resultCode == "03")
  }

  @Test func readsNumbersNullsAndLiteralsWhereStringsAreExpected() throws {
    let text =
      #"{"response":{"header":{"resultCode":0},"body":{"items":{"item":[{"category":"TMP","fcstDate":20261201,"fcstTime":"0600","fcstValue":12.5,"nx":"60","ny":null},{"category":"SKY","fcstDate":"20261201","fcstTime":"0600","fcstValue":null}]}}}}"#
    let envelope = try scan(text)
    #expect(envelope.resultCode == "0")
    #expect(envelope.rows.count == 2)
    #expect(envelope.rows[0].forecastDate == 20_261_201)
    #expect(envelope.rows[0].value == "12.5")
    #expect(envelope.rows[0].nx == 60)
    #expect(envelope.rows[0].ny == nil)
    #expect(envelope.rows[1].value == nil)
  }

  @Test func readsASingleItemSentAsAnObjectAndEmptyItemsSentAsText() throws {
    let single = try scan(
      #"{"response":{"header":{"resultCode":"00"},"body":{"items":{"item":{"category":"REH","fcstDate":"20261201","fcstTime":"0600","fcstValue":"50"}}}}}"#
    )
    #expect(single.rows.count == 1)
    let empty = try scan(
      #"{"response":{"header":{"resultCode":"00"},"body":{"items":"","totalCount":0}}}"#)
    #expect(empty.rows.isEmpty)
    #expect(empty.totalCount == 0)
  }

  @Test func unknownCategoriesAndMalformedDatesAreKeptAsUnusable() throws {
    let envelope = try scan(
      #"{"response":{"header":{"resultCode":"00"},"body":{"items":{"item":[{"category":"ZZZ","fcstDate":"2026-12-01","fcstTime":"6am","fcstValue":"1"},{"category":"TMPX"}]}}}}"#
    )
    #expect(envelope.rows.map(\.category) == [.unknown, .unknown])
    #expect(envelope.rows[0].forecastDate == -1)
    #expect(envelope.rows[0].forecastTime == -1)
  }

  @Test func readsTheGatewayEnvelopeSentAsJSON() throws {
    let envelope = try scan(
      #"{"OpenAPI_ServiceResponse":{"cmmMsgHeader":{"errMsg":"SERVICE ERROR","returnAuthMsg":"SERVICE_KEY_IS_NOT_REGISTERED_ERROR","returnReasonCode":"30"}}}"#
    )
    #expect(envelope.gatewayReasonCode == "30")
    #expect(envelope.gatewayMessage == "SERVICE_KEY_IS_NOT_REGISTERED_ERROR")
  }

  @Test func everyTruncationOfARealBodyIsAnErrorNotACrash() throws {
    let run = try KMARun(
      operation: .shortTermForecast, baseDate: try day(2026, 11, 30), baseHour: 5)
    var items = KMAFixtures.shortTermForecastItems(for: run, at: seoul)
    items = Array(items.prefix(3))
    items[1].value = "1mm \"미만\"\n"
    let bytes = Array(KMAFixtures.json(items: items).utf8)
    #expect(try scan(Data(bytes)).rows.count == 3)
    #expect(try scan(Data()).format == .empty)
    for length in 1..<bytes.count {
      #expect(throws: EnvelopeFailure.self) { try scan(Data(bytes[0..<length])) }
    }
  }

  @Test(arguments: [
    ("", EnvelopeFormat.empty), ("   \r\n", .empty), ("[]", .text), ("\"text\"", .text),
    ("Service unavailable", .text), ("<html><body>점검 중</body></html>", .page),
  ])
  func bodiesThatAreNotJSONObjectsAreToldApartNotRead(text: String, format: EnvelopeFormat) throws {
    #expect(try scan(Data(text.utf8)).format == format)
  }

  @Test(arguments: [
    "{", "{\"response\"", "{\"response\":}", "{\"a\":1,}",
    "{\"a\":[1,]}", "{\"a\" 1}", "{\"a\":01}", "{\"a\":1.}", "{\"a\":-}", "{\"a\":1e}",
    "{\"a\":tru}", "{\"a\":nul}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12G4\"}", "{\"a\":\"\u{01}\"}",
    "{\"a\":1}}", "{\"a\":1} x", "{'a':1}", "{\"a\":\"\\u12",
  ])
  func malformedJSONIsRefused(text: String) {
    #expect(throws: EnvelopeFailure.self) { try scan(Data(text.utf8)) }
  }

  @Test func nestingDeeperThanTheLimitIsRefusedWithoutExhaustingTheStack() {
    let depth = 100_000
    let text =
      "{\"a\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      + "}"
    let failure = #expect(throws: EnvelopeFailure.self) {
      try scan(Data(text.utf8))
    }
    #expect(failure?.reason.contains("nested") == true)
    let shallow =
      "{\"a\":" + String(repeating: "[", count: 50) + String(repeating: "]", count: 50)
      + "}"
    #expect(throws: Never.self) { try scan(Data(shallow.utf8)) }
  }

  @Test func invalidUTF8InAStringIsReplacedNotFatal() throws {
    var data = Data(#"{"response":{"header":{"resultCode":"00","resultMsg":""#.utf8)
    data.append(contentsOf: [0xFF, 0xFE, 0x41])
    data.append(Data(#""}}}"#.utf8))
    let envelope = try scan(data)
    #expect(envelope.resultMessage?.hasSuffix("A") == true)
  }

  @Test func aWholeFixtureRunDecodesEveryItem() throws {
    let run = try KMARun(
      operation: .shortTermForecast, baseDate: try day(2026, 11, 30), baseHour: 23)
    let items = KMAFixtures.shortTermForecastItems(for: run, at: seoul)
    let envelope = try scan(Data(KMAFixtures.json(items: items).utf8))
    #expect(envelope.rows.count == items.count)
    #expect(items.count > 900)
    #expect(envelope.rows.map(\.value) == items.map(\.value))
  }
}
