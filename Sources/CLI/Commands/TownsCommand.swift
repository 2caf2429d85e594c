import HaruModels
import HaruSettings

/// `haru towns list | add NAME … | add QUERY | select NAME | remove NAME | watch | search QUERY |
/// nearest …`.
enum TownsCommand {
  static func run(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let options = try ParsedOptions(
      arguments, valued: ["--lat", "--lon", "--nx", "--ny", "--limit"], usage: Help.towns)
    guard let action = options.positionals.first else {
      throw .usage(Text(.townsMissingAction), Help.towns)
    }
    // KMA's areas need no settings.
    switch action {
    case "search": return try TownsPlacesCommand.search(options, context)
    case "nearest": return try TownsPlacesCommand.nearest(options, context)
    default:
      if options.has("--limit") {
        throw .usage(Text(.limitOnlySearch), Help.towns)
      }
    }
    if action != "add", let place = ["--lat", "--lon", "--nx", "--ny"].first(where: options.has) {
      throw .usage(Text(.placeOnlyAdd, place), Help.towns)
    }
    let store = try context.openSettings()
    switch action {
    case "list":
      try options.expectPositionals(1...1, usage: Help.towns)
    case "add":
      try options.expectPositionals(2...2, .missingTownName, usage: Help.townsAdd)
      // With no place given, the name is looked up among KMA's areas.
      let town =
        try TownPicker.place(from: options, usage: Help.townsAdd) == nil
        ? try TownsPlacesCommand.town(for: options.positionals[1])
        : try TownPicker.town(named: options.positionals[1], from: options, usage: Help.townsAdd)
      try await change(store) { (towns) throws(SettingsError) in try towns.add(town) }
    case "select":
      try options.expectPositionals(2...2, .missingTownName, usage: "haru towns select NAME")
      let town = try TownPicker.saved(options.positionals[1], in: store[.savedTowns])
      try await change(store) { (towns) throws(SettingsError) in
        try towns.select(at: TownPicker.index(of: town, in: towns))
      }
    case "remove":
      try options.expectPositionals(2...2, .missingTownName, usage: "haru towns remove NAME")
      let town = try TownPicker.saved(options.positionals[1], in: store[.savedTowns])
      try await change(store) { (towns) throws(SettingsError) in
        try towns.remove(at: TownPicker.index(of: town, in: towns))
      }
    case "watch":
      try options.expectPositionals(1...1, usage: "haru towns watch")
      try await Watch.run(context) { wake in
        [Watch.follow(store.observe(.savedTowns), wake)]
      } render: { () throws(CLIError) -> String in
        try line(store[.savedTowns], context)
      }
      return
    default:
      throw .usage(Text(.townsUnknownAction, String(action.prefix(20))), Help.towns)
    }
    try show(store[.savedTowns], context)
  }

  static func change(
    _ store: SettingsStore,
    _ body: @escaping @Sendable (inout SavedTowns) throws(SettingsError) -> Void
  ) async throws(CLIError) {
    do {
      try store.update(.savedTowns) { (towns: inout SavedTowns) in try body(&towns) }
      try await store.flush()
    } catch let error as SettingsError {
      throw CLIError(error)
    } catch {
      throw .data(Text(.unexpectedError, "\(error)"))
    }
  }

  /// The towns on one line: the JSON array of `haru --json towns list`, or the names with the
  /// current one marked.
  static func line(_ towns: SavedTowns, _ context: Context) throws(CLIError) -> String {
    if context.json {
      return try context.jsonLine(
        towns.indices.map { TownJSON(towns[$0], isCurrent: $0 == towns.currentIndex) })
    }
    return towns.indices.map { towns[$0].name + ($0 == towns.currentIndex ? " *" : "") }
      .joined(separator: ", ")
  }

