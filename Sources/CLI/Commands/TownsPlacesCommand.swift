import Foundation
import HaruForecast
import HaruModels
import HaruPlaces
import HaruSettings

/// `haru towns search QUERY [--limit N]`, `haru towns nearest --lat LAT --lon LON`, and the town
/// `haru towns add QUERY` adds: KMA's areas, from `HaruPlaces`.
enum TownsPlacesCommand {
  /// How many candidates `towns add` lists when a query names several areas.
  static let candidateCount = 10

  static func search(_ options: ParsedOptions, _ context: Context) throws(CLIError) {
    try options.expectPositionals(2...2, .missingQuery, usage: Help.townsSearch)
    let query = try nonEmpty(options.positionals[1], usage: Help.townsSearch)
    let limit = try options.integer("--limit", usage: Help.townsSearch) ?? 10
    guard limit > 0 else {
      throw .usage(Text(.limitAboveZero, String(limit)), Help.townsSearch)
    }
    let directory = PlaceDirectory()
    try show(directory.search(query, limit: limit), context)
    guard !context.json else { return }
    // A 법정동 the query names, and the 행정동 the results list for it.
    for legal in directory.legalNeighborhoods(named: query)
    where legal.places.map(\.name) != [legal.name] {
      context.console.print(
        context.text(
          .legalNeighborhoodMadeUpOf, legal.fullName,
          legal.places.map(\.name).joined(separator: ", ")))
    }
  }

  static func nearest(_ options: ParsedOptions, _ context: Context) throws(CLIError) {
    try options.expectPositionals(1...1, usage: Help.townsNearest)
    guard let latitude = try options.double("--lat", usage: Help.townsNearest),
      let longitude = try options.double("--lon", usage: Help.townsNearest)
    else {
      throw .usage(Text(.nearestNeedsPoint), Help.townsNearest)
    }
    do {
      let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
      let place = try PlaceDirectory().nearest(to: coordinate)
      if context.json {
        try context.printJSON(PlaceJSON(place))
      } else {
        context.console.print(line(place))
      }
    } catch let error as ModelError {
      throw .data(Text(.placeFailed, error.message))
    } catch {
      throw .data(Text(.unexpectedError, "\(error)"))
    }
  }

  /// The town for `towns add QUERY`: for a 법정동 (상현동) whose 행정동 all share one grid cell, one
  /// pair of mid-term regions and one set of warning zones, one town named as the 법정동; else the
  /// one area the query names; else a usage error listing the candidates, with their 시군구. A town
  /// that is the same place as a saved one (상현동 when 상현1동 is saved) is refused as followed.
  static func town(for query: String, saved: SavedTowns) throws(CLIError) -> Town {
    let query = try nonEmpty(query, usage: Help.townsAdd)
    let directory = PlaceDirectory()
    let legal = directory.legalNeighborhoods(named: query)
    guard legal.isEmpty else {
      return try town(for: query, legal: legal, in: directory, saved: saved)
    }
    guard let place = directory.uniquePlace(for: query) else {
      let candidates = directory.search(query, limit: candidateCount)
      guard !candidates.isEmpty else {
        throw .usage(Text(.noAreaNamed, String(query.prefix(40))), Help.townsAdd)
      }
      let list = candidates.map { "\n  \($0.fullName)" }.joined()
      throw .usage(Text(.areaAmbiguous, String(query.prefix(40)), list), Help.townsAdd)
    }
    let town: Town
    do {
      town = try Town(place)
    } catch {
      throw .data(Text(.placeFailed, error.message))
    }
    try checkNotFollowed(town, places: [place], saved: saved, in: directory)
    return town
  }

  /// The town for a query that names one or more 법정동.
  private static func town(
    for query: String, legal: [LegalNeighborhood], in directory: PlaceDirectory,
    saved: SavedTowns
  ) throws(CLIError) -> Town {
    let covered = Set(legal.flatMap(\.places).map(\.code))
    // 행정동 of the same name that are not part of these 법정동 (관악구's 신사동 lies in 신림동).
    let others = directory.search(query, limit: candidateCount).filter { place in
      legal.contains { $0.name == place.name } && !covered.contains(place.code)
    }
    if legal.count == 1, others.isEmpty, let only = legal.first, isOnePlace(only.places) {
      let representative = only.places.first { $0.name == only.name } ?? only.places[0]
      let town: Town
      do {
        town = try Town(representative, name: only.name)
      } catch {
        throw .data(Text(.placeFailed, error.message))
      }
      try checkNotFollowed(town, places: only.places, saved: saved, in: directory)
      return town
    }
    // Each candidate by its full name, which `towns add` takes; a 행정동 of another name says the
    // 법정동 it serves.
    let candidates =
      legal.flatMap { neighborhood in neighborhood.places.map { ($0, neighborhood.name) } }
      + others.map { ($0, $0.name) }
    var list = ""
    for (place, name) in candidates.prefix(candidateCount) {
      list += "\n  \(place.fullName)" + (place.name == name ? "" : "  (\(name))")
    }
    if candidates.count > candidateCount { list += "\n  …" }
    // One 법정동 whose 행정동 differ, or a name of several places (신사동 in 강남구 and 은평구).
    let message: Message =
      legal.count == 1 && others.isEmpty ? .legalNeighborhoodCandidates : .areaAmbiguous
    throw .usage(Text(message, String(query.prefix(40)), list), Help.townsAdd)
  }

