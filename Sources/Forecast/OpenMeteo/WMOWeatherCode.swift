import HaruModels

/// The WMO weather interpretation codes Open-Meteo reports, in the Models vocabulary.
enum WMOWeatherCode {
  /// The sky and what falls for a code; `nil` for both when the code is unknown.
  ///
  /// KMA's vocabulary has no fog or thunder: fog reads as an overcast sky with nothing falling,
  /// and a thunderstorm as a shower. Freezing drizzle and rain read as drizzle and rain, and snow
  /// grains as flurries.
  static func conditions(_ code: Int) -> (sky: Sky?, precipitation: PrecipitationType?) {
    switch code {
    case 0, 1: (.clear, .nothing)
    case 2: (.mostlyCloudy, .nothing)
    case 3, 45, 48: (.overcast, .nothing)
    case 51, 53, 55, 56, 57: (.overcast, .drizzle)
    case 61, 63, 65, 66, 67: (.overcast, .rain)
    case 71, 73, 75, 85, 86: (.overcast, .snow)
    case 77: (.overcast, .flurries)
    case 80, 81, 82, 95, 96, 99: (.mostlyCloudy, .shower)
    default: (nil, nil)
    }
  }
}
