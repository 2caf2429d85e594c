// Entry points for Haru's own benchmarks (`haru-bench`), which can reach only public symbols:
// `@_spi(Benchmarks)`, not API, free to change or go away in any release.

public import Foundation

/// Entry points for `haru-bench`: not API.
@_spi(Benchmarks)
public enum WarningRowsReading {
  /// Reads a `getPwnCd` answer's rows into events.
  ///
  /// - Parameter body: The answer's body.
  /// - Returns: The events and how many rows could not be read.
  /// - Throws: ``ForecastError`` for a refusal or a body that cannot be read; `03` is no events.
  public static func events(decoding body: Data) throws(ForecastError) -> (
    events: [WarningEvent], unreadable: Int
  ) {
    WarningRows.events(
      try EnvelopeReader.read(
        HTTPResponse(status: 200, body: body), from: .kmaWarnings,
        fields: WarningRows.eventFields
      )
      .rows)
  }

  /// Reads a `getPwnStatus` answer.
  ///
  /// - Parameter body: The answer's body.
  /// - Returns: The newest announcement's status, `nil` when there is none.
  /// - Throws: ``ForecastError`` for a refusal or a body that cannot be read.
  public static func status(decoding body: Data) throws(ForecastError) -> WarningStatus? {
    WarningRows.status(
      try EnvelopeReader.read(
        HTTPResponse(status: 200, body: body), from: .kmaWarnings,
        fields: WarningRows.statusFields
      ).rows)
  }

  /// The warnings issued and not released at an instant, as a report replays its events.
  ///
  /// - Parameters:
  ///   - events: The events, in any order, duplicates allowed.
  ///   - date: The instant.
  /// - Returns: The warnings, most severe first.
  public static func warnings(from events: [WarningEvent], at date: Date) -> [ActiveWarning] {
    WarningReplay.warnings(from: events, at: date)
  }
}
