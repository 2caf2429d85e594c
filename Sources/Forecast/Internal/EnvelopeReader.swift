import Foundation

/// Turns whatever a service answered into its envelope or a ``ForecastError``: the one place
/// where the answers of KMA's services (short-term, nowcast, mid-term, warnings) and AirKorea's,
/// through the data portal or KMA's API Hub, become rows or typed errors.
///
/// The services answer in more shapes than their guides admit: the JSON envelope; a JSON header
/// with no body (`03 NO_DATA`); the gateway's XML `OpenAPI_ServiceResponse` even when JSON was
/// asked for, or the same envelope as JSON; API Hub's JSON errors with an HTTP status (401, 403);
/// HTML and plain-text maintenance pages; empty bodies; and any of these behind a byte order mark.
/// Each becomes rows or a typed error that carries the result code where there is one.
///
/// Reading is in two steps, so that a service can give a header-only answer a meaning of its own
/// (the pollen index's `99` out of season) before it is taken as an error:
/// ``envelope(of:from:rows:)`` reads the body, ``check(_:of:from:)`` applies the rules.
enum EnvelopeReader {
  /// Reads an answer and applies the rules: its envelope when it is a normal answer.
  ///
  /// - Parameters:
  ///   - response: The answer.
  ///   - service: Who answered: the words of the errors and how `03` is read.
  ///   - rows: How each row of `items` is read.
  /// - Returns: The envelope of a normal answer, rows included.
  /// - Throws: ``ForecastError`` for every other answer.
  static func read<Reader: EnvelopeRowReader>(
    _ response: HTTPResponse, from service: PortalService, rows: Reader
  ) throws(ForecastError) -> Envelope<Reader.Row> {
    var envelope = try envelope(of: response, from: service, rows: rows)
    try check(&envelope, of: response, from: service)
    return envelope
  }

  /// Reads an answer's rows as the values of the fields named.
  ///
  /// - Parameters:
  ///   - response: The answer.
  ///   - service: Who answered.
  ///   - fields: The fields a row keeps, in this order.
  /// - Returns: The envelope of a normal answer.
  /// - Throws: ``ForecastError`` for every other answer.
  static func read(
    _ response: HTTPResponse, from service: PortalService, fields: [String]
  ) throws(ForecastError) -> Envelope<[String?]> {
    try read(response, from: service, rows: FieldRows(fields))
  }

  /// Reads an answer's body, deciding nothing about what it says.
  ///
  /// - Parameters:
  ///   - response: The answer.
  ///   - service: Who answered, for the words of the errors.
  ///   - rows: How each row of `items` is read.
  /// - Returns: The envelope, of JSON or the gateway's XML.
  /// - Throws: ``ForecastError`` for a body that is empty, a web page, plain text or JSON that
  ///   cannot be read (``ForecastError/Code/httpStatus`` first when the status is not 2xx).
  static func envelope<Reader: EnvelopeRowReader>(
    of response: HTTPResponse, from service: PortalService, rows: Reader
  ) throws(ForecastError) -> Envelope<Reader.Row> {
    let envelope: Envelope<Reader.Row>
    do {
      envelope = try EnvelopeScanner.scan(response.body, rows: rows)
    } catch {
      try refuseStatus(response, from: service)
      throw ForecastError(
        .decoding,
        message:
          "\(service.name)'s answer could not be read: \(error.reason) at byte \(error.offset) of "
          + "\(response.body.count). It may have been cut off; try again.",
        httpStatus: response.status)
    }
    let what: String
    switch envelope.format {
    case .json, .xml:
      return envelope
    case .empty:
      what = "an empty body"
    case .page:
      what = "a web page instead of data, perhaps for maintenance"
    case .text:
      what = "plain text instead of JSON, perhaps a maintenance notice"
    }
    try refuseStatus(response, from: service)
    throw ForecastError(
      .decoding, message: "\(service.name) answered with \(what); try again later.",
      httpStatus: response.status)
  }

