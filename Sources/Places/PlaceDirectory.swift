public import HaruModels
import HaruShared

/// Every administrative area of South Korea in KMA's grid table, found by name or by position,
/// offline.
///
/// The table (3,838 areas, the 2026-07 edition) is part of the library and is read the first
/// time any directory is used; every directory shares it, so make one wherever it is needed.
///
/// ```swift
/// let places = PlaceDirectory()
/// let seongbok = places.search("용인 성복").first      // 경기도 용인시수지구 성복동
/// let byInitials = places.search("ㅅㅂㄷ")              // 초성
/// let nearest = try places.nearest(to: Coordinate(latitude: 37.31, longitude: 127.08))
/// ```
///
/// Data: 출처: 기상청 (Korea Meteorological Administration), 공공누리 제1유형.
public struct PlaceDirectory: Sendable {
  private var table: PlaceTable { PlaceTable.shared }

  /// Creates a directory. The table is read on first use, not here.
  public init() {}

  /// Reads the table from its compact form again, as the first use does, and returns the number
  /// of areas read: for measuring what the first use costs. The directory reads the table once by
  /// itself; nothing else needs this.
  @_spi(Benchmarks) public static func readTableAgain() -> Int {
    PlaceTable().count
  }

  /// Every area, in the table's order: each 시도, then its 시군구, each followed by its 읍면동.
  ///
  /// - Complexity: O(n): the areas are made when asked for.
  public var places: [Place] { (0..<table.count).map(table.place) }

  /// The area with an administrative area code, if the table has it.
  ///
  /// - Parameter code: A 10-digit code such as `"4146559000"`.
  /// - Returns: The area, or `nil`.
  public func place(code: String) -> Place? {
    table.index(ofCode: code).map(table.place)
  }

  /// The areas whose names match a query, best first.
  ///
  /// The query is split on whitespace into terms, and an area matches when every term is found
  /// in its full name (written without spaces) or in a short name of its 시도, in any order:
  /// `성복동`, `성복`, `수지구 성복동`, `용인 성복` and `용인시수지구` all find 경기도 용인시수지구
  /// 성복동. Names and query are folded alike (NFKC, case folding, combining marks removed, NFC),
  /// so decomposed and full-width text match. A term of consonants alone also matches as 초성
  /// (`ㅅㅂㄷ`; compound letters such as ㄳ, which begin no syllable, are not 초성); the last term, unless the query ends in whitespace, may end in a syllable still
  /// being typed (`성보` finds 성복동). Names from before the 2023–2026 reforms (`강원도`,
  /// `광주광역시 서구`, `인천 중구`) and the usual short names (`서울`, `충남`) lead to today's areas.
  ///
  /// Ranking: the whole name equal to the query, then a name starting with it, then a name
  /// containing it, then a match elsewhere in the full name; among equals, 읍면동 before 시군구
  /// before 시도, then table order.
  ///
  /// A query with nothing to look for (empty, whitespace, punctuation) or longer than 100
  /// characters has no results.
  ///
  /// - Parameters:
  ///   - query: What the person typed.
  ///   - limit: The most results to return; 20 unless given.
  /// - Returns: The matching areas, best first, each once.
  /// - Complexity: Proportional to the number of names holding the query's rarest character, not
  ///   to the size of the table.
  public func search(_ query: String, limit: Int = 20) -> [Place] {
    table.search.search(PlaceQuery(query), limit: limit).map { table.place($0.area) }
  }

  /// The one area a query names, or `nil` when it names none or several.
  ///
  /// A query names one area when exactly one area's full name equals it, else when exactly one
  /// area's own name equals it (`성복동`, `여주시 중앙동`), else when it has a single result.
  /// `중앙동`, found in dozens of cities, names none: show ``search(_:limit:)``'s results and let
  /// the person choose.
  ///
  /// - Parameter query: What the person typed.
  /// - Returns: The area, or `nil`.
  public func uniquePlace(for query: String) -> Place? {
    let ranked = table.search.search(PlaceQuery(query), limit: Int.max)
    let fullNames = ranked.filter { $0.tier == .exactFullName }
    if fullNames.count == 1 { return table.place(fullNames[0].area) }
    let names = ranked.filter { $0.tier <= .exactName }
    if names.count == 1 { return table.place(names[0].area) }
    if ranked.count == 1 { return table.place(ranked[0].area) }
    return nil
  }

  /// The 법정동 a query names, each with the 행정동 it lies in.
  ///
  /// The last term of the query is the 법정동's name, whole (`상현동`, not `상현`); any terms before
  /// it narrow it down by the 시도 and 시군구 it is in, as ``search(_:limit:)`` reads them
  /// (`강남구 신사동`, `서울 신사동`). Text is folded as search folds it.
  ///
  /// ```swift
  /// let places = PlaceDirectory()
  /// places.legalNeighborhoods(named: "상현동").first?.places.map(\.name)
  /// // ["상현1동", "상현2동", "상현3동"]
  /// places.legalNeighborhoods(named: "고기동").first?.places.map(\.name)  // ["동천동"]
  /// places.legalNeighborhoods(named: "신사동").map(\.district)  // 강남구, 은평구 (and others)
  /// ```
  ///
  /// - Parameter query: What the person typed.
  /// - Returns: The matching 법정동, in code order; empty when the query names none.
  /// - Complexity: O(k): a dictionary look-up of the name, then a check of each of the k 법정동
  ///   of that name.
  public func legalNeighborhoods(named query: String) -> [LegalNeighborhood] {
    let folded = KoreanText.fold(query)
    let terms = folded.split(whereSeparator: \.isWhitespace)
    guard let name = terms.last, terms.count <= 8, folded.unicodeScalars.count <= 100,
      let found = table.legalByName[String(name)]
    else { return [] }
    let qualifiers = terms.dropLast().map(String.init)
    return found.map { table.legalNeighborhood(Int($0)) }.filter { legal in
      let within = KoreanText.fold(
        legal.province + (legal.district ?? legal.places.first?.district ?? ""))
      let shortForms = table.shortForms(ofCode: legal.places.first?.code ?? legal.code)
        .map(KoreanText.fold)
      return qualifiers.allSatisfy { term in
        within.contains(term) || shortForms.contains { $0.hasPrefix(term) }
      }
    }
  }

  /// The area of a level whose representative point is nearest to a coordinate, by great-circle
  /// distance.
  ///
  /// ```swift
  /// let cityHall = try Coordinate(latitude: 37.5665, longitude: 126.978)
  /// let place = try PlaceDirectory().nearest(to: cityHall)
  /// // place.fullName == "서울특별시 중구 소공동"
  /// ```
  ///
  /// - Parameters:
  ///   - coordinate: Any place inside KMA's forecast grid.
  ///   - level: The level of area to return: 읍면동 unless given, the level a person calls their
  ///     town. (A 시도's or 시군구's point is its office, which often shares a 동's point.)
  /// - Returns: The nearest area; among areas at the same distance, the first in the table.
  /// - Throws: ``/HaruModels/ModelError/Code/outsideForecastGrid`` when the coordinate is outside the grid,
  ///   which covers South Korea and its seas.
  /// - Complexity: O(log n) on average: a k-d tree over the areas' points.
  public func nearest(
    to coordinate: Coordinate, level: Place.Level = .neighborhood
  ) throws(ModelError) -> Place {
    _ = try GridPoint(containing: coordinate)
    guard let found = table.nearest[level]?.nearest(to: coordinate) else {
      throw ModelError(
        .outsideForecastGrid, field: "coordinate", message: "No area of the table has a position.")
    }
    return table.place(found.area)
  }
}
