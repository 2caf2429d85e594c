import Foundation
import HaruModels

/// Reads the answers of KMA's index services into the models, through the one envelope reader.
///
/// - The UV index (`getUVIdxV5`): a row per area with `date` (the issuance, `YYYYMMDDHH`) and
///   `h0`, `h3`, … `h75`, the index every three hours from the issuance hour. A slot not
///   published yet is `""` (`h60`–`h75` in a real answer of 2026-09-26 12h); the manual's `h78`
///   is not sent. Either is simply not a reading.
/// - The pollen risk: a row per area with `date` and `today`, `tomorrow`, `dayaftertomorrow`,
///   `twodaysaftertomorrow` (the Swagger's `todaysaftertomorrow` is not what is sent), counted
///   from the bulletin's day; `""` or absent is a day the bulletin does not give. Out of season
///   the service answers with a header only, `99` "해당지수자료 제공기간이 아닙니다! [자료제공기간
///   3월 ~ 6월]": not in season, not an error.
///
/// An answer with no row for the area asked is "not published" (``ForecastError/Code/noData``),
/// as `03` is, so that the client asks the issuance before.
enum KMAIndexDecoding {
  /// The fields of a UV row: `areaNo`, `date`, then `h0` to `h78`.
  static let uvFields = ["areaNo", "date"] + (0...26).map { "h\($0 * 3)" }
  /// The fields of a pollen row: `areaNo`, `date`, then the four days.
  static let pollenFields = [
    "areaNo", "date", "today", "tomorrow", "dayaftertomorrow", "twodaysaftertomorrow",
  ]

  /// What the pollen service says outside a kind's season, in a header-only `99`.
  static let outOfSeasonWords = "제공기간이 아닙니다"

  /// The UV forecast of an area in an answer of `getUVIdxV5`.
  ///
  /// - Parameters:
  ///   - response: The answer.
  ///   - areaCode: The area asked for.
  ///   - issuance: The issuance asked for; the row's own `date` wins when it has one.
  /// - Returns: The forecast.
  /// - Throws: ``ForecastError/Code/noData`` when the answer has no row for the area; a value
  ///   that is not a whole number 0 or more is ``ForecastError/Code/decoding``; every other
  ///   answer as ``EnvelopeReader`` types it.
  static func uv(
    _ response: HTTPResponse, areaCode: String, issuance: Date
  ) throws(ForecastError) -> UVForecast {
    let service = PortalService.kmaLivingIndices
    let envelope = try EnvelopeReader.read(response, from: service, fields: uvFields)
    let row = try row(of: envelope, areaCode: areaCode, issuance: issuance, from: service)
    let issuedAt = row[1].flatMap(KMAIndexSchedule.issuance(parsing:)) ?? issuance
    var readings: [UVForecast.Reading] = []
    for (slot, text) in row.dropFirst(2).enumerated() {
      guard let value = try number(text, field: uvFields[slot + 2], of: response, from: service),
        let index = try? UVIndex(value)
      else { continue }
      readings.append(
        UVForecast.Reading(
          time: issuedAt.addingTimeInterval(Double(slot) * UVForecast.span), index: index))
    }
    return UVForecast(issuedAt: issuedAt, readings: readings)
  }

  /// The pollen forecast of an area in an answer of a pollen operation.
  ///
  /// - Parameters:
  ///   - response: The answer.
  ///   - kind: The kind asked for.
  ///   - areaCode: The area asked for.
  ///   - issuance: The bulletin asked for; the row's own `date` wins when it has one.
  /// - Returns: The forecast, or ``PollenForecast/notInSeason(_:)`` for the service's
  ///   header-only `99` that says the period is not served.
  /// - Throws: ``ForecastError/Code/noData`` when the answer has no row for the area; a value
  ///   outside 0…3 is ``ForecastError/Code/decoding``; any other `99` (a wrong area code, a
  ///   bulletin older than a day) and every other answer as ``EnvelopeReader`` types it.
  static func pollen(
    _ response: HTTPResponse, kind: PollenKind, areaCode: String, issuance: Date
  ) throws(ForecastError) -> PollenForecast {
    let service = PortalService.kmaHealthIndices
    var envelope = try EnvelopeReader.envelope(
      of: response, from: service, rows: FieldRows(pollenFields))
    if envelope.isHeaderOnly,
      envelope.resultCode?.trimmingASCIIWhitespace() == KMAResultCode.unknownError.rawValue,
      envelope.resultMessage?.contains(outOfSeasonWords) == true
    {
      return .notInSeason(kind)
    }
    try EnvelopeReader.check(&envelope, of: response, from: service)
    let row = try row(of: envelope, areaCode: areaCode, issuance: issuance, from: service)
    let issuedAt = row[1].flatMap(KMAIndexSchedule.issuance(parsing:)) ?? issuance
    let bulletinDay = CalendarDay(containing: issuedAt, in: CalendarDay.koreaTimeZone)
    var days: [PollenForecast.Day] = []
    for (offset, text) in row.dropFirst(2).enumerated() {
      let field = pollenFields[offset + 2]
      guard let value = try number(text, field: field, of: response, from: service) else {
        continue
      }
      guard let risk = PollenRisk(rawValue: value) else {
        throw unreadable(field, of: response, from: service)
      }
      days.append(PollenForecast.Day(day: bulletinDay.adding(days: offset), risk: risk))
    }
    return PollenForecast(kind: kind, issuedAt: issuedAt, days: days)
  }

  /// The row of the area asked for.
  private static func row(
    of envelope: Envelope<[String?]>, areaCode: String, issuance: Date, from service: PortalService
  ) throws(ForecastError) -> [String?] {
    guard
      let row = envelope.rows.first(where: { $0[0]?.trimmingASCIIWhitespace() == areaCode })
    else {
      throw ForecastError(
        .noData,
        message:
          "\(service.name) has nothing for area \(areaCode) in the issuance of "
          + "\(KMAIndexSchedule.text(of: issuance)): it is not published yet.")
    }
    return row
  }

  /// A slot's whole number, `nil` for an empty or absent slot.
  ///
  /// - Throws: ``ForecastError/Code/decoding`` for text that is not a whole number 0 or more.
  private static func number(
    _ text: String?, field: String, of response: HTTPResponse, from service: PortalService
  ) throws(ForecastError) -> Int? {
    guard let trimmed = text?.trimmingASCIIWhitespace(), !trimmed.isEmpty else { return nil }
    if let value = Int(trimmed), value >= 0 { return value }
    // A number sent as JSON may be written `4.0`.
    if let value = Double(trimmed), value >= 0, value < 1000, value.rounded() == value {
      return Int(value)
    }
    throw unreadable(field, of: response, from: service)
  }

  private static func unreadable(
    _ field: String, of response: HTTPResponse, from service: PortalService
  ) -> ForecastError {
    ForecastError(
      .decoding,
      message:
        "\(service.name) sent a value in \(field) that is not one of its index values; the "
        + "answer could not be read.",
      httpStatus: response.status)
  }
}
