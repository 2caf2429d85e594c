import HaruModels

/// KMA's area table, read from its compact form in ``PlaceTableData``, with the indexes over it.
struct PlaceTable: Sendable {
  /// Every area, in the table's order.
  let places: [Place]
  /// The areas by code.
  let byCode: [String: Int]
  /// The names, for search.
  let search: SearchIndex
  /// The points of each level's areas, for the nearest area.
  let nearest: [Place.Level: NearestIndex]
  /// The table's rows that could not be read; empty unless the generated source is damaged.
  let unreadableRows: [Int]

  /// The table, read on first use. Reading takes a few milliseconds and no I/O: the table is part
  /// of the library's code.
  static let shared = PlaceTable()

  init() {
    let pool = Self.lines(PlaceTableData.pool)
    func pooled(_ field: Substring) -> String? {
      guard let index = Int(field), pool.indices.contains(index) else { return nil }
      return pool[index]
    }
    var places: [Place] = []
    places.reserveCapacity(PlaceTableData.areaCount)
    var unreadable: [Int] = []
    for (row, line) in PlaceTableData.areas.split(separator: "\n").enumerated() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard let place = Self.place(fields, pooled) else {
        unreadable.append(row)
        continue
      }
      places.append(place)
    }
    var shortForms: [Substring: [String]] = [:]
    for line in PlaceTableData.shortForms.split(separator: "\n") {
      let fields = line.split(separator: "\t")
      guard let prefix = fields.first else { continue }
      shortForms[prefix] = fields.dropFirst().map(String.init)
    }
    var search = SearchIndex()
    var byCode: [String: Int] = [:]
    byCode.reserveCapacity(places.count)
    for (index, place) in places.enumerated() {
      byCode[place.code] = index
      search.add(
        area: index,
        parts: [place.province, place.district, place.neighborhood].compactMap(\.self),
        shortForms: shortForms[place.code.prefix(2)] ?? [])
    }
    // Unreadable rows would shift the positions aliases refer to: keep aliases only when the
    // table is whole.
    if unreadable.isEmpty {
      for line in PlaceTableData.aliases.split(separator: "\n") {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 4, let area = Int(fields[0]), places.indices.contains(area),
          let province = pooled(fields[1]), let district = pooled(fields[2])
        else { continue }
        let parts = [province, district, String(fields[3])].filter { !$0.isEmpty }
        search.add(
          area: area, parts: parts, shortForms: shortForms[places[area].code.prefix(2)] ?? [])
      }
    }
    self.places = places
    self.byCode = byCode
    self.search = search
    var nearest: [Place.Level: NearestIndex] = [:]
    for level in Place.Level.allCases {
      nearest[level] = NearestIndex(places.map { $0.level == level ? $0.coordinate : nil })
    }
    self.nearest = nearest
    self.unreadableRows = unreadable
  }

  private static func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  private static func place(
    _ fields: [Substring], _ pooled: (Substring) -> String?
  ) -> Place? {
    guard fields.count == 10,
      let province = pooled(fields[1]), !province.isEmpty,
      let district = pooled(fields[2]),
      let nx = Int(fields[4]), let ny = Int(fields[5]),
      let gridPoint = try? GridPoint(nx: nx, ny: ny),
      let land = pooled(fields[8]), let temperature = pooled(fields[9]),
      let regions = try? MidTermRegions(land: land.isEmpty ? nil : land, temperature: temperature)
    else { return nil }
    var coordinate: Coordinate?
    if !fields[6].isEmpty || !fields[7].isEmpty {
      guard let latitude = Int(fields[6]), let longitude = Int(fields[7]),
        let point = try? Coordinate(
          latitude: Double(latitude) / 1_000_000, longitude: Double(longitude) / 1_000_000)
      else { return nil }
      coordinate = point
    }
    return Place(
      code: String(fields[0]), province: province,
      district: district.isEmpty ? nil : district,
      neighborhood: fields[3].isEmpty ? nil : String(fields[3]),
      gridPoint: gridPoint, coordinate: coordinate, midTermRegions: regions)
  }

  // MARK: - Queries

  /// The areas matching a query, best first: by tier, then 읍면동 before 시군구 before 시도, then
  /// table order. Each area once, at its best.
  func search(_ query: PlaceQuery, limit: Int) -> [(area: Int, tier: SearchIndex.Tier)] {
    guard limit > 0 else { return [] }
    var best: [Int32: SearchIndex.Tier] = [:]
    for (entry, tier) in search.matches(query) {
      let area = search.entries[entry].area
      if best[area].map({ tier < $0 }) ?? true {
        best[area] = tier
      }
    }
    var ranked = best.map { (area: Int($0.key), tier: $0.value) }
    ranked.sort { lhs, rhs in
      if lhs.tier != rhs.tier { return lhs.tier < rhs.tier }
      let left = places[lhs.area].level.rank
      let right = places[rhs.area].level.rank
      if left != right { return left < right }
      return lhs.area < rhs.area
    }
    return Array(ranked.prefix(limit))
  }
}

extension Place.Level {
  /// The order of equal matches: 읍면동 first, 시도 last.
  var rank: Int {
    switch self {
    case .neighborhood: 0
    case .district: 1
    case .province: 2
    }
  }
}
