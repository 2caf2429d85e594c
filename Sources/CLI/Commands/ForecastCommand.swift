import Foundation
import HaruForecast
import HaruModels
import HaruSettings

/// `haru forecast`: yesterday, today, tomorrow and the days after for a town.
enum ForecastCommand {
  static let usage = Help.forecast

  static func run(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let options = try ParsedOptions(
      arguments,
      valued: [
        "--town", "--lat", "--lon", "--nx", "--ny", "--provider", "--service-key", "--base-url",
        "--now",
      ],
      flags: ["--offline"], usage: usage)
    try options.expectPositionals(0...0, "", usage: usage)
    let offline = options.flag("--offline")
    let providerName = options.value("--provider") ?? "kma"
    guard providerName == "kma" || providerName == "open-meteo" else {
      throw .usage("--provider is kma or open-meteo, not \"\(providerName.prefix(20))\".", usage)
    }
    if offline, options.has("--base-url") {
      throw .usage("--offline reads the bundled samples; it takes no --base-url.", usage)
    }
    if offline, options.has("--now") {
      throw .usage(
        "--offline answers for the samples' own time (2026-11-20 07:30 KST); leave out --now.",
        usage)
    }
    let now = try options.value("--now").map { (text) throws(CLIError) in try parseInstant(text) }
    let baseURL = try options.value("--base-url").map { (text) throws(CLIError) in
      guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https", url.host != nil
      else {
        throw CLIError.usage("--base-url needs an http or https URL.", usage)
      }
      return url
    }
    let key = options.value("--service-key") ?? context.environment["HARU_KMA_SERVICE_KEY"]
    if providerName == "kma", !offline, (key ?? "").isEmpty {
      throw .usage(
        "the KMA forecast needs a service key: pass --service-key KEY or set "
          + "HARU_KMA_SERVICE_KEY (or use --offline, or --provider open-meteo, which needs none).",
        usage)
    }

    let settings = try context.openSettings()
    var town = try pickTown(options, settings)
    if offline {
      // The samples hold Seoul City Hall's cell only; showing them for another place would lie.
      let seoul = Town.seoulCityHall
      if options.has("--town") || options.has("--lat") || options.has("--nx") {
        guard town.gridPoint == seoul.gridPoint else {
          throw .usage(
            "--offline has samples for Seoul City Hall's grid cell (60,127) only; "
              + "leave out the place or ask online.", usage)
        }
      } else {
        town = seoul
      }
    }
    let source: Source
    if offline {
      source = .samples(providerName == "kma" ? .kma : .openMeteo)
    } else if providerName == "kma" {
      source = .kma(key: key ?? "", baseURL: baseURL)
    } else {
      source = .openMeteo(endpoint: baseURL)
    }
    let outlook = try await fetch(
      town: town, from: source, now: now,
      cacheDirectory: offline ? nil : context.forecastCacheDirectory)
    if offline {
      // On standard error when the output is JSON, so that standard output stays the contract.
      if context.json {
        context.console.printError("haru: note: \(SampleData.label(context.language))")
      } else {
        context.console.print(SampleData.label(context.language))
      }
    }
    try show(outlook, unit: settings[.temperatureUnit], context)
  }

  /// Where the forecast comes from.
  enum Source {
    case kma(key: String, baseURL: URL?)
    case openMeteo(endpoint: URL?)
    case samples(SampleTransport.Service)
  }

