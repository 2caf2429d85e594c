import Foundation
import HaruShared

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An ``HTTPTransport`` over `URLSession` (`FoundationNetworking` on Linux).
///
/// It enforces the request's ``HTTPRequest/timeout`` for the whole exchange and a maximum body
/// size: an answer that announces a larger body is refused before its body is read, and one that
/// does not announce its size is read only until it passes the limit. Either way the error is
/// ``ForecastError/Code/bodyTooLarge`` and memory stays bounded by the limit.
///
/// ```swift
/// let transport = URLSessionTransport(maximumBodySize: 2 * 1024 * 1024)
/// let client = KMAClient(serviceKey: key, transport: transport)
/// ```
///
/// Nothing is cached: every request goes to the network, and cookies are neither sent nor stored.
///
/// Redirects are handled by the transport itself, in its session delegate: at most
/// ``maximumRedirects`` are followed, and only to the same scheme, host and port as the request
/// (the request's query, key included, never goes to another server). Any other redirect ends the
/// exchange with ``ForecastError/Code/redirect``.
public final class URLSessionTransport: HTTPTransport {
  /// The body size accepted unless another is given: 8 MiB.
  public static let defaultMaximumBodySize: Int64 = 8 * 1024 * 1024

  /// The most redirects followed for one request: 3.
  public static let maximumRedirects = 3

  /// The largest body accepted, in bytes.
  ///
  /// `Int64` on every platform, as the `Content-Length` it is compared with is.
  public let maximumBodySize: Int64

  private let session: URLSession
  private let exchanges: Exchanges

  /// Creates a transport with its own `URLSession`.
  ///
  /// - Parameter maximumBodySize: The largest body to accept, in bytes; 8 MiB unless given.
  ///   Values below 1 are treated as 1.
  @_disfavoredOverload
  public convenience init(maximumBodySize: Int) {
    self.init(maximumBodySize: Int64(maximumBodySize))
  }

  /// Creates a transport with its own `URLSession`.
  ///
  /// - Parameter maximumBodySize: The largest body to accept, in bytes; 8 MiB unless given.
  ///   Values below 1 are treated as 1.
  public init(maximumBodySize: Int64 = URLSessionTransport.defaultMaximumBodySize) {
    self.maximumBodySize = max(1, maximumBodySize)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.name = "HaruForecast.URLSessionTransport"
    let exchanges = Exchanges(queue: queue)
    self.exchanges = exchanges
    self.session = URLSession(
      configuration: configuration, delegate: exchanges, delegateQueue: queue)
  }

  deinit {
    // No call is waiting (each holds the transport); anything still running was given up on.
    // Invalidating also releases the delegate, which the session keeps alive until then. It
    // cancels tasks, so it runs on the delegate queue, as every cancel does (see `cancel`).
    let session = session
    exchanges.perform { session.invalidateAndCancel() }
  }

  /// Sends a request and waits for the whole answer.
  ///
  /// - Parameter request: The request to send.
  /// - Returns: The answer, whatever its status.
  /// - Throws: ``ForecastError`` with code ``ForecastError/Code/timeout`` when the whole answer
  ///   has not arrived within the request's timeout, ``ForecastError/Code/bodyTooLarge`` when the
  ///   body is larger than ``maximumBodySize``, ``ForecastError/Code/cancelled`` when the calling
  ///   task is cancelled, and ``ForecastError/Code/transport`` for every other failure.
  public func send(_ request: HTTPRequest) async throws(ForecastError) -> HTTPResponse {
    if Task.isCancelled { throw .cancellation }
    let seconds = max(request.timeout.inSeconds, 0.001)
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method
    urlRequest.timeoutInterval = seconds
    urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
    for (name, value) in request.headers {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }

    let task = session.dataTask(with: urlRequest)
    let id = task.taskIdentifier
    let host = request.url.host ?? "the server"
    exchanges.begin(
      id, limit: maximumBodySize, host: host, origin: Origin(request.url),
      timeout: request.timeout)
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        if let early = exchanges.attach(continuation, to: id) {
          continuation.resume(returning: early)
          return
        }
        task.resume()
        // The timer holds neither the request (its URL carries the key) nor the task strongly,
        // so an exchange that ended early is released at once.
        let limit = "\(request.timeout)"
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [exchanges, weak task] in
          let timedOut = exchanges.finish(
            id,
            with: .failure(
              ForecastError(
                .timeout,
                message:
                  "\(host) did not answer within \(limit); try again later, or allow more time.")))
          if timedOut, let task { exchanges.cancel(task) }
        }
      }
    } onCancel: {
      if exchanges.finish(id, with: .failure(.cancellation)) {
        exchanges.cancel(task)
      }
    }
    return try outcome.get()
  }
}