  /// Applies the rules to an envelope: a refusal of the gateway or of API Hub, an error result
  /// code, a missing result code and an HTTP status other than 2xx are errors; `03` is one too,
  /// or an empty answer for a service that reads it so.
  ///
  /// - Parameters:
  ///   - envelope: The envelope; emptied when `03` is read as no rows.
  ///   - response: The answer it was read from.
  ///   - service: Who answered.
  /// - Throws: ``ForecastError`` for every answer but a normal one.
  static func check<Row>(
    _ envelope: inout Envelope<Row>, of response: HTTPResponse, from service: PortalService
  ) throws(ForecastError) {
    if let reason = envelope.gatewayReasonCode
      ?? (envelope.format == .xml ? envelope.resultCode : nil)
    {
      let code = KMAResultCode(reason)
      if code != .normal {
        throw resultError(
          code, serviceMessage: envelope.gatewayMessage ?? envelope.resultMessage,
          status: response.status, from: service)
      }
    }
    if envelope.format == .xml {
      try refuseStatus(response, from: service)
      throw ForecastError(
        .decoding,
        message:
          "\(service.name) answered in XML although JSON was asked for; check that the "
          + "base URL points at the JSON service.",
        httpStatus: response.status)
    }
    guard let text = envelope.resultCode else {
      if let status = envelope.hubStatus {
        throw hubError(status: status, message: envelope.hubMessage, from: service)
      }
      try refuseStatus(response, from: service)
      throw ForecastError(
        .decoding,
        message:
          "The answer is JSON but has no result code, so it is not from \(service.subject); "
          + "check the base URL.",
        httpStatus: response.status)
    }
    let code = KMAResultCode(text)
    if code == .noData, service.readsNoDataAsEmpty {
      envelope.rows = []
      envelope.totalCount = 0
      return
    }
    guard code == .normal || (service.acceptsCode200 && code.rawValue == "200") else {
      throw resultError(
        code, serviceMessage: envelope.resultMessage, status: response.status, from: service)
    }
    try refuseStatus(response, from: service)
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

  /// The error KMA API Hub's `result` stands for, typed as the data portal's refusal of the same
  /// meaning: 401 (a key API Hub does not know) as a key not registered (30); 403 as a service
  /// not applied for (20), or as a quota used up (22) when its message says the call limit
  /// ("호출 한도") was passed. Any other status is an HTTP status error.
  ///
  /// API Hub's message is not repeated: only whether it names the limit is read from it.
  static func hubError(
    status: Int64, message: String?, from service: PortalService
  ) -> ForecastError {
    let httpStatus = Int(exactly: status)
    let said = message ?? ""
    func refusal(_ code: KMAResultCode, _ why: String) -> ForecastError {
      ForecastError(
        .kmaResult,
        message: "\(service.name) answered through KMA's API Hub with status \(status): \(why)",
        kmaResultCode: code, httpStatus: httpStatus, fromAPIHub: true)
    }
    switch status {
    case 401:
      return refusal(
        .serviceKeyNotRegistered,
        "the key is not known there. API Hub takes its own authKey, not the data portal's "
          + "service key.")
    case 403 where said.contains("한도") || said.lowercased().contains("limit"):
      return refusal(
        .requestLimitExceeded,
        "the key's call limit is used up; try again tomorrow or ask API Hub for a larger limit.")
    case 403:
      return refusal(
        .accessDenied, "the key has not applied for this API; apply for it (활용신청) on API Hub.")
    default:
      let advice =
        status >= 500 ? "the service is failing; try again later" : "check the base URL and the key"
      return ForecastError(
        .httpStatus,
        message: "\(service.name) answered through KMA's API Hub with status \(status); \(advice).",
        httpStatus: httpStatus)
    }
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
          "\(service.name) has no data for this request (\(service.codeLabel) 03): the run is "
          + "not published yet or no longer kept.",
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
}

/// Which service answered, for the words of an error and the rules its answers follow: the data
/// portal's services share the gateway, its XML refusals and its result codes.
struct PortalService: Sendable {
  /// The service as the subject of a sentence, such as `"The forecast service"`.
  let name: String
  /// What its result codes are called, such as `"KMA code"`.
  let codeLabel: String
  /// Whether `03` (no data) is an answer with no rows rather than an error.
  var readsNoDataAsEmpty = false
  /// Whether a result code of `"200"` is success too, as one of AirKorea's services sends it.
  var acceptsCode200 = false

  /// KMA's short-term and mid-term forecasts and the nowcast.
  static let kma = PortalService(name: "The forecast service", codeLabel: "KMA code")
  /// AirKorea's services.
  static let airKorea = PortalService(
    name: "The AirKorea air-quality service", codeLabel: "result code", readsNoDataAsEmpty: true,
    acceptsCode200: true)
  /// KMA's warning service.
  static let kmaWarnings = PortalService(
    name: "KMA's weather warning service", codeLabel: "KMA code", readsNoDataAsEmpty: true,
    acceptsCode200: true)

  /// The service as the object of a sentence: ``name`` with a lower-case article.
  var subject: String {
    name.hasPrefix("The ") ? "the" + name.dropFirst(3) : name
  }
}
