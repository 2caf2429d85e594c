public import Foundation
public import HaruForecast
import HaruShared

/// An ``/HaruForecast/HTTPTransport`` that answers from files in a directory, and records every request.
///
/// Each request is mapped to a file name by a naming function — by default the last component of
/// the URL path, such as `getVilageFcst`. The transport answers with the first of these files that
/// exists in the directory:
///
/// | file | answer |
/// |---|---|
/// | `NAME.json` | status 200, `application/json` |
/// | `NAME.xml` | status 200, `text/xml` |
/// | `NAME.html` | status 200, `text/html` |
/// | `NAME.txt` or `NAME` | status 200, `text/plain` |
///
/// A file `NAME.status` holding a number (such as `403`) changes the status. When no file exists
/// the answer is a 404 whose body names the file that was looked for.
///
/// ```swift
/// let transport = RecordedTransport(
///   directory: fixtures, naming: RecordedTransport.naming(queryItems: ["base_date", "base_time"]))
/// // GET …/getVilageFcst?…&base_date=20261130&base_time=2300… → getVilageFcst_20261130_2300.json
/// ```
public final class RecordedTransport: HTTPTransport {
  /// The directory the answers are read from.
  public let directory: URL

  private let naming: @Sendable (HTTPRequest) -> String
  private let recorded = LockedState([HTTPRequest]())

  /// Creates a transport that answers from a directory.
  ///
  /// - Parameters:
  ///   - directory: The directory holding the recorded answers.
  ///   - naming: Maps a request to a file name without extension; the last path component unless
  ///     given. Characters other than letters, digits, `-`, `_` and `.` become `_`.
  public init(
    directory: URL,
    naming: @escaping @Sendable (HTTPRequest) -> String = RecordedTransport.naming(queryItems: [])
  ) {
    self.directory = directory
    self.naming = naming
  }

  /// A naming function: the last path component, then the values of some query items, joined by
  /// `_`.
  ///
  /// - Parameter queryItems: The names of the query items whose values go into the file name, in
  ///   order. Leave out any item that carries a secret.
  /// - Returns: The naming function.
  public static func naming(queryItems: [String]) -> @Sendable (HTTPRequest) -> String {
    { request in
      let parts =
        [request.url.lastPathComponent]
        + queryItems.map { request.queryValue(named: $0) ?? "" }
      return parts.joined(separator: "_")
    }
  }

  /// Every request sent so far, oldest first.
  public var requests: [HTTPRequest] {
    recorded.withLock { $0 }
  }

  /// Records the request, then answers it from its file.
  ///
  /// - Parameter request: The request.
  /// - Returns: The recorded answer, or a 404 when there is none.
  /// - Throws: `ForecastError/Code/transport` when a file exists but cannot be read, and
  ///   `ForecastError/Code/cancelled` when the calling task is already cancelled.
  public func send(_ request: HTTPRequest) async throws(ForecastError) -> HTTPResponse {
    recorded.withLock { $0.append(request) }
    if Task.isCancelled {
      throw ForecastError(.cancelled, message: "The request was cancelled before it was sent.")
    }
    let name = Self.safeFileName(naming(request))
    let kinds = [
      ("json", "application/json;charset=UTF-8"), ("xml", "text/xml;charset=UTF-8"),
      ("html", "text/html;charset=UTF-8"), ("txt", "text/plain;charset=UTF-8"),
      ("", "text/plain;charset=UTF-8"),
    ]
    for (fileExtension, contentType) in kinds {
      let file = directory.appending(
        path: fileExtension.isEmpty ? name : "\(name).\(fileExtension)",
        directoryHint: .notDirectory)
      guard FileManager.default.fileExists(atPath: file.path()) else { continue }
      let body: Data
      do {
        body = try Data(contentsOf: file)
      } catch {
        throw ForecastError(
          .transport, message: "The recorded answer \(file.lastPathComponent) could not be read.")
      }
      return HTTPResponse(
        status: status(named: name), headers: ["Content-Type": contentType], body: body)
    }
    return HTTPResponse(
      status: 404, headers: ["Content-Type": "text/plain;charset=UTF-8"],
      body: Data("No recorded answer named \(name) in \(directory.lastPathComponent).".utf8))
  }

  private func status(named name: String) -> Int {
    let file = directory.appending(path: "\(name).status", directoryHint: .notDirectory)
    guard let data = try? Data(contentsOf: file),
      let status = Int(String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace })
    else { return 200 }
    return status
  }

  private static func safeFileName(_ name: String) -> String {
    let safe = String(
      name.map { character in
        character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character))
          ? character : "_"
      })
    // A name of dots alone would leave the directory.
    return safe.allSatisfy { $0 == "." } ? "_" : safe
  }
}
