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
    // KMA's API Hub serves the same operations with the key in `authKey`.
    let keyName = baseURL.host()?.lowercased() == "apihub.kma.go.kr" ? "authKey" : "serviceKey"
    let query =
      ["\(keyName)=\(key.value)", format]
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
      sensitiveQueryItems: [keyName])
  }
}
