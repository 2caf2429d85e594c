import Foundation
import HaruModels

/// Days 4–10 (or 3–10 in pre-2024 bodies) of one mid-term issuance for one place.
struct MidTermForecast: Hashable, Sendable {
  /// One day of the answer.
  struct Day: Hashable, Sendable {
    let day: CalendarDay
    /// N, counted from the issuance date.
    let number: Int
    let morning: DayHalf?
    let afternoon: DayHalf?
    let minimum: Temperature?
    let maximum: Temperature?

    /// The day as a ``/HaruModels/DayForecast``: the halves as KMA gave them, the extremes as reported.
    var dayForecast: DayForecast {
      let halves = [morning, afternoon].compactMap { $0 }
      let skies = halves.compactMap(\.sky)
      let types = halves.compactMap(\.precipitationType)
      return DayForecast(
        day: day,
        minimum: minimum.map { DailyTemperature($0, isDerived: false) },
        maximum: maximum.map { DailyTemperature($0, isDerived: false) },
        // The cloudier half describes the day, as the hourly summary does on a tie.
        sky: skies.max {
          (Sky.allCases.firstIndex(of: $0) ?? 0) < (Sky.allCases.firstIndex(of: $1) ?? 0)
        },
        precipitationType: types.first(where: \.isFalling) ?? types.first,
        precipitationProbability: halves.compactMap(\.precipitationProbability).max(),
        hourly: [], source: .midTerm, morning: morning, afternoon: afternoon, isPartial: false)
    }
  }

  let issuance: MidTermIssuance
  let days: [Day]

  /// Reads the bodies of `getMidLandFcst` and `getMidTa` for one issuance.
  ///
  /// Day N of a field name (`wf5Am`, `taMin5`) is the issuance date plus N days — never today
  /// plus N: after midnight the newest issuance is yesterday's 18:00 one. Every day field is
  /// optional: a half whose wording is absent or empty (whatever its chance, `0` included) is
  /// missing; a day whose halves are both missing and whose temperatures are absent, or both
  /// `0` (the placeholder some bodies carry for day 4 at 18:00), is left out.
  ///
  /// - Throws: ``ForecastError`` as the service's answers do: an error result code, a gateway
  ///   refusal, or a body that cannot be read.
  static func decode(
    land: HTTPResponse?, temperature: HTTPResponse, issuance: MidTermIssuance
  ) throws(ForecastError) -> MidTermForecast {
    let landItem = try land.map { (response) throws(ForecastError) in try item(of: response) }
    let temperatureItem = try item(of: temperature)
    var days: [Day] = []
    for number in 3...10 {
      let morning: DayHalf?
      let afternoon: DayHalf?
      if number <= 7 {
        morning = landItem.flatMap { half($0, rain: "rnSt\(number)Am", wording: "wf\(number)Am") }
        afternoon = landItem.flatMap {
          half($0, rain: "rnSt\(number)Pm", wording: "wf\(number)Pm")
        }
      } else {
        morning = landItem.flatMap { half($0, rain: "rnSt\(number)", wording: "wf\(number)") }
        afternoon = morning
      }
      let minimum = temperatureItem.integer("taMin\(number)")
      let maximum = temperatureItem.integer("taMax\(number)")
      let hasHalves = morning != nil || afternoon != nil
      let isPlaceholder = minimum == 0 && maximum == 0
      guard hasHalves || ((minimum != nil || maximum != nil) && !isPlaceholder) else { continue }
      days.append(
        Day(
          day: issuance.day.adding(days: number), number: number, morning: morning,
          afternoon: afternoon,
          minimum: minimum.flatMap { try? Temperature(celsius: Double($0)) },
          maximum: maximum.flatMap { try? Temperature(celsius: Double($0)) }))
    }
    return MidTermForecast(issuance: issuance, days: days)
  }

  private static func half(_ item: Item, rain: String, wording: String) -> DayHalf? {
    guard let text = item.text(wording), !text.isEmpty else { return nil }
    let (sky, type) = MidTermWording.read(text)
    return DayHalf(
      sky: sky, precipitationType: type,
      precipitationProbability: item.integer(rain).flatMap { try? Probability(percent: $0) },
      wording: text)
  }

  /// The one item of a normal answer.
  private static func item(of response: HTTPResponse) throws(ForecastError) -> Item {
    // Result codes, gateway envelopes (JSON or XML), HTTP statuses and pages the same way as
    // the short-term service, whose gateway this is.
    let envelope = try EnvelopeReader.read(response, from: .kma, rows: FieldRows(Item.fields))
    guard envelope.hasBody else { throw unreadable("has no items") }
    guard let values = envelope.rows.first else { throw unreadable("has no item") }
    return Item(values: values)
  }

  private static func unreadable(_ what: String) -> ForecastError {
    ForecastError(
      .decoding,
      message: "The mid-term forecast's answer \(what), so it cannot be read; check the base URL.")
  }

  /// The fields of an item, as text (JSON answers carry numbers, the XML ones text).
  private struct Item {
    /// Every field Haru reads of `getMidLandFcst` and `getMidTa`: days 3–7 in halves, 8–10
    /// whole, and the extremes of days 3–10.
    static let fields: [String] =
      (3...7).flatMap { ["rnSt\($0)Am", "rnSt\($0)Pm", "wf\($0)Am", "wf\($0)Pm"] }
      + (8...10).flatMap { ["rnSt\($0)", "wf\($0)"] }
      + (3...10).flatMap { ["taMin\($0)", "taMax\($0)"] }
    private static let index = Dictionary(
      fields.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })

    let values: [String?]

    func text(_ key: String) -> String? {
      guard let index = Self.index[key] else { return nil }
      return values[index]?.trimmingASCIIWhitespace()
    }

    /// A whole number, sent as a number or as text; `nil` for a fraction or past ±999.
    func integer(_ key: String) -> Int? {
      guard let text = text(key) else { return nil }
      if let value = Int(text) { return value }
      guard let value = Double(text), value.isFinite, value == value.rounded(), abs(value) < 1000
      else { return nil }
      return Int(value)
    }
  }
}
