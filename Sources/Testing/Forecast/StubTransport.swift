public import Foundation
public import HaruForecast
import HaruShared

/// An ``/HaruForecast/HTTPTransport`` that answers from a closure or a table of routes, and records every
/// request it is sent.
///
/// Hand it to the code under test instead of a ``/HaruForecast/URLSessionTransport``; no network is touched, and
/// the test can then check what was asked:
///
/// ```swift
/// let transport = StubTransport(routes: [
///   .init(path: "getVilageFcst", query: ["base_time": "0800"], response: .json(noData)),
///   .init(path: "getVilageFcst", response: .json(forecast)),
/// ])
/// let client = KMAClient(serviceKey: "test-key", transport: transport, now: { fixedDate })
/// _ = try await client.dailyForecast(for: grid)
/// #expect(transport.requests.count == 3)
/// ```
///
/// For answers that change from call to call (fail twice, then succeed), give a closure and keep
/// the count in it, or read ``requests`` in it.
public final class StubTransport: HTTPTransport {
  /// One entry of a route table: which requests it answers, and how.
  public struct Route: Sendable {
    /// The end of the URL path the route answers, such as `"getVilageFcst"`; empty for any path.
    public var path: String
    /// Query items that must be present with these values (compared percent-decoded).
    public var query: [String: String]
    /// The answer: a response, or an error to throw.
    public var outcome: Result<HTTPResponse, ForecastError>

    /// Creates a route that answers with a response.
    ///
    /// - Parameters:
    ///   - path: The end of the URL path to answer; empty for any path.
    ///   - query: Query items that must be present with these values.
    ///   - response: The response to return.
    public init(path: String = "", query: [String: String] = [:], response: HTTPResponse) {
      self.path = path
      self.query = query
      self.outcome = .success(response)
    }

    /// Creates a route that fails.
    ///
    /// - Parameters:
    ///   - path: The end of the URL path to answer; empty for any path.
    ///   - query: Query items that must be present with these values.
    ///   - error: The error to throw, such as a `ForecastError/Code/timeout`.
    public init(path: String = "", query: [String: String] = [:], error: ForecastError) {
      self.path = path
      self.query = query
      self.outcome = .failure(error)
    }

    /// Whether the route answers a request.
    ///
    /// - Parameter request: The request.
    /// - Returns: Whether the path ends with ``path`` and every item of ``query`` matches.
    public func matches(_ request: HTTPRequest) -> Bool {
      guard path.isEmpty || request.url.path().hasSuffix(path) else { return false }
      return query.allSatisfy { request.queryValue(named: $0.key) == $0.value }
    }
  }

  private let respond: @Sendable (HTTPRequest) async throws(ForecastError) -> HTTPResponse
  private let recorded = LockedState([HTTPRequest]())

  /// Creates a transport that answers every request with a closure.
  ///
  /// - Parameter respond: Answers a request, or throws the error the transport should report.
  ///   It may be called from several tasks at once.
  public init(
    _ respond: @escaping @Sendable (HTTPRequest) async throws(ForecastError) -> HTTPResponse
  ) {
    self.respond = respond
  }

  /// Creates a transport that answers from a table of routes: the first route that matches a
  /// request answers it.
  ///
  /// - Parameters:
  ///   - routes: The routes, tried in order.
  ///   - unmatched: The answer when no route matches; a 404 unless given.
  public convenience init(
    routes: [Route],
    unmatched: HTTPResponse = HTTPResponse(
      status: 404, headers: ["Content-Type": "text/plain"],
      body: Data("No stub route matches this request.".utf8))
  ) {
    self.init { (request) throws(ForecastError) -> HTTPResponse in
      guard let route = routes.first(where: { $0.matches(request) }) else { return unmatched }
      return try route.outcome.get()
    }
  }

  /// Every request sent so far, oldest first.
  public var requests: [HTTPRequest] {
    recorded.withLock { $0 }
  }

  /// Records the request, then answers it.
  ///
  /// - Parameter request: The request.
  /// - Returns: The answer the closure or the matching route gives.
  /// - Throws: The error the closure or the matching route gives, or
  ///   `ForecastError/Code/cancelled` when the calling task is already cancelled.
  public func send(_ request: HTTPRequest) async throws(ForecastError) -> HTTPResponse {
    recorded.withLock { $0.append(request) }
    if Task.isCancelled {
      throw ForecastError(.cancelled, message: "The request was cancelled before it was sent.")
    }
    return try await respond(request)
  }
}

extension HTTPResponse {
  /// A response carrying JSON text.
  ///
  /// - Parameters:
  ///   - text: The body.
  ///   - status: The status; 200 unless given.
  /// - Returns: The response, with `Content-Type: application/json;charset=UTF-8`.
  public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
    .text(text, status: status, contentType: "application/json;charset=UTF-8")
  }

  /// A response carrying text of any type, such as an XML envelope or an HTML page.
  ///
  /// - Parameters:
  ///   - text: The body, sent as UTF-8.
  ///   - status: The status; 200 unless given.
  ///   - contentType: The `Content-Type`; plain text unless given.
  /// - Returns: The response.
  public static func text(
    _ text: String, status: Int = 200, contentType: String = "text/plain;charset=UTF-8"
  ) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Data(text.utf8))
  }
}
