/// The scale air-quality grades are given on, as a person picks it in settings.
///
/// Grades are computed from the measured values, never taken from the service's own grade
/// fields (which can be missing while the value is not). Each scale grades one value of each
/// pollutant (``averaging(for:)``):
///
/// | scale | PM10 and PM2.5 | ozone | steps |
/// |---|---|---|---|
/// | ``korea`` | 24-hour moving average | 1 hour | 좋음 · 보통 · 나쁨 · 매우나쁨 |
/// | ``who2021`` | 24-hour moving average | not graded | the guideline, then interim targets 4 to 1 |
/// | ``eightLevel`` | 1 hour | 1 hour | 최고 · 좋음 · 양호 · 보통 · 나쁨 · 상당히 나쁨 · 매우 나쁨 · 최악 |
///
/// ```swift
/// let grade = AirQualityScale.korea.grade(.pm25, value: 38)
/// grade?.name(in: .korean)    // "나쁨"
/// grade?.name(in: .english)   // "Bad"
/// ```
///
/// The numbers: ``korea`` is the Ministry of Environment's (환경부) — PM10 ≤ 30, ≤ 80, ≤ 150;
/// PM2.5 ≤ 15, ≤ 35, ≤ 75 since 2018-03-27; ozone ≤ 0.030, ≤ 0.090, ≤ 0.150 ppm. ``who2021`` is
/// the WHO's 2021 air-quality guideline for 24-hour means and its interim targets — PM2.5 15,
/// 25, 37.5, 50, 75; PM10 45, 50, 75, 100, 150 — and grades no ozone, for which the guideline
/// is an 8-hour mean that an hourly reading cannot stand in for. ``eightLevel`` is the eight-step
/// scale Korean weather apps show — PM10 ≤ 15, 30, 40, 50, 75, 100, 150; PM2.5 ≤ 8, 15, 20, 25,
/// 37, 50, 75; ozone ≤ 0.02, 0.03, 0.06, 0.09, 0.12, 0.15, 0.38 ppm. A value on a step's upper
/// bound belongs to that step.
public enum AirQualityScale: String, Hashable, Sendable, Codable, CaseIterable {
  /// The Ministry of Environment's four grades, as AirKorea and Korean broadcasters show them;
  /// the default.
  case korea
  /// The WHO's 2021 guideline and its four interim targets: six steps.
  case who2021
  /// The eight steps Korean weather apps show, from 최고 to 최악.
  case eightLevel

  /// How many steps the scale has.
  public var levelCount: Int {
    switch self {
    case .korea: 4
    case .who2021: 6
    case .eightLevel: 8
    }
  }

  /// The value of a pollutant the scale grades.
  ///
  /// - Parameter pollutant: The pollutant.
  /// - Returns: ``AirAveraging/twentyFourHours`` for particles on ``korea`` and ``who2021``,
  ///   ``AirAveraging/oneHour`` otherwise.
  public func averaging(for pollutant: AirPollutant) -> AirAveraging {
    switch (self, pollutant) {
    case (.korea, .pm10), (.korea, .pm25), (.who2021, .pm10), (.who2021, .pm25):
      .twentyFourHours
    default: .oneHour
    }
  }

  /// The grade of a value on this scale.
  ///
  /// - Parameters:
  ///   - pollutant: The pollutant.
  ///   - value: Its concentration, in the pollutant's ``AirPollutant/unit``, averaged as
  ///     ``averaging(for:)`` says.
  /// - Returns: The grade; `nil` for a value that is negative or not finite, and for ozone on
  ///   ``who2021``.
  public func grade(_ pollutant: AirPollutant, value: Double) -> AirQualityGrade? {
    guard value.isFinite, value >= 0, let bounds = upperBounds(for: pollutant) else { return nil }
    let level = (bounds.firstIndex { value <= $0 } ?? bounds.count) + 1
    return AirQualityGrade(scale: self, level: level)
  }

  /// The upper bound of every step but the last.
  private func upperBounds(for pollutant: AirPollutant) -> [Double]? {
    switch (self, pollutant) {
    case (.korea, .pm10): [30, 80, 150]
    case (.korea, .pm25): [15, 35, 75]
    case (.korea, .ozone): [0.030, 0.090, 0.150]
    case (.who2021, .pm10): [45, 50, 75, 100, 150]
    case (.who2021, .pm25): [15, 25, 37.5, 50, 75]
    case (.who2021, .ozone): nil
    case (.eightLevel, .pm10): [15, 30, 40, 50, 75, 100, 150]
    case (.eightLevel, .pm25): [8, 15, 20, 25, 37, 50, 75]
    case (.eightLevel, .ozone): [0.02, 0.03, 0.06, 0.09, 0.12, 0.15, 0.38]
    }
  }
}
