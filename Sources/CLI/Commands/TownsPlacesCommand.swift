import HaruModels
import HaruPlaces

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
    try show(PlaceDirectory().search(query, limit: limit), context)
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

  /// The town for `towns add QUERY`: the one area the query names, or a usage error listing the
  /// candidates.
  static func town(for query: String) throws(CLIError) -> Town {
    let query = try nonEmpty(query, usage: Help.townsAdd)
    let directory = PlaceDirectory()
    guard let place = directory.uniquePlace(for: query) else {
      let candidates = directory.search(query, limit: candidateCount)
      guard !candidates.isEmpty else {
        throw .usage(Text(.noAreaNamed, String(query.prefix(40))), Help.townsAdd)
      }
      let list = candidates.map { "\n  \($0.fullName)" }.joined()
      throw .usage(Text(.areaAmbiguous, String(query.prefix(40)), list), Help.townsAdd)
    }
    do {
      return try Town(place)
    } catch {
      throw .data(Text(.placeFailed, error.message))
    }
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
