import Foundation

/// The weather for one calendar day: its extremes, its overall conditions and its hours.
///
/// Build a day from its hours and let it summarise them, passing the daily minimum and maximum when
/// the provider reports them:
///
/// ```swift
/// let today = DayForecast(day: day, hourly: hours, reportedMaximum: try Temperature(celsius: 24))
/// today.maximum?.isDerived  // false: the provider said 24°
/// today.minimum?.isDerived  // true: the coldest hour, because no minimum was reported
/// ```
public struct DayForecast: Hashable, Sendable {
  /// The day, in the forecast's time zone.
  public let day: CalendarDay
  /// The lowest temperature of the day.
  public let minimum: DailyTemperature?
  /// The highest temperature of the day.
  public let maximum: DailyTemperature?
  /// The cloud cover that describes the day best.
  public let sky: Sky?
  /// What falls during the day, if anything.
  public let precipitationType: PrecipitationType?
  /// The highest chance of precipitation in any hour of the day.
  public let precipitationProbability: Probability?
  /// The largest hourly rain amount of the day.
  public let precipitation: PrecipitationAmount?
  /// The largest hourly snowfall of the day.
  public let snowfall: PrecipitationAmount?
  /// The day's hours, earliest first. Providers may give every hour, every third hour, or none.
  public let hourly: [HourlyForecast]
  /// Which forecast the day comes from.
  public let source: Source
  /// The morning, 00–12 KST, when known.
  public let morning: DayHalf?
  /// The afternoon, 12–24 KST, when known.
  public let afternoon: DayHalf?
  /// Whether the day's hours cover less than the whole day, so that its summary (minimum,
  /// maximum, chance) speaks for part of it only.
  ///
  /// The rule, for a day built from hours: it is partial when it has no hours, when its first
  /// hour starts after 03:00 or when its last hour starts before 21:00 (KST). The three hours
  /// of slack let three-hourly forecasts (00, 03, … 21) count as whole. A mid-term day is never
  /// partial: KMA forecasts it whole.
  public let isPartial: Bool

  /// Which forecast a day comes from.
  public enum Source: String, Hashable, Sendable, Codable, CaseIterable {
    /// The short-term forecast (단기예보), hour by hour; days 0–3 or 4 for KMA, every day of
    /// other providers.
    case shortTerm = "short-term"
    /// KMA's mid-term forecast (중기예보): days 4–10, morning and afternoon only.
    case midTerm = "mid-term"
  }

  /// Creates a day from values already summarised.
  ///
  /// - Parameters:
  ///   - day: The day.
  ///   - minimum: The lowest temperature.
  ///   - maximum: The highest temperature.
  ///   - sky: The cloud cover that describes the day best.
  ///   - precipitationType: What falls during the day.
  ///   - precipitationProbability: The highest chance of precipitation.
  ///   - precipitation: The largest hourly rain amount.
  ///   - snowfall: The largest hourly snowfall.
  ///   - hourly: The day's hours; they are sorted by time.
  ///   - source: Which forecast the day comes from; the short-term one unless given.
  ///   - morning: The morning, 00–12 KST.
  ///   - afternoon: The afternoon, 12–24 KST.
  ///   - isPartial: Whether the values cover less than the whole day.
  public init(
    day: CalendarDay,
    minimum: DailyTemperature?,
    maximum: DailyTemperature?,
    sky: Sky?,
    precipitationType: PrecipitationType?,
    precipitationProbability: Probability?,
    precipitation: PrecipitationAmount? = nil,
    snowfall: PrecipitationAmount? = nil,
    hourly: [HourlyForecast],
    source: Source = .shortTerm,
    morning: DayHalf? = nil,
    afternoon: DayHalf? = nil,
    isPartial: Bool = false
  ) {
    self.day = day
    self.minimum = minimum
    self.maximum = maximum
    self.sky = sky
    self.precipitationType = precipitationType
    self.precipitationProbability = precipitationProbability
    self.precipitation = precipitation
    self.snowfall = snowfall
    self.hourly = hourly.sorted { $0.time < $1.time }
    self.source = source
    self.morning = morning
    self.afternoon = afternoon
    self.isPartial = isPartial
  }

