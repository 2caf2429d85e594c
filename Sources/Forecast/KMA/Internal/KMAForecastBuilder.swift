import Foundation
import HaruModels

/// Turns KMA items into the Models vocabulary: hours grouped into Korean days, and the nowcast.
enum KMAForecastBuilder {
  /// One hour's values, gathered from the items for that hour.
  private struct Slot {
    var time: Date
    var temperature: Temperature?
    var sky: Sky?
    var precipitationType: PrecipitationType?
    var probability: Probability?
    var precipitation: PrecipitationAmount?
    var snowfall: PrecipitationAmount?
    var humidity: Int?
    var windSpeed: Double?
    var windDirection: Double?
  }

  /// A day's reported extremes.
  private struct Extremes {
    var minimum: Temperature?
    var maximum: Temperature?
  }

  /// Builds a forecast from the items of `getVilageFcst` or `getUltraSrtFcst`.
  ///
  /// - Parameters:
  ///   - items: The items of every page of one run.
  ///   - operation: The operation that answered.
  ///   - requestedRun: The run asked for, used when the items do not name theirs.
  /// - Returns: The forecast, its hours grouped into Korean days.
  /// - Throws: ``ForecastError/Code/noData`` when no item is usable.
  static func forecast(
    from items: [KMAItem], operation: KMAOperation, requestedRun: KMARun?
  ) throws(ForecastError) -> KMAForecast {
    guard let run = run(of: items, operation: operation) ?? requestedRun else {
      throw ForecastError(
        .noData, message: "The forecast service's answer holds no forecast items.")
    }
    let baseDay = run.baseDate
    let lastDate = items.reduce(Int64(-1)) { max($0, $1.forecastDate) }
    let lastDay = day(lastDate)
    // Since 2024-11-28 the last day of a run that reaches three or more days ahead is
    // three-hourly, and its PCP, SNO and WSD are coded categories.
    let codedDate = lastDay.map { baseDay.days(until: $0) >= 3 } == true ? lastDate : -2

    var slots: [Int64: Slot] = [:]
    slots.reserveCapacity(128)
    var extremes: [Int64: Extremes] = [:]
    var dayStarts: [Int64: Date] = [:]
    for item in items where item.category != .unknown {
      guard let value = item.value, item.forecastTime >= 0 else { continue }
      let date = item.forecastDate
      switch item.category {
      case .minimumTemperature, .maximumTemperature:
        guard day(date) != nil else { continue }
        let temperature = self.temperature(value)
        if item.category == .minimumTemperature {
          extremes[date, default: Extremes()].minimum = temperature
        } else {
          extremes[date, default: Extremes()].maximum = temperature
        }
        continue
      default:
        break
      }
      let hour = item.forecastTime / 100
      let minute = item.forecastTime % 100
      guard hour < 24, minute < 60, let key = slotKey(date: date, time: item.forecastTime)
      else { continue }
      if slots[key] == nil {
        let start: Date
        if let known = dayStarts[date] {
          start = known
        } else {
          guard let day = day(date) else { continue }
          start = day.start(in: CalendarDay.koreaTimeZone)
          dayStarts[date] = start
        }
        slots[key] = Slot(time: start.addingTimeInterval(Double(hour * 3600 + minute * 60)))
      }
      let isCoded = date == codedDate
      switch item.category {
      case .temperature, .hourlyTemperature:
        slots[key]?.temperature = temperature(value)
      case .sky:
        slots[key]?.sky = sky(value)
      case .precipitationType:
        slots[key]?.precipitationType = precipitationType(value, operation: operation)
      case .precipitationProbability:
        slots[key]?.probability = number(value).flatMap(probability)
      case .precipitation, .hourlyRain:
        slots[key]?.precipitation = amount(value, unit: .millimeters, isCoded: isCoded)
      case .snowfall:
        slots[key]?.snowfall = amount(value, unit: .centimeters, isCoded: isCoded)
      case .humidity:
        slots[key]?.humidity = humidity(value)
      case .windSpeed:
        slots[key]?.windSpeed = windSpeed(value, isCoded: isCoded)
      case .windDirection:
        slots[key]?.windDirection = windDirection(value)
      case .unknown, .minimumTemperature, .maximumTemperature:
        break
      }
    }

    var hoursByDate: [Int64: [HourlyForecast]] = [:]
    for (key, slot) in slots {
      hoursByDate[key / 10_000, default: []].append(
        HourlyForecast(
          time: slot.time, temperature: slot.temperature, sky: slot.sky,
          precipitationType: slot.precipitationType,
          precipitationProbability: slot.probability, precipitation: slot.precipitation,
          snowfall: slot.snowfall, humidity: slot.humidity, windSpeed: slot.windSpeed,
          windDirection: slot.windDirection))
    }
    var days: [DayForecast] = []
    for date in Set(hoursByDate.keys).union(extremes.keys).sorted() {
      guard let calendarDay = day(date) else { continue }
      let reported = extremes[date]
      days.append(
        DayForecast(
          day: calendarDay, hourly: hoursByDate[date] ?? [],
          reportedMinimum: reported?.minimum, reportedMaximum: reported?.maximum))
    }
    guard !days.isEmpty else {
      throw ForecastError(
        .noData,
        message: "The forecast service's answer for \(run) holds no usable forecast items.")
    }
    return KMAForecast(run: run, gridPoint: gridPoint(of: items), days: days)
  }

