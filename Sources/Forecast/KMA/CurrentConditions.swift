public import Foundation
public import HaruModels

/// The weather observed now at a grid cell: the KMA nowcast (`getUltraSrtNcst`).
///
/// The nowcast is an analysis of observations for the hour, published a few minutes after it.
/// A value the service did not send, or sent as a sentinel, is `nil`.
public struct CurrentConditions: Hashable, Sendable {
  /// The run the observation comes from.
  public let run: KMARun
  /// The grid cell, as the service reported it.
  public let gridPoint: GridPoint?
  /// The air temperature (`T1H`).
  public let temperature: Temperature?
  /// What is falling (`PTY`).
  public let precipitationType: PrecipitationType?
  /// The rain of the last hour (`RN1`), with the service's text kept.
  public let precipitation: PrecipitationAmount?
  /// Relative humidity in percent (`REH`).
  public let humidity: Int?
  /// Wind speed in metres per second (`WSD`).
  public let windSpeed: Double?
  /// The direction the wind blows from, in degrees clockwise from north (`VEC`).
  public let windDirection: Double?

  /// Creates current conditions from values already read.
  ///
  /// - Parameters:
  ///   - run: The run the observation comes from.
  ///   - gridPoint: The grid cell.
  ///   - temperature: The air temperature.
  ///   - precipitationType: What is falling.
  ///   - precipitation: The rain of the last hour.
  ///   - humidity: Relative humidity in percent.
  ///   - windSpeed: Wind speed in metres per second.
  ///   - windDirection: Where the wind blows from, in degrees clockwise from north.
  public init(
    run: KMARun,
    gridPoint: GridPoint?,
    temperature: Temperature?,
    precipitationType: PrecipitationType?,
    precipitation: PrecipitationAmount?,
    humidity: Int?,
    windSpeed: Double?,
    windDirection: Double?
  ) {
    self.run = run
    self.gridPoint = gridPoint
    self.temperature = temperature
    self.precipitationType = precipitationType
    self.precipitation = precipitation
    self.humidity = humidity
    self.windSpeed = windSpeed
    self.windDirection = windDirection
  }

  /// When the observation was made: the run's base time.
  public var observedAt: Date {
    run.baseTime
  }
}