typealias Outcome = Result<HTTPResponse, ForecastError>

/// The scheme, host and port of a URL: where a redirect may lead.
private struct Origin: Equatable {
  let scheme: String?
  let host: String?
  let port: Int?

  init(_ url: URL) {
    scheme = url.scheme?.lowercased()
    host = url.host()?.lowercased()
    port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
  }
}

/// The exchanges in flight, keyed by task identifier, and the session delegate that feeds them.
///
/// Each exchange ends exactly once, whichever comes first: the task completes, the body passes the
/// limit, the timeout fires, or the caller is cancelled. Whatever ends it first resumes the caller;
/// later events find no exchange and do nothing.
private final class Exchanges: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // `@unchecked`: every stored property is the lock-guarded state below.
  private struct Exchange {
    /// In bytes; `Int64`, as `Content-Length` is.
    var limit: Int64
    var host: String
    var origin: Origin
    var redirects = 0
    /// Why a redirect was declined; the exchange ends with it when the task completes.
    var refusal: ForecastError?
    var timeout: Duration
    var continuation: CheckedContinuation<Outcome, Never>?
    /// An outcome reached before the caller attached its continuation.
    var early: Outcome?
    var body = Data()
  }

  private let state = LockedState([Int: Exchange]())

  /// The session's delegate queue, on which tasks are also cancelled.
  private let queue: OperationQueue

  init(queue: OperationQueue) {
    self.queue = queue
  }

  /// Cancels a task from the delegate queue.
  ///
  /// FoundationNetworking crashes ("Received callback for HTTP redirection, but we're not
  /// waiting for it") when a task is cancelled between asking the delegate about a redirect and
  /// taking in its answer. Cancelling from the delegate queue, which also runs the redirect
  /// callback, puts every cancel either before that callback (which then sees the task is no
  /// longer running and gives no answer) or after its answer was handed over.
  func cancel(_ task: URLSessionTask) {
    queue.addOperation { task.cancel() }
  }

  /// Runs work on the delegate queue.
  func perform(_ work: @escaping @Sendable () -> Void) {
    queue.addOperation(work)
  }

  func begin(_ id: Int, limit: Int64, host: String, origin: Origin, timeout: Duration) {
    state.withLock {
      $0[id] = Exchange(limit: limit, host: host, origin: origin, timeout: timeout)
    }
  }

  /// Stores the caller's continuation, or returns the outcome when the exchange already ended.
  func attach(_ continuation: CheckedContinuation<Outcome, Never>, to id: Int) -> Outcome? {
    state.withLock { exchanges -> Outcome? in
      guard var exchange = exchanges[id] else { return .failure(.cancellation) }
      if let early = exchange.early {
        exchanges[id] = nil
        return early
      }
      exchange.continuation = continuation
      exchanges[id] = exchange
      return nil
    }
  }

  /// Ends an exchange with an outcome.
  ///
  /// - Returns: Whether this call ended it (`false` when it had already ended).
  @discardableResult
  func finish(_ id: Int, with outcome: Outcome) -> Bool {
    let continuation: CheckedContinuation<Outcome, Never>?
    let ended: Bool
    (continuation, ended) = state.withLock { exchanges in
      guard var exchange = exchanges[id], exchange.early == nil else { return (nil, false) }
      if let continuation = exchange.continuation {
        exchanges[id] = nil
        return (continuation, true)
      }
      exchange.early = outcome
      exchange.body = Data()
      exchanges[id] = exchange
      return (nil, true)
    }
    continuation?.resume(returning: outcome)
    return ended
  }

  // The response is read from the task when the body starts rather than in the delegate method
  // for responses: answering that one pauses and resumes the transfer in FoundationNetworking,
  // which was seen to stall large bodies.
  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let id = dataTask.taskIdentifier
    let response = dataTask.response
    let refusal: ForecastError? = state.withLock { exchanges in
      guard var exchange = exchanges[id], exchange.early == nil else { return nil }
      if exchange.body.isEmpty, let expected = response?.expectedContentLength {
        if expected > exchange.limit {
          return Self.tooLarge(exchange, announced: expected)
        }
        // A size past `Int` (a 32-bit one on Apple Watch) could never be held in memory anyway;
        // the check below refuses such a body as it arrives.
        if expected > 0, let capacity = Int(exactly: expected) {
          exchange.body.reserveCapacity(capacity)
        }
      }
      if Int64(exchange.body.count) + Int64(data.count) > exchange.limit {
        return Self.tooLarge(exchange, announced: nil)
      }
      // Take the buffer out so that appending does not copy it.
      exchanges[id] = nil
      exchange.body.append(data)
      exchanges[id] = exchange
      return nil
    }
    if let refusal {
      dataTask.cancel()
      finish(id, with: .failure(refusal))
    }
  }

  // Left to itself, FoundationNetworking follows redirects on its own, and on Linux that path
  // was seen to crash the process now and then. Deciding here keeps every redirect under our
  // rules: the same origin only, and no more than `maximumRedirects`.
  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // A task cancelled before this callback gets no answer: answering it is the crash above,
    // and the cancel completes it anyway.
    guard task.state == .running else { return }
    let id = task.taskIdentifier
    let follow: Bool = state.withLock { exchanges in
      guard var exchange = exchanges[id], exchange.early == nil else { return false }
      if let target = request.url, Origin(target) == exchange.origin,
        exchange.redirects < URLSessionTransport.maximumRedirects
      {
        exchange.redirects += 1
        exchanges[id] = exchange
        return true
      }
      let sameOrigin = request.url.map { Origin($0) == exchange.origin } ?? false
      exchange.refusal = ForecastError(
        .redirect,
        message: sameOrigin
          ? "\(exchange.host) redirected the request more than "
            + "\(URLSessionTransport.maximumRedirects) times; check the base URL."
          : "\(exchange.host) redirected the request (HTTP \(response.statusCode)) to another "
            + "server, which Haru does not follow; check the base URL.",
        httpStatus: response.statusCode)
      exchanges[id] = exchange
      return false
    }
    // Declining makes the redirect the task's answer; the refusal replaces it when the task
    // completes, so nothing is resumed (and nothing released) before FoundationNetworking is done.
    completionHandler(follow ? request : nil)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let id = task.taskIdentifier
    let finished: (Exchange, HTTPURLResponse?)? = state.withLock { exchanges in
      guard let exchange = exchanges[id], exchange.early == nil else { return nil }
      return (exchange, task.response as? HTTPURLResponse)
    }
    guard let (exchange, response) = finished else { return }
    if let refusal = exchange.refusal {
      finish(id, with: .failure(refusal))
      return
    }
    if let error {
      finish(id, with: .failure(Self.failure(error, exchange: exchange)))
      return
    }
    guard let response else {
      finish(
        id,
        with: .failure(
          ForecastError(
            .transport,
            message: "\(exchange.host) answered with something that is not HTTP; try again later."
          )))
      return
    }
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      if let name = name as? String, let value = value as? String {
        headers[name] = value
      }
    }
    finish(
      id,
      with: .success(
        HTTPResponse(status: response.statusCode, headers: headers, body: exchange.body)))
  }

  private static func tooLarge(_ exchange: Exchange, announced: Int64?) -> ForecastError {
    let size = announced.map { " (\($0) bytes announced)" } ?? ""
    return ForecastError(
      .bodyTooLarge,
      message:
        "\(exchange.host) sent a body larger than the \(exchange.limit) bytes accepted\(size); "
        + "reading stopped at the limit.")
  }

  /// Maps a `URLSession` error to a forecast error without repeating its text, which can hold the
  /// URL and so the key.
  private static func failure(_ error: any Error, exchange: Exchange) -> ForecastError {
    let code = (error as? URLError)?.code
    switch code {
    case .some(.timedOut):
      return ForecastError(
        .timeout,
        message:
          "\(exchange.host) did not answer within \(exchange.timeout); try again later, or "
          + "allow more time.")
    case .some(.cancelled):
      return .cancellation
    case .some(let code):
      return ForecastError(
        .transport,
        message:
          "Could not get an answer from \(exchange.host) (URL error \(code.rawValue)); check "
          + "the network connection and try again.")
    case .none:
      return ForecastError(
        .transport,
        message:
          "Could not get an answer from \(exchange.host); check the network connection and try "
          + "again.")
    }
  }
}
