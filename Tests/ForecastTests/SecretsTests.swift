import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import HaruTesting
import Testing

/// The service key never shows in anything a person or a log could see: error messages and
/// descriptions, dumps of errors and requests, or the reasons a stale outlook gives.
struct SecretsTests {
  /// Every form the sentinel key could take in text: raw, percent-encoded in upper or lower case,
  /// and the distinctive middle part that survives any other encoding.
  static let forbidden = [
    sentinelKey,
    "SENTINEL%2Bs3cr3t%2FKEY%3D%3D",
    "SENTINEL%2bs3cr3t%2fKEY%3d%3d",
    "s3cr3t",
  ]

  /// Everything a value can be turned into text by.
  static func renderings(of value: some Any) -> [String] {
    var dumped = ""
    dump(value, to: &dumped)
    var texts = [String(describing: value), String(reflecting: value), dumped]
    if let error = value as? any Error {
      texts.append(error.localizedDescription)
      texts.append("\(error)")
    }
    return texts
  }

  static func expectNoKey(
    in value: some Any, _ context: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for text in renderings(of: value) {
      for secret in forbidden {
        #expect(
          !text.contains(secret), "\(context): the key shows in \(text)",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// A body that repeats the request's own address, as some gateways do on errors.
  static func echo(_ request: HTTPRequest) -> String {
    "request was \(request.url.absoluteString)"
  }

  static let resultCodes: [KMAResultCode] = [
    .applicationError, .databaseError, .noData, .httpError, .serviceTimeout,
    .invalidRequestParameter, .missingRequiredParameter, .noSuchService, .accessDenied,
    .serviceKeyTemporarilyDisabled, .requestLimitExceeded, .serviceKeyNotRegistered,
    .deadlineExpired, .unregisteredIPAddress, .unsignedCall, .unknownError, KMAResultCode("77"),
  ]

  @Test(arguments: resultCodes)
  func resultCodesInTheJSONHeaderNeverShowTheKey(_ code: KMAResultCode) async throws {
    let transport = StubTransport { request in
      .json(
        #"{"response":{"header":{"resultCode":"\#(code.rawValue)","resultMsg":"\#(Self.echo(request))"}}}"#
      )
    }
    let error = await #expect(throws: ForecastError.self) {
      try await client(transport, at: try serviceMorning()).dailyForecast(for: seoul)
    }
    #expect(error != nil)
    Self.expectNoKey(in: error, "JSON result \(code.rawValue)")
    Self.expectNoKey(in: transport.requests, "requests for result \(code.rawValue)")
  }

  @Test(arguments: resultCodes)
  func resultCodesInTheXMLEnvelopeNeverShowTheKey(_ code: KMAResultCode) async throws {
    let transport = StubTransport { _ in
      .text(KMAFixtures.gatewayError(code), contentType: "text/xml")
    }
    let error = await #expect(throws: ForecastError.self) {
      try await client(transport, at: try serviceMorning()).hourlyForecast(for: seoul)
    }
    #expect(error?.code == .kmaResult || error?.code == .noData)
    Self.expectNoKey(in: error, "XML result \(code.rawValue)")
  }

  @Test(arguments: [301, 400, 401, 403, 404, 429, 500, 502, 503])
  func httpStatusesEchoingTheAddressNeverShowTheKey(_ status: Int) async throws {
    let transport = StubTransport { request in .text(Self.echo(request), status: status) }
    let error = await #expect(throws: ForecastError.self) {
      try await client(transport, at: try serviceMorning()).currentConditions(for: seoul)
    }
    #expect(error?.code == .httpStatus)
    Self.expectNoKey(in: error, "HTTP \(status)")
  }

