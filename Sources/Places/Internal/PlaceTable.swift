import HaruModels
import HaruShared

/// KMA's area table, read from its compact form in ``PlaceTableData``, with the indexes over it.
///
/// Rows are kept as numbers and indexes into a pool of names, and become ``Place`` values only
/// when asked for: the whole table stays well under a megabyte in memory.
struct PlaceTable: Sendable {
  /// One area, compactly.
  struct Row: Sendable {
    var code: UInt64
    var province: UInt16
    /// 0 (the empty name) when there is none.
    var district: UInt16
    var neighborhood: UInt16
    /// 2 for 읍면동, 1 for 시군구, 0 for 시도.
    var level: UInt8
    /// The position of the area's pair in ``PlaceTable/regions``.
    var regions: UInt16
    var gridPoint: GridPoint
    var coordinate: Coordinate?
  }

  /// Every name and region id the rows refer to; 0 is the empty string.
  let names: [String]
  /// Every distinct pair of mid-term regions the rows refer to.
  let regions: [MidTermRegions]
  /// Every area, in the table's order.
  let rows: [Row]
  /// Row positions sorted by code, for looking a code up.
  let byCode: [Int32]
  /// The names, for search.
  let search: SearchIndex
  /// The points of each level's areas, for the nearest area.
  let nearest: [Place.Level: NearestIndex]
  /// Every 법정동 of 행정안전부's mapping whose 행정동 the table has.
  let legal: [LegalRow]
  /// The positions in ``legal`` of the 법정동 with each name, by the name folded as search folds
  /// text.
  let legalByName: [String: [Int32]]
  /// The short names of each 시도 (`서울`, `경기`), by the first two digits of its code.
  let shortForms: [UInt64: [String]]
  /// The table's rows that could not be read; empty unless the generated source is damaged.
  let unreadableRows: [Int]

  /// One 법정동, compactly.
  struct LegalRow: Sendable {
    var code: UInt64
    var province: UInt16
    /// 0 when its 행정동 lie in more than one 시군구.
    var district: UInt16
    var name: UInt16
    /// The positions of its 행정동 in ``PlaceTable/rows``.
    var areas: [Int32]
  }

  /// The table, read on first use. Reading takes a few milliseconds and no I/O: the table is part
  /// of the library's code.
  static let shared = PlaceTable()

