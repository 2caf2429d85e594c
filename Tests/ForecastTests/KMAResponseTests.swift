import Foundation
import HaruForecastTesting
import Testing

@testable import HaruForecast

/// Every shape of answer the service is known to send.
struct KMAResponseTests {
  private func read(_ response: HTTPResponse) throws(ForecastError) -> Envelope<KMAItem> {
    try EnvelopeReader.kmaItems(response)
  }

  @Test func theGatewayXMLEnvelopeWithCode30IsAKeyError() {
    let error = #expect(throws: ForecastError.self) {
      try read(.text(KMAFixtures.gatewayError(.serviceKeyNotRegistered), contentType: "text/xml"))
    }
    #expect(error?.code == .kmaResult)
    #expect(error?.kmaResultCode == .serviceKeyNotRegistered)
    #expect(error?.kmaResultCode?.name == "SERVICE_KEY_IS_NOT_REGISTERED_ERROR")
    #expect(error?.isTransient == false)
    #expect(error?.httpStatus == 200)
    #expect(error?.message.contains("30") == true)
  }

  @Test func theGatewayEnvelopeAsJSONWithStatus403KeepsItsCode() {
    let body =
      #"{"OpenAPI_ServiceResponse":{"cmmMsgHeader":{"errMsg":"SERVICE ERROR","returnAuthMsg":"LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR","returnReasonCode":"22"}}}"#
    let error = #expect(throws: ForecastError.self) { try read(.json(body, status: 403)) }
    #expect(error?.code == .kmaResult)
    #expect(error?.kmaResultCode == .requestLimitExceeded)
    #expect(error?.httpStatus == 403)
    #expect(error?.isTransient == false)
  }

  @Test func noDataIsItsOwnCode() {
    let error = #expect(throws: ForecastError.self) { try read(.json(KMAFixtures.noData)) }
    #expect(error?.code == .noData)
    #expect(error?.kmaResultCode == .noData)
  }

  @Test(arguments: [
    ("01", true), ("02", true), ("04", true), ("05", true), ("10", false), ("11", false),
    ("12", false), ("20", false), ("21", false), ("22", false), ("31", false), ("32", false),
    ("33", false), ("99", false), ("47", false),
  ])
  func everyJSONResultCodeBecomesATypedError(code: String, transient: Bool) {
    let body = #"{"response":{"header":{"resultCode":"\#(code)","resultMsg":"SOMETHING"}}}"#
    let error = #expect(throws: ForecastError.self) { try read(.json(body)) }
    #expect(error?.code == .kmaResult)
    #expect(error?.kmaResultCode == KMAResultCode(code))
    #expect(error?.isTransient == transient)
  }

  @Test(arguments: [
    HTTPResponse.text("", status: 200), HTTPResponse.text("  \r\n", status: 200),
    HTTPResponse(status: 200, body: Data([0xEF, 0xBB, 0xBF])),
  ])
  func anEmptyBodyIsADecodingError(response: HTTPResponse) {
    let error = #expect(throws: ForecastError.self) { try read(response) }
    #expect(error?.code == .decoding)
  }

  @Test func anHTMLMaintenancePageIsADecodingError() {
    let page = "<!DOCTYPE html><html><body><h1>서비스 점검 중</h1></body></html>"
    let error = #expect(throws: ForecastError.self) {
      try read(.text(page, contentType: "text/html"))
    }
    #expect(error?.code == .decoding)
    #expect(error?.message.contains("web page") == true)
  }

  @Test func plainTextIsADecodingError() {
    let error = #expect(throws: ForecastError.self) { try read(.text("Service Unavailable")) }
    #expect(error?.code == .decoding)
  }

  @Test(arguments: [500, 502, 503])
  func aServerErrorStatusIsATransientHTTPError(status: Int) {
    for body in ["", "<html><body>Internal Server Error</body></html>", "oops", "{\"a\":"] {
      let error = #expect(throws: ForecastError.self) {
        try read(.text(body, status: status))
      }
      #expect(error?.code == .httpStatus)
      #expect(error?.httpStatus == status)
      #expect(error?.isTransient == true)
    }
  }

  @Test func aClientErrorStatusIsNotTransient() {
    let error = #expect(throws: ForecastError.self) { try read(.text("Not Found", status: 404)) }
    #expect(error?.code == .httpStatus)
    #expect(error?.isTransient == false)
  }

  @Test func truncatedJSONIsADecodingErrorThatSaysWhere() throws {
    let run = try KMARun(
      operation: .shortTermForecast, baseDate: try day(2026, 11, 30), baseHour: 5)
    let body = KMAFixtures.shortTermForecast(for: run, at: seoul)
    let cut = String(body.prefix(body.utf8.count / 2))
    let error = #expect(throws: ForecastError.self) { try read(.json(cut)) }
    #expect(error?.code == .decoding)
    #expect(error?.message.contains("byte") == true)
  }

  @Test func aBodyBehindAByteOrderMarkIsRead() throws {
    let run = try KMARun(
      operation: .shortTermForecast, baseDate: try day(2026, 11, 30), baseHour: 5)
    var body = Data([0xEF, 0xBB, 0xBF])
    body.append(Data(KMAFixtures.shortTermForecast(for: run, at: seoul).utf8))
    #expect(try read(HTTPResponse(status: 200, body: body)).rows.count > 500)
  }

  @Test func anXMLAnswerWithAnErrorCodeIsThatError() {
    let xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><response><header><resultCode>03</resultCode>"
      + "<resultMsg>NO_DATA</resultMsg></header></response>"
    let error = #expect(throws: ForecastError.self) { try read(.text(xml)) }
    #expect(error?.code == .noData)
  }

  @Test func aNormalXMLAnswerSaysJSONWasIgnored() {
    let xml =
      "<response><header><resultCode>00</resultCode><resultMsg>NORMAL_SERVICE</resultMsg>"
      + "</header><body><items></items></body></response>"
    let error = #expect(throws: ForecastError.self) { try read(.text(xml)) }
    #expect(error?.code == .decoding)
    #expect(error?.message.contains("XML") == true)
  }

  @Test func JSONWithoutAResultCodeIsNotAKMAAnswer() {
    let error = #expect(throws: ForecastError.self) { try read(.json(#"{"hello":"world"}"#)) }
    #expect(error?.code == .decoding)
  }

  /// A gateway may echo the request, key included, in any spelling: such text is never repeated.
  @Test(arguments: [
    "bad key SENTINEL+s3cr3t/KEY==",
    "bad key SENTINEL s3cr3t/KEY==",
    "bad key SENTINEL%2bs3cr3t%2fKEY%3d%3d",
    "bad key SENTINEL%252Bs3cr3t%252FKEY",
    "SENTINELS3CR3TKEY",
  ])
  func serviceTextRepeatedInAnErrorNeverCarriesTheKey(message: String) {
    let body = #"{"response":{"header":{"resultCode":"47","resultMsg":"\#(message)"}}}"#
    let error = #expect(throws: ForecastError.self) { try read(.json(body)) }
    #expect(error?.code == .kmaResult)
    for secret in ["s3cr3t", "S3CR3T", "SENTINEL"] {
      #expect(error?.message.contains(secret) == false)
      #expect(error?.description.contains(secret) == false)
    }
  }

  @Test func aMessageNameOfTheServiceIsRepeated() {
    let body = #"{"response":{"header":{"resultCode":"47","resultMsg":"NEW_KIND_OF_ERROR"}}}"#
    let error = #expect(throws: ForecastError.self) { try read(.json(body)) }
    #expect(error?.message.contains("NEW_KIND_OF_ERROR") == true)
  }
}
