// Fuzz target: a KMA answer of any shape, JSON or the gateway's XML envelope, read and then built
// into a forecast and current conditions as the client does. Compiled into HaruForecast by run.sh.

import Foundation

/// Runs one input; the entry point in `Entry/` calls it for every input libFuzzer tries.
///
/// - Parameters:
///   - start: The input's first byte, or `nil` when it is empty.
///   - count: The input's length in bytes.
/// - Returns: 0, as libFuzzer requires; a problem shows as a crash or a sanitizer report.
public func fuzzKMAResponse(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let data = start.map { Data(bytes: $0, count: count) } ?? Data()
  // The first byte picks how the answer is labelled, so both readers see every body.
  let contentType: String
  switch data.first.map({ $0 % 3 }) {
  case 0: contentType = "application/json;charset=UTF-8"
  case 1: contentType = "text/xml;charset=UTF-8"
  default: contentType = "text/html"
  }
  let body = data.isEmpty ? data : data.dropFirst()
  let response = HTTPResponse(status: 200, headers: ["Content-Type": contentType], body: body)
  guard let envelope = try? EnvelopeReader.kmaItems(response) else { return 0 }
  for operation in KMAOperation.all {
    _ = try? KMAForecastBuilder.forecast(
      from: envelope.rows, operation: operation, requestedRun: nil)
  }
  _ = try? KMAForecastBuilder.currentConditions(from: envelope.rows, requestedRun: nil)
  return 0
}
