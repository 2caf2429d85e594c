// Entry points for Haru's own benchmarks (`haru-bench`), which can reach only public symbols:
// `@_spi(Benchmarks)`, not API, free to change or go away in any release.

public import Foundation
public import HaruModels

/// Entry points for `haru-bench`: not API.
@_spi(Benchmarks)
public enum AirKoreaBenchmark {
  /// Reads a real-time answer (`getCtprvnRltmMesureDnsty`) into measurements.
  ///
  /// - Parameter body: The answer's body.
  /// - Returns: The measurements, one a row.
  /// - Throws: ``ForecastError`` as the service's answers do.
  public static func measurements(decoding body: Data) throws(ForecastError) -> [AirMeasurement] {
    AirKoreaRows.measurements(
      try EnvelopeReader.read(
        HTTPResponse(status: 200, body: body), from: .airKorea,
        fields: AirKoreaRows.measurementFields
      ).rows)
  }

  /// The nearest stations to a place, as the client finds them.
  ///
  /// - Parameters:
  ///   - place: The place.
  ///   - stations: The station list.
  ///   - count: How many to keep.
  /// - Returns: Their names, nearest first.
  public static func nearest(to place: Coordinate, in stations: [AirStation], count: Int)
    -> [String]
  {
    AirStationFinder.nearest(to: place, in: stations, count: count, within: AirKoreaClient.reach)
      .map(\.station.name)
  }
}

extension AirKoreaClient {
  /// Forgets the kept real-time values and forecasts (not the station list), as a new hour
  /// would.
  @_spi(Benchmarks)
  public func forgetTheHour() {
    forgetKeptHour()
  }
}