  /// Builds the current conditions from the items of `getUltraSrtNcst`.
  ///
  /// - Throws: ``ForecastError/Code/noData`` when no item is usable.
  static func currentConditions(
    from items: [KMAItem], requestedRun: KMARun?
  ) throws(ForecastError) -> CurrentConditions {
    let operation = KMAOperation.nowcast
    let usable = items.filter { $0.category != .unknown && $0.value != nil }
    guard !usable.isEmpty, let run = run(of: items, operation: operation) ?? requestedRun else {
      throw ForecastError(
        .noData, message: "The forecast service's answer holds no observations.")
    }
    var temperature: Temperature?
    var type: PrecipitationType?
    var rain: PrecipitationAmount?
    var humidity: Int?
    var windSpeed: Double?
    var windDirection: Double?
    for item in usable {
      guard let value = item.value else { continue }
      switch item.category {
      case .hourlyTemperature, .temperature: temperature = self.temperature(value)
      case .precipitationType: type = precipitationType(value, operation: operation)
      case .hourlyRain, .precipitation: rain = amount(value, unit: .millimeters, isCoded: false)
      case .humidity: humidity = self.humidity(value)
      case .windSpeed: windSpeed = self.windSpeed(value, isCoded: false)
      case .windDirection: windDirection = self.windDirection(value)
      default: break
      }
    }
    return CurrentConditions(
      run: run, gridPoint: gridPoint(of: items), temperature: temperature,
      precipitationType: type, precipitation: rain, humidity: humidity, windSpeed: windSpeed,
      windDirection: windDirection)
  }

  // MARK: - Runs, days and cells

  /// The run the items name, if they name a valid one.
  private static func run(of items: [KMAItem], operation: KMAOperation) -> KMARun? {
    guard let item = items.first(where: { $0.baseDate >= 0 && $0.baseTime >= 0 }),
      let baseDay = day(item.baseDate), item.baseTime < 2400
    else { return nil }
    return try? KMARun(
      operation: operation, baseDate: baseDay, baseHour: Int(item.baseTime / 100))
  }

  private static func gridPoint(of items: [KMAItem]) -> GridPoint? {
    guard let item = items.first(where: { $0.nx != nil && $0.ny != nil }),
      let nx = item.nx, let ny = item.ny
    else { return nil }
    return try? GridPoint(nx: nx, ny: ny)
  }

  /// The calendar day of a `yyyymmdd` number; `nil` for one of more than eight digits.
  static func day(_ date: Int64) -> CalendarDay? {
    guard date > 0, date < 100_000_000 else { return nil }
    return try? CalendarDay(
      year: Int(date / 10_000), month: Int(date / 100 % 100), day: Int(date % 100))
  }