  /// Whether areas are one place for a forecast: one grid cell, one pair of mid-term regions, and
  /// the same warning zones.
  private static func isOnePlace(_ places: [Place]) -> Bool {
    guard let first = places.first else { return false }
    let now = Date()
    func zones(_ place: Place) -> Set<String> {
      Set(
        WarningZones.bundled.zones(
          province: place.province, district: place.district, neighborhood: place.neighborhood,
          at: now
        ).map(\.zone.code))
    }
    let firstZones = zones(first)
    return places.dropFirst().allSatisfy {
      $0.gridPoint == first.gridPoint && $0.midTermRegions == first.midTermRegions
        && zones($0) == firstZones
    }
  }

  /// Refuses a town that is a place a saved town already is, in the same grid cell: one of the
  /// same areas, or a 법정동 saved by its name that one of the areas is part of (상현2동 when
  /// 상현동 is saved).
  private static func checkNotFollowed(
    _ town: Town, places: [Place], saved: SavedTowns, in directory: PlaceDirectory
  ) throws(CLIError) {
    let codes = Set(places.map(\.code))
    let names = Set(places.map(\.name)).union([town.name])
    func isSamePlace(_ savedTown: Town) -> Bool {
      guard savedTown.gridPoint == town.gridPoint else { return false }
      if let code = savedTown.areaCode, codes.contains(code) { return true }
      if names.contains(savedTown.name) { return true }
      return directory.legalNeighborhoods(named: savedTown.name).contains { legal in
        legal.places.contains { codes.contains($0.code) }
      }
    }
    guard let followed = saved.first(where: isSamePlace) else { return }
    throw .data(Text(.townAlreadyFollowed, town.name, followed.name))
  }

  private static func nonEmpty(_ query: String, usage: String) throws(CLIError) -> String {
    guard query.contains(where: { !$0.isWhitespace }) else {
      throw .usage(Text(.queryEmpty), usage)
    }
    return query
  }

  static func show(_ places: [Place], _ context: Context) throws(CLIError) {
    if context.json {
      try context.printJSON(places.map(PlaceJSON.init))
      return
    }
    for place in places {
      context.console.print(line(place))
    }
  }

  static func line(_ place: Place) -> String {
    var line = "\(pad(place.fullName, 36))\(place.code)  grid \(place.gridPoint)"
    if let coordinate = place.coordinate {
      line += "  (\(coordinate.latitude), \(coordinate.longitude))"
    }
    let land = place.midTermRegions.land ?? "-"
    return line + "  mid \(land)/\(place.midTermRegions.temperature)"
  }
}

/// An area as JSON: `{"name", "fullName", "code", "grid": {"nx", "ny"}, "coordinate":
/// {"latitude", "longitude"} or null, "midTerm": {"land" (or null), "temperature"}}`.
struct PlaceJSON: Encodable {
  struct Grid: Encodable {
    let nx: Int
    let ny: Int
  }

  struct Point: Encodable {
    let latitude: Double
    let longitude: Double
  }

  struct MidTerm: Encodable {
    let land: String?
    let temperature: String

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(land, forKey: .land)
      try container.encode(temperature, forKey: .temperature)
    }

    enum CodingKeys: String, CodingKey {
      case land, temperature
    }
  }

  let name: String
  let fullName: String
  let code: String
  let grid: Grid
  let coordinate: Point?
  let midTerm: MidTerm

  init(_ place: Place) {
    name = place.name
    fullName = place.fullName
    code = place.code
    grid = Grid(nx: place.gridPoint.nx, ny: place.gridPoint.ny)
    coordinate = place.coordinate.map { Point(latitude: $0.latitude, longitude: $0.longitude) }
    midTerm = MidTerm(
      land: place.midTermRegions.land, temperature: place.midTermRegions.temperature)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(fullName, forKey: .fullName)
    try container.encode(code, forKey: .code)
    try container.encode(grid, forKey: .grid)
    try container.encode(coordinate, forKey: .coordinate)
    try container.encode(midTerm, forKey: .midTerm)
  }

  enum CodingKeys: String, CodingKey {
    case name, fullName, code, grid, coordinate, midTerm
  }
}
