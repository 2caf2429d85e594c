public import Foundation
public import HaruModels

/// The air quality at a place: each pollutant from the nearest station that measured it, the
/// integrated index, and the day's forecast for the place's region.
///
/// ```swift
/// let air = try await client.airQuality(at: town.coordinate!, on: .now)
/// let pm25 = air.reading(.pm25)
/// pm25.grade(on: .korea)?.name(in: .korean)   // "보통"
/// pm25.station?.name                           // "수지"
/// pm25.missingReason                           // nil, or why there is no value
/// ```
///
/// Real-time values are provisional: AirKorea confirms them later. Show "출처: 한국환경공단
/// 에어코리아" (``ForecastAttribution/airKorea``) with them.
public struct AirQuality: Hashable, Sendable, Codable {
  /// PM10.
  public let pm10: AirReading
  /// PM2.5.
  public let pm25: AirReading
  /// Ozone.
  public let ozone: AirReading
  /// The integrated air-quality index (통합대기환경지수) of the nearest station that reports one,
  /// as AirKorea computed it.
  public let integratedIndex: IntegratedAirIndex?
  /// The forecast region the place belongs to, such as `"경기남부"`.
  public let forecastRegion: String?
  /// AirKorea's forecast, when it could be had.
  public let forecast: DustForecast?
  /// When the next hour's values are due: about 20 minutes past the hour after the newest
  /// value.
  public let nextMeasurementAt: Date
  /// When the next forecast announcement is due: after 05, 11, 17 and 23 KST.
  public let nextForecastAt: Date

  /// Creates an answer, as ``AirKoreaClient`` does; use it for canned answers in tests and
  /// previews.
  ///
  /// - Parameters:
  ///   - pm10: PM10.
  ///   - pm25: PM2.5.
  ///   - ozone: Ozone.
  ///   - integratedIndex: The integrated index, if any.
  ///   - forecastRegion: The forecast region, if known.
  ///   - forecast: The forecast, if any.
  ///   - nextMeasurementAt: When the next values are due.
  ///   - nextForecastAt: When the next forecast is due.
  public init(
    pm10: AirReading, pm25: AirReading, ozone: AirReading,
    integratedIndex: IntegratedAirIndex? = nil, forecastRegion: String? = nil,
    forecast: DustForecast? = nil, nextMeasurementAt: Date, nextForecastAt: Date
  ) {
    self.pm10 = pm10
    self.pm25 = pm25
    self.ozone = ozone
    self.integratedIndex = integratedIndex
    self.forecastRegion = forecastRegion
    self.forecast = forecast
    self.nextMeasurementAt = nextMeasurementAt
    self.nextForecastAt = nextForecastAt
  }

  /// The reading of one pollutant.
  ///
  /// - Parameter pollutant: The pollutant.
  /// - Returns: Its reading, which says why when it has no value.
  public func reading(_ pollutant: AirPollutant) -> AirReading {
    switch pollutant {
    case .pm10: pm10
    case .pm25: pm25
    case .ozone: ozone
    }
  }

  /// The forecast grade of a pollutant for a day in the place's region.
  ///
  /// - Parameters:
  ///   - pollutant: The pollutant.
  ///   - day: The day, in Korea Standard Time.
  /// - Returns: The grade, or `nil`.
  public func forecastGrade(of pollutant: AirPollutant, on day: CalendarDay) -> DustForecastGrade? {
    guard let forecastRegion else { return nil }
    return forecast?.grade(of: pollutant, on: day, in: forecastRegion)
  }

  /// The worst grade of the particles on a scale, for a screen's one headline grade.
  ///
  /// - Parameter scale: The scale.
  /// - Returns: The worse of PM10's and PM2.5's grades, or `nil` when neither has one.
  public func headlineGrade(on scale: AirQualityScale) -> AirQualityGrade? {
    [pm10.grade(on: scale), pm25.grade(on: scale)].compactMap { $0 }.max()
  }
}