  static func show(_ towns: SavedTowns, _ context: Context) throws(CLIError) {
    if context.json {
      try context.printJSON(
        towns.indices.map { TownJSON(towns[$0], isCurrent: $0 == towns.currentIndex) })
      return
    }
    for index in towns.indices {
      let town = towns[index]
      let marker = index == towns.currentIndex ? "*" : " "
      var line = "\(marker) \(pad(town.name, 16))grid \(town.gridPoint.nx),\(town.gridPoint.ny)"
      if let coordinate = town.coordinate {
        line += "  (\(coordinate.latitude), \(coordinate.longitude))"
      }
      context.console.print(line)
    }
  }
}

/// A saved town as JSON.
struct TownJSON: Encodable {
  let name: String
  let nx: Int
  let ny: Int
  let latitude: Double?
  let longitude: Double?
  let current: Bool

  init(_ town: Town, isCurrent: Bool) {
    name = town.name
    nx = town.gridPoint.nx
    ny = town.gridPoint.ny
    latitude = town.coordinate?.latitude
    longitude = town.coordinate?.longitude
    current = isCurrent
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(nx, forKey: .nx)
    try container.encode(ny, forKey: .ny)
    try container.encode(latitude, forKey: .latitude)
    try container.encode(longitude, forKey: .longitude)
    try container.encode(current, forKey: .current)
  }

  enum CodingKeys: String, CodingKey {
    case name, nx, ny, latitude, longitude, current
  }
}

/// Finds or makes the town a command is about.
enum TownPicker {
  /// A town from `--lat/--lon` or `--nx/--ny`.
  static func town(
    named name: String, from options: ParsedOptions, usage: String
  ) throws(CLIError) -> Town {
    guard let place = try place(from: options, usage: usage) else {
      throw .usage(Text(.townNeedsPlace), usage)
    }
    return try make(name: name, place)
  }

  enum Place {
    case coordinate(Double, Double)
    case grid(Int, Int)
  }

  /// The place given by `--lat/--lon` or `--nx/--ny`, or `nil` when neither pair is given.
  static func place(from options: ParsedOptions, usage: String) throws(CLIError) -> Place? {
    let latitude = try options.double("--lat", usage: usage)
    let longitude = try options.double("--lon", usage: usage)
    let nx = try options.integer("--nx", usage: usage)
    let ny = try options.integer("--ny", usage: usage)
    switch (latitude, longitude, nx, ny) {
    case (nil, nil, nil, nil): return nil
    case (let latitude?, let longitude?, nil, nil): return .coordinate(latitude, longitude)
    case (nil, nil, let nx?, let ny?): return .grid(nx, ny)
    case (_, _, nil, nil): throw .usage(Text(.latLonTogether), usage)
    case (nil, nil, _, _): throw .usage(Text(.nxNyTogether), usage)
    default: throw .usage(Text(.latLonOrGrid), usage)
    }
  }

  static func make(name: String, _ place: Place) throws(CLIError) -> Town {
    do {
      switch place {
      case .coordinate(let latitude, let longitude):
        return try Town(
          name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude))
      case .grid(let nx, let ny):
        return try Town(name: name, gridPoint: GridPoint(nx: nx, ny: ny))
      }
    } catch {
      throw .data(Text(.placeFailed, error.message))
    }
  }

  /// The position of a saved town, by name; exact first, then ignoring case.
  /// The saved town a name given on the command line stands for.
  static func saved(_ name: String, in towns: SavedTowns) throws(CLIError) -> Town {
    if let town = towns.first(where: { $0.name == name }) { return town }
    if let town = towns.first(where: { $0.name.lowercased() == name.lowercased() }) {
      return town
    }
    let saved = towns.map(\.name).joined(separator: ", ")
    throw .data(Text(.noSavedTown, String(name.prefix(60)), saved))
  }

  /// Where a town is among the saved towns as they are stored now: a change is replayed on the
  /// newest saved towns, which another process may have reordered.
  static func index(of town: Town, in towns: SavedTowns) throws(SettingsError) -> Int {
    guard let index = towns.firstIndex(of: town) else {
      throw SettingsError(
        .noSuchTown, key: SettingsKey.savedTowns.name,
        message: "\(town.name) is no longer saved: another process removed it.")
    }
    return index
  }
}