  @Test(arguments: [
    "", "not json", "{", #"{"response":{}}"#, "<html><body>oops</body></html>",
    #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{}}}"#,
  ])
  func undecodableBodiesNeverShowTheKey(_ body: String) async throws {
    let transport = StubTransport { request in .json(body + Self.echo(request)) }
    let error = await #expect(throws: ForecastError.self) {
      try await client(transport, at: try serviceMorning()).dailyForecast(for: seoul)
    }
    #expect(error != nil)
    Self.expectNoKey(in: error, "body \(body)")
  }

  @Test(arguments: [
    ForecastError.Code.transport, .timeout, .cancelled, .bodyTooLarge, .decoding, .invalidRequest,
  ])
  func transportErrorsNeverShowTheKey(_ code: ForecastError.Code) async throws {
    let transport = StubTransport { (_) throws(ForecastError) -> HTTPResponse in
      throw ForecastError(code, message: "The transport gave up.")
    }
    let error = await #expect(throws: ForecastError.self) {
      try await client(transport, at: try serviceMorning()).yesterday(for: seoul)
    }
    #expect(error != nil)
    Self.expectNoKey(in: error, "transport \(code)")
  }

  @Test func aRefusedConnectionNeverShowsTheKey() async throws {
    // Nothing listens on port 9 of the loopback address, so the real transport fails at once.
    var configuration = KMAConfiguration.dataGoKr
    configuration.baseURL = try #require(URL(string: "http://127.0.0.1:9/1360000/Service"))
    let error = await #expect(throws: ForecastError.self) {
      try await client(
        URLSessionTransport(), at: try serviceMorning(), configuration: configuration
      )
      .dailyForecast(for: seoul)
    }
    #expect(error != nil)
    Self.expectNoKey(in: error, "refused connection")
  }

  @Test func requestsNeverShowTheKeyButStillCarryIt() async throws {
    let morning = try serviceMorning()
    let transport = shortTermStub()
    _ = try await client(transport, at: morning).dailyForecast(for: seoul)
    _ = try await client(transport, at: morning).currentConditions(for: seoul)
    let requests = transport.requests
    #expect(!requests.isEmpty)
    for request in requests {
      Self.expectNoKey(in: request, "request \(request.url.lastPathComponent)")
      Self.expectNoKey(in: request.debugDescription, "debugDescription")
      // The key is sent, so leaving it out of the text is a choice, not an accident.
      #expect(request.url.absoluteString.contains("s3cr3t"))
    }
  }

  @Test func clientsAndProvidersNeverShowTheKey() throws {
    Self.expectNoKey(in: client(StubTransport { _ in .json("") }, at: Date()), "client")
    Self.expectNoKey(in: try kmaProvider(StubTransport { _ in .json("") }), "provider")
  }

  @Test(.timeLimit(.minutes(3)))
  func staleReasonsNeverShowTheKey() async throws {
    let now = TestNow(try serviceMorning())
    let failing = Switch()
    let answers = shortTermStub()
    let transport = StubTransport { request throws(ForecastError) in
      if failing.isOn { return .text(Self.echo(request), status: 500) }
      return try await answers.send(request)
    }
    let service = ForecastService(
      provider: try kmaProvider(transport), clock: ManualClock(), now: now.closure,
      retryPolicy: .never)
    _ = try await service.outlook(for: .seoulCityHall)
    failing.isOn = true
    now.date = now.date.addingTimeInterval(3600)

    let stale = try await service.outlook(for: .seoulCityHall)

    let reason = try #require(stale.staleReason)
    Self.expectNoKey(in: reason, "stale reason")
    Self.expectNoKey(in: stale, "stale outlook")
  }

  @Test(.timeLimit(.minutes(3)))
  func serviceErrorsWithoutACacheNeverShowTheKey() async throws {
    let transport = StubTransport { request in .text(Self.echo(request), status: 403) }
    let service = ForecastService(
      provider: try kmaProvider(transport), clock: ManualClock(), now: Date.init,
      retryPolicy: .never)
    let error = await #expect(throws: ForecastError.self) {
      try await service.outlook(for: .seoulCityHall)
    }
    #expect(error != nil)
    Self.expectNoKey(in: error, "service error")
  }
}
