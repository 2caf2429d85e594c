/// A 법정동: a neighbourhood as land records and addresses name it, and the 행정동 it lies in.
///
/// People name their neighbourhood by its 법정동 (`상현동`, the name in their address), while KMA's
/// table, and so every forecast, lists 행정동, the areas of local administration: 상현동 is served by
/// 상현1동, 상현2동 and 상현3동, and 고기동 lies in 동천동. ``PlaceDirectory/search(_:limit:)`` finds
/// the 행정동 by a 법정동's name; ``PlaceDirectory/legalNeighborhoods(named:)`` says which 법정동 a
/// name is, and which 행정동 make it up:
///
/// ```swift
/// let sanghyeon = PlaceDirectory().legalNeighborhoods(named: "상현동")
/// // one 법정동, 경기도 용인시수지구 상현동, whose places are 상현1동, 상현2동 and 상현3동
/// ```
///
/// Data: 행정안전부's mapping of 행정동 and 법정동 in effect on 2025-07-01 (출처: 행정안전부, 공공누리
/// 제1유형), matched to KMA's 2026 table by code, or by name where areas were recoded since. A 행정동
/// KMA does not list (a 출장소, or an area renamed or split since 2025-07) is not among ``places``.
public struct LegalNeighborhood: Hashable, Sendable, Identifiable {
  /// The 10-digit 법정동 code (법정동코드), such as `"4146510700"` for 상현동.
  public let code: String
  /// The 법정동's name (`상현동`).
  public let name: String
  /// The 시도 it is in.
  public let province: String
  /// The 시군구 it is in, as KMA's table writes it (`용인시수지구`); `nil` when its 행정동 lie in
  /// different 시군구 since a city was divided.
  public let district: String?
  /// The 행정동 it lies in, in the table's order; never empty.
  public let places: [Place]

  /// The 법정동's code, which identifies it.
  public var id: String { code }

  /// The names of the 법정동 and the areas it lies in, largest first (`경기도 용인시수지구 상현동`).
  public var fullName: String {
    [province, district, name].compactMap(\.self).joined(separator: " ")
  }

  init(code: String, name: String, province: String, district: String?, places: [Place]) {
    self.code = code
    self.name = name
    self.province = province
    self.district = district
    self.places = places
  }
}
