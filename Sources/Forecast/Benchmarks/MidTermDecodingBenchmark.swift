// Entry points for Haru's own benchmarks (`haru-bench`), which can reach only public symbols:
// `@_spi(Benchmarks)`, not API, free to change or go away in any release.

public import Foundation
public import HaruModels

/// Entry points for Haru's own benchmarks (`haru-bench`), which can reach only public symbols.
/// Not part of the API: it may change or go away in any release.
@_spi(Benchmarks)
public enum MidTermDecodingBenchmark {
  /// Decodes the bodies of `getMidLandFcst` and `getMidTa` of one issuance.
  ///
  /// - Parameters:
  ///   - land: The `getMidLandFcst` body.
  ///   - temperature: The `getMidTa` body.
  ///   - day: The issuance date.
  ///   - hour: The issuance hour, 6 or 18.
  /// - Returns: The days, as an outlook would show them.
  /// - Throws: ``ForecastError`` as the service's answers do.
  public static func days(
    land: Data, temperature: Data, issuedOn day: CalendarDay, hour: Int
  ) throws(ForecastError) -> [DayForecast] {
    try MidTermForecast.decode(
      land: HTTPResponse(status: 200, body: land),
      temperature: HTTPResponse(status: 200, body: temperature),
      issuance: MidTermIssuance(day: day, hour: hour)
    ).days.map(\.dayForecast)
  }
}
