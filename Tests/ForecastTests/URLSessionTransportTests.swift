import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import HaruTestSupport
import Testing

/// What only the real transport can get wrong: time limits, size limits, sockets.
@Suite(.timeLimit(.minutes(3)))
struct URLSessionTransportTests {
  private static let fiftyMebibytes = 50 * 1024 * 1024

  private func request(_ server: LocalHTTPServer, timeout: Duration = .seconds(20)) -> HTTPRequest {
    HTTPRequest(
      url: server.baseURL.appending(path: "getVilageFcst").appendingQuery(
        "serviceKey=\(sentinelKey)"),
      timeout: timeout, sensitiveQueryItems: ["serviceKey"])
  }

  @Test func aFiftyMebibyteBodyIsRefusedAtTheLimit() async throws {
    let server = try LocalHTTPServer { _ in
      .stream(total: Self.fiftyMebibytes, announceLength: false)
    }
    defer { server.stop() }
    let transport = URLSessionTransport()
    let error = await #expect(throws: ForecastError.self) {
      try await transport.send(request(server))
    }
    #expect(error?.code == .bodyTooLarge)
    #expect(error?.message.contains("\(URLSessionTransport.defaultMaximumBodySize)") == true)
    #expect(error?.isTransient == false)
    // The exchange is over and its connection closed; that it is closed long before the end of a
    // body is what `anEndlessBodyIsCutOffLongBeforeItsEnd` shows.
    await server.waitForFinishedConnections(count: 1)
    #expect(try #require(server.bodyBytesSent.first) >= URLSessionTransport.defaultMaximumBodySize)
  }

  @Test func aBodyAnnouncedAsTooLargeIsRefusedFromItsHeader() async throws {
    let server = try LocalHTTPServer { _ in
      .stream(total: Self.fiftyMebibytes, announceLength: true)
    }
    defer { server.stop() }
    let transport = URLSessionTransport(maximumBodySize: 1024 * 1024)
    let error = await #expect(throws: ForecastError.self) {
      try await transport.send(request(server))
    }
    #expect(error?.code == .bodyTooLarge)
    #expect(error?.message.contains("\(Self.fiftyMebibytes) bytes announced") == true)
    await server.waitForFinishedConnections(count: 1)
  }

  @Test func anEndlessBodyIsCutOffLongBeforeItsEnd() async throws {
    // A gibibyte takes the server some 16 seconds to send; the transport must close the
    // connection long before, so what it holds stays near its limit.
    let endless = 1024 * 1024 * 1024
    let server = try LocalHTTPServer { _ in .stream(total: endless, announceLength: false) }
    defer { server.stop() }
    let error = await #expect(throws: ForecastError.self) {
      try await URLSessionTransport(maximumBodySize: 1024 * 1024).send(request(server))
    }
    #expect(error?.code == .bodyTooLarge)
    await server.waitForFinishedConnections(count: 1)
    #expect(try #require(server.bodyBytesSent.first) < endless / 8)
  }

  @Test func aBodyOfExactlyTheLimitIsAcceptedAndOneByteMoreIsNot() async throws {
    let limit = 256 * 1024
    let server = try LocalHTTPServer { request in
      .stream(total: request.target.contains("over") ? limit + 1 : limit, announceLength: false)
    }
    defer { server.stop() }
    let transport = URLSessionTransport(maximumBodySize: limit)
    let response = try await transport.send(request(server))
    #expect(response.body.count == limit)
    #expect(response.status == 200)
    var over = request(server)
    over.url = server.baseURL.appending(path: "over")
    let error = await #expect(throws: ForecastError.self) { try await transport.send(over) }
    #expect(error?.code == .bodyTooLarge)
  }

  @Test func aSilentServerTimesOut() async throws {
    let server = try LocalHTTPServer { _ in .silence }
    defer { server.stop() }
    let transport = URLSessionTransport()
    let error = await #expect(throws: ForecastError.self) {
      try await transport.send(request(server, timeout: .milliseconds(300)))
    }
    #expect(error?.code == .timeout)
    #expect(error?.isTransient == true)
    // The connection is closed, not left running.
    await server.waitForFinishedConnections(count: 1)
    #expect(server.bodyBytesSent == [0])
  }

  @Test func cancellingTheCallerCancelsTheExchange() async throws {
    let server = try LocalHTTPServer { _ in .silence }
    defer { server.stop() }
    let transport = URLSessionTransport()
    let request = request(server)
    let task = Task { () async throws(ForecastError) -> HTTPResponse in
      try await transport.send(request)
    }
    await server.waitForRequests(count: 1)
    task.cancel()
    let result = await task.result
    guard case .failure(let error) = result else {
      Issue.record("A cancelled exchange returned an answer.")
      return
    }
    #expect((error as? ForecastError)?.code == .cancelled)
    await server.waitForFinishedConnections(count: 1)
  }

  @Test func aRefusedConnectionIsATransportErrorWithoutTheKey() async throws {
    // Port 1 (tcpmux) has no listener on any ordinary machine, and unlike a port freed by the
    // test, no other test can start listening on it meanwhile.
    let closed = HTTPRequest(
      url: try #require(URL(string: "http://127.0.0.1:1/getVilageFcst?serviceKey=SENTINEL")),
      timeout: .seconds(20), sensitiveQueryItems: ["serviceKey"])
    let error = await #expect(throws: ForecastError.self) {
      try await URLSessionTransport().send(closed)
    }
    #expect(error?.code == .transport)
    #expect(error?.isTransient == true)
    #expect(error?.message.contains("127.0.0.1") == true)
    #expect(error?.message.contains("SENTINEL") == false)
    #expect(error?.description.contains("SENTINEL") == false)
  }

  @Test func theKMAClientTalksToALocalServerEndToEnd() async throws {
    let evening = try KMARun(
      operation: .shortTermForecast, baseDate: try day(2026, 11, 29), baseHour: 23)
    let body = Data(KMAFixtures.shortTermForecast(for: evening, at: seoul).utf8)
    let server = try LocalHTTPServer { _ in
      .respond(status: 200, headers: ["Content-Type": "application/json;charset=UTF-8"], body: body)
    }
    defer { server.stop() }
    var configuration = KMAConfiguration.dataGoKr
    configuration.baseURL = server.baseURL.appending(path: "1360000/VilageFcstInfoService_2.0")
    let client = KMAClient(
      serviceKey: "ab+c/d==", configuration: configuration, transport: URLSessionTransport(),
      now: { (try? kst(2026, 11, 30, 1, 0)) ?? Date() })
    let forecast = try await client.dailyForecast(for: seoul)
    #expect(forecast.days.first?.hourly.count == 24)
    let target = try #require(server.received.first?.target)
    #expect(
      target
        == "/1360000/VilageFcstInfoService_2.0/getVilageFcst?serviceKey=ab%2Bc%2Fd%3D%3D"
        + "&pageNo=1&numOfRows=1500&dataType=JSON&base_date=20261129&base_time=2300&nx=60&ny=127")
    #expect(server.received.first?.method == "GET")
  }
}
