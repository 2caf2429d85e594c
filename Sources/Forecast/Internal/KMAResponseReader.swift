import Foundation

/// Turns whatever the KMA service answered into its items or a ``ForecastError``.
///
/// The service answers in more shapes than its guide admits: the JSON envelope; a JSON header
/// with no body (`03 NO_DATA`); the gateway's XML `OpenAPI_ServiceResponse` even when JSON was
/// asked for, or the same envelope as JSON; HTML and plain-text maintenance pages; empty bodies;
/// and any of these behind a byte order mark. Each becomes items or a typed error that carries the
/// result code where there is one.
enum KMAResponseReader {
  /// Reads an answer.
  ///
  /// - Parameter response: The answer.
  /// - Returns: The envelope of a normal answer, items included.
  /// - Throws: ``ForecastError`` for every other answer.
  static func read(_ response: HTTPResponse) throws(ForecastError) -> KMAEnvelope {
    try refuseAllButJSON(response, from: .kma)
    return try readJSON(response)
  }

  /// Throws the error an answer that is not JSON stands for: an empty body, the gateway's XML
  /// envelope, a web page or plain text; returns for a body that starts as JSON.
  ///
  /// - Parameters:
  ///   - response: The answer.
  ///   - service: Who answered, for the words of the error.
  /// - Throws: ``ForecastError`` for every answer that is not JSON.
  static func refuseAllButJSON(
    _ response: HTTPResponse, from service: PortalService
  ) throws(ForecastError) {
    let body = response.body
    switch firstSignificantByte(of: body) {
    case nil:
      try refuseStatus(response, from: service)
      throw ForecastError(
        .decoding,
        message: "\(service.name) answered with an empty body; try again later.",
        httpStatus: response.status)
    case UInt8(ascii: "<"):
      try readMarkup(response, from: service)
    case UInt8(ascii: "{"):
      return
    default:
      try refuseStatus(response, from: service)
      throw ForecastError(
        .decoding,
        message:
          "\(service.name) answered with plain text instead of JSON, perhaps a maintenance "
          + "notice; try again later.",
        httpStatus: response.status)
    }
  }

  private static func readJSON(
    _ response: HTTPResponse
  ) throws(ForecastError) -> KMAEnvelope {
    let envelope: KMAEnvelope
    do {
      envelope = try KMAJSONScanner.scan(response.body)
    } catch {
      try refuseStatus(response, from: .kma)
      throw ForecastError(
        .decoding,
        message:
          "The forecast service's answer could not be read: \(error.reason) at byte "
          + "\(error.offset) of \(response.body.count). It may have been cut off; try again.",
        httpStatus: response.status)
    }
    if let reason = envelope.gatewayReasonCode {
      throw resultError(
        KMAResultCode(reason), serviceMessage: envelope.gatewayMessage, status: response.status,
        from: .kma)
    }
    guard let text = envelope.resultCode else {
      try refuseStatus(response, from: .kma)
      throw ForecastError(
        .decoding,
        message:
          "The answer is JSON but has no result code, so it is not from the KMA forecast "
          + "service; check the base URL.",
        httpStatus: response.status)
    }
    let code = KMAResultCode(text)
    guard code == .normal else {
      throw resultError(
        code, serviceMessage: envelope.resultMessage, status: response.status, from: .kma)
    }
    try refuseStatus(response, from: .kma)
    return envelope
  }

  /// An XML envelope or an HTML page: never a usable answer, since JSON was asked for.
  private static func readMarkup(
    _ response: HTTPResponse, from service: PortalService
  ) throws(ForecastError) -> Never {
    // The envelopes are small; a page is read no further than its first 64 KiB.
    let text = String(decoding: response.body.prefix(65_536), as: UTF8.self)
    if let reason = element("returnReasonCode", in: text) ?? element("resultCode", in: text) {
      let code = KMAResultCode(reason)
      if code != .normal {
        throw resultError(
          code,
          serviceMessage: element("returnAuthMsg", in: text) ?? element("resultMsg", in: text),
          status: response.status, from: service)
      }
      try refuseStatus(response, from: service)
      throw ForecastError(
        .decoding,
        message:
          "\(service.name) answered in XML although JSON was asked for; check that the "
          + "base URL points at the JSON service.",
        httpStatus: response.status)
    }
    try refuseStatus(response, from: service)
    throw ForecastError(
      .decoding,
      message:
        "\(service.name) answered with a web page instead of data, perhaps for "
        + "maintenance; try again later.",
      httpStatus: response.status)
  }