/// One pollutant's value at a place, from the station that gave it, or why there is none.
public struct AirReading: Hashable, Sendable, Codable {
  /// The pollutant.
  public let pollutant: AirPollutant
  /// The value, when a station had one.
  public let value: AirValue?
  /// The station the value is from, or — when there is none — the nearest station asked.
  public let station: AirStation?
  /// How far the station is from the place, in metres.
  public let distance: Double?
  /// When the value was measured.
  public let measuredAt: Date?
  /// Why there is no value, when there is none.
  public let missingReason: AirMissingReason?

  /// Creates a reading.
  ///
  /// - Parameters:
  ///   - pollutant: The pollutant.
  ///   - value: The value, if any.
  ///   - station: The station it is from.
  ///   - distance: How far the station is, in metres.
  ///   - measuredAt: When it was measured.
  ///   - missingReason: Why there is no value, if there is none.
  public init(
    pollutant: AirPollutant, value: AirValue?, station: AirStation?, distance: Double? = nil,
    measuredAt: Date?, missingReason: AirMissingReason? = nil
  ) {
    self.pollutant = pollutant
    self.value = value
    self.station = station
    self.distance = distance
    self.measuredAt = measuredAt
    self.missingReason = missingReason
  }

  /// The value a scale grades (``/HaruModels/AirQualityScale/averaging(for:)``).
  ///
  /// - Parameter scale: The scale.
  /// - Returns: The value, or `nil`.
  public func value(on scale: AirQualityScale) -> Double? {
    value?.value(scale.averaging(for: pollutant))
  }

  /// The grade on a scale, computed from the value the scale grades.
  ///
  /// - Parameter scale: The scale.
  /// - Returns: The grade, or `nil` when that value is missing or the scale does not grade the
  ///   pollutant.
  public func grade(on scale: AirQualityScale) -> AirQualityGrade? {
    value(on: scale).flatMap { scale.grade(pollutant, value: $0) }
  }
}

/// Why a pollutant has no value at a place.
public enum AirMissingReason: Hashable, Sendable, Codable {
  /// The nearest station flagged it (점검및교정, 장비점검, 자료이상, 통신장애 or another state), and
  /// no other station near enough had it.
  case flagged(AirFlag)
  /// The nearest stations' newest values are older than three hours.
  case stale(since: Date)
  /// No station near enough measures it or reported it this hour.
  case notMeasured
  /// No station is near enough to the place (none within 50 km).
  case noStation

  /// The reason in words.
  ///
  /// - Parameter language: The language to write in.
  /// - Returns: The words.
  public func message(in language: DisplayLanguage) -> String {
    switch (self, language) {
    case (.flagged(let flag), .korean): "측정소 \(flag.rawValue)"
    case (.flagged(let flag), .english): flag.description(in: .english)
    case (.stale, .korean): "측정소 자료가 3시간 넘게 들어오지 않았어요"
    case (.stale, .english): "No value from a nearby station for more than three hours"
    case (.notMeasured, .korean): "가까운 측정소에서 측정하지 않아요"
    case (.notMeasured, .english): "No nearby station measures it"
    case (.noStation, .korean): "50km 안에 측정소가 없어요"
    case (.noStation, .english): "No station within 50 km"
    }
  }
}

/// The integrated air-quality index (통합대기환경지수, CAI) of a station, as AirKorea computed it.
public struct IntegratedAirIndex: Hashable, Sendable, Codable {
  /// The index, 0–500.
  public let value: Double
  /// Its grade, 1 (좋음) to 4 (매우나쁨), when AirKorea gave one.
  public let grade: Int?
  /// The station's name.
  public let stationName: String
  /// When it was measured.
  public let measuredAt: Date

  /// Creates an index.
  ///
  /// - Parameters:
  ///   - value: The index.
  ///   - grade: Its grade, if given.
  ///   - stationName: The station.
  ///   - measuredAt: When it was measured.
  public init(value: Double, grade: Int?, stationName: String, measuredAt: Date) {
    self.value = value
    self.grade = grade
    self.stationName = stationName
    self.measuredAt = measuredAt
  }
}
