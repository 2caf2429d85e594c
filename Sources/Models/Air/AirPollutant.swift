/// A pollutant a Korean weather screen grades: 미세먼지, 초미세먼지 and 오존.
///
/// ```swift
/// AirPollutant.pm25.name(in: .korean)   // "초미세먼지"
/// AirPollutant.pm25.unit                // "㎍/㎥"
/// ```
public enum AirPollutant: String, Hashable, Sendable, Codable, CaseIterable {
  /// Particles of 10 µm or less (PM10, 미세먼지), in micrograms per cubic metre.
  case pm10
  /// Particles of 2.5 µm or less (PM2.5, 초미세먼지), in micrograms per cubic metre.
  case pm25
  /// Ozone (O₃, 오존), in parts per million.
  case ozone

  /// The name to show: "미세먼지", "초미세먼지", "오존" or "PM10", "PM2.5", "Ozone".
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The name.
  public func name(in language: DisplayLanguage) -> String {
    switch (self, language) {
    case (.pm10, .korean): "미세먼지"
    case (.pm10, .english): "PM10"
    case (.pm25, .korean): "초미세먼지"
    case (.pm25, .english): "PM2.5"
    case (.ozone, .korean): "오존"
    case (.ozone, .english): "Ozone"
    }
  }

  /// The unit values of the pollutant are in: `"㎍/㎥"` for particles, `"ppm"` for ozone.
  public var unit: String {
    switch self {
    case .pm10, .pm25: "㎍/㎥"
    case .ozone: "ppm"
    }
  }
}

/// Over how long a concentration is averaged: the hour just measured, or a day.
public enum AirAveraging: String, Hashable, Sendable, Codable, CaseIterable {
  /// The concentration of one hour.
  case oneHour
  /// The concentration over 24 hours; for AirKorea, its 24-hour predicted moving average
  /// (`pm10Value24`, `pm25Value24`).
  case twentyFourHours
}