  /// Throws ``ForecastError/Code/httpStatus`` for a status other than 2xx.
  static func refuseStatus(
    _ response: HTTPResponse, from service: PortalService
  ) throws(ForecastError) {
    guard !response.isSuccess else { return }
    let advice =
      response.status >= 500
      ? "the service is failing; try again later"
      : "check the base URL and the key"
    throw ForecastError(
      .httpStatus,
      message: "\(service.name) answered with HTTP status \(response.status); \(advice).",
      httpStatus: response.status)
  }

  /// The error a result code other than `00` stands for.
  static func resultError(
    _ code: KMAResultCode, serviceMessage: String?, status: Int, from service: PortalService
  ) -> ForecastError {
    let advice: String
    switch code {
    case .noData:
      return ForecastError(
        .noData,
        message:
          "The forecast service has no data for this request (KMA code 03): the run is not "
          + "published yet or no longer kept.",
        kmaResultCode: code, httpStatus: status)
    case .applicationError, .databaseError, .httpError, .serviceTimeout, .unknownError:
      advice = "the service failed; try again later."
    case .invalidRequestParameter, .missingRequiredParameter:
      advice = "a request parameter was refused; check the base URL and the grid point."
    case .noSuchService:
      advice = "the operation is not offered at this base URL; check the base URL."
    case .accessDenied:
      advice = "the key may not use this service; apply for it on the portal."
    case .serviceKeyTemporarilyDisabled:
      advice = "the key is suspended for now; check its state on the portal."
    case .requestLimitExceeded:
      advice = "the key's daily quota is used up; try again tomorrow or ask for a larger quota."
    case .serviceKeyNotRegistered:
      advice =
        "the key is not known. Pass the portal's key whole (either form); it must not be "
        + "percent-encoded a second time, and a new key takes up to an hour to work."
    case .deadlineExpired:
      advice = "the key's period of use has ended; extend it on the portal."
    case .unregisteredIPAddress:
      advice = "this machine's IP address is not registered for the key."
    case .unsignedCall:
      advice = "the request was not signed as the service requires."
    default:
      let said = serviceMessage.flatMap(Self.repeatableMessage).map { " (\($0))" } ?? ""
      advice = "the service reported an error\(said)."
    }
    return ForecastError(
      .kmaResult,
      message: "\(service.name) answered with \(service.codeLabel) \(code): \(advice)",
      kmaResultCode: code, httpStatus: status)
  }

  /// The service's message when it is one of KMA's message names, such as
  /// `NO_OPENAPI_SERVICE_ERROR`; anything else is not repeated, because a gateway can echo the
  /// request — key included, in any spelling — in its text.
  static func repeatableMessage(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard (1...60).contains(trimmed.utf8.count),
      trimmed.utf8.allSatisfy({
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || $0 == UInt8(ascii: "_")
          || $0 == UInt8(ascii: " ")
      })
    else { return nil }
    return trimmed
  }

  /// The text of the first `<name>…</name>` element, trimmed.
  private static func element(_ name: String, in text: String) -> String? {
    guard let open = text.range(of: "<\(name)>"),
      let close = text.range(of: "</\(name)>", range: open.upperBound..<text.endIndex)
    else { return nil }
    return String(text[open.upperBound..<close.lowerBound]).trimmingASCIIWhitespace()
  }

  /// The first byte after a byte order mark and whitespace, or `nil` for a blank body.
  private static func firstSignificantByte(of body: Data) -> UInt8? {
    var index = body.startIndex
    if body.count >= 3, body[index] == 0xEF, body[index + 1] == 0xBB, body[index + 2] == 0xBF {
      index += 3
    }
    while index < body.endIndex {
      let byte = body[index]
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return byte
      }
    }
    return nil
  }
}

/// Which of the data portal's services answered, for the words of an error: the portal's
/// services share the gateway, its XML refusals and its result codes.
struct PortalService: Sendable {
  /// The service as the subject of a sentence, such as `"The forecast service"`.
  let name: String
  /// What its result codes are called, such as `"KMA code"`.
  let codeLabel: String

  static let kma = PortalService(name: "The forecast service", codeLabel: "KMA code")
  static let airKorea = PortalService(
    name: "The AirKorea air-quality service", codeLabel: "result code")
  static let kmaWarnings = PortalService(
    name: "KMA's weather warning service", codeLabel: "KMA code")

  /// The service as the object of a sentence: ``name`` with a lower-case article.
  var subject: String {
    name.hasPrefix("The ") ? "the" + name.dropFirst(3) : name
  }
}
