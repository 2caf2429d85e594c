import Foundation

/// 체감온도: how warm or cold the air feels, computed by KMA's formulas, with the season and the
/// formula that gave it.
///
/// KMA computes it by season:
/// - **Winter (10월–4월): wind chill** (JAG/TI 2001, KMA's form)
///   `13.12 + 0.6215·Ta − 11.37·V^0.16 + 0.3965·V^0.16·Ta`, with the 10 m wind V in km/h, only when
///   the air is at most 10 °C and the wind at least 1.3 m/s;
/// - **Summer (5월–9월): KMA's 2022 formula**, in use since 2022-06-02 (KMA issues 폭염특보 on the
///   day's highest 체감온도 since then),
///   `−0.2442 + 0.55399·Tw + 0.45535·Ta − 0.0022·Tw² + 0.00278·Tw·Ta + 3.0` over the wet-bulb
///   temperature Tw by Stull (2011), from 20 °C up (below it KMA is reported to use the air
///   temperature);
/// - otherwise the air temperature itself.
///
/// ```swift
/// let august = try CalendarDay(year: 2026, month: 8, day: 1)
/// let feels = try ApparentTemperature(
///   air: Temperature(celsius: 33), windSpeed: 2, humidity: 60, on: august)
/// feels.temperature.formatted(in: .celsius)  // "33°"
/// feels.formula                              // .summer2022
/// ```
///
/// Sources: 기상자료개방포털 "체감온도" 산출식; R. Stull, "Wet-Bulb Temperature from Relative
/// Humidity and Air Temperature", J. Appl. Meteor. Climatol. 50 (2011) 2267–2269. 출처: 기상청.
public struct ApparentTemperature: Hashable, Sendable {
  /// The half of the year whose formula applies.
  public enum Season: String, Hashable, Sendable, Codable, CaseIterable {
    /// October to April: wind chill.
    case winter
    /// May to September: KMA's summer formula.
    case summer

    /// The season of a day.
    ///
    /// - Parameter day: The day, in Korea.
    public init(of day: CalendarDay) {
      self = (5...9).contains(day.month) ? .summer : .winter
    }
  }

  /// The formula a value was computed by.
  public enum Formula: String, Hashable, Sendable, Codable, CaseIterable {
    /// Wind chill (JAG/TI 2001): winter, the air at most 10 °C and the wind at least 1.3 m/s.
    case windChill
    /// KMA's 2022 summer formula over Stull's wet-bulb temperature: summer, from 20 °C up.
    case summer2022
    /// Neither formula's conditions hold: the air temperature itself.
    case airTemperature
  }

  /// The highest air temperature at which wind chill is computed, in °C.
  public static let windChillMaximumCelsius = 10.0
  /// The lowest wind at which wind chill is computed, in m/s.
  public static let windChillMinimumWind = 1.3
  /// The lowest air temperature at which the summer formula is used, in °C.
  public static let summerMinimumCelsius = 20.0

  /// How warm or cold the air feels.
  public let temperature: Temperature
  /// The air temperature it was computed from.
  public let air: Temperature
  /// The season of the day.
  public let season: Season
  /// The formula that gave ``temperature``.
  public let formula: Formula

  /// Computes 체감온도 from the air temperature, the wind and the humidity of an hour.
  ///
  /// - Parameters:
  ///   - air: The air temperature.
  ///   - windSpeed: The 10 m wind in m/s, as KMA forecasts it (`WSD`).
  ///   - humidity: The relative humidity in % (`REH`).
  ///   - day: The day, which gives the season.
  /// - Throws: ``ModelError/Code/valueOutOfRange`` for a wind that is negative or not finite, or
  ///   a humidity outside 0–100 %.
  public init(air: Temperature, windSpeed: Double, humidity: Double, on day: CalendarDay)
    throws(ModelError)
  {
    guard windSpeed.isFinite, windSpeed >= 0 else {
      throw ModelError(
        .valueOutOfRange, field: "windSpeed",
        message: "\(windSpeed) m/s is not a wind speed; use a finite value of 0 or more.")
    }
    guard humidity.isFinite, (0...100).contains(humidity) else {
      throw ModelError(
        .valueOutOfRange, field: "humidity",
        message: "\(humidity) % is not a relative humidity; use a value from 0 to 100.")
    }
    let season = Season(of: day)
    let celsius = air.celsius
    let formula: Formula
    let value: Double
    switch season {
    case .winter
    where celsius <= Self.windChillMaximumCelsius && windSpeed >= Self.windChillMinimumWind:
      formula = .windChill
      value = Self.windChill(celsius: celsius, windSpeed: windSpeed)
    case .summer where celsius >= Self.summerMinimumCelsius:
      formula = .summer2022
      value = Self.summer(celsius: celsius, humidity: humidity)
    default:
      formula = .airTemperature
      value = celsius
    }
    // Both formulas stay within a few degrees of the air on their domains: finite and far above
    // absolute zero for any air temperature they are used at.
    self.temperature = (try? Temperature(celsius: value)) ?? air
    self.air = air
    self.season = season
    self.formula = formula
  }

  /// Whether it is worth showing next to the air temperature: it differs from it by 1° or more.
  public var differsFromAir: Bool {
    abs(temperature.celsius - air.celsius) >= 1
  }

  // MARK: - The formulas

  /// Wind chill by KMA's form of the JAG/TI 2001 formula, whatever the conditions.
  ///
  /// - Parameters:
  ///   - celsius: The air temperature in °C.
  ///   - windSpeed: The 10 m wind in m/s; the formula takes it in km/h (× 3.6).
  /// - Returns: The wind chill in °C.
  public static func windChill(celsius: Double, windSpeed: Double) -> Double {
    let power = pow(windSpeed * 3.6, 0.16)
    return 13.12 + 0.6215 * celsius - 11.37 * power + 0.3965 * power * celsius
  }

  /// The wet-bulb temperature by Stull (2011), with KMA's constant 1.67633.
  ///
  /// - Parameters:
  ///   - celsius: The air temperature in °C.
  ///   - humidity: The relative humidity in %.
  /// - Returns: The wet-bulb temperature in °C; 13.7 °C at 20 °C and 50 %, Stull's own example.
  public static func wetBulb(celsius: Double, humidity: Double) -> Double {
    celsius * atan(0.151977 * (humidity + 8.313659).squareRoot()) + atan(celsius + humidity)
      - atan(humidity - 1.67633) + 0.00391838 * pow(humidity, 1.5) * atan(0.023101 * humidity)
      - 4.686035
  }

  /// 체감온도 by KMA's 2022 summer formula, whatever the conditions.
  ///
  /// - Parameters:
  ///   - celsius: The air temperature in °C.
  ///   - humidity: The relative humidity in %.
  /// - Returns: The apparent temperature in °C.
  public static func summer(celsius: Double, humidity: Double) -> Double {
    let wetBulb = wetBulb(celsius: celsius, humidity: humidity)
    return -0.2442 + 0.55399 * wetBulb + 0.45535 * celsius - 0.0022 * wetBulb * wetBulb
      + 0.00278 * wetBulb * celsius + 3.0
  }
}