  /// Creates a day by summarising its hours.
  ///
  /// - The minimum and maximum are the reported values when given, and otherwise the lowest and
  ///   highest hourly temperature, marked ``DailyTemperature/isDerived``.
  /// - The sky is the most frequent hourly sky; a tie goes to the cloudier one.
  /// - The precipitation type is the most frequent type other than ``PrecipitationType/nothing``
  ///   (a tie goes to the earliest), or `nothing` when nothing falls in any hour.
  /// - The probability is the highest hourly probability.
  /// - The rain and snow amounts are the largest hourly amounts (a range counts as its upper end);
  ///   an amount whose text could not be read counts only when no hour has a readable one.
  ///
  /// A summary that no hour informs is `nil`. The morning and the afternoon summarise the hours
  /// before and from 12:00 KST the same way, and the day is ``isPartial`` by the rule given there.
  ///
  /// - Parameters:
  ///   - day: The day.
  ///   - hourly: The day's hours, in any order.
  ///   - reportedMinimum: The provider's daily minimum, if it gave one.
  ///   - reportedMaximum: The provider's daily maximum, if it gave one.
  /// - Complexity: O(*n* log *n*) in the number of hours.
  public init(
    day: CalendarDay,
    hourly: [HourlyForecast],
    reportedMinimum: Temperature? = nil,
    reportedMaximum: Temperature? = nil
  ) {
    let hours = hourly.sorted { $0.time < $1.time }
    let temperatures = hours.compactMap(\.temperature)
    self.init(
      day: day,
      minimum: reportedMinimum.map { DailyTemperature($0, isDerived: false) }
        ?? temperatures.min().map { DailyTemperature($0, isDerived: true) },
      maximum: reportedMaximum.map { DailyTemperature($0, isDerived: false) }
        ?? temperatures.max().map { DailyTemperature($0, isDerived: true) },
      sky: Self.mostFrequent(hours.compactMap(\.sky), preferringLaterCase: true),
      precipitationType: Self.prevailingPrecipitation(hours.compactMap(\.precipitationType)),
      precipitationProbability: hours.compactMap(\.precipitationProbability).max(),
      precipitation: Self.largest(hours.compactMap(\.precipitation)),
      snowfall: Self.largest(hours.compactMap(\.snowfall)),
      hourly: hours,
      morning: Self.half(hours, of: day, afternoon: false),
      afternoon: Self.half(hours, of: day, afternoon: true),
      isPartial: Self.coversPart(hours, of: day))
  }

  /// The summary of the hours of one half of the day, or `nil` when none falls in it.
  private static func half(
    _ hours: [HourlyForecast], of day: CalendarDay, afternoon: Bool
  ) -> DayHalf? {
    let noon = day.start(in: CalendarDay.koreaTimeZone).addingTimeInterval(12 * 3600)
    let inHalf = hours.filter { afternoon ? $0.time >= noon : $0.time < noon }
    guard !inHalf.isEmpty else { return nil }
    return DayHalf(
      sky: mostFrequent(inHalf.compactMap(\.sky), preferringLaterCase: true),
      precipitationType: prevailingPrecipitation(inHalf.compactMap(\.precipitationType)),
      precipitationProbability: inHalf.compactMap(\.precipitationProbability).max())
  }

  /// Whether sorted hours leave part of the day uncovered, by the rule of ``isPartial``.
  private static func coversPart(_ hours: [HourlyForecast], of day: CalendarDay) -> Bool {
    guard let first = hours.first?.time, let last = hours.last?.time else { return true }
    let start = day.start(in: CalendarDay.koreaTimeZone)
    return first.timeIntervalSince(start) > 3 * 3600 || last.timeIntervalSince(start) < 21 * 3600
  }