  /// The key of an hour: its `yyyymmdd` date and `hhmm` time as one twelve-digit number, such
  /// as 202611300600 (`Int64`: past a 32-bit `Int`); `nil` when the date has more than eight
  /// digits or the time more than four.
  static func slotKey(date: Int64, time: Int64) -> Int64? {
    guard (0..<100_000_000).contains(date), (0..<10_000).contains(time) else { return nil }
    return date * 10_000 + time
  }

  // MARK: - Values

  /// A finite number, or `nil` for text that is not one and for KMA's ±900 sentinels.
  static func number(_ text: String) -> Double? {
    guard let value = Double(text) ?? Double(text.trimmingASCIIWhitespace()), value.isFinite,
      value > -900, value < 900
    else { return nil }
    return value
  }

  private static func temperature(_ text: String) -> Temperature? {
    number(text).flatMap { try? Temperature(celsius: $0) }
  }

  private static func wholeNumber(_ text: String) -> Int? {
    guard let value = number(text), value == value.rounded() else { return nil }
    return Int(value)
  }

  private static func sky(_ text: String) -> Sky? {
    switch wholeNumber(text) {
    case 1: .clear
    case 3: .mostlyCloudy
    case 4: .overcast
    // 2 (partly cloudy) was retired in 2019; reading it as another category would invent weather.
    default: nil
    }
  }

  /// `PTY`: 4 is a shower in the short-term forecast; 5–7 are drizzle and flurries in the
  /// ultra-short operations, which have no 4.
  private static func precipitationType(
    _ text: String, operation: KMAOperation
  ) -> PrecipitationType? {
    switch (wholeNumber(text), operation.usesUltraShortCodes) {
    case (0, _): .nothing
    case (1, _): .rain
    case (2, _): .rainAndSnow
    case (3, _): .snow
    case (4, false): .shower
    case (5, true): .drizzle
    case (6, true): .drizzleAndFlurries
    case (7, true): .flurries
    default: nil
    }
  }

  private static func probability(_ value: Double) -> Probability? {
    guard value == value.rounded() else { return nil }
    return try? Probability(percent: Int(value))
  }

  private static func humidity(_ text: String) -> Int? {
    guard let value = wholeNumber(text), (0...100).contains(value) else { return nil }
    return value
  }

  private static func windSpeed(_ text: String, isCoded: Bool) -> Double? {
    // A coded day's WSD 1/2/3 is a category (under 4, 4–9, 9 or more m/s), not a speed.
    if isCoded, let code = wholeNumber(text), (1...3).contains(code) { return nil }
    guard let value = number(text), value >= 0 else { return nil }
    return value
  }

  private static func windDirection(_ text: String) -> Double? {
    guard let value = number(text), (0...360).contains(value) else { return nil }
    return value
  }

  /// A rain or snow amount with its text kept; `nil` only for a missing-value sentinel.
  private static func amount(
    _ text: String, unit: PrecipitationAmount.Unit, isCoded: Bool
  ) -> PrecipitationAmount? {
    if let value = Double(text.trimmingASCIIWhitespace()), value <= -900 || value >= 900 {
      return nil
    }
    if isCoded, let measure = codedMeasure(text, unit: unit),
      let amount = try? PrecipitationAmount(originalText: text, unit: unit, measure: measure)
    {
      return amount
    }
    return PrecipitationAmount(parsing: text, defaultUnit: unit)
  }

  /// The meaning of a coded category of a run's last day: PCP 1/2/3 is under 3, 3–15 and 15 or
  /// more mm an hour; SNO 1/2 is under 1 and 1 or more cm an hour.
  private static func codedMeasure(
    _ text: String, unit: PrecipitationAmount.Unit
  ) -> PrecipitationAmount.Measure? {
    switch (text.trimmingASCIIWhitespace(), unit) {
    case ("1", .millimeters): .lessThan(3)
    case ("2", .millimeters): .between(3, 15)
    case ("3", .millimeters): .atLeast(15)
    case ("1", .centimeters): .lessThan(1)
    case ("2", .centimeters): .atLeast(1)
    default: nil
    }
  }
}
