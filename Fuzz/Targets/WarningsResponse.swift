// Fuzz target: an answer of KMA's warning service of any shape, read as `getPwnCd` events, as
// `getPwnStatus` and as `getWthrPwn`, replayed into the warnings in force and reported for a
// town; the input as text also goes through the readers of `t6` and `t7`. Compiled into
// HaruForecast by run.sh.

import Foundation
import HaruModels

/// Runs one input; the entry point in `Entry/` calls it for every input libFuzzer tries.
///
/// - Parameters:
///   - start: The input's first byte, or `nil` when it is empty.
///   - count: The input's length in bytes.
/// - Returns: 0, as libFuzzer requires; a problem shows as a crash or a sanitizer report.
public func fuzzWarningsResponse(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let data = start.map { Data(bytes: $0, count: count) } ?? Data()
  let response = HTTPResponse(status: 200, body: data)
  func rows(_ fields: [String]) -> [[String?]]? {
    try? EnvelopeReader.read(response, from: .kmaWarnings, fields: fields).rows
  }
  let events = rows(WarningRows.eventFields).map { WarningRows.events($0).events } ?? []
  let status = rows(WarningRows.statusFields).flatMap(WarningRows.status)
  _ = rows(WarningRows.preliminaryFields).flatMap(WarningRows.preliminary)
  // 2026-09-26 12:00 KST, and a day before KMA's re-split of 2026-05-31.
  for date in [
    Date(timeIntervalSince1970: 1_790_391_600), Date(timeIntervalSince1970: 1_780_000_000),
  ] {
    for warning in WarningReplay.warnings(from: events, at: date) {
      _ = warning.title(in: .korean)
      _ = warning.title(in: .english)
      _ = warning.isInForce(at: date)
    }
    let zones = WarningZones.bundled.zones(
      province: "경기도", district: "용인시수지구", neighborhood: "성복동", at: date)
    let report = WarningsReport(
      events: events, status: status, zones: zones, table: .bundled, at: date,
      preliminaryMissingReason: nil)
    _ = report.diagnostics.map { $0.message(in: .korean) }
  }
  let lines = WarningRows.lines(String(decoding: data, as: UTF8.self))
  _ = WarningText.statusLines(lines)
  _ = WarningText.preliminary(lines, announcement: nil)
  return 0
}
