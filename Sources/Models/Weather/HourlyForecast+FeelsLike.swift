extension HourlyForecast {
  /// 체감온도 of the hour by KMA's formulas (``ApparentTemperature``), on the Korean day of
  /// ``time``.
  ///
  /// `nil` without a temperature, or when the season's formula applies and the input it needs is
  /// missing: the wind at 10 °C or less in winter, the humidity from 20 °C up in summer. An input
  /// the formula does not use may be missing.
  public var feelsLike: ApparentTemperature? {
    guard let temperature else { return nil }
    let day = CalendarDay(containing: time, in: CalendarDay.koreaTimeZone)
    let season = ApparentTemperature.Season(of: day)
    let needsWind =
      season == .winter && temperature.celsius <= ApparentTemperature.windChillMaximumCelsius
    let needsHumidity =
      season == .summer && temperature.celsius >= ApparentTemperature.summerMinimumCelsius
    // An input the formula does not use takes a value that cannot change the result.
    guard let wind = windSpeed ?? (needsWind ? nil : 0),
      let humidity = humidity.map(Double.init) ?? (needsHumidity ? nil : 0)
    else { return nil }
    return try? ApparentTemperature(
      air: temperature, windSpeed: wind, humidity: humidity, on: day)
  }
}
