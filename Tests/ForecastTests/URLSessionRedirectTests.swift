import Foundation
import HaruForecast
import HaruTestSupport
import Testing

/// Redirects are decided in the transport's session delegate: the same origin, at most three.
@Suite(.timeLimit(.minutes(2)))
struct URLSessionRedirectTests {
  static func redirect(to location: String, status: Int = 302) -> LocalHTTPServer.Reply {
    .respond(status: status, headers: ["Location": location], body: Data("moved".utf8))
  }

  static func request(_ url: URL) -> HTTPRequest {
    HTTPRequest(
      url: url.appendingQuery("serviceKey=\(sentinelKey)"), timeout: .seconds(20),
      sensitiveQueryItems: ["serviceKey"])
  }

  @Test func aThousandRequestsAgainstARedirectingServerAllArrive() async throws {
    let server = try LocalHTTPServer { request in
      if request.target.hasPrefix("/start") { return Self.redirect(to: "/middle?step=1") }
      if request.target.hasPrefix("/middle") { return Self.redirect(to: "/end", status: 307) }
      return .respond(status: 200, headers: ["Content-Type": "text/plain"], body: Data("ok".utf8))
    }
    defer { server.stop() }
    let transport = URLSessionTransport()
    let url = server.baseURL.appending(path: "start")
    let answers = try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
      var answers: [HTTPResponse] = []
      for index in 0..<1000 {
        // Eight at a time, so the loopback server is kept busy without queueing a thousand.
        if index >= 8, let answer = try await group.next() { answers.append(answer) }
        group.addTask { try await transport.send(Self.request(url)) }
      }
      for try await answer in group { answers.append(answer) }
      return answers
    }
    #expect(answers.count == 1000)
    #expect(answers.allSatisfy { $0.status == 200 && $0.body == Data("ok".utf8) })
    #expect(server.received.filter { $0.target.hasPrefix("/end") }.count == 1000)
  }

  @Test(arguments: ["localhost", "another-port"])
  func aRedirectToAnotherHostIsATypedErrorNotACrash(_ kind: String) async throws {
    let other = try LocalHTTPServer { _ in
      .respond(status: 200, headers: [:], body: Data("elsewhere".utf8))
    }
    defer { other.stop() }
    let otherPort = other.baseURL.port ?? 0
    let server = try LocalHTTPServer { request in
      // `localhost` names the same machine, but not the same host as `127.0.0.1`.
      kind == "localhost"
        ? Self.redirect(to: "http://localhost:\(otherPort)/end")
        : Self.redirect(to: "http://127.0.0.1:\(otherPort)/end")
    }
    defer { server.stop() }
    let error = await #expect(throws: ForecastError.self) {
      try await URLSessionTransport().send(Self.request(server.baseURL.appending(path: "start")))
    }
    #expect(error?.code == .redirect)
    #expect(error?.httpStatus == 302)
    #expect(error.map { !"\($0)".contains("s3cr3t") } == true)
    #expect(other.received.isEmpty)
  }

  @Test func moreThanThreeRedirectsIsATypedError() async throws {
    let server = try LocalHTTPServer { request in
      let hop = Int(request.target.split(separator: "/").last ?? "") ?? 0
      return Self.redirect(to: "/\(hop + 1)")
    }
    defer { server.stop() }
    let error = await #expect(throws: ForecastError.self) {
      try await URLSessionTransport().send(Self.request(server.baseURL.appending(path: "0")))
    }
    #expect(error?.code == .redirect)
    #expect(error?.message.contains("more than 3") == true)
    // The request and three redirects followed; the fourth is refused.
    #expect(server.received.count == 4)
  }

  @Test func threeRedirectsAreFollowed() async throws {
    let server = try LocalHTTPServer { request in
      let hop = Int(request.target.split(separator: "/").last?.prefix(while: \.isNumber) ?? "") ?? 0
      guard hop < 3 else {
        return .respond(status: 200, headers: [:], body: Data("arrived".utf8))
      }
      return Self.redirect(to: "/\(hop + 1)")
    }
    defer { server.stop() }
    let answer = try await URLSessionTransport().send(
      Self.request(server.baseURL.appending(path: "0")))
    #expect(answer.status == 200)
    #expect(answer.body == Data("arrived".utf8))
  }
}
