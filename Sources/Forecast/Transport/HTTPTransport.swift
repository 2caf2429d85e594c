/// Something that sends an HTTP request and returns the answer: the one seam between
/// `HaruForecast` and the network.
///
/// Haru ships ``URLSessionTransport`` for apps; `HaruForecastTesting` ships a stub and a recorded
/// transport for tests. Swapping one for another is one argument:
///
/// ```swift
/// let client = KMAClient(serviceKey: key, transport: URLSessionTransport())
/// let offline = KMAClient(serviceKey: key, transport: RecordedTransport(directory: fixtures))
/// ```
///
/// ## The contract
///
/// Every conforming type behaves like this, and Haru's own transports are tested against it:
///
/// - It sends the request's method, URL and headers unchanged; in particular the URL's query is
///   sent byte for byte as given (`%2B` stays `%2B`).
/// - Any answer that arrives is returned as an ``HTTPResponse``, whatever its status: a 404 or a
///   500 is a response, not an error. The caller decides what a status means.
/// - It throws only when no complete answer is available, as a ``ForecastError`` with code
///   ``ForecastError/Code/transport``, ``ForecastError/Code/timeout`` (no answer within
///   ``HTTPRequest/timeout``), ``ForecastError/Code/bodyTooLarge`` or
///   ``ForecastError/Code/cancelled`` (the calling task was cancelled; it returns promptly).
/// - Its errors never contain the request's URL, because the URL may carry a key.
/// - It can be called from many tasks at once.
public protocol HTTPTransport: Sendable {
  /// Sends a request and waits for the whole answer.
  ///
  /// - Parameter request: The request to send.
  /// - Returns: The answer, whatever its status.
  /// - Throws: ``ForecastError`` when no complete answer is available.
  func send(_ request: HTTPRequest) async throws(ForecastError) -> HTTPResponse
}
