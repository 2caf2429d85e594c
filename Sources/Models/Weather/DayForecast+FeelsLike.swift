extension DayForecast {
  /// The day's lowest 체감온도: the lowest of its hours' ``HourlyForecast/feelsLike``.
  ///
  /// `nil` for a day without hours (a mid-term day) or whose hours give none.
  public var feelsLikeMinimum: ApparentTemperature? {
    hourly.lazy.compactMap(\.feelsLike).min { $0.temperature < $1.temperature }
  }

  /// The day's highest 체감온도: the highest of its hours' ``HourlyForecast/feelsLike``. KMA
  /// issues 폭염특보 on it since 2022 (주의보 from 33 °C, 경보 from 35 °C, for two days or more).
  ///
  /// `nil` for a day without hours (a mid-term day) or whose hours give none.
  public var feelsLikeMaximum: ApparentTemperature? {
    hourly.lazy.compactMap(\.feelsLike).max { $0.temperature < $1.temperature }
  }
}
