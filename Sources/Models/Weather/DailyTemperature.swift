/// A daily minimum or maximum, and whether the provider reported it or it was derived from hours.
public struct DailyTemperature: Hashable, Sendable, Codable {
  /// The temperature.
  public var temperature: Temperature
  /// Whether the value was derived from hourly temperatures because the provider reported none.
  ///
  /// A derived extreme is only as good as the hours it was taken from: from 3-hourly values the true
  /// extreme may be more extreme still. Show it, but say so where it matters.
  public var isDerived: Bool

  /// Creates a daily extreme.
  ///
  /// - Parameters:
  ///   - temperature: The temperature.
  ///   - isDerived: Whether it was derived from hourly values.
  public init(_ temperature: Temperature, isDerived: Bool) {
    self.temperature = temperature
    self.isDerived = isDerived
  }
}
