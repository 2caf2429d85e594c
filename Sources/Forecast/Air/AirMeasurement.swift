public import Foundation
public import HaruModels

/// One hour of one station's real-time values (`getCtprvnRltmMesureDnsty`,
/// `getMsrstnAcctoRltmMesureDnsty`): provisional until AirKorea confirms them.
///
/// A value AirKorea did not measure (`"-"`, `""`, `null`, an absent key, anything that is not a
/// number) is `nil`, never 0; a flagged value is `nil` with its ``AirValue/flag``.
public struct AirMeasurement: Hashable, Sendable, Codable {
  /// The station's name.
  public let stationName: String
  /// The station's code (`stationCode`), when the answer has it.
  public let stationCode: String?
  /// The kind of network, when the answer says.
  public let network: AirStationNetwork?
  /// The end of the hour measured: `dataTime`, whose hours run 01–24, so `"… 24:00"` is the next
  /// day's 00:00 in Korea.
  public let measuredAt: Date
  /// PM10.
  public let pm10: AirValue
  /// PM2.5; absent in answers without `ver`.
  public let pm25: AirValue
  /// Ozone.
  public let ozone: AirValue
  /// The integrated air-quality index (통합대기환경지수, CAI, `khaiValue`), as AirKorea computed
  /// it.
  public let integratedIndex: Double?
  /// Its grade, 1 (좋음) to 4 (매우나쁨), as AirKorea gave it (`khaiGrade`).
  public let integratedIndexGrade: Int?

  /// Creates a measurement.
  ///
  /// - Parameters:
  ///   - stationName: The station's name.
  ///   - stationCode: Its code, if known.
  ///   - network: Its kind of network, if known.
  ///   - measuredAt: The end of the hour measured.
  ///   - pm10: PM10.
  ///   - pm25: PM2.5.
  ///   - ozone: Ozone.
  ///   - integratedIndex: The CAI value, if given.
  ///   - integratedIndexGrade: The CAI grade, if given.
  public init(
    stationName: String, stationCode: String? = nil, network: AirStationNetwork? = nil,
    measuredAt: Date, pm10: AirValue, pm25: AirValue, ozone: AirValue,
    integratedIndex: Double? = nil, integratedIndexGrade: Int? = nil
  ) {
    self.stationName = stationName
    self.stationCode = stationCode
    self.network = network
    self.measuredAt = measuredAt
    self.pm10 = pm10
    self.pm25 = pm25
    self.ozone = ozone
    self.integratedIndex = integratedIndex
    self.integratedIndexGrade = integratedIndexGrade
  }

  /// The value of one pollutant.
  ///
  /// - Parameter pollutant: The pollutant.
  /// - Returns: Its value.
  public func value(of pollutant: AirPollutant) -> AirValue {
    switch pollutant {
    case .pm10: pm10
    case .pm25: pm25
    case .ozone: ozone
    }
  }
}

/// A pollutant's concentration at a station: the hour's value and, for particles, the 24-hour
/// predicted moving average.
public struct AirValue: Hashable, Sendable, Codable {
  /// The concentration of the hour, when measured.
  public let oneHour: Double?
  /// The 24-hour predicted moving average (`pm10Value24`, `pm25Value24`), when given.
  public let twentyFourHours: Double?
  /// Why the value is missing, when AirKorea flagged it.
  public let flag: AirFlag?

  /// Creates a value.
  ///
  /// - Parameters:
  ///   - oneHour: The hour's concentration.
  ///   - twentyFourHours: The 24-hour moving average.
  ///   - flag: The state AirKorea gave it.
  public init(oneHour: Double?, twentyFourHours: Double? = nil, flag: AirFlag? = nil) {
    // A flagged value is not a measurement, whatever number came with it.
    self.oneHour = flag == nil ? oneHour : nil
    self.twentyFourHours = flag == nil ? twentyFourHours : nil
    self.flag = flag
  }

  /// The value averaged one way.
  ///
  /// - Parameter averaging: Over how long.
  /// - Returns: The value, or `nil`.
  public func value(_ averaging: AirAveraging) -> Double? {
    switch averaging {
    case .oneHour: oneHour
    case .twentyFourHours: twentyFourHours
    }
  }
}
