import Foundation
import HaruForecast
import HaruModels
import HaruPlaces
import HaruSettings

/// `haru warnings`: the weather warnings (기상특보) in force for a town, and its 예비특보.
enum WarningsCommand {
  static let usage = Help.warnings

  static func run(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let options = try ParsedOptions(
      arguments,
      valued: [
        "--town", "--lat", "--lon", "--now", "--warn-base-url", "--service-key", "--gateway",
      ],
      flags: ["--offline"], usage: usage)
    try options.expectPositionals(0...0, usage: usage)
    let offline = options.flag("--offline")
    if offline,
      ["--town", "--lat", "--lon", "--now", "--warn-base-url"].contains(where: options.has)
    {
      throw .usage(Text(.warningsOfflineAlone), usage)
    }
    var now = try options.value("--now").map { (text) throws(CLIError) in
      try ForecastCommand.parseInstant(text, usage: usage)
    }
    let settings = try context.openSettings()
    let name: String
    let place: Place
    let client: KMAWarningsClient
    if offline {
      guard let sample = PlaceDirectory().uniquePlace(for: SampleData.warningsTown) else {
        throw .data(Text(.samplesNotFound))
      }
      (name, place) = (sample.name, sample)
      now = SampleData.warningsInstant
      client = try sampleClient()
    } else {
      (name, place) = try pickPlace(options, settings)
      let gateway = try ServiceOptions.gateway(options, usage: usage)
      guard
        let asked = try Self.client(
          options, context, kmaBaseURL: nil, now: now, gateway: gateway)
      else {
        throw .usage(Text(.warningsNeedKey, Keys.whereToGetOne), usage)
      }
      client = asked
    }
    let report = await client.report(
      province: place.province, district: place.district, neighborhood: place.neighborhood,
      at: now)
    if let reason = report.missingReason {
      context.console.printError(context.text(.reportNote, reason.message(in: context.language)))
    }
    if offline { SampleData.printLabel(SampleData.warningsLabel(context.language), context) }
    if context.json {
      try context.printJSON(WarningsDocument(report, town: name, language: context.language))
      return
    }
    context.console.print(
      "\(name) (\(place.fullName)) · \(ForecastCommand.koreanTime(report.asOf)) · "
        + ForecastAttribution.kmaWarnings.text)
    for line in lines(report, context) {
      context.console.print(line)
    }
  }

  /// A client that answers from the bundled warning samples, at their own instant.
  static func sampleClient() throws(CLIError) -> KMAWarningsClient {
    let transport = SampleTransport(folder: try SampleData.folder(), service: .warnings)
    do {
      return try KMAWarningsClient(
        serviceKey: "sample", transport: transport, now: { SampleData.warningsInstant })
    } catch {
      throw CLIError(error)
    }
  }

  /// The town a command line names and the area it stands for: a saved town by name, else the
  /// one area `--town` names in KMA's table; the area nearest `--lat/--lon`; or the current town.
  static func pickPlace(_ options: ParsedOptions, _ settings: SettingsStore) throws(CLIError) -> (
    String, Place
  ) {
    let directory = PlaceDirectory()
    let latitude = try options.double("--lat", usage: usage)
    let longitude = try options.double("--lon", usage: usage)
    if let name = options.value("--town") {
      guard latitude == nil, longitude == nil else {
        throw .usage(Text(.townOrLatLon), usage)
      }
      if let town = settings[.savedTowns].first(where: { $0.name == name }) {
        return (town.name, try place(of: town, in: directory))
      }
      guard let place = directory.uniquePlace(for: name) else {
        let candidates = directory.search(name, limit: 5).map(\.fullName)
        let hint =
          candidates.isEmpty
          ? Text(.empty) : Text(.didYouMean, candidates.joined(separator: ", "))
        throw .data(Text(.notATownOrArea, String(name.prefix(60)), hint))
      }
      return (place.name, place)
    }
    switch (latitude, longitude) {
    case (let latitude?, let longitude?):
      do {
        let place = try directory.nearest(
          to: Coordinate(latitude: latitude, longitude: longitude))
        return ("\(latitude), \(longitude)", place)
      } catch {
        throw .data(Text(.placeFailed, error.message))
      }
    case (nil, nil):
      let town = settings[.savedTowns].current
      return (town.name, try place(of: town, in: directory))
    default:
      throw .usage(Text(.latLonTogether), usage)
    }
  }

  /// The area a town stands for: its own, else the one nearest its position.
  static func place(of town: Town, in directory: PlaceDirectory) throws(CLIError) -> Place {
    if let code = town.areaCode, let place = directory.place(code: code) { return place }
    do {
      return try directory.nearest(to: town.coordinate ?? town.gridPoint.center)
    } catch {
      throw .data(Text(.placeFailed, error.message))
    }
  }

