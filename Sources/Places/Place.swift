public import HaruModels

/// One administrative area of South Korea, as KMA's grid table lists it.
///
/// Every area is a 시도 (province or metropolitan city), a 시군구 (city, county or district) or a
/// 읍면동 (town, township or neighbourhood), with KMA's own forecast grid cell for it, its
/// representative point and the mid-term forecast regions it belongs to. Get places from a
/// ``PlaceDirectory``:
///
/// ```swift
/// let place = PlaceDirectory().search("성복동").first
/// // place?.fullName == "경기도 용인시수지구 성복동"
/// // place?.gridPoint == GridPoint(nx: 62, ny: 121)
/// // place?.midTermRegions.temperature == "11B20612"
/// ```
public struct Place: Hashable, Sendable, Identifiable {
  /// The levels of Korean administrative areas.
  public enum Level: Hashable, Sendable, CaseIterable {
    /// 시도: a province, a metropolitan or special city (서울특별시, 경기도).
    case province
    /// 시군구: a city, a county or a district (용인시수지구, 종로구, 울릉군).
    case district
    /// 읍면동: a town, a township or a neighbourhood (성복동, 조치원읍, 대관령면).
    case neighborhood
  }

  /// The 10-digit administrative area code (행정구역코드), unique in the table.
  public let code: String
  /// Which level of area this is.
  public let level: Level
  /// The 시도 the area is in, or is.
  public let province: String
  /// The 시군구 the area is in, or is; `nil` for a 시도. A 일반구 is written with its city, as KMA
  /// writes it (`용인시수지구`).
  public let district: String?
  /// The 읍면동's name; `nil` for a 시도 or a 시군구.
  public let neighborhood: String?
  /// KMA's grid cell for the area, as the table gives it.
  ///
  /// This is the cell to ask forecasts for. It is not recomputed from ``coordinate``: for a few
  /// areas at cell edges the table's cell is a neighbour of the projected one.
  public let gridPoint: GridPoint
  /// The area's representative point; `nil` only for 이어도, which the table places at no point.
  public let coordinate: Coordinate?
  /// The regions KMA's mid-term forecast (days 4–10) is asked for.
  public let midTermRegions: MidTermRegions

  /// The area's code, which identifies it.
  public var id: String { code }

  /// The area's own name: the 읍면동, else the 시군구, else the 시도 (`성복동`).
  public var name: String { neighborhood ?? district ?? province }

  /// The names of the area and the areas it lies in, largest first, separated by spaces
  /// (`경기도 용인시수지구 성복동`).
  public var fullName: String {
    [province, district, neighborhood].compactMap(\.self).joined(separator: " ")
  }

  init(
    code: String, province: String, district: String?, neighborhood: String?,
    gridPoint: GridPoint, coordinate: Coordinate?, midTermRegions: MidTermRegions
  ) {
    self.code = code
    self.level = neighborhood != nil ? .neighborhood : district != nil ? .district : .province
    self.province = province
    self.district = district
    self.neighborhood = neighborhood
    self.gridPoint = gridPoint
    self.coordinate = coordinate
    self.midTermRegions = midTermRegions
  }
}
