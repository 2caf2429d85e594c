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
public struct DayForecast: Hashable, Sendable, Codable {
  /// The day, in the forecast's time zone.
  public var day: CalendarDay
  /// The lowest temperature of the day.
  public var minimum: DailyTemperature?
  /// The highest temperature of the day.
  public var maximum: DailyTemperature?
  /// The cloud cover that describes the day best.
  public var sky: Sky?
  /// What falls during the day, if anything.
  public var precipitationType: PrecipitationType?
  /// The highest chance of precipitation in any hour of the day.
  public var precipitationProbability: Probability?
  /// The day's hours, earliest first. Providers may give every hour, every third hour, or none.
  public var hourly: [HourlyForecast]

  /// Creates a day from values already summarised.
  ///
  /// - Parameters:
  ///   - day: The day.
  ///   - minimum: The lowest temperature.
  ///   - maximum: The highest temperature.
  ///   - sky: The cloud cover that describes the day best.
  ///   - precipitationType: What falls during the day.
  ///   - precipitationProbability: The highest chance of precipitation.
  ///   - hourly: The day's hours; they are sorted by time.
  public init(
    day: CalendarDay,
    minimum: DailyTemperature?,
    maximum: DailyTemperature?,
    sky: Sky?,
    precipitationType: PrecipitationType?,
    precipitationProbability: Probability?,
    hourly: [HourlyForecast]
  ) {
    self.day = day
    self.minimum = minimum
    self.maximum = maximum
    self.sky = sky
    self.precipitationType = precipitationType
    self.precipitationProbability = precipitationProbability
    self.hourly = hourly.sorted { $0.time < $1.time }
  }

  /// Creates a day by summarising its hours.
  ///
  /// - The minimum and maximum are the reported values when given, and otherwise the lowest and
  ///   highest hourly temperature, marked ``DailyTemperature/isDerived``.
  /// - The sky is the most frequent hourly sky; a tie goes to the cloudier one.
  /// - The precipitation type is the most frequent type other than ``PrecipitationType/nothing``
  ///   (a tie goes to the earliest), or `nothing` when nothing falls in any hour.
  /// - The probability is the highest hourly probability.
  ///
  /// A summary that no hour informs is `nil`.
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
      hourly: hours)
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

/// A daily minimum or maximum, and whether the provider reported it or it was derived from hours.
public struct DailyTemperature: Hashable, Sendable, Codable {
  /// The temperature.
  public var temperature: Temperature
  /// Whether the value was derived from hourly temperatures because the provider reported none.
  ///
  /// A derived extreme is only as good as the hours it was taken from: from 3-hourly values the true
  /// extreme may be more extreme still. Show it, but say so where it matters.
  public var isDerived: Bool

  /// Creates a daily extreme.
  ///
  /// - Parameters:
  ///   - temperature: The temperature.
  ///   - isDerived: Whether it was derived from hourly values.
  public init(_ temperature: Temperature, isDerived: Bool) {
    self.temperature = temperature
    self.isDerived = isDerived
  }
}