  /// The warnings client the options ask for, `nil` when there is no KMA key.
  ///
  /// With no `--warn-base-url`, a KMA base URL given on the command line (a proxy or a test
  /// server) is followed: the warnings are asked at its sibling path, `WthrWrnInfoService`.
  static func client(
    _ options: ParsedOptions, _ context: Context, kmaBaseURL: URL?, now: Date?,
    gateway: ServiceOptions.Gateway = .portal, transport: any HTTPTransport = URLSessionTransport()
  ) throws(CLIError) -> KMAWarningsClient? {
    guard let key = ServiceOptions.kmaKey(options, context, gateway: gateway) else { return nil }
    // The sibling of the forecast's path: …/1360000/WthrWrnInfoService, or API Hub's.
    let baseURL = try ServiceOptions.baseURL(
      options, option: "--warn-base-url", usage: usage,
      standard: gateway == .apihub ? KMAWarningsClient.apiHub : KMAWarningsClient.dataGoKr,
      kmaBaseURL: kmaBaseURL
    ) { path in
      "/"
        + (path.split(separator: "/").dropLast().map(String.init) + ["WthrWrnInfoService"])
        .joined(separator: "/")
    }
    do {
      return try KMAWarningsClient(
        serviceKey: key, baseURL: baseURL, transport: transport,
        cacheDirectory: context.forecastCacheDirectory,
        now: ServiceOptions.clock(fixedAt: now))
    } catch {
      throw CLIError(error)
    }
  }

  /// The report as lines: the warnings in force and issued, the 예비특보 and any disagreement.
  static func lines(_ report: WarningsReport, _ context: Context) -> [String] {
    var lines = warningLines(report, context)
    if report.missingReason == nil, report.active.isEmpty {
      lines.insert(context.text(.noWarningInForce), at: 0)
    }
    if !report.preliminary.isEmpty {
      lines.append(context.text(.preliminaryNotInForce))
      for warning in report.preliminary {
        let kind = warning.kindText + context.text(.preliminary)
        lines.append("  \(kind) · \(warning.text)")
      }
    }
    for diagnostic in report.diagnostics {
      lines.append(context.text(.note) + diagnostic.message(in: context.language))
    }
    return lines
  }

  /// Each warning in force (kind and level, zone, since when, "in part of the town" where it
  /// applies) and each issued and not yet in force; or that the warnings could not be had.
  static func warningLines(_ report: WarningsReport, _ context: Context) -> [String] {
    if report.missingReason != nil {
      return [
        context.text(.theWarningsCouldNotBe)
      ]
    }
    let language = context.language
    let active = report.active.map { found in
      let since = ForecastCommand.koreanTime(found.warning.effectiveAt)
      return "\(found.warning.title(in: language)) · \(zoneText(found, context)) · "
        + context.text(.inForceSince, "\(since)")
    }
    let upcoming = report.upcoming.map { found in
      let from = ForecastCommand.koreanTime(found.warning.effectiveAt)
      return "\(found.warning.title(in: language)) · \(zoneText(found, context)) · "
        + context.text(.issuedInForceFrom, "\(from)")
    }
    return active + upcoming
  }

  /// The warnings for `haru forecast`, above its days; nothing when none is in force or issued.
  static func printAboveTheDays(_ report: WarningsReport, _ context: Context) {
    let lines = warningLines(report, context)
    guard !lines.isEmpty else { return }
    context.console.print("")
    context.console.print(
      context.text(.weatherWarnings) + " (\(ForecastAttribution.kmaWarnings.text))")
    lines.forEach(context.console.print)
  }

  /// The zone of a warning, or "in part of the town: the zone" for a sub-zone.
  static func zoneText(_ found: TownWarning, _ context: Context) -> String {
    let zone = found.warning.zoneName
    return found.isPartOfTown
      ? context.text(.inPartOfTheTown, "\(zone)") : zone
  }
}

/// `haru warnings --json`: the contract of the command.
struct WarningsDocument: Encodable {
  let asOf: String
  let town: String
  let zones: [ZoneJSON]
  let active: [ActiveWarningJSON]
  let preliminary: [PreliminaryJSON]
  let missing: OutlookJSON.MissingReason?

  struct PreliminaryJSON: Encodable {
    let kind: String
    let text: String
  }

  init(_ report: WarningsReport, town: String, language: DisplayLanguage) {
    asOf = OutlookJSON.time(report.asOf)
    self.town = town
    zones = report.zones.map { ZoneJSON(code: $0.zone.code, name: $0.zone.name) }
    active = report.active.map(ActiveWarningJSON.init)
    preliminary = report.preliminary.map { PreliminaryJSON(kind: $0.kindText, text: $0.text) }
    missing = report.missingReason.map {
      OutlookJSON.MissingReason(part: "warnings", $0, language: language)
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(asOf, forKey: .asOf)
    try container.encode(town, forKey: .town)
    try container.encode(zones, forKey: .zones)
    try container.encode(active, forKey: .active)
    try container.encode(preliminary, forKey: .preliminary)
    try container.encode(missing, forKey: .missing)
  }

  enum CodingKeys: String, CodingKey {
    case asOf, town, zones, active, preliminary, missing
  }
}

/// A warning zone as JSON.
struct ZoneJSON: Encodable {
  let code: String
  let name: String
}

/// A warning in force as JSON, in `haru warnings --json` and `haru forecast --json`: kind and
/// level as KMA's Korean words, times ISO 8601 in Korea Standard Time.
struct ActiveWarningJSON: Encodable {
  let kind: String
  let level: String
  let zone: ZoneJSON
  let partOfTown: Bool
  let issuedAt: String
  let effectiveAt: String

  init(_ found: TownWarning) {
    kind = found.warning.kind.name(in: .korean)
    level = found.warning.level.name(in: .korean)
    zone = ZoneJSON(code: found.warning.zoneCode, name: found.warning.zoneName)
    partOfTown = found.isPartOfTown
    issuedAt = OutlookJSON.time(found.warning.issuedAt)
    effectiveAt = OutlookJSON.time(found.warning.effectiveAt)
  }
}
