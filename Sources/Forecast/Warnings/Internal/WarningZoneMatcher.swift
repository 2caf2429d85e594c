/// Finds a town's zones by its administrative names, as ``WarningZones`` describes.
struct WarningZoneMatcher {
  let table: WarningZones
  let minute: Int64

  private static let root = "L1000000"

  /// 시도 names as HaruPlaces writes them, where KMA's table writes them otherwise.
  private static let provinceAliases: [String: String] = [
    "강원특별자치도": "강원도", "전북특별자치도": "전북자치도", "전라북도": "전북자치도",
    "제주특별자치도": "제주도",
  ]

  /// Districts of metropolitan cities by the sub-zone they belong to, where that is known.
  /// 서울's by its planning regions (도심권 with 서북권); 울산's and 광주's by the one district or
  /// county the west sub-zone is.
  private static let metropolitanDistricts: [String: [String: String]] = [
    "서울특별시": [
      "강남구": "서울동남권", "서초구": "서울동남권", "송파구": "서울동남권", "강동구": "서울동남권",
      "은평구": "서울서북권", "서대문구": "서울서북권", "마포구": "서울서북권", "종로구": "서울서북권",
      "중구": "서울서북권", "용산구": "서울서북권",
      "노원구": "서울동북권", "성북구": "서울동북권", "동대문구": "서울동북권", "광진구": "서울동북권",
      "성동구": "서울동북권", "중랑구": "서울동북권", "강북구": "서울동북권", "도봉구": "서울동북권",
      "강서구": "서울서남권", "관악구": "서울서남권", "영등포구": "서울서남권", "금천구": "서울서남권",
      "양천구": "서울서남권", "구로구": "서울서남권", "동작구": "서울서남권",
    ],
    "울산광역시": [
      "울주군": "울산서부", "중구": "울산동부", "남구": "울산동부", "동구": "울산동부", "북구": "울산동부",
    ],
    "광주광역시": [
      "광산구": "광주서부", "동구": "광주동부", "서구": "광주동부", "남구": "광주동부", "북구": "광주동부",
    ],
    "부산광역시": ["중구": "부산서부"],
  ]

  /// Islands and other 읍면 with a zone of their own: (시군구 prefix, 읍면, zone code).
  private static let islands: [(district: String, neighborhood: String, zone: String)] = [
    ("신안군", "흑산면", "L1052500"), ("제주시", "추자면", "L1091000"), ("여수시", "삼산면", "L1052600"),
    ("옹진군", "백령면", "L1014200"), ("옹진군", "대청면", "L1014200"), ("옹진군", "연평면", "L1014300"),
    ("영광군", "낙월면", "L1052720"),
  ]

  /// Counties whose whole zone lies elsewhere in the tree.
  private static let movedCounties: [String: String] = ["울릉군": "L1072100"]

  /// Sub-zones that are "the rest" of a split city once an island of it has its own zone.
  private static let remainders: [String: (island: String, rest: String)] = [
    "L1052700": (island: "L1052720", rest: "L1052710")
  ]

  func zones(province: String, district: String?, neighborhood: String?) -> [TownZone] {
    let provinceName = Self.provinceAliases[province] ?? province
    guard
      let top = table.children(of: Self.root, minute: minute).first(where: {
        $0.name == provinceName || $0.shortName == provinceName
      })
    else { return [] }
    var found: [TownZone] = []
    func add(_ row: WarningZoneRow, part: Bool) {
      guard !found.contains(where: { $0.zone.code == row.code }) else { return }
      found.append(TownZone(zone: row.zone, isPartOfTown: part))
    }
    add(top, part: false)
    guard let district, !district.isEmpty, district != province else {
      // The province itself: each of its zones covers part of it.
      for child in table.children(of: top.code, minute: minute) { add(child, part: true) }
      return found
    }
    if let neighborhood,
      let island = Self.islands.first(where: {
        district.hasPrefix($0.district) && neighborhood == $0.neighborhood
      }), let row = table.row(island.zone, minute: minute)
    {
      // The island's city, when the island is a sub-zone of it (낙월면 of 영광군).
      if let parent = row.parent, parent != top.code,
        let parentRow = table.row(parent, minute: minute), parentRow.parent == top.code
      {
        add(parentRow, part: false)
      }
      add(row, part: false)
      return found
    }
    if let moved = Self.movedCounties.first(where: { district.hasPrefix($0.key) }),
      let row = table.row(moved.value, minute: minute)
    {
      add(row, part: false)
      return found
    }
    if let city = city(in: top.code, district: district) {
      add(city, part: city.name.contains("제외"))
      addSubZones(of: city, neighborhood: neighborhood, add)
    } else if let area = Self.metropolitanDistricts[province]?[district],
      let row = descendant(of: top.code, shortName: area)
    {
      add(row, part: false)
      addSubZones(of: row, neighborhood: neighborhood, add)
    } else {
      // A district of a metropolitan city with no known sub-zone: the zone named like the city,
      // else every sub-zone that is not a city or county, each as part of the town.
      let rest = table.children(of: top.code, minute: minute).filter {
        $0.name == top.name || $0.shortName == top.shortName
          || (!$0.name.hasSuffix("시") && !$0.name.hasSuffix("군"))
      }
      if let named = rest.first(where: { $0.shortName == top.shortName || $0.name == top.name }) {
        add(named, part: false)
        addSubZones(of: named, neighborhood: neighborhood, add)
      } else {
        for row in rest { add(row, part: rest.count > 1) }
      }
    }
    if top.name == "제주도", let mountain = descendant(of: top.code, shortName: "제주도산지") {
      add(mountain, part: true)
    }
    return found
  }

  /// The city or county zone whose name, without its parenthesis, begins the 시군구: the longest
  /// such, searched under the province and one level further.
  private func city(in province: String, district: String) -> WarningZoneRow? {
    var best: WarningZoneRow?
    var bestLength = 0
    var candidates = table.children(of: province, minute: minute)
    candidates += candidates.flatMap { table.children(of: $0.code, minute: minute) }
    for row in candidates {
      // Two names that both begin the 시군구 are the longer in bytes the longer in letters.
      guard let name = row.cityName, name.utf8.count > bestLength, district.hasPrefix(name)
      else { continue }
      best = row
      bestLength = name.utf8.count
    }
    return best
  }

  private func descendant(of code: String, shortName: String) -> WarningZoneRow? {
    var level = table.children(of: code, minute: minute)
    for _ in 0..<3 {
      if let row = level.first(where: { $0.shortName == shortName }) { return row }
      level = level.flatMap { table.children(of: $0.code, minute: minute) }
    }
    return nil
  }

  /// A split zone's sub-zones, each part of the town, unless the town is known to lie in the rest.
  private func addSubZones(
    of row: WarningZoneRow, neighborhood: String?, _ add: (WarningZoneRow, Bool) -> Void
  ) {
    let subZones = table.children(of: row.code, minute: minute)
    if let remainder = Self.remainders[row.code],
      let rest = subZones.first(where: { $0.code == remainder.rest })
    {
      add(rest, false)
      return
    }
    for subZone in subZones { add(subZone, true) }
  }
}
