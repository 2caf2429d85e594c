public import Foundation
public import HaruModels

/// AirKorea's daily air-quality forecast (대기질 예보통보, `getMinuDustFrcstDspth`): a grade per
/// forecast region for today, tomorrow and the day after, on the Ministry of Environment's four
/// grades.
///
/// It is announced four times a day, about 10 minutes after 05, 11, 17 and 23 KST; each target
/// day keeps the newest announcement that covers it.
///
/// ```swift
/// let forecast = try await air.dustForecast(on: today)
/// forecast.grade(of: .pm10, on: today, in: "경기남부")   // .moderate (보통)
/// ```
public struct DustForecast: Hashable, Sendable, Codable {
  /// The target days, earliest first, each pollutant's newest announcement.
  public let days: [DustForecastDay]

  /// Creates a forecast.
  ///
  /// - Parameter days: The target days; of several for the same day and pollutant, the newest
  ///   announcement is kept.
  public init(days: [DustForecastDay]) {
    var newest: [DayAndPollutant: DustForecastDay] = [:]
    for day in days {
      let key = DayAndPollutant(day: day.day, pollutant: day.pollutant)
      if let kept = newest[key], kept.issuedAt >= day.issuedAt { continue }
      newest[key] = day
    }
    self.days = newest.values.sorted {
      ($0.day, $0.pollutant.rawValue) < ($1.day, $1.pollutant.rawValue)
    }
  }

  /// The grade of a pollutant on a day in a region.
  ///
  /// - Parameters:
  ///   - pollutant: The pollutant.
  ///   - day: The day, in Korea Standard Time.
  ///   - region: The forecast region, such as `"서울"`, `"경기남부"` or `"영동"`.
  /// - Returns: The grade, or `nil` when the forecast has none.
  public func grade(of pollutant: AirPollutant, on day: CalendarDay, in region: String)
    -> DustForecastGrade?
  {
    days.first { $0.day == day && $0.pollutant == pollutant }?.grades[region]
  }

  /// When the newest announcement in the forecast was made.
  public var issuedAt: Date? { days.map(\.issuedAt).max() }

  private struct DayAndPollutant: Hashable {
    let day: CalendarDay
    let pollutant: AirPollutant
  }
}

/// One announcement's forecast of one pollutant for one day.
public struct DustForecastDay: Hashable, Sendable, Codable {
  /// The day forecast (`informData`).
  public let day: CalendarDay
  /// The pollutant (`informCode`).
  public let pollutant: AirPollutant
  /// When it was announced (`dataTime`, such as `"2023-06-03 17시 발표"`).
  public let issuedAt: Date
  /// The grade of every region the announcement names (`informGrade`), keyed by the region as
  /// AirKorea wrote it.
  public let grades: [String: DustForecastGrade]
  /// The outlook in words (`informOverall`), when given.
  public let overall: String?

  /// Creates a day's forecast.
  ///
  /// - Parameters:
  ///   - day: The day forecast.
  ///   - pollutant: The pollutant.
  ///   - issuedAt: When it was announced.
  ///   - grades: The grade of each region.
  ///   - overall: The outlook in words.
  public init(
    day: CalendarDay, pollutant: AirPollutant, issuedAt: Date,
    grades: [String: DustForecastGrade], overall: String? = nil
  ) {
    self.day = day
    self.pollutant = pollutant
    self.issuedAt = issuedAt
    self.grades = grades
    self.overall = overall
  }
}

/// A forecast grade as AirKorea writes it: 좋음, 보통, 나쁨, 매우나쁨, 예보없음, or another word kept
/// raw (the weekly forecast's 낮음 and 높음).
public struct DustForecastGrade: Hashable, Sendable, Codable, RawRepresentable {
  /// The word as AirKorea wrote it.
  public let rawValue: String

  /// Creates a grade from AirKorea's word.
  ///
  /// - Parameter rawValue: The word, such as `"보통"`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// 좋음.
  public static let good = DustForecastGrade(rawValue: "좋음")
  /// 보통.
  public static let moderate = DustForecastGrade(rawValue: "보통")
  /// 나쁨.
  public static let bad = DustForecastGrade(rawValue: "나쁨")
  /// 매우나쁨.
  public static let veryBad = DustForecastGrade(rawValue: "매우나쁨")
  /// 예보없음: no forecast for the region that day.
  public static let notForecast = DustForecastGrade(rawValue: "예보없음")

  /// The grade on the Ministry of Environment's scale (``/HaruModels/AirQualityScale/korea``), for the four
  /// words that are grades; `nil` for 예보없음 and other words.
  public var grade: AirQualityGrade? {
    let words: [DustForecastGrade] = [.good, .moderate, .bad, .veryBad]
    return words.firstIndex(of: self).map { AirQualityGrade(scale: .korea, level: $0 + 1) }
  }

  /// The word to show: the grade's name, or the word as written.
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The words.
  public func name(in language: DisplayLanguage) -> String {
    if let grade { return grade.name(in: language) }
    switch (self, language) {
    case (.notForecast, .english): return "No forecast"
    case (DustForecastGrade(rawValue: "낮음"), .english): return "Low"
    case (DustForecastGrade(rawValue: "높음"), .english): return "High"
    default: return rawValue
    }
  }
}
