public import Foundation

/// KMA's pollen risk for one kind of pollen and an area: the risk of each day a bulletin gives,
/// or "not in season".
///
/// KMA issues a bulletin at 06 and 18 KST during the kind's season (``PollenKind/months``) for
/// the bulletin's day and up to three days after; a day the bulletin leaves empty is not among
/// ``days``. Outside the season there is nothing to show and nothing is asked:
/// ``notInSeason(_:)``.
///
/// ```swift
/// let pollen: PollenForecast = try await ...
/// if !pollen.isInSeason {
///   print("\(pollen.kind.displayName(in: .korean)) 꽃가루: 제공 기간이 아니에요")
/// } else if let risk = pollen.risk(on: today) {
///   print("\(pollen.kind.displayName(in: .korean)) 꽃가루 \(risk.displayName(in: .korean))")
///   // "참나무 꽃가루 높음"
/// }
/// ```
///
/// 출처: 기상청 (`HealthWthrIdxServiceV3`, 꽃가루농도위험지수).
public struct PollenForecast: Hashable, Sendable {
  /// The risk of one day.
  public struct Day: Hashable, Sendable, Codable {
    /// The day, in Korea.
    public let day: CalendarDay
    /// The risk.
    public let risk: PollenRisk

    /// Creates a day's risk.
    ///
    /// - Parameters:
    ///   - day: The day, in Korea.
    ///   - risk: The risk.
    public init(day: CalendarDay, risk: PollenRisk) {
      self.day = day
      self.risk = risk
    }
  }

  /// The kind of pollen.
  public let kind: PollenKind
  /// When KMA issued the bulletin; `nil` when the kind is not in season.
  public let issuedAt: Date?
  /// The days the bulletin gives a risk for, earliest first; empty when the kind is not in
  /// season.
  public let days: [Day]

  /// Creates the forecast of a bulletin.
  ///
  /// - Parameters:
  ///   - kind: The kind of pollen.
  ///   - issuedAt: When KMA issued the bulletin.
  ///   - days: The days' risks in any order; they are kept earliest first, one per day.
  public init(kind: PollenKind, issuedAt: Date, days: [Day]) {
    self.init(kind: kind, issuedAt: Optional(issuedAt), days: days)
  }

  private init(kind: PollenKind, issuedAt: Date?, days: [Day]) {
    self.kind = kind
    self.issuedAt = issuedAt
    var seen = Set<CalendarDay>()
    self.days = days.sorted { $0.day < $1.day }.filter { seen.insert($0.day).inserted }
  }

  /// The forecast of a kind outside its season: no bulletin, no days.
  ///
  /// ```swift
  /// let pine = PollenForecast.notInSeason(.pine)
  /// pine.isInSeason  // false
  /// ```
  ///
  /// - Parameter kind: The kind of pollen.
  /// - Returns: The forecast, with ``isInSeason`` `false`.
  public static func notInSeason(_ kind: PollenKind) -> PollenForecast {
    PollenForecast(kind: kind, issuedAt: nil, days: [])
  }

  /// Whether KMA serves the kind now: `false` for ``notInSeason(_:)``.
  public var isInSeason: Bool { issuedAt != nil }

  /// The risk of a day.
  ///
  /// - Parameter day: The day, in Korea.
  /// - Returns: The risk, or `nil` when the bulletin gives none for the day (or the kind is not
  ///   in season).
  public func risk(on day: CalendarDay) -> PollenRisk? {
    days.first { $0.day == day }?.risk
  }
}

extension PollenForecast: Codable {
  private enum CodingKeys: String, CodingKey {
    case kind, isInSeason, issuedAt, days
  }

  /// Decodes a forecast stored as `kind`, `isInSeason`, `issuedAt` (in season only) and `days`.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when a forecast in season has no `issuedAt`, or one
  ///   out of season has an `issuedAt` or days.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(PollenKind.self, forKey: .kind)
    let inSeason = try container.decode(Bool.self, forKey: .isInSeason)
    let issuedAt = try container.decodeIfPresent(Date.self, forKey: .issuedAt)
    let days = try container.decodeIfPresent([Day].self, forKey: .days) ?? []
    if inSeason, let issuedAt {
      self.init(kind: kind, issuedAt: issuedAt, days: days)
    } else if !inSeason, issuedAt == nil, days.isEmpty {
      self = .notInSeason(kind)
    } else {
      throw DecodingError.dataCorruptedError(
        forKey: .isInSeason, in: container,
        debugDescription:
          "A pollen forecast in season has an issuedAt; one out of season has neither an "
          + "issuedAt nor days.")
    }
  }

  /// Encodes `kind`, `isInSeason`, `issuedAt` (in season only) and `days`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encode(isInSeason, forKey: .isInSeason)
    try container.encodeIfPresent(issuedAt, forKey: .issuedAt)
    try container.encode(days, forKey: .days)
  }
}
