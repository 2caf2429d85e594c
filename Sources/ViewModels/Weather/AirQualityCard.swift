public import HaruForecast
public import HaruModels

/// The air quality of the weather screen, written out on the chosen scale: one headline grade,
/// then PM10, PM2.5 and ozone each with its value, grade and station.
///
/// ```swift
/// if let air = report.air {
///   headline.text = air.gradeText ?? air.missingText     // "보통", or why there is none
///   for line in air.pollutants { row(line.name, line.value, line.gradeText, line.station) }
/// }
/// ```
public struct AirQualityCard: Hashable, Sendable {
  /// The scale the grades are on.
  public let scale: AirQualityScale
  /// The worse of the particles' grades, for the headline; `nil` when neither has one.
  public let grade: AirQualityGrade?
  /// The headline grade's name, such as "보통" or "Moderate".
  public let gradeText: String?
  /// PM10, PM2.5 and ozone, in that order; empty when the air quality is missing.
  public let pollutants: [AirPollutantLine]
  /// Why there is no air quality at all, in the screen's language: which service refused it
  /// and what to do; `nil` when there is air quality.
  public let missingText: String?
  /// The credit the data must carry on screen: "출처: 한국환경공단 에어코리아".
  public let attribution: ForecastAttribution
}

/// One pollutant on the weather screen.
public struct AirPollutantLine: Hashable, Sendable {
  /// The pollutant.
  public let pollutant: AirPollutant
  /// Its name, such as "미세먼지" or "PM10".
  public let name: String
  /// The value the scale grades, with its unit, such as "35㎍/㎥" or "0.031ppm".
  public let value: String?
  /// Its grade.
  public let grade: AirQualityGrade?
  /// The grade's name.
  public let gradeText: String?
  /// The station the value is from, such as "중구".
  public let station: String?
  /// Why there is no value, such as "측정소 통신장애"; `nil` when there is one.
  public let missingText: String?
}

extension WeatherText {
  /// The air-quality card of an outlook: `nil` when the outlook was not asked for air quality.
  static func airCard(
    _ outlook: ForecastOutlook, scale: AirQualityScale, language: DisplayLanguage
  ) -> AirQualityCard? {
    guard let air = outlook.air else {
      guard outlook.missing.contains(.air) else { return nil }
      let missing =
        outlook.missingReasons[.air]?.message(in: language)
        ?? (language == .korean ? "대기질을 받지 못했어요" : "The air quality could not be had")
      return AirQualityCard(
        scale: scale, grade: nil, gradeText: nil, pollutants: [], missingText: missing,
        attribution: .airKorea)
    }
    let lines = AirPollutant.allCases.map { pollutant in
      let reading = air.reading(pollutant)
      let value = reading.value(on: scale)
      let grade = reading.grade(on: scale)
      return AirPollutantLine(
        pollutant: pollutant, name: pollutant.name(in: language),
        value: value.map { number($0, pollutant) + pollutant.unit }, grade: grade,
        gradeText: grade?.name(in: language),
        station: reading.value == nil ? nil : reading.station?.name,
        missingText: reading.missingReason?.message(in: language))
    }
    let headline = air.headlineGrade(on: scale)
    return AirQualityCard(
      scale: scale, grade: headline, gradeText: headline?.name(in: language), pollutants: lines,
      missingText: nil, attribution: .airKorea)
  }

  private static func number(_ value: Double, _ pollutant: AirPollutant) -> String {
    guard pollutant == .ozone else { return String(Int(value.rounded())) }
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
