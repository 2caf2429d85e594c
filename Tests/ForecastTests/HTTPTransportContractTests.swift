import Foundation
import HaruForecast
import HaruForecastTesting
import HaruTestSupport
import Testing

/// The contract of ``HTTPTransport``, run against every transport Haru ships.
///
/// Each transport is set up to serve the same table of answers — the stub from routes, the
/// recorded transport from files, `URLSessionTransport` from a local server — and must hand back
/// exactly what was served and send exactly what was asked.
@Suite(.timeLimit(.minutes(3)))
struct HTTPTransportContractTests {
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case stub, recorded, urlSession
    var testDescription: String { rawValue }
  }

  /// What each path answers.
  static let table: [String: (status: Int, contentType: String, body: String)] = [
    "ok": (200, "application/json;charset=UTF-8", #"{"response":{"값":"맑음"}}"#),
    "missing": (404, "text/plain;charset=UTF-8", "Not Found"),
    "failing": (500, "text/html;charset=UTF-8", "<html><body>Internal Server Error</body></html>"),
    "empty": (200, "text/plain;charset=UTF-8", ""),
    "forbidden": (403, "application/json;charset=UTF-8", #"{"OpenAPI_ServiceResponse":{}}"#),
  ]

  /// A transport of a kind serving the table, and what it was sent (as path and query).
  struct Setup: Sendable {
    let transport: any HTTPTransport
    /// Where requests go; a port nothing listens on for the transports that never connect.
    var baseURL = URL(string: "http://127.0.0.1:9") ?? URL(filePath: "/")
    let sent: @Sendable () -> [String]
    let tearDown: @Sendable () -> Void
  }

  static func setUp(_ kind: Kind) throws -> Setup {
    switch kind {
    case .stub:
      let stub = StubTransport(
        routes: table.map { path, answer in
          StubTransport.Route(
            path: "/data/\(path)",
            response: HTTPResponse(
              status: answer.status, headers: ["Content-Type": answer.contentType],
              body: Data(answer.body.utf8)))
        })
      return Setup(transport: stub, sent: { stub.requests.map(\.url.pathAndQuery) }, tearDown: {})
    case .recorded:
      let directory = FileManager.default.temporaryDirectory.appending(
        path: "haru-recorded-\(UUID().uuidString)", directoryHint: .isDirectory)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      for (path, answer) in table {
        let fileExtension =
          answer.contentType.hasPrefix("application/json")
          ? "json" : answer.contentType.hasPrefix("text/html") ? "html" : "txt"
        try Data(answer.body.utf8).write(to: directory.appending(path: "\(path).\(fileExtension)"))
        if answer.status != 200 {
          try Data("\(answer.status)\n".utf8).write(to: directory.appending(path: "\(path).status"))
        }
      }
      let recorded = RecordedTransport(directory: directory)
      return Setup(
        transport: recorded, sent: { recorded.requests.map(\.url.pathAndQuery) },
        tearDown: { try? FileManager.default.removeItem(at: directory) })
    case .urlSession:
      let server = try LocalHTTPServer { request in
        let name =
          request.target.split(separator: "?").first.map { $0.split(separator: "/") }?
          .last.map(String.init) ?? ""
        guard let answer = table[name] else {
          return .respond(status: 404, headers: [:], body: Data())
        }
        return .respond(
          status: answer.status, headers: ["Content-Type": answer.contentType],
          body: Data(answer.body.utf8))
      }
      return Setup(
        transport: URLSessionTransport(), baseURL: server.baseURL,
        sent: { server.received.map(\.target) }, tearDown: { server.stop() })
    }
  }

  private func send(
    _ setup: Setup, _ kind: Kind, path: String, query: String = "key=a%2Bb%2Fc%3D&day=20261130"
  ) async throws(ForecastError) -> HTTPResponse {
    let target = setup.baseURL.appending(path: "data/\(path)").appendingQuery(query)
    return try await setup.transport.send(HTTPRequest(url: target, timeout: .seconds(10)))
  }

  @Test(arguments: Kind.allCases)
  func returnsStatusHeadersAndBodyAsServed(kind: Kind) async throws {
    let setup = try Self.setUp(kind)
    defer { setup.tearDown() }
    let response = try await send(setup, kind, path: "ok")
    #expect(response.status == 200)
    #expect(response.isSuccess)
    #expect(String(decoding: response.body, as: UTF8.self) == #"{"response":{"값":"맑음"}}"#)
    #expect(response.value(forHeader: "content-type")?.hasPrefix("application/json") == true)
    #expect(response.value(forHeader: "CONTENT-TYPE")?.hasPrefix("application/json") == true)
  }

  @Test(arguments: Kind.allCases)
  func errorStatusesAreResponsesNotErrors(kind: Kind) async throws {
    let setup = try Self.setUp(kind)
    defer { setup.tearDown() }
    for (path, answer) in Self.table {
      let response = try await send(setup, kind, path: path)
      #expect(response.status == answer.status)
      #expect(response.body == Data(answer.body.utf8))
      #expect(response.isSuccess == (200..<300).contains(answer.status))
    }
  }

  @Test(arguments: Kind.allCases)
  func theQueryIsSentByteForByte(kind: Kind) async throws {
    let setup = try Self.setUp(kind)
    defer { setup.tearDown() }
    _ = try await send(setup, kind, path: "ok", query: "serviceKey=a%2Bb%2Fc%3D%3D&n=1&x=%EA%B0%92")
    #expect(setup.sent() == ["/data/ok?serviceKey=a%2Bb%2Fc%3D%3D&n=1&x=%EA%B0%92"])
  }

  @Test(arguments: Kind.allCases)
  func manyRequestsAtOnceEachGetTheirOwnAnswer(kind: Kind) async throws {
    let setup = try Self.setUp(kind)
    defer { setup.tearDown() }
    let paths = Array(Self.table.keys)
    let statuses = try await withThrowingTaskGroup(of: (String, Int).self) { group in
      for index in 0..<20 {
        let path = paths[index % paths.count]
        group.addTask { (path, try await send(setup, kind, path: path).status) }
      }
      var statuses: [(String, Int)] = []
      for try await result in group { statuses.append(result) }
      return statuses
    }
    #expect(statuses.count == 20)
    for (path, status) in statuses {
      #expect(status == Self.table[path]?.status)
    }
    #expect(setup.sent().count == 20)
  }

  @Test(arguments: Kind.allCases)
  func aCancelledCallerGetsCancelled(kind: Kind) async throws {
    let setup = try Self.setUp(kind)
    defer { setup.tearDown() }
    let task = Task { () async throws(ForecastError) -> HTTPResponse in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await send(setup, kind, path: "ok")
    }
    let result = await task.result
    guard case .failure(let error) = result else {
      Issue.record("A cancelled call returned an answer.")
      return
    }
    #expect((error as? ForecastError)?.code == .cancelled)
  }
}

extension URL {
  /// The path and query as sent, percent escapes kept.
  var pathAndQuery: String {
    path(percentEncoded: true) + (query(percentEncoded: true).map { "?\($0)" } ?? "")
  }

  /// The URL with a query already percent-encoded appended unchanged.
  func appendingQuery(_ query: String) -> URL {
    URL(string: absoluteString + "?" + query) ?? self
  }
}
