// Fuzz target: an Open-Meteo answer of any shape, read and turned into a forecast as the provider
// does, with a success and a failure status. Compiled into HaruForecast by run.sh.

import Foundation

/// Runs one input; the entry point in `Entry/` calls it for every input libFuzzer tries.
///
/// - Parameters:
///   - start: The input's first byte, or `nil` when it is empty.
///   - count: The input's length in bytes.
/// - Returns: 0, as libFuzzer requires; a problem shows as a crash or a sanitizer report.
public func fuzzOpenMeteoResponse(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let data = start.map { Data(bytes: $0, count: count) } ?? Data()
  let status = data.first.map { $0 % 5 == 0 ? 400 : 200 } ?? 200
  let body = data.isEmpty ? data : data.dropFirst()
  let response = HTTPResponse(
    status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: body)
  guard let answer = try? OpenMeteoAnswer.read(response) else { return 0 }
  _ = try? answer.forecast(issuedAt: Date(timeIntervalSince1970: 1_796_000_000))
  return 0
}