  /// Asks a provider for a town's outlook, mapping failures to exit statuses.
  static func fetch(
    town: Town, from source: Source, now: Date?, cacheDirectory: URL?
  ) async throws(CLIError) -> ForecastOutlook {
    let provider: any ForecastProvider
    var instant = now
    switch source {
    case .kma(let key, let baseURL):
      var configuration = KMAConfiguration.dataGoKr
      if let baseURL {
        configuration.baseURL = baseURL
        if baseURL.host == "apihub.kma.go.kr" { configuration.keyParameterName = "authKey" }
      }
      provider = KMAProvider(serviceKey: key, configuration: configuration)
    case .openMeteo(let endpoint):
      provider = OpenMeteoProvider(endpoint: endpoint ?? OpenMeteoProvider.publicEndpoint)
    case .samples(let service):
      let transport = SampleTransport(folder: try SampleData.folder(), service: service)
      instant = SampleData.instant
      switch service {
      case .kma: provider = KMAProvider(serviceKey: "sample", transport: transport)
      case .openMeteo: provider = OpenMeteoProvider(transport: transport)
      }
    }
    let clock: @Sendable () -> Date
    if let fixed = instant {
      clock = { fixed }
    } else {
      clock = { Date() }
    }
    let service = ForecastService(
      provider: provider, now: clock,
      retryPolicy: RetryPolicy(
        maximumAttempts: 2, initialDelay: .milliseconds(500), maximumTotalTime: .seconds(20)),
      cacheDirectory: cacheDirectory)
    do {
      return try await service.outlook(for: town)
    } catch {
      throw CLIError(error)
    }
  }

  static func pickTown(_ options: ParsedOptions, _ settings: SettingsStore) throws(CLIError) -> Town
  {
    let place = try TownPicker.place(from: options, usage: usage)
    if let name = options.value("--town") {
      guard place == nil else {
        throw .usage("give --town, or --lat and --lon, or --nx and --ny: only one of them.", usage)
      }
      return try TownPicker.saved(name, in: settings[.savedTowns])
    }
    switch place {
    case .coordinate(let latitude, let longitude)?:
      return try TownPicker.make(
        name: "\(latitude), \(longitude)", .coordinate(latitude, longitude))
    case .grid(let nx, let ny)?:
      return try TownPicker.make(name: "grid \(nx),\(ny)", .grid(nx, ny))
    case nil:
      return settings[.savedTowns].current
    }
  }

  /// Reads `2026-11-20T07:30:00+09:00`, `2026-11-20T07:30:00Z` or the same with fractions of a
  /// second.
  static func parseInstant(_ text: String) throws(CLIError) -> Date {
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    throw .usage(
      "--now needs an ISO 8601 time with a zone, such as 2026-11-20T07:30:00+09:00, "
        + "not \"\(text.prefix(40))\".", usage)
  }

  // MARK: - Output

  /// The days shown: yesterday, today, tomorrow and any later days, in date order.
  static func shownDays(_ outlook: ForecastOutlook) -> [DayForecast] {
    let yesterday = outlook.referenceDay.adding(days: -1)
    return outlook.days.filter { $0.day >= yesterday }.sorted { $0.day < $1.day }
  }

  static func show(
    _ outlook: ForecastOutlook, unit: TemperatureUnit, _ context: Context
  ) throws(CLIError) {
    if context.json {
      try context.printJSON(OutlookJSON(outlook))
      return
    }
    let console = context.console
    let language = context.language
    let grid = outlook.town.gridPoint
    // A place given only as a grid cell is named after it already.
    let name = outlook.town.name == "grid \(grid.nx),\(grid.ny)" ? "" : "\(outlook.town.name) · "
    console.print(
      "\(name)\(context.text("격자", "grid")) \(grid.nx),\(grid.ny) · "
        + "\(providerName(outlook.provider)) (\(outlook.attribution.text)) · "
        + "\(context.text("발표", "issued")) \(koreanTime(outlook.issuedAt))")
    if let reason = outlook.staleReason {
      console.print(
        context.text(
          "오래된 예보: 새 예보를 받지 못했습니다 (\(reason.code)). 저장해 둔 예보를 보여 줍니다.",
          "STALE: the newest forecast could not be fetched (\(reason.code)); showing the one kept.")
      )
    }
    console.print("")
    for day in shownDays(outlook) {
      let offset = outlook.referenceDay.days(until: day.day)
      let name: String =
        switch offset {
        case -1: context.text("어제", "Yesterday")
        case 0: context.text("오늘", "Today")
        case 1: context.text("내일", "Tomorrow")
        default: ""
        }
      let minimum = day.minimum.map { temperature($0, unit) } ?? "-"
      let maximum = day.maximum.map { temperature($0, unit) } ?? "-"
      let sky = day.sky?.displayName(in: language) ?? "-"
      let type = day.precipitationType ?? .nothing
      var rain =
        type == .nothing ? context.text("강수 없음", "no rain") : type.displayName(in: language)
      if let chance = day.precipitationProbability { rain += " · \(chance.formatted)" }
      console.print(
        pad(name, 10) + pad(dayText(day.day, language), 11)
          + pad("\(context.text("최저", "min")) \(minimum)", 11)
          + pad("\(context.text("최고", "max")) \(maximum)", 11) + pad(sky, 14) + rain)
    }
    if shownDays(outlook).contains(where: {
      ($0.minimum?.isDerived ?? false) || ($0.maximum?.isDerived ?? false)
    }) {
      console.print(context.text("~ 시간별 기온에서 구한 값", "~ derived from the hourly temperatures"))
    }
    if let change = outlook.comparedWithYesterday {
      console.print("")
      console.print(change.sentence(in: unit, language: language))
    }
  }