  init() {
    var names: [String] = []
    var nameIndex: [String: UInt16] = [:]
    func intern(_ name: String) -> UInt16 {
      if let index = nameIndex[name] { return index }
      let index = UInt16(truncatingIfNeeded: names.count)
      names.append(name)
      nameIndex[name] = index
      return index
    }
    _ = intern("")
    // The pool's own numbering, mapped to this table's.
    var pool: [UInt16] = []
    Self.forEachRecord(PlaceTableData.pool) { fields, bytes in
      pool.append(intern(fields.first.map { bytes.text($0) } ?? ""))
    }
    func pooled(_ field: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt16? {
      guard let index = bytes.smallInteger(field), pool.indices.contains(index) else { return nil }
      return pool[index]
    }

    var regions: [MidTermRegions] = []
    var regionIndex: [Int: UInt16] = [:]
    var rows: [Row] = []
    rows.reserveCapacity(PlaceTableData.areaCount)
    var unreadable: [Int] = []
    var rowNumber = 0
    Self.forEachRecord(PlaceTableData.areas) { fields, bytes in
      defer { rowNumber += 1 }
      guard fields.count == 10,
        let code = bytes.integer(fields[0]).flatMap(UInt64.init(exactly:)), code > 0,
        let province = pooled(fields[1], bytes), province != 0,
        let district = pooled(fields[2], bytes),
        let nx = bytes.smallInteger(fields[4]), let ny = bytes.smallInteger(fields[5]),
        let gridPoint = try? GridPoint(nx: nx, ny: ny),
        let land = pooled(fields[8], bytes), let temperature = pooled(fields[9], bytes)
      else {
        unreadable.append(rowNumber)
        return
      }
      var coordinate: Coordinate?
      if !fields[6].isEmpty || !fields[7].isEmpty {
        guard let latitude = bytes.integer(fields[6]), let longitude = bytes.integer(fields[7]),
          let point = try? Coordinate(
            latitude: Double(latitude) / 1_000_000, longitude: Double(longitude) / 1_000_000)
        else {
          unreadable.append(rowNumber)
          return
        }
        coordinate = point
      }
      let pair = Int(land) << 16 | Int(temperature)
      if regionIndex[pair] == nil {
        guard
          let made = try? MidTermRegions(
            land: land == 0 ? nil : names[Int(land)], temperature: names[Int(temperature)])
        else {
          unreadable.append(rowNumber)
          return
        }
        regionIndex[pair] = UInt16(truncatingIfNeeded: regions.count)
        regions.append(made)
      }
      let neighborhood = intern(bytes.text(fields[3]))
      rows.append(
        Row(
          code: code, province: province, district: district,
          neighborhood: neighborhood, level: neighborhood != 0 ? 2 : district != 0 ? 1 : 0,
          regions: regionIndex[pair] ?? 0, gridPoint: gridPoint, coordinate: coordinate))
    }

    var shortForms: [UInt64: [String]] = [:]
    Self.forEachRecord(PlaceTableData.shortForms) { fields, bytes in
      guard let prefix = fields.first.flatMap({ bytes.integer($0) }),
        let key = UInt64(exactly: prefix)
      else { return }
      shortForms[key] = fields.dropFirst().map { bytes.text($0) }
    }
    func forms(_ row: Row) -> [String] {
      shortForms[row.code / 100_000_000] ?? []
    }

    var searchNames: [SearchIndex.Name] = []
    searchNames.reserveCapacity(rows.count + 1100)
    for (index, row) in rows.enumerated() {
      let parts = [row.province, row.district, row.neighborhood].filter { $0 != 0 }.map {
        names[Int($0)]
      }
      searchNames.append(
        SearchIndex.Name(
          area: index, rank: 2 - row.level, parts: parts, shortForms: forms(row)))
    }
    // Unreadable rows would shift the positions aliases refer to: keep aliases only when the
    // table is whole.
    if unreadable.isEmpty {
      Self.forEachRecord(PlaceTableData.aliases) { fields, bytes in
        guard fields.count == 4, let area = bytes.smallInteger(fields[0]),
          rows.indices.contains(area),
          let province = pooled(fields[1], bytes), let district = pooled(fields[2], bytes)
        else { return }
        let parts = [names[Int(province)], names[Int(district)], bytes.text(fields[3])].filter {
          !$0.isEmpty
        }
        searchNames.append(
          SearchIndex.Name(
            area: area, rank: 2 - rows[area].level, parts: parts, shortForms: forms(rows[area])))
      }
    }
    // 법정동, each leading search to its 행정동 where their names differ (상현동 to 상현1동, 상현2동
    // and 상현3동; 고기동 to 동천동). Like aliases, kept only when the table is whole.
    var legal: [LegalRow] = []
    if unreadable.isEmpty {
      Self.forEachRecord(PlaceTableData.legalNeighborhoods) { fields, bytes in
        guard fields.count == 5,
          let code = bytes.integer(fields[0]).flatMap(UInt64.init(exactly:)),
          let province = pooled(fields[1], bytes), let district = pooled(fields[2], bytes)
        else { return }
        let areas = bytes.text(fields[4]).split(separator: ",").compactMap { Int32($0) }
        guard !areas.isEmpty, areas.allSatisfy({ rows.indices.contains(Int($0)) }) else { return }
        let name = intern(bytes.text(fields[3]))
        legal.append(
          LegalRow(code: code, province: province, district: district, name: name, areas: areas))
        for area in areas where rows[Int(area)].neighborhood != name {
          let row = rows[Int(area)]
          let parts = [row.province, row.district, name].filter { $0 != 0 }.map { names[Int($0)] }
          searchNames.append(
            SearchIndex.Name(
              area: Int(area), rank: 0, parts: parts, shortForms: forms(row), isLegal: true))
        }
      }
    }
    var legalByName: [String: [Int32]] = [:]
    for (index, row) in legal.enumerated() {
      legalByName[KoreanText.fold(names[Int(row.name)]), default: []].append(Int32(index))
    }
    self.legal = legal
    self.shortForms = shortForms
    self.legalByName = legalByName
    self.search = SearchIndex(names: searchNames)
    self.names = names
    self.regions = regions
    self.rows = rows
    self.byCode = rows.indices.sorted { rows[$0].code < rows[$1].code }.map(Int32.init)
    var nearest: [Place.Level: NearestIndex] = [:]
    for level in Place.Level.allCases {
      nearest[level] = NearestIndex(rows.map { 2 - $0.level == level.rank ? $0.coordinate : nil })
    }
    self.nearest = nearest
    self.unreadableRows = unreadable
  }

  /// Calls `body` with each line of a section of the compact form, split at tabs into ranges of
  /// its UTF-8 bytes. Works on bytes: splitting by `Character` would cost more than everything
  /// else the first use does.
  static func forEachRecord(
    _ text: String, _ body: ([Range<Int>], UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var text = text
    text.withUTF8 { bytes in
      var fields: [Range<Int>] = []
      var start = 0
      for index in 0...bytes.count {
        let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "\n")
        guard byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") else { continue }
        fields.append(start..<index)
        start = index + 1
        if byte == UInt8(ascii: "\n") {
          body(fields, bytes)
          fields.removeAll(keepingCapacity: true)
        }
      }
    }
  }

  // MARK: - Places

  /// The number of areas.
  var count: Int { rows.count }

  /// The area at a position of the table, as a ``Place``.
  func place(_ index: Int) -> Place {
    let row = rows[index]
    return Place(
      code: String(row.code),
      province: names[Int(row.province)],
      district: row.district == 0 ? nil : names[Int(row.district)],
      neighborhood: row.neighborhood == 0 ? nil : names[Int(row.neighborhood)],
      gridPoint: row.gridPoint, coordinate: row.coordinate,
      midTermRegions: regions[Int(row.regions)])
  }

  /// A 법정동 at a position of ``legal``, as a ``LegalNeighborhood``.
  func legalNeighborhood(_ index: Int) -> LegalNeighborhood {
    let row = legal[index]
    return LegalNeighborhood(
      code: String(row.code), name: names[Int(row.name)], province: names[Int(row.province)],
      district: row.district == 0 ? nil : names[Int(row.district)],
      places: row.areas.map { place(Int($0)) })
  }

  /// The short names of the 시도 of an area's code.
  func shortForms(ofCode code: String) -> [String] {
    guard let value = UInt64(code) else { return [] }
    return shortForms[value / 100_000_000] ?? []
  }

  /// The position of the area with a code, if any.
  func index(ofCode code: String) -> Int? {
    guard code.utf8.count == 10, let value = UInt64(code) else { return nil }
    var low = 0
    var high = byCode.count
    while low < high {
      let middle = (low + high) / 2
      if rows[Int(byCode[middle])].code < value { low = middle + 1 } else { high = middle }
    }
    guard low < byCode.count, rows[Int(byCode[low])].code == value else { return nil }
    return Int(byCode[low])
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The bytes of a range as text.
  fileprivate func text(_ range: Range<Int>) -> String {
    String(decoding: self[range], as: UTF8.self)
  }

  /// The bytes of a range as a whole number (an optional leading minus, then at most 18
  /// digits), or `nil`.
  ///
  /// `Int64` on every platform: an area code has ten digits (4146559000), more than a 32-bit
  /// `Int` holds on Apple Watch.
  func integer(_ range: Range<Int>) -> Int64? {
    var index = range.lowerBound
    var sign: Int64 = 1
    if index < range.upperBound, self[index] == UInt8(ascii: "-") {
      sign = -1
      index += 1
    }
    guard index < range.upperBound, range.upperBound - index <= 18 else { return nil }
    var value: Int64 = 0
    while index < range.upperBound {
      let digit = self[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value * 10 + Int64(digit)
      index += 1
    }
    return sign * value
  }

  /// The bytes of a range as a whole number that fits an `Int` (a position in the table, a grid
  /// cell), or `nil`.
  func smallInteger(_ range: Range<Int>) -> Int? {
    integer(range).flatMap { Int(exactly: $0) }
  }
}

extension Place.Level {
  /// The order of equal matches: 읍면동 first, 시도 last.
  var rank: UInt8 {
    switch self {
    case .neighborhood: 0
    case .district: 1
    case .province: 2
    }
  }
}
