import Foundation
import HaruModels

/// Turns the rows of AirKorea's answers into Haru's types, reading every value honestly: `"-"`,
/// `""`, `null`, `"null"`, an absent key and anything that is not a number are missing, never 0.
enum AirKoreaRows {
  // MARK: - Real-time values

  static let measurementFields = [
    "stationName", "stationCode", "mangName", "dataTime", "pm10Value", "pm10Value24", "pm10Flag",
    "pm25Value", "pm25Value24", "pm25Flag", "o3Value", "o3Flag", "khaiValue", "khaiGrade",
  ]

  /// The measurements of rows read with ``measurementFields``; a row without a station name (and
  /// none given) or without a readable `dataTime` is left out.
  ///
  /// - Parameters:
  ///   - rows: The rows.
  ///   - station: The name of the station asked about, for the one-station answer, whose rows
  ///     carry no name.
  /// - Returns: The measurements, in the rows' order.
  static func measurements(_ rows: [[String?]], station: String? = nil) -> [AirMeasurement] {
    rows.compactMap { row -> AirMeasurement? in
      guard let name = text(row[0]) ?? station, let time = row[3].flatMap(measurementTime) else {
        return nil
      }
      return AirMeasurement(
        stationName: name, stationCode: text(row[1]),
        network: text(row[2]).map(AirStationNetwork.init(rawValue:)), measuredAt: time,
        pm10: AirValue(
          oneHour: number(row[4]), twentyFourHours: number(row[5]), flag: flag(row[6])),
        pm25: AirValue(
          oneHour: number(row[7]), twentyFourHours: number(row[8]), flag: flag(row[9])),
        ozone: AirValue(oneHour: number(row[10]), flag: flag(row[11])),
        integratedIndex: number(row[12]),
        integratedIndexGrade: number(row[13]).flatMap { (1...4).contains($0) ? Int($0) : nil })
    }
  }

  // MARK: - The station list

  static let stationFields = ["stationName", "addr", "mangName", "item", "dmX", "dmY"]

  /// The stations of rows read with ``stationFields``; a station whose coordinates are missing
  /// or lie outside Korea either way round is left out, and one whose axes are swapped is
  /// swapped back.
  static func stations(_ rows: [[String?]]) -> [AirStation] {
    rows.compactMap { row -> AirStation? in
      guard let name = text(row[0]), let x = number(row[4]), let y = number(row[5]),
        let coordinate = koreanCoordinate(x, y)
      else { return nil }
      return AirStation(
        name: name, address: text(row[1]) ?? "",
        network: text(row[2]).map(AirStationNetwork.init(rawValue:)) ?? .urban,
        coordinate: coordinate, pollutants: text(row[3]).map(pollutants))
    }
  }

  /// `dmX`/`dmY` as a coordinate: the portal documents `dmX` as the latitude, but some versions
  /// and some stations have them the other way round.
  static func koreanCoordinate(_ x: Double, _ y: Double) -> Coordinate? {
    let latitudes = 33.0...39.0
    let longitudes = 124.0...132.0
    if latitudes.contains(x), longitudes.contains(y) {
      return try? Coordinate(latitude: x, longitude: y)
    }
    if latitudes.contains(y), longitudes.contains(x) {
      return try? Coordinate(latitude: y, longitude: x)
    }
    return nil
  }

  /// `"SO2, CO, O3, NO2, PM10, PM2.5"` as the pollutants Haru grades.
  private static func pollutants(_ item: String) -> Set<AirPollutant> {
    var found: Set<AirPollutant> = []
    for name in item.split(separator: ",") {
      switch name.trimmingCharacters(in: .whitespaces).uppercased() {
      case "PM10": found.insert(.pm10)
      case "PM2.5", "PM25": found.insert(.pm25)
      case "O3": found.insert(.ozone)
      default: break
      }
    }
    return found
  }

  // MARK: - The daily forecast

  static let forecastFields = [
    "dataTime", "informCode", "informData", "informGrade", "informOverall",
  ]

  /// The forecast days of rows read with ``forecastFields``; a row whose pollutant, day or time
  /// cannot be read is left out.
  static func forecastDays(_ rows: [[String?]]) -> [DustForecastDay] {
    rows.compactMap { row -> DustForecastDay? in
      guard let issued = row[0].flatMap(announcementTime),
        let pollutant = row[1].flatMap(forecastPollutant),
        let dayText = text(row[2]), let day = try? CalendarDay(parsing: dayText)
      else { return nil }
      return DustForecastDay(
        day: day, pollutant: pollutant, issuedAt: issued,
        grades: text(row[3]).map(regionGrades) ?? [:], overall: text(row[4]))
    }
  }

