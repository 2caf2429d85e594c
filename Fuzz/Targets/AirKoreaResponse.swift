// Fuzz target: an AirKorea answer of any shape, read as each of its operations' answers (the
// real-time values, the station list, the forecast) and made into an air quality. Compiled into
// HaruForecast by run.sh.

import Foundation
import HaruModels

/// Runs one input; the entry point in `Entry/` calls it for every input libFuzzer tries.
///
/// - Parameters:
///   - start: The input's first byte, or `nil` when it is empty.
///   - count: The input's length in bytes.
/// - Returns: 0, as libFuzzer requires; a problem shows as a crash or a sanitizer report.
public func fuzzAirKoreaResponse(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let data = start.map { Data(bytes: $0, count: count) } ?? Data()
  let response = HTTPResponse(status: 200, body: data)
  let measurements =
    (try? EnvelopeReader.read(response, from: .airKorea, fields: AirKoreaRows.measurementFields))
    .map {
      AirKoreaRows.measurements($0.rows, station: "중구")
    } ?? []
  let stations =
    (try? EnvelopeReader.read(response, from: .airKorea, fields: AirKoreaRows.stationFields)).map {
      AirKoreaRows.stations($0.rows)
    } ?? []
  let days =
    (try? EnvelopeReader.read(response, from: .airKorea, fields: AirKoreaRows.forecastFields)).map {
      AirKoreaRows.forecastDays($0.rows)
    } ?? []
  guard let place = try? Coordinate(latitude: 37.5665, longitude: 126.978) else { return 0 }
  let nearby = AirStationFinder.nearest(to: place, in: stations, count: 6, within: 50_000)
  let newest = AirKoreaClient.newestPerStation(measurements)
  let quality = AirQualitySelection.select(
    nearby: nearby,
    measurements: Dictionary(newest.map { ($0.stationName, $0) }, uniquingKeysWith: { a, _ in a }),
    at: Date(timeIntervalSince1970: 1_796_000_400), region: "서울",
    forecast: DustForecast(days: days))
  for scale in AirQualityScale.allCases {
    _ = quality.headlineGrade(on: scale)
  }
  return 0
}
