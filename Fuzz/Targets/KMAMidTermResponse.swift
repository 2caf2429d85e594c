// Fuzz target: a pair of KMA mid-term answers (getMidLandFcst and getMidTa) of any shape, read into
// days as the provider does. Compiled into HaruForecast by run.sh.

import Foundation
import HaruModels

/// Runs one input; the entry point in `Entry/` calls it for every input libFuzzer tries.
///
/// - Parameters:
///   - start: The input's first byte, or `nil` when it is empty.
///   - count: The input's length in bytes.
/// - Returns: 0, as libFuzzer requires; a problem shows as a crash or a sanitizer report.
public func fuzzKMAMidTermResponse(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let data = start.map { Data(bytes: $0, count: count) } ?? Data()
  // The input is the land body, a NUL byte, then the temperature body; without a NUL both
  // operations get the whole input.
  let parts = data.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
  let land = Data(parts.first ?? Data())
  let temperature = parts.count > 1 ? Data(parts[1]) : land
  guard let day = try? CalendarDay(year: 2026, month: 10, day: 4) else { return 0 }
  for hour in [6, 18] {
    let forecast = try? MidTermForecast.decode(
      land: HTTPResponse(status: 200, body: land),
      temperature: HTTPResponse(status: 200, body: temperature),
      issuance: MidTermIssuance(day: day, hour: hour))
    for day in forecast?.days ?? [] {
      _ = day.dayForecast
    }
  }
  return 0
}