  /// The largest readable amount; the first unreadable one when none is readable.
  private static func largest(_ amounts: [PrecipitationAmount]) -> PrecipitationAmount? {
    let readable = amounts.filter { $0.measure != nil }
    guard !readable.isEmpty else { return amounts.first }
    // `max(by:)` keeps the first of equal elements, so ties go to the earliest hour.
    return readable.max { ($0.measure?.upperEstimate ?? 0) < ($1.measure?.upperEstimate ?? 0) }
  }

  private static func prevailingPrecipitation(
    _ types: [PrecipitationType]
  ) -> PrecipitationType? {
    guard !types.isEmpty else { return nil }
    let falling = types.filter(\.isFalling)
    return mostFrequent(falling, preferringLaterCase: false) ?? .nothing
  }

  /// The most frequent value; ties go to the later case (cloudier sky) or to the earliest seen.
  private static func mostFrequent<Value: CaseIterable & Equatable>(
    _ values: [Value], preferringLaterCase: Bool
  ) -> Value? {
    var best: (value: Value, count: Int, rank: Int)?
    let cases = Array(Value.allCases)
    var seen: [(value: Value, count: Int, firstSeen: Int)] = []
    for (position, value) in values.enumerated() {
      if let index = seen.firstIndex(where: { $0.value == value }) {
        seen[index].count += 1
      } else {
        seen.append((value, 1, position))
      }
    }
    for entry in seen {
      let caseRank = cases.firstIndex(of: entry.value) ?? 0
      let rank = preferringLaterCase ? caseRank : -entry.firstSeen
      if let current = best,
        current.count > entry.count
          || (current.count == entry.count && current.rank >= rank)
      {
        continue
      }
      best = (entry.value, entry.count, rank)
    }
    return best?.value
  }
}

extension DayForecast: Codable {
  private enum CodingKeys: String, CodingKey {
    case day
    case minimum
    case maximum
    case sky
    case precipitationType
    case precipitationProbability
    case precipitation
    case snowfall
    case hourly
    case source
    case morning
    case afternoon
    case isPartial
  }

  /// Decodes a day; its hours are put in time order, as by the initializer.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      day: try c.decode(CalendarDay.self, forKey: .day),
      minimum: try c.decodeIfPresent(DailyTemperature.self, forKey: .minimum),
      maximum: try c.decodeIfPresent(DailyTemperature.self, forKey: .maximum),
      sky: try c.decodeIfPresent(Sky.self, forKey: .sky),
      precipitationType: try c.decodeIfPresent(PrecipitationType.self, forKey: .precipitationType),
      precipitationProbability: try c.decodeIfPresent(
        Probability.self, forKey: .precipitationProbability),
      precipitation: try c.decodeIfPresent(PrecipitationAmount.self, forKey: .precipitation),
      snowfall: try c.decodeIfPresent(PrecipitationAmount.self, forKey: .snowfall),
      hourly: try c.decodeIfPresent([HourlyForecast].self, forKey: .hourly) ?? [],
      source: try c.decodeIfPresent(Source.self, forKey: .source) ?? .shortTerm,
      morning: try c.decodeIfPresent(DayHalf.self, forKey: .morning),
      afternoon: try c.decodeIfPresent(DayHalf.self, forKey: .afternoon),
      isPartial: try c.decodeIfPresent(Bool.self, forKey: .isPartial) ?? false)
  }

  /// Encodes every field; absent values are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(day, forKey: .day)
    try c.encodeIfPresent(minimum, forKey: .minimum)
    try c.encodeIfPresent(maximum, forKey: .maximum)
    try c.encodeIfPresent(sky, forKey: .sky)
    try c.encodeIfPresent(precipitationType, forKey: .precipitationType)
    try c.encodeIfPresent(precipitationProbability, forKey: .precipitationProbability)
    try c.encodeIfPresent(precipitation, forKey: .precipitation)
    try c.encodeIfPresent(snowfall, forKey: .snowfall)
    try c.encode(hourly, forKey: .hourly)
    try c.encode(source, forKey: .source)
    try c.encodeIfPresent(morning, forKey: .morning)
    try c.encodeIfPresent(afternoon, forKey: .afternoon)
    try c.encode(isPartial, forKey: .isPartial)
  }
}
