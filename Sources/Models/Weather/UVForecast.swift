public import Foundation

/// KMA's UV index forecast for an area: the index every three hours from the hour it was issued.
///
/// KMA issues it every three hours (00, 03, … 21 KST); each reading holds for the three hours
/// from its time. A slot KMA has not published yet is not a reading, so the forecast can end
/// sooner than the service's 78 hours.
///
/// ```swift
/// let uv: UVForecast = try await ...
/// if let now = uv.index(at: .now) {
///   print("자외선 \(now.value) \(now.grade.displayName(in: .korean))")  // "자외선 4 보통"
/// }
/// let today = CalendarDay(containing: .now, in: CalendarDay.koreaTimeZone)
/// uv.maximum(on: today.adding(days: 1))?.grade  // .high
/// ```
///
/// 출처: 기상청 (`LivingWthrIdxServiceV5`, 자외선지수).
public struct UVForecast: Hashable, Sendable, Codable {
  /// The index for the three hours from a time.
  public struct Reading: Hashable, Sendable, Codable {
    /// The first instant the reading holds for.
    public let time: Date
    /// The index.
    public let index: UVIndex

    /// Creates a reading.
    ///
    /// - Parameters:
    ///   - time: The first instant the reading holds for; it holds for ``UVForecast/span``.
    ///   - index: The index.
    public init(time: Date, index: UVIndex) {
      self.time = time
      self.index = index
    }

    /// Whether an instant falls within the reading's three hours.
    ///
    /// - Parameter date: An instant.
    /// - Returns: Whether `time ≤ date < time + 3 h`.
    public func holds(_ date: Date) -> Bool {
      date >= time && date < time.addingTimeInterval(UVForecast.span)
    }
  }

  /// How long each reading holds for: three hours, in seconds.
  public static let span: TimeInterval = 3 * 3600

  /// When KMA issued the forecast.
  public let issuedAt: Date
  /// The readings, earliest first; a slot KMA left empty is not among them.
  public let readings: [Reading]

  /// Creates a forecast.
  ///
  /// - Parameters:
  ///   - issuedAt: When KMA issued it.
  ///   - readings: The readings in any order; they are kept earliest first, one per time.
  public init(issuedAt: Date, readings: [Reading]) {
    self.issuedAt = issuedAt
    var seen = Set<Date>()
    self.readings = readings.sorted { $0.time < $1.time }.filter { seen.insert($0.time).inserted }
  }

  private enum CodingKeys: String, CodingKey {
    case issuedAt, readings
  }

  /// Decodes a forecast, its readings kept earliest first, one per time.
  ///
  /// - Throws: `DecodingError` when a field is missing or a reading's index is negative.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      issuedAt: try container.decode(Date.self, forKey: .issuedAt),
      readings: try container.decode([Reading].self, forKey: .readings))
  }

  /// The index at an instant: the reading whose three hours hold it.
  ///
  /// ```swift
  /// uv.index(at: noon)?.value  // 4
  /// ```
  ///
  /// - Parameter date: An instant.
  /// - Returns: The index, or `nil` when no reading holds the instant (before the issuance, past
  ///   the last published slot, or at an empty slot).
  /// - Complexity: O(log n) in the number of readings.
  public func index(at date: Date) -> UVIndex? {
    // The readings are sorted: the candidate is the last one that starts at or before `date`.
    var low = 0
    var high = readings.count
    while low < high {
      let middle = (low + high) / 2
      if readings[middle].time <= date { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    let reading = readings[low - 1]
    return reading.holds(date) ? reading.index : nil
  }

  /// The highest index of a day in Korea.
  ///
  /// ```swift
  /// uv.maximum(on: tomorrow)?.value  // 7
  /// ```
  ///
  /// - Parameter day: The day, in Korea Standard Time.
  /// - Returns: The highest index among the readings that start on the day, or `nil` when none
  ///   does.
  public func maximum(on day: CalendarDay) -> UVIndex? {
    let start = day.start(in: CalendarDay.koreaTimeZone)
    let end = day.adding(days: 1).start(in: CalendarDay.koreaTimeZone)
    return readings.lazy.filter { $0.time >= start && $0.time < end }.map(\.index).max()
  }
}