  /// `"서울 : 보통,제주 : 보통,…"` (and the weekly forecast's `"서울 : 낮음, …, 신뢰도 : 보통"`) as
  /// grades by region; a piece without a colon is skipped.
  static func regionGrades(_ text: String) -> [String: DustForecastGrade] {
    var grades: [String: DustForecastGrade] = [:]
    for piece in text.split(separator: ",") {
      let parts = piece.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let region = parts[0].trimmingCharacters(in: .whitespacesAndNewlines)
      let grade = parts[1].trimmingCharacters(in: .whitespacesAndNewlines)
      guard !region.isEmpty, !grade.isEmpty else { continue }
      grades[region] = DustForecastGrade(rawValue: grade)
    }
    return grades
  }

  private static func forecastPollutant(_ code: String) -> AirPollutant? {
    switch code.trimmingCharacters(in: .whitespaces).uppercased() {
    case "PM10": .pm10
    case "PM25", "PM2.5": .pm25
    case "O3": .ozone
    default: nil
    }
  }

  // MARK: - Values

  /// A text that says something: not `nil`, blank, `"-"` or `"null"` in any case.
  static func text(_ value: String?) -> String? {
    guard var value else { return nil }
    // Most values come without surrounding space; Foundation's trimming is kept for those that
    // do not.
    let utf8 = value.utf8
    if let first = utf8.first, let last = utf8.last, first.isSpace || last.isSpace {
      value = value.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    switch value.utf8.count {
    case 0: return nil
    case 1 where value == "-": return nil
    case 4 where value.utf8.elementsEqual("null".utf8, by: { $0 | 0x20 == $1 }): return nil
    default: return value
    }
  }

  /// A finite, non-negative number, or `nil` for anything else.
  static func number(_ value: String?) -> Double? {
    guard let text = text(value), let number = Double(text), number.isFinite, number >= 0 else {
      return nil
    }
    return number
  }

  private static func flag(_ value: String?) -> AirFlag? {
    text(value).map(AirFlag.init(rawValue:))
  }

  // MARK: - Time

  /// `"2025-05-09 13:00"` in Korea Standard Time; hours run 01–24, and 24:00 is the next day's
  /// 00:00.
  static func measurementTime(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 16, bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
      let day = day(bytes), let hour = digits(bytes[11..<13]), let minute = digits(bytes[14..<16]),
      hour < 24 || (hour == 24 && minute == 0), minute < 60
    else { return nil }
    return koreanTime(day, hour: hour, minute: minute)
  }

  /// `"2023-06-03 23시 발표"` in Korea Standard Time.
  static func announcementTime(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    let hourMark = Array("시".utf8)
    guard bytes.count >= 15, bytes[10] == UInt8(ascii: " "), let day = day(bytes),
      let mark = bytes[11...].firstRange(of: hourMark), (12...13).contains(mark.lowerBound),
      let hour = digits(bytes[11..<mark.lowerBound]), hour <= 24
    else { return nil }
    return koreanTime(day, hour: hour, minute: 0)
  }

  /// `YYYY-MM-DD` at the start of the bytes.
  private static func day(_ bytes: [UInt8]) -> CalendarDay? {
    guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = digits(bytes[0..<4]), let month = digits(bytes[5..<7]),
      let day = digits(bytes[8..<10])
    else { return nil }
    return try? CalendarDay(year: year, month: month, day: day)
  }

  private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in bytes {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  private static let epoch = (try? CalendarDay(year: 1970, month: 1, day: 1))

  /// A time of a day in Korea Standard Time, which has been UTC+9 without daylight saving since
  /// 1988, long before AirKorea's data begins.
  private static func koreanTime(_ day: CalendarDay, hour: Int, minute: Int) -> Date? {
    guard let epoch else { return nil }
    let days = Double(epoch.days(until: day))
    return Date(
      timeIntervalSince1970: days * 86_400 + Double((hour - 9) * 3600 + minute * 60))
  }
}

extension UInt8 {
  fileprivate var isSpace: Bool {
    self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D
  }
}
