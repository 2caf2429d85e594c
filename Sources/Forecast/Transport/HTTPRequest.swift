public import Foundation

/// An HTTP request: a method, a URL, header fields and how long to wait for the answer.
///
/// A request can name query items that carry secrets (``sensitiveQueryItems``). Its
/// ``description``, its debug description and its mirror (what `dump` and `print` show) replace
/// their values, so a request can be logged without leaking a key:
///
/// ```swift
/// // url is https://example.com/data?serviceKey=abc%2B&page=1
/// let request = HTTPRequest(url: url, sensitiveQueryItems: ["serviceKey"])
/// print(request)  // GET https://example.com/data?serviceKey=REDACTED&page=1
/// ```
public struct HTTPRequest: Hashable, Sendable {
  /// The method, such as `"GET"`.
  public var method: String
  /// The URL, query included, exactly as it is to be sent.
  public var url: URL
  /// The header fields to send.
  public var headers: [String: String]
  /// How long to wait for the whole answer before giving up with
  /// ``ForecastError/Code/timeout``.
  public var timeout: Duration
  /// The names of query items whose values are secrets, hidden in every description.
  public var sensitiveQueryItems: Set<String>

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - method: The method; `"GET"` unless given.
  ///   - url: The URL, query included, exactly as it is to be sent.
  ///   - headers: The header fields to send.
  ///   - timeout: How long to wait for the whole answer.
  ///   - sensitiveQueryItems: The names of query items whose values must never be shown.
  public init(
    method: String = "GET",
    url: URL,
    headers: [String: String] = [:],
    timeout: Duration = .seconds(30),
    sensitiveQueryItems: Set<String> = []
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.timeout = timeout
    self.sensitiveQueryItems = sensitiveQueryItems
  }

  /// The value of a query item, percent-decoded, or `nil` when the URL has no such item.
  ///
  /// - Parameter name: The item's name, such as `"base_date"`.
  /// - Returns: The first value given for the name.
  public func queryValue(named name: String) -> String? {
    for (itemName, value) in queryItems where itemName == name {
      return value.removingPercentEncoding ?? value
    }
    return nil
  }

  /// The query's items as sent (values still percent-encoded), in order.
  var queryItems: [(name: String, value: String)] {
    guard let query = url.query(percentEncoded: true), !query.isEmpty else { return [] }
    return query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      return (name.removingPercentEncoding ?? name, parts.count > 1 ? String(parts[1]) : "")
    }
  }

  /// The URL as text with the values of sensitive query items replaced by `REDACTED`.
  var redactedURL: String {
    let text = url.absoluteString
    guard !sensitiveQueryItems.isEmpty, let questionMark = text.firstIndex(of: "?") else {
      return text
    }
    let head = text[..<questionMark]
    let afterQuery = text[text.index(after: questionMark)...]
    let fragmentStart = afterQuery.firstIndex(of: "#") ?? afterQuery.endIndex
    let items = afterQuery[..<fragmentStart].split(
      separator: "&", omittingEmptySubsequences: false
    ).map { pair -> String in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      guard sensitiveQueryItems.contains(name.removingPercentEncoding ?? name) else {
        return String(pair)
      }
      return "\(parts[0])=REDACTED"
    }
    // A fragment is never sent; leaving it out of the description also keeps it from leaking.
    return "\(head)?\(items.joined(separator: "&"))"
  }
}

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The method and the URL, with secret query values hidden: `"GET https://…?serviceKey=REDACTED"`.
  public var description: String {
    "\(method) \(redactedURL)"
  }

  /// The method, the URL with secret query values hidden, the header names and the timeout.
  public var debugDescription: String {
    let names = headers.keys.sorted().joined(separator: ", ")
    return "HTTPRequest(\(method) \(redactedURL), headers: [\(names)], timeout: \(timeout))"
  }

  /// What `dump` shows: the fields, with secret query values hidden and header values left out.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "method": method as Any,
        "url": redactedURL as Any,
        "headers": headers.keys.sorted() as Any,
        "timeout": timeout as Any,
      ],
      displayStyle: .struct)
  }
}
