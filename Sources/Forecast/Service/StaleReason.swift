public import HaruModels

/// Why an outlook is stale: what kept the newest forecast from arriving, as a code to match and
/// a sentence to show.
///
/// Only failures that asking again may fix make an outlook stale (no connection, a service
/// failing for now, a run not out yet, an answer that could not be read). Failures that asking
/// again will not fix — a key that is not registered or suspended, a refused request, a quota
/// used up — are thrown by ``ForecastService/outlook(for:)`` instead, even when an older
/// forecast is kept.
///
/// ```swift
/// if let reason = outlook.staleReason {
///   banner.text = reason.message(in: .korean)  // "인터넷에 연결되지 않아 …"
/// }
/// ```
public struct StaleReason: Hashable, Sendable, CustomStringConvertible {
  /// The kind of reason, stable across releases.
  public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The stable identifier, such as `"offline"`.
    public let rawValue: String

    /// Creates a code from its stable identifier.
    ///
    /// - Parameter rawValue: The identifier.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The stable identifier.
    public var description: String { rawValue }

    /// The service could not be reached or did not answer in time.
    public static let offline = Code(rawValue: "offline")
    /// The service answered that it is failing (HTTP 5xx, or a transient KMA result code).
    public static let serviceFailing = Code(rawValue: "service-failing")
    /// The service has no data for the newest run yet.
    public static let notPublished = Code(rawValue: "not-published")
    /// The answer could not be read (cut off, a maintenance page, a shape the service does not
    /// send).
    public static let unreadable = Code(rawValue: "unreadable")
    /// Any other failure.
    public static let other = Code(rawValue: "other")
  }

  /// The kind of reason.
  public let code: Code
  /// The failure itself, for logs and for finer decisions.
  public let error: ForecastError

  /// The reason for a failure.
  ///
  /// - Parameter error: The failure that kept the newest forecast from arriving.
  public init(_ error: ForecastError) {
    self.error = error
    switch error.code {
    case .transport, .timeout: code = .offline
    case .noData: code = .notPublished
    case .decoding, .bodyTooLarge: code = .unreadable
    case .httpStatus, .kmaResult: code = error.isTransient ? .serviceFailing : .other
    default: code = .other
    }
  }

  /// The reason as a sentence a person can read.
  ///
  /// - Parameter language: The language of the sentence.
  /// - Returns: The sentence, such as "The forecast service could not be reached; showing the
  ///   forecast kept from before."
  public func message(in language: DisplayLanguage) -> String {
    switch (code, language) {
    case (.offline, .korean): "예보 서비스에 연결하지 못해 전에 받은 예보를 보여 줍니다."
    case (.offline, .english):
      "The forecast service could not be reached; showing the forecast kept from before."
    case (.serviceFailing, .korean): "예보 서비스에 장애가 있어 전에 받은 예보를 보여 줍니다."
    case (.serviceFailing, .english):
      "The forecast service is failing for now; showing the forecast kept from before."
    case (.notPublished, .korean): "새 예보가 아직 발표되지 않아 전에 받은 예보를 보여 줍니다."
    case (.notPublished, .english):
      "The newest forecast is not published yet; showing the forecast kept from before."
    case (.unreadable, .korean): "예보 서비스의 응답을 읽을 수 없어 전에 받은 예보를 보여 줍니다."
    case (.unreadable, .english):
      "The forecast service's answer could not be read; showing the forecast kept from before."
    case (_, .korean): "새 예보를 받지 못해 전에 받은 예보를 보여 줍니다."
    case (_, .english):
      "The newest forecast could not be fetched; showing the forecast kept from before."
    }
  }

  /// The code and the English sentence.
  public var description: String { "\(code): \(message(in: .english))" }
}
