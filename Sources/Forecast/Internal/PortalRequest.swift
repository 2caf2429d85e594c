import Foundation

/// Builds a request to one of the data portal's services (AirKorea's, KMA's warnings) with the key
/// percent-encoded exactly once: the query is written by hand, since `URLQueryItem` leaves `+`,
/// `/` and `=` as they are and the gateway reads an unescaped `+` as a space.
enum PortalRequest {
  /// The request for an operation. `format` is the query item that asks for JSON: AirKorea's
  /// `returnType=json` (spelled so on every current operation; the retired API had
  /// `_returnType`) or KMA's `dataType=JSON`; `service` names the service in the error thrown
  /// when no URL can be built.
  static func make(
    baseURL: URL, operation: String, key: Secret, parameters: KeyValuePairs<String, String>,
    timeout: Duration, format: String = "returnType=json", service: String = "AirKorea"
  ) throws(ForecastError) -> HTTPRequest {
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    let query =
      ["serviceKey=\(key.value)", format]
      + parameters.map {
        "\(KMARequestBuilder.percentEncoded($0.key))=\(KMARequestBuilder.percentEncoded($0.value))"
      }
    guard let url = URL(string: "\(base)/\(operation)?\(query.joined(separator: "&"))") else {
      throw ForecastError(
        .invalidRequest,
        message: "The \(service) request URL could not be built; check the \(service) base URL.")
    }
    return HTTPRequest(
      url: url, headers: ["Accept": "application/json", "User-Agent": "Haru"], timeout: timeout,
      sensitiveQueryItems: ["serviceKey"])
  }
}

/// Turns whatever AirKorea answered into its rows or a ``ForecastError``.
///
/// The gateway refuses in XML with HTTP 200 even when JSON was asked for
/// (`<OpenAPI_ServiceResponse>` with `returnReasonCode`, or `<response><header><resultCode>`);
/// both are read as the error they are, with the portal's result code. `03` (no data) is an
/// empty answer. A result code of `"200"`, which one of AirKorea's services sends for success, is
/// success too.
enum AirKoreaReader {
  static func read(
    _ response: HTTPResponse, fields: [String], from service: PortalService = .airKorea
  ) throws(ForecastError) -> AirKoreaEnvelope {
    try KMAResponseReader.refuseAllButJSON(response, from: service)
    let envelope: AirKoreaEnvelope
    do {
      envelope = try AirKoreaJSON.read(response.body, fields: fields)
    } catch {
      try KMAResponseReader.refuseStatus(response, from: service)
      throw ForecastError(
        .decoding,
        message:
          "\(service.name)'s answer could not be read: \(error.reason) at byte \(error.offset) of "
          + "\(response.body.count). It may have been cut off; try again.",
        httpStatus: response.status)
    }
    if let reason = envelope.gatewayReasonCode {
      throw KMAResponseReader.resultError(
        KMAResultCode(reason), serviceMessage: envelope.resultMessage, status: response.status,
        from: service)
    }
    guard let text = envelope.resultCode else {
      try KMAResponseReader.refuseStatus(response, from: service)
      throw ForecastError(
        .decoding,
        message:
          "The answer is JSON but has no result code, so it is not from \(service.subject); "
          + "check the base URL.",
        httpStatus: response.status)
    }
    let code = KMAResultCode(text)
    if code == .noData { return AirKoreaEnvelope(resultCode: text, totalCount: 0) }
    guard code == .normal || code.rawValue == "200" else {
      throw KMAResponseReader.resultError(
        code, serviceMessage: envelope.resultMessage, status: response.status, from: service)
    }
    try KMAResponseReader.refuseStatus(response, from: service)
    return envelope
  }
}
