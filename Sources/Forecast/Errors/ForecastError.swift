/// An error from fetching or reading a forecast.
///
/// Every failure in `HaruForecast` — the network, the HTTP status, the KMA service's result code, a
/// body that cannot be read, a place outside the forecast grid — arrives as a ``ForecastError``. Its
/// ``code`` says what kind of failure it is and is stable across releases; its ``message`` says
/// what to do about it. Match on the code (or on a ``Refusal``), never on the message:
///
/// ```swift
/// do {
///   let days = try await client.dailyForecast(for: town.gridPoint).days
/// } catch ForecastError.Code.timeout {
///   // The service is slow today: show the last forecast, marked as old.
/// } catch ForecastError.Refusal.keyNotRegistered {
///   // The key is wrong: asking again will not help.
/// }
/// ```
///
/// A ``ForecastError`` never contains the service key: not in its message, its description, or
/// anything it was made from.
public struct ForecastError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure, stable across releases and suitable for `switch` and `catch` patterns.
  ///
  /// New codes can be added without breaking clients, because `Code` is a struct, not an enum.
  public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The code's stable identifier, such as `"timeout"`.
    public let rawValue: String

    /// Creates a code from its stable identifier.
    ///
    /// - Parameter rawValue: The identifier.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The stable identifier.
    public var description: String { rawValue }

    /// The request did not reach the service or its answer did not arrive: no connection, a
    /// host that could not be found, a connection that broke.
    public static let transport = Code(rawValue: "transport")
    /// The service did not answer within the request's timeout.
    public static let timeout = Code(rawValue: "timeout")
    /// The task waiting for the answer was cancelled.
    public static let cancelled = Code(rawValue: "cancelled")
    /// The answer's body is larger than the transport accepts; reading stopped at the limit.
    public static let bodyTooLarge = Code(rawValue: "body-too-large")
    /// The service answered with an HTTP status other than 2xx and no result code of its own.
    /// ``ForecastError/httpStatus`` holds the status.
    public static let httpStatus = Code(rawValue: "http-status")
    /// The service answered with an error result code, or refused the key
    /// (``ForecastError/refusal``).
    public static let kmaResult = Code(rawValue: "kma-result")
    /// The service has no data for the request: the run is not published yet, or is no longer
    /// kept.
    public static let noData = Code(rawValue: "no-data")
    /// The body could not be read: empty, truncated, not JSON, an HTML page, or a shape the
    /// service does not send.
    public static let decoding = Code(rawValue: "decoding")
    /// The server redirected the request to another scheme, host or port, or more times than
    /// the transport follows (``URLSessionTransport/maximumRedirects``).
    public static let redirect = Code(rawValue: "redirect")
    /// The place lies outside the 149 × 253 cell KMA forecast grid; nothing was asked.
    public static let outsideGrid = Code(rawValue: "outside-grid")
    /// The client is set up wrongly — an empty service key, a base URL that is not `http(s)` —
    /// or was asked for something an operation cannot give; nothing was asked.
    public static let invalidRequest = Code(rawValue: "invalid-request")

    /// Matches an error against a code, so that `catch ForecastError.Code.timeout` works.
    ///
    /// - Parameters:
    ///   - code: The code to look for.
    ///   - error: Any error.
    /// - Returns: Whether `error` is a ``ForecastError`` with that code.
    public static func ~= (code: Code, error: any Error) -> Bool {
      (error as? ForecastError)?.code == code
    }
  }

  /// What kind of failure this is.
  public let code: Code

  /// A sentence a person can act on. It never contains the service key.
  public let message: String

  /// The result code the service answered with, when it sent one; API Hub's refusals are given
  /// the data portal's code of the same meaning.
  package let kmaResultCode: KMAResultCode?

  /// The HTTP status of the answer, when one arrived.
  public let httpStatus: Int?

  /// Whether KMA's API Hub refused the request (401, 403): what to do then is done on API Hub,
  /// with its own key, not on the data portal.
  package let isFromAPIHub: Bool

  /// Creates an error.
  ///
  /// Use it in a transport of your own to report what went wrong, so that Haru can tell a timeout
  /// from a broken connection.
  ///
  /// - Parameters:
  ///   - code: What kind of failure this is.
  ///   - message: A sentence a person can act on; never put a secret in it.
  ///   - httpStatus: The HTTP status, if an answer arrived.
  public init(_ code: Code, message: String, httpStatus: Int? = nil) {
    self.init(code, message: message, kmaResultCode: nil, httpStatus: httpStatus)
  }

  /// Creates an error with the result code the service sent.
  package init(
    _ code: Code, message: String, kmaResultCode: KMAResultCode?, httpStatus: Int? = nil,
    fromAPIHub: Bool = false
  ) {
    self.code = code
    self.message = message
    self.kmaResultCode = kmaResultCode
    self.httpStatus = httpStatus
    self.isFromAPIHub = fromAPIHub
  }

  /// Whether asking again later may succeed: timeouts, broken connections, HTTP 5xx and the KMA
  /// service's own transient failures (01, 02, 04, 05). Key, quota and parameter errors, bodies
  /// that cannot be read and cancellation are not transient.
  public var isTransient: Bool {
    switch code {
    case .timeout, .transport: return true
    case .httpStatus: return (httpStatus ?? 0) >= 500
    case .kmaResult: return kmaResultCode?.isTransient ?? false
    default: return false
    }
  }

  /// Whether asking again will not help until something is changed: a key that is not
  /// registered, suspended or expired, a key or address the service refuses, a quota used up, a
  /// request the service or the client refuses (``Code/invalidRequest``, ``Code/outsideGrid``),
  /// or HTTP 401/403.
  ///
  /// ``ForecastService`` never hides such an error behind a kept forecast: it throws it.
  public var isPermanent: Bool {
    switch code {
    case .invalidRequest, .outsideGrid: return true
    case .httpStatus: return httpStatus == 401 || httpStatus == 403
    case .kmaResult:
      guard let result = kmaResultCode else { return false }
      return Self.permanentResults.contains(result)
    default: return false
    }
  }

  private static let permanentResults: Set<KMAResultCode> = [
    .invalidRequestParameter, .missingRequiredParameter, .noSuchService, .accessDenied,
    .serviceKeyTemporarilyDisabled, .requestLimitExceeded, .serviceKeyNotRegistered,
    .deadlineExpired, .unregisteredIPAddress, .unsignedCall,
  ]

  /// The code and the message, such as `"timeout: The forecast service did not answer …"`.
  public var description: String {
    "\(code): \(message)"
  }
}

extension ForecastError {
  /// The error for a task cancelled while it waited.
  static let cancellation = ForecastError(
    .cancelled, message: "The forecast request was cancelled before an answer arrived.")
}
