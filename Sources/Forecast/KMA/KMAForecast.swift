public import Foundation
public import HaruModels

/// Days of forecast from the KMA service, hour by hour, and the run they come from.
///
/// A forecast is grouped by Korean calendar day (``days``, earliest first); each day summarises
/// its hours as ``/HaruModels/DayForecast`` does, and marks a minimum or maximum it had to derive from hourly
/// temperatures because the run carried no `TMN`/`TMX` for that day.
///
/// Decode one yourself from a body you stored or recorded:
///
/// ```swift
/// let forecast = try KMAForecast(decoding: body, operation: .shortTermForecast)
/// forecast.run.description        // "getVilageFcst 2026-11-30 23:00"
/// forecast.days.first?.maximum    // from TMX, or derived from TMP
/// ```
public struct KMAForecast: Hashable, Sendable {
  /// The run the forecast comes from. A forecast merged from several runs names the newest.
  public let run: KMARun
  /// The grid cell the forecast is for, as the service reported it.
  public let gridPoint: GridPoint?
  /// The days, earliest first.
  public let days: [DayForecast]

  /// Creates a forecast from days already built.
  ///
  /// - Parameters:
  ///   - run: The run the forecast comes from.
  ///   - gridPoint: The grid cell the forecast is for.
  ///   - days: The days; they are put in order.
  public init(run: KMARun, gridPoint: GridPoint?, days: [DayForecast]) {
    self.run = run
    self.gridPoint = gridPoint
    self.days = days.sorted { $0.day < $1.day }
  }

  /// Reads a forecast from a body the service sent for `getVilageFcst` or `getUltraSrtFcst`.
  ///
  /// Every value the service sends is text; one that cannot be read (`"abc"` for a temperature,
  /// a −999 or +900 sentinel) leaves that field of that hour `nil` and the rest is kept. Unknown
  /// categories are ignored. Rain and snow amounts keep their original text, including the coded
  /// categories of a run's last, three-hourly day.
  ///
  /// - Parameters:
  ///   - body: The body, as received.
  ///   - operation: The operation that answered: ``KMAOperation/shortTermForecast`` or
  ///     ``KMAOperation/ultraShortForecast``. Precipitation type codes differ between them.
  /// - Throws: ``ForecastError`` with code ``ForecastError/Code/decoding`` when the body cannot be
  ///   read, ``ForecastError/Code/noData`` when it holds no items, and
  ///   ``ForecastError/Code/kmaResult`` when it is an error answer from the service.
  /// - Complexity: O(*n* log *n*) in the size of the body.
  public init(decoding body: Data, operation: KMAOperation) throws(ForecastError) {
    let envelope = try EnvelopeReader.kmaItems(HTTPResponse(status: 200, body: body))
    self = try KMAForecastBuilder.forecast(
      from: envelope.rows, operation: operation, requestedRun: nil)
  }

  /// Every hour of every day, earliest first.
  public var hours: [HourlyForecast] {
    days.flatMap(\.hourly)
  }

  /// The day of the forecast that is a given calendar day, if the forecast covers it.
  ///
  /// - Parameter day: The day, in Korea Standard Time.
  /// - Returns: The day's forecast, or `nil`.
  public func day(_ day: CalendarDay) -> DayForecast? {
    days.first { $0.day == day }
  }
}
