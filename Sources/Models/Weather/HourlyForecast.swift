public import Foundation

/// The weather expected (or observed) for one hour.
///
/// An hour is a record of what the provider said, kept as reported. Every measurement is optional:
/// providers leave out what they do not forecast for an hour, and a sea cell has no land
/// temperature. A missing value is `nil`, never a sentinel such as −999: providers map their
/// sentinels to `nil` before building an hour.
public struct HourlyForecast: Hashable, Sendable, Codable {
  /// The start of the hour.
  public var time: Date
  /// The air temperature.
  public var temperature: Temperature?
  /// The cloud cover.
  public var sky: Sky?
  /// What falls, if anything.
  public var precipitationType: PrecipitationType?
  /// The chance of precipitation.
  public var precipitationProbability: Probability?
  /// How much rain falls in the hour.
  public var precipitation: PrecipitationAmount?
  /// How much fresh snow falls in the hour.
  public var snowfall: PrecipitationAmount?
  /// Relative humidity, in percent (0…100).
  public var humidity: Int?
  /// Wind speed in metres per second.
  public var windSpeed: Double?
  /// The direction the wind blows from, in degrees clockwise from north (0…360).
  public var windDirection: Double?

  /// Creates an hour's forecast; leave out what is not known.
  ///
  /// - Parameters:
  ///   - time: The start of the hour.
  ///   - temperature: The air temperature.
  ///   - sky: The cloud cover.
  ///   - precipitationType: What falls, if anything.
  ///   - precipitationProbability: The chance of precipitation.
  ///   - precipitation: How much rain falls in the hour.
  ///   - snowfall: How much fresh snow falls in the hour.
  ///   - humidity: Relative humidity in percent.
  ///   - windSpeed: Wind speed in metres per second.
  ///   - windDirection: Where the wind blows from, in degrees clockwise from north.
  public init(
    time: Date,
    temperature: Temperature? = nil,
    sky: Sky? = nil,
    precipitationType: PrecipitationType? = nil,
    precipitationProbability: Probability? = nil,
    precipitation: PrecipitationAmount? = nil,
    snowfall: PrecipitationAmount? = nil,
    humidity: Int? = nil,
    windSpeed: Double? = nil,
    windDirection: Double? = nil
  ) {
    self.time = time
    self.temperature = temperature
    self.sky = sky
    self.precipitationType = precipitationType
    self.precipitationProbability = precipitationProbability
    self.precipitation = precipitation
    self.snowfall = snowfall
    self.humidity = humidity
    self.windSpeed = windSpeed
    self.windDirection = windDirection
  }
}
