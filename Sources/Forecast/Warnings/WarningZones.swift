public import Foundation

/// KMA's warning-zone table, bundled (edition 260601, with the zones the 2026 re-split
/// replaced), and the zones of a town.
///
/// ```swift
/// let zones = WarningZones.bundled.zones(
///   province: "경기도", district: "용인시수지구", neighborhood: "성복동", at: .now)
/// zones.map(\.zone.name)      // ["경기도", "용인시", "용인시동북부", "용인시서북부", "용인시남부"]
/// zones.map(\.isPartOfTown)   // [false, false, true, true, true]
/// ```
///
/// A town maps to zones by its administrative names, as KMA publishes no point-in-zone mapping:
/// the province by name (강원특별자치도 is 강원도, 전북특별자치도 is 전북자치도, 제주특별자치도 is
/// 제주도); the city whose zone name begins its 시군구 (`용인시` for `용인시수지구`); the districts
/// of 서울, 울산 and 광주 by the sub-zone they belong to, those of other metropolitan cities by
/// the zone named like the city, else every sub-zone; islands by their 읍면 (울릉군, 흑산면,
/// 추자면, 삼산면, 백령·대청·연평면, 낙월면); and 제주도산지 for both cities of 제주도. A split city's
/// sub-zones are each ``TownZone/isPartOfTown``. The zones the town lies in (the province) come
/// first; 전국 is never listed.
public struct WarningZones: Sendable {
  /// The bundled table.
  public static let bundled = WarningZones(rows: WarningZones.table)

  /// The edition of KMA's table the bundled zones come from.
  public static let edition = "260601"

  private let rows: [WarningZoneRow]
  /// Row indexes by code, every validity.
  private let byCode: [String: [Int]]
  /// Row indexes by parent code.
  private let children: [String: [Int]]

  init(rows: [WarningZoneRow]) {
    self.rows = rows
    var byCode: [String: [Int]] = [:]
    var children: [String: [Int]] = [:]
    for (index, row) in rows.enumerated() {
      byCode[row.code, default: []].append(index)
      if let parent = row.parent { children[parent, default: []].append(index) }
    }
    self.byCode = byCode
    self.children = children
  }

  /// The zone a code stands for at an instant.
  ///
  /// - Parameters:
  ///   - code: The zone's code.
  ///   - date: The instant.
  /// - Returns: The zone valid then, or `nil` when the table has no such zone then.
  public func zone(code: String, at date: Date) -> WarningZone? {
    let minute = WarningTime.kmaMinute(of: date)
    guard let index = byCode[code]?.first(where: { rows[$0].isValid(atMinute: minute) }) else {
      return nil
    }
    return rows[index].zone
  }

  /// Every zone valid at an instant, in the table's order.
  ///
  /// - Parameter date: The instant.
  /// - Returns: The zones.
  public func zones(at date: Date) -> [WarningZone] {
    let minute = WarningTime.kmaMinute(of: date)
    return rows.filter { $0.isValid(atMinute: minute) }.map(\.zone)
  }

  /// The zones a town lies in, or partly in, at an instant.
  ///
  /// - Parameters:
  ///   - province: The 시도, as HaruPlaces writes it (`"경기도"`, `"강원특별자치도"`).
  ///   - district: The 시군구 (`"용인시수지구"`, `"강남구"`), `nil` for a 시도 itself.
  ///   - neighborhood: The 읍면동 (`"성복동"`), `nil` for a 시군구.
  ///   - date: The instant, which decides the zones in use.
  /// - Returns: The zones, the province first; empty when the province is not one KMA's table
  ///   knows.
  /// - Complexity: O(*z*) in the zones under the province.
  public func zones(
    province: String, district: String?, neighborhood: String?, at date: Date
  ) -> [TownZone] {
    WarningZoneMatcher(table: self, minute: WarningTime.kmaMinute(of: date)).zones(
      province: province, district: district, neighborhood: neighborhood)
  }

  // MARK: - For the matcher

  func row(_ code: String, minute: Int64) -> WarningZoneRow? {
    byCode[code]?.lazy.map { rows[$0] }.first { $0.isValid(atMinute: minute) }
  }

  func children(of code: String, minute: Int64) -> [WarningZoneRow] {
    (children[code] ?? []).lazy.map { rows[$0] }.filter { $0.isValid(atMinute: minute) }
  }
}

/// A row of the zone table, as generated; times are KMA's `YYYYMMDDHHmm` numbers.
struct WarningZoneRow: Sendable {
  let code: String
  let from: Int64
  let until: Int64
  /// `REG_SP`: 1 전국, 2/102 province, 3/103 split city, 13/113 city, 14/114/10014 sub-zone.
  let kind: Int64
  let parent: String?
  let shortName: String
  let name: String
  /// The row as a zone, made once.
  let zone: WarningZone
  /// The name without its parenthesis when it names a city or county (ends in 시 or 군), which
  /// a 시군구 begins with; `nil` otherwise.
  let cityName: String?

  init(
    code: String, from: Int64, until: Int64, kind: Int64, parent: String?, shortName: String,
    name: String
  ) {
    self.code = code
    self.from = from
    self.until = until
    self.kind = kind
    self.parent = parent
    self.shortName = shortName
    self.name = name
    zone = WarningZone(
      code: code, name: name, shortName: shortName, parentCode: parent,
      validFrom: WarningTime.date(kmaMinute: from) ?? .distantPast,
      validUntil: until >= 2100_0000_0000 ? nil : WarningTime.date(kmaMinute: until))
    let bare = name.firstIndex(of: "(").map { String(name[..<$0]) } ?? name
    cityName = bare.hasSuffix("시") || bare.hasSuffix("군") ? bare : nil
  }

  func isValid(atMinute minute: Int64) -> Bool {
    from <= minute && minute < until
  }
}
