public import Foundation
public import HaruModels

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
    _ = try KMAResponseReader.read(response)
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: response.body)
    } catch {
      throw unreadable("is not JSON")
    }
    guard let root = object as? [String: Any], let envelope = root["response"] as? [String: Any],
      let body = envelope["body"] as? [String: Any], let items = body["items"] as? [String: Any]
    else { throw unreadable("has no items") }
    let first: Any? =
      (items["item"] as? [Any])?.first ?? (items["item"] as? [String: Any]).map { $0 as Any }
    guard let fields = first as? [String: Any] else { throw unreadable("has no item") }
    return Item(fields: fields)
  }

  private static func unreadable(_ what: String) -> ForecastError {
    ForecastError(
      .decoding,
      message: "The mid-term forecast's answer \(what), so it cannot be read; check the base URL.")
  }

  /// The fields of an item, numbers or text (JSON answers carry numbers, XML ones text).
  private struct Item {
    let fields: [String: Any]

    func text(_ key: String) -> String? {
      switch fields[key] {
      case let text as String: text.trimmingASCIIWhitespace()
      case let number as NSNumber: number.stringValue
      default: nil
      }
    }

    func integer(_ key: String) -> Int? {
      switch fields[key] {
      case let number as NSNumber:
        let value = number.doubleValue
        return value.isFinite && value == value.rounded() && abs(value) < 1000 ? Int(value) : nil
      case let text as String:
        return Int(text.trimmingASCIIWhitespace())
      default:
        return nil
      }
    }
  }
}

/// Entry points for Haru's own benchmarks (`haru-bench`), which can reach only public symbols.
/// Not part of the API: it may change or go away in any release.
@_spi(Benchmarks)
public enum MidTermDecodingBenchmark {
  /// Decodes the bodies of `getMidLandFcst` and `getMidTa` of one issuance.
  ///
  /// - Parameters:
  ///   - land: The `getMidLandFcst` body.
  ///   - temperature: The `getMidTa` body.
  ///   - day: The issuance date.
  ///   - hour: The issuance hour, 6 or 18.
  /// - Returns: The days, as an outlook would show them.
  /// - Throws: ``ForecastError`` as the service's answers do.
  public static func days(
    land: Data, temperature: Data, issuedOn day: CalendarDay, hour: Int
  ) throws(ForecastError) -> [DayForecast] {
    try MidTermForecast.decode(
      land: HTTPResponse(status: 200, body: land),
      temperature: HTTPResponse(status: 200, body: temperature),
      issuance: MidTermIssuance(day: day, hour: hour)
    ).days.map(\.dayForecast)
  }
}
