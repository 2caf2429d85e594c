public import Foundation
public import HaruForecast

/// A forecast service that answers from a `getVilageFcst` sample instead of the network: the
/// sample's run (23:00 on 2026-11-29) for that operation, and "no data" for every other request.
public enum SampleForecast {
  /// 2026-11-30 01:00 in Seoul, when the sample's run is the newest.
  public static let now = Date(timeIntervalSince1970: 1_795_968_000)

  /// A service over the sample at the path given as the tool's first argument.
  public static func service() throws -> ForecastService {
    let arguments = CommandLine.arguments
    guard arguments.count > 1 else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no sample given"])
    }
    let sample = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
    let provider = try KMAProvider(
      serviceKey: "not-a-real-key", transport: Transport(sample: sample))
    return ForecastService(provider: provider, now: { now })
  }

  private struct Transport: HTTPTransport {
    let sample: Data

    func send(_ request: HTTPRequest) async throws(ForecastError) -> HTTPResponse {
      let isSample =
        request.url.lastPathComponent == "getVilageFcst"
        && request.queryValue(named: "base_date") == "20261129"
        && request.queryValue(named: "base_time") == "2300"
      let noData = #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#
      return HTTPResponse(
        status: 200, headers: ["Content-Type": "application/json;charset=UTF-8"],
        body: isSample ? sample : Data(noData.utf8))
    }
  }
}
