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
  /// Each area's place in the order of equal matches (``Place/Level/rank``).
  let levelRanks: [UInt8]
  /// The table's rows that could not be read; empty unless the generated source is damaged.
  let unreadableRows: [Int]

  /// The table, read on first use. Reading takes a few milliseconds and no I/O: the table is part
  /// of the library's code.
  static let shared = PlaceTable()

  init() {
    let pool = Self.records(PlaceTableData.pool).map { $0.first.map(\.text) ?? "" }
    func pooled(_ field: Field) -> String? {
      guard let index = field.integer, pool.indices.contains(index) else { return nil }
      return pool[index]
    }
    var places: [Place] = []
    places.reserveCapacity(PlaceTableData.areaCount)
    var unreadable: [Int] = []
    for (row, fields) in Self.records(PlaceTableData.areas).enumerated() {
      guard let place = Self.place(fields, pooled) else {
        unreadable.append(row)
        continue
      }
      places.append(place)
    }
    var shortForms: [String: [String]] = [:]
    for fields in Self.records(PlaceTableData.shortForms) {
      guard let prefix = fields.first else { continue }
      shortForms[prefix.text] = fields.dropFirst().map(\.text)
    }
    var search = SearchIndex()
    var byCode: [String: Int] = [:]
    byCode.reserveCapacity(places.count)
    for (index, place) in places.enumerated() {
      byCode[place.code] = index
      search.add(
        area: index,
        parts: [place.province, place.district, place.neighborhood].compactMap(\.self),
        shortForms: shortForms[String(place.code.prefix(2))] ?? [])
    }
    // Unreadable rows would shift the positions aliases refer to: keep aliases only when the
    // table is whole.
    if unreadable.isEmpty {
      for fields in Self.records(PlaceTableData.aliases) {
        guard fields.count == 4, let area = fields[0].integer, places.indices.contains(area),
          let province = pooled(fields[1]), let district = pooled(fields[2])
        else { continue }
        let parts = [province, district, fields[3].text].filter { !$0.isEmpty }
        search.add(
          area: area, parts: parts,
          shortForms: shortForms[String(places[area].code.prefix(2))] ?? [])
      }
    }
    search.finish()
    self.places = places
    self.byCode = byCode
    self.search = search
    self.levelRanks = places.map { UInt8($0.level.rank) }
    var nearest: [Place.Level: NearestIndex] = [:]
    for level in Place.Level.allCases {
      nearest[level] = NearestIndex(places.map { $0.level == level ? $0.coordinate : nil })
    }
    self.nearest = nearest
    self.unreadableRows = unreadable
  }

  /// One tab-separated field of the compact form, as UTF-8.
  struct Field {
    var bytes: ArraySlice<UInt8>

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The field as a whole number (an optional leading minus, then digits), or `nil`.
    var integer: Int? {
      var value = 0
      var sign = 1
      var index = bytes.startIndex
      if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") {
        sign = -1
        index += 1
      }
      guard index < bytes.endIndex, bytes.endIndex - index <= 18 else { return nil }
      while index < bytes.endIndex {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
        index += 1
      }
      return sign * value
    }
  }

  /// The lines of a section of the compact form, each split into its fields. Works on bytes:
  /// splitting by `Character` would cost more than everything else the first use does.
  static func records(_ text: String) -> [[Field]] {
    let bytes = Array(text.utf8)
    var records: [[Field]] = []
    var fields: [Field] = []
    var start = 0
    for index in 0...bytes.count {
      let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "\n")
      guard byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") else { continue }
      fields.append(Field(bytes: bytes[start..<index]))
      start = index + 1
      if byte == UInt8(ascii: "\n") {
        records.append(fields)
        fields.removeAll(keepingCapacity: true)
      }
    }
    return records
  }

  private static func place(_ fields: [Field], _ pooled: (Field) -> String?) -> Place? {
    guard fields.count == 10,
      let province = pooled(fields[1]), !province.isEmpty,
      let district = pooled(fields[2]),
      let nx = fields[4].integer, let ny = fields[5].integer,
      let gridPoint = try? GridPoint(nx: nx, ny: ny),
      let land = pooled(fields[8]), let temperature = pooled(fields[9]),
      let regions = try? MidTermRegions(land: land.isEmpty ? nil : land, temperature: temperature)
    else { return nil }
    var coordinate: Coordinate?
    if !fields[6].bytes.isEmpty || !fields[7].bytes.isEmpty {
      guard let latitude = fields[6].integer, let longitude = fields[7].integer,
        let point = try? Coordinate(
          latitude: Double(latitude) / 1_000_000, longitude: Double(longitude) / 1_000_000)
      else { return nil }
      coordinate = point
    }
    let neighborhood = fields[3].text
    return Place(
      code: fields[0].text, province: province,
      district: district.isEmpty ? nil : district,
      neighborhood: neighborhood.isEmpty ? nil : neighborhood,
      gridPoint: gridPoint, coordinate: coordinate, midTermRegions: regions)
  }

  // MARK: - Queries

  /// The areas matching a query, best first: by tier, then 읍면동 before 시군구 before 시도, then
  /// table order. Each area once, at its best.
  func search(_ query: PlaceQuery, limit: Int) -> [(area: Int, tier: SearchIndex.Tier)] {
    guard limit > 0 else { return [] }
    // Each area's best key so far, tier × 3 + level rank; 255 for none.
    var best = [UInt8](repeating: .max, count: places.count)
    var touched: [Int32] = []
    for (entry, tier) in search.matches(query) {
      let area = Int(search.entries[entry].area)
      let key = tier.rawValue * 3 + levelRanks[area]
      if best[area] == .max { touched.append(Int32(area)) }
      if key < best[area] { best[area] = key }
    }
    guard !touched.isEmpty else { return [] }
    // Only the keys up to the one that reaches the limit need sorting.
    var counts = [Int](repeating: 0, count: 16)
    for area in touched { counts[Int(best[Int(area)])] += 1 }
    var lastKey = 0
    var total = 0
    while lastKey < counts.count - 1 {
      total += counts[lastKey]
      if total >= limit { break }
      lastKey += 1
    }
    var packed: [Int] = []
    packed.reserveCapacity(min(touched.count, max(limit, total)))
    for area in touched where Int(best[Int(area)]) <= lastKey {
      packed.append(Int(best[Int(area)]) << 32 | Int(area))
    }
    packed.sort()
    return packed.prefix(limit).map { key in
      let area = key & 0xFFFF_FFFF
      let tier = SearchIndex.Tier(rawValue: UInt8((key >> 32) / 3)) ?? .fullName
      return (area, tier)
    }
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
