public import Foundation

/// An HTTP answer: status, headers and the whole body.
public struct HTTPResponse: Hashable, Sendable {
  /// The status code, such as 200 or 503.
  public var status: Int
  /// The header fields as received. Look them up with ``value(forHeader:)``, which ignores case.
  public var headers: [String: String]
  /// The body.
  public var body: Data

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: The header fields.
  ///   - body: The body.
  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// Whether the status is 2xx.
  public var isSuccess: Bool {
    (200..<300).contains(status)
  }

  /// The value of a header field, whatever the case of its name.
  ///
  /// - Parameter name: The field name, such as `"Content-Type"`.
  /// - Returns: The value, or `nil` when the field is absent.
  public func value(forHeader name: String) -> String? {
    if let exact = headers[name] { return exact }
    let lowered = name.lowercased()
    return headers.first { $0.key.lowercased() == lowered }?.value
  }
}
