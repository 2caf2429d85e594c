import Foundation
import HaruForecast

/// A transport that never touches the network: it answers the one run this tool ships a
/// sample of, and answers every other request the way the service does for a run it does not
/// have.
///
/// It is also the smallest example of an `HTTPTransport` of your own: take the request as
/// given, return an answer whatever its status, and never put the URL into an error, because
/// the URL carries the service key.
struct BundledSampleTransport: HTTPTransport {
  /// The body of the sample, a `getVilageFcst` answer.
  let sample: Data
  /// The run the sample holds, as the service writes it in a request.
  let baseDate: String
  let baseTime: String

  func send(_ request: HTTPRequest) async throws(ForecastError) -> HTTPResponse {
    // `request` prints with its key replaced by REDACTED, so it can be shown as it is.
    print("request: \(request)")
    guard request.url.lastPathComponent == "getVilageFcst",
      request.queryValue(named: "base_date") == baseDate,
      request.queryValue(named: "base_time") == baseTime
    else {
      return HTTPResponse(status: 200, headers: Self.json, body: Data(Self.noData.utf8))
    }
    return HTTPResponse(status: 200, headers: Self.json, body: sample)
  }

  private static let json = ["Content-Type": "application/json;charset=UTF-8"]

  /// The service's answer for a run it has no data for (result code 03).
  private static let noData = #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#
}
