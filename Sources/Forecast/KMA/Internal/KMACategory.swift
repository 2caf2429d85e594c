/// The categories Haru reads; every other category is `unknown` and ignored.
enum KMACategory: UInt8 {
  case unknown
  // Temperatures: TMP, T1H, TMN and TMX; the codes of every case are in `init(code:)`.
  case temperature, hourlyTemperature, minimumTemperature, maximumTemperature
  // The sky and precipitation: SKY, PTY, POP, PCP (a text category, mm), RN1 (the nowcast's mm,
  // the ultra-short forecast's text category) and SNO.
  case sky, precipitationType, precipitationProbability, precipitation, hourlyRain, snowfall
  // Humidity and wind: REH, WSD and VEC.
  case humidity, windSpeed, windDirection

  /// The category named by three ASCII letters, packed as `a << 16 | b << 8 | c`.
  init(code: UInt32) {
    switch code {
    case 0x54_4D_50: self = .temperature  // TMP
    case 0x54_31_48: self = .hourlyTemperature  // T1H
    case 0x54_4D_4E: self = .minimumTemperature  // TMN
    case 0x54_4D_58: self = .maximumTemperature  // TMX
    case 0x53_4B_59: self = .sky  // SKY
    case 0x50_54_59: self = .precipitationType  // PTY
    case 0x50_4F_50: self = .precipitationProbability  // POP
    case 0x50_43_50: self = .precipitation  // PCP
    case 0x52_4E_31: self = .hourlyRain  // RN1
    case 0x53_4E_4F: self = .snowfall  // SNO
    case 0x52_45_48: self = .humidity  // REH
    case 0x57_53_44: self = .windSpeed  // WSD
    case 0x56_45_43: self = .windDirection  // VEC
    default: self = .unknown
    }
  }
}
