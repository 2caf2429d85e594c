import Foundation
import HaruModels

/// Builds the URL of each KMA request, with the service key percent-encoded exactly once.
///
/// `URLQueryItem` leaves `+` and `/` as they are, and the service reads an unescaped `+` as a
/// space; so the query is written here by hand, every byte outside the unreserved set escaped.
struct KMARequestBuilder: Sendable {
  let configuration: KMAConfiguration
  /// The key, percent-encoded once.
  let encodedKey: Secret

  /// Checks the configuration and prepares the key.
  ///
  /// The portal hands out the key in two forms: raw (with `+`, `/`, `=`) and already
  /// percent-encoded. Either is accepted: an encoded key is decoded first, so it is never encoded
  /// twice.
  ///
  /// - Throws: ``ForecastError/Code/invalidRequest`` for an empty key or an unusable base URL.
  init(configuration: KMAConfiguration, serviceKey: String) throws(ForecastError) {
    let key = try Self.encodedKey(serviceKey, of: "KMA")
    try Self.check(
      configuration.baseURL, named: "base URL",
      example: "https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0")
    try Self.check(
      configuration.resolvedMidTermBaseURL, named: "mid-term base URL",
      example: "https://apis.data.go.kr/1360000/MidFcstInfoService")
    self.configuration = configuration
    self.encodedKey = key
  }

  /// A key as the portal issued it, checked and percent-encoded exactly once.
  ///
  /// - Parameters:
  ///   - serviceKey: The key in either of the portal's forms.
  ///   - service: Whose key it is, for the message, such as `"KMA"`.
  /// - Returns: The key, percent-encoded once.
  /// - Throws: ``ForecastError/Code/invalidRequest`` for an empty key or one with control
  ///   characters.
  static func encodedKey(_ serviceKey: String, of service: String) throws(ForecastError) -> Secret {
    let trimmed = serviceKey.trimmingASCIIWhitespace()
    guard !trimmed.isEmpty else {
      throw ForecastError(
        .invalidRequest,
        message: "The \(service) service key is empty; pass the key the data portal issued.")
    }
    guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      throw ForecastError(
        .invalidRequest,
        message: "The \(service) service key contains control characters; copy the key again.")
    }
    return Secret(percentEncoded(decodedIfEncoded(trimmed)))
  }

  /// Refuses a base URL that is not `http(s)` with a host and no query.
  static func check(_ url: URL, named name: String, example: String) throws(ForecastError) {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host(), !host.isEmpty, url.query() == nil
    else {
      throw ForecastError(
        .invalidRequest,
        message:
          "The \(name) must be an http or https URL with a host and no query, such as "
          + "\(example).")
    }
  }

  /// The request for one page of one run at a grid point.
  func request(for run: KMARun, at gridPoint: GridPoint, page: Int) throws(ForecastError)
    -> HTTPRequest
  {
    var base = configuration.baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    let query = [
      "\(Self.percentEncoded(configuration.keyParameterName))=\(encodedKey.value)",
      "pageNo=\(page)",
      "numOfRows=\(max(1, configuration.rowsPerPage))",
      "dataType=JSON",
      "base_date=\(run.baseDateText)",
      "base_time=\(run.baseTimeText)",
      "nx=\(gridPoint.nx)",
      "ny=\(gridPoint.ny)",
    ].joined(separator: "&")
    guard let url = URL(string: "\(base)/\(run.operation.name)?\(query)") else {
      throw ForecastError(
        .invalidRequest,
        message: "The request URL could not be built from the base URL; check the base URL.")
    }
    return HTTPRequest(
      url: url,
      headers: ["Accept": "application/json"],
      timeout: configuration.timeout,
      sensitiveQueryItems: [configuration.keyParameterName])
  }

  /// The request for one mid-term operation (`getMidLandFcst`, `getMidTa`) of one issuance.
  func midTermRequest(
    _ operation: String, region: String, issuance: MidTermIssuance
  ) throws(ForecastError) -> HTTPRequest {
    // The URL was checked when the builder was made.
    try firstPageRequest(
      at: configuration.resolvedMidTermBaseURL, operation: operation,
      parameters: ["regId=\(Self.percentEncoded(region))", "tmFc=\(issuance.text)"],
      named: "mid-term")
  }

  /// The request for the first page of ten rows of an operation under a base URL, in JSON: the
  /// key, `pageNo=1`, `numOfRows=10`, `dataType=JSON`, then the parameters, each already
  /// percent-encoded.
  ///
  /// - Parameters:
  ///   - baseURL: Everything before the operation name.
  ///   - operation: The operation's name.
  ///   - parameters: The query items after the common ones, such as `"tmFc=202610040600"`.
  ///   - name: The service in the error's words, such as `"mid-term"`.
  /// - Returns: The request.
  /// - Throws: ``ForecastError/Code/invalidRequest`` when no URL can be built.
  func firstPageRequest(
    at baseURL: URL, operation: String, parameters: [String], named name: String
  ) throws(ForecastError) -> HTTPRequest {
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    let query =
      [
        "\(Self.percentEncoded(configuration.keyParameterName))=\(encodedKey.value)",
        "pageNo=1",
        "numOfRows=10",
        "dataType=JSON",
      ] + parameters
    guard let request = URL(string: "\(base)/\(operation)?\(query.joined(separator: "&"))") else {
      throw ForecastError(
        .invalidRequest,
        message: "The \(name) request URL could not be built; check the \(name) base URL.")
    }
    return HTTPRequest(
      url: request, headers: ["Accept": "application/json"], timeout: configuration.timeout,
      sensitiveQueryItems: [configuration.keyParameterName])
  }

  /// Percent-encodes every byte outside the unreserved set (`A–Z a–z 0–9 - . _ ~`).
  static func percentEncoded(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count * 3)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        output.append(byte)
      default:
        output.append(UInt8(ascii: "%"))
        output.append(hex[Int(byte >> 4)])
        output.append(hex[Int(byte & 0x0F)])
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The key decoded when it holds percent escapes (the portal's "encoding" key); as given when
  /// it holds none (the "decoding" key).
  static func decodedIfEncoded(_ key: String) -> String {
    let bytes = Array(key.utf8)
    let hasEscape = bytes.indices.contains { index in
      bytes[index] == UInt8(ascii: "%") && index + 2 < bytes.count
        && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit
    }
    guard hasEscape, let decoded = key.removingPercentEncoding, !decoded.isEmpty else {
      return key
    }
    return decoded
  }
}

extension UInt8 {
  fileprivate var isHexDigit: Bool {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"):
      true
    default: false
    }
  }
}