  static func providerName(_ identifier: String) -> String {
    switch identifier {
    case "kma": "KMA"
    case "open-meteo": "Open-Meteo"
    default: identifier
    }
  }

  static func temperature(_ value: DailyTemperature, _ unit: TemperatureUnit) -> String {
    (value.isDerived ? "~" : "") + value.temperature.formatted(in: unit)
  }

  static func dayText(_ day: CalendarDay, _ language: DisplayLanguage) -> String {
    let start = day.start(in: CalendarDay.koreaTimeZone)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = CalendarDay.koreaTimeZone
    let weekday = calendar.component(.weekday, from: start) - 1
    let names =
      language == .korean
      ? ["일", "월", "화", "수", "목", "금", "토"] : ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let name = names.indices.contains(weekday) ? names[weekday] : ""
    return String(format: "%02d-%02d ", day.month, day.day) + name
  }

  static func koreanTime(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = CalendarDay.koreaTimeZone
    formatter.dateFormat = "yyyy-MM-dd HH:mm 'KST'"
    return formatter.string(from: date)
  }
}

/// The forecast as JSON: the contract of `haru forecast --json`.
struct OutlookJSON: Encodable {
  struct Grid: Encodable {
    let nx: Int
    let ny: Int
  }

  struct Day: Encodable {
    let date: String
    let minTemperature: Double?
    let maxTemperature: Double?
    let sky: String?
    let precipitationType: String?
    let precipitationProbability: Int?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(date, forKey: .date)
      try container.encode(minTemperature, forKey: .minTemperature)
      try container.encode(maxTemperature, forKey: .maxTemperature)
      try container.encode(sky, forKey: .sky)
      try container.encode(precipitationType, forKey: .precipitationType)
      try container.encode(precipitationProbability, forKey: .precipitationProbability)
    }

    enum CodingKeys: String, CodingKey {
      case date, minTemperature, maxTemperature, sky, precipitationType,
        precipitationProbability
    }
  }

  let provider: String
  let grid: Grid
  let issuedAt: String
  let stale: Bool
  let days: [Day]

  init(_ outlook: ForecastOutlook) {
    provider = outlook.provider
    grid = Grid(nx: outlook.town.gridPoint.nx, ny: outlook.town.gridPoint.ny)
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = CalendarDay.koreaTimeZone
    issuedAt = formatter.string(from: outlook.issuedAt)
    stale = outlook.isStale
    days = ForecastCommand.shownDays(outlook).map { day in
      Day(
        date: day.day.description,
        minTemperature: day.minimum.map { Self.rounded($0.temperature.celsius) },
        maxTemperature: day.maximum.map { Self.rounded($0.temperature.celsius) },
        sky: day.sky?.rawValue,
        precipitationType: day.precipitationType.map { $0 == .nothing ? "none" : $0.rawValue },
        precipitationProbability: day.precipitationProbability?.percent)
    }
  }

  /// Tenths of a degree, as the services report them.
  static func rounded(_ value: Double) -> Double {
    (value * 10).rounded() / 10
  }
}
