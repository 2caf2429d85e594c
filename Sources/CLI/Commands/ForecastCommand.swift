import Foundation
import HaruForecast
import HaruModels
import HaruPlaces
import HaruSettings

/// `haru forecast`: yesterday and the days from today to day 10 for a town.
enum ForecastCommand {
  static let usage = Help.forecast

  static func run(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let options = try ParsedOptions(
      arguments,
      valued: [
        "--town", "--lat", "--lon", "--nx", "--ny", "--provider", "--service-key", "--base-url",
        "--mid-base-url", "--now", "--days", "--air-service-key", "--air-base-url",
        "--warn-base-url", "--gateway",
      ],
      flags: ["--offline"], usage: usage)
    try options.expectPositionals(0...0, usage: usage)
    let offline = options.flag("--offline")
    let providerName = options.value("--provider") ?? "kma"
    guard providerName == "kma" || providerName == "open-meteo" else {
      throw .usage(Text(.providerUnknown, String(providerName.prefix(20))), usage)
    }
    if offline, options.has("--base-url") || options.has("--mid-base-url") {
      throw .usage(Text(.offlineNoBaseURL), usage)
    }
    if providerName != "kma",
      options.has("--mid-base-url") || options.has("--air-base-url")
        || options.has("--warn-base-url")
    {
      throw .usage(Text(.openMeteoNoKMAURLs), usage)
    }
    let dayCount = try options.integer("--days", usage: usage) ?? 10
    guard (1...11).contains(dayCount) else {
      throw .usage(Text(.daysRange, String(dayCount)), usage)
    }
    if offline, options.has("--now") {
      throw .usage(Text(.offlineNoNow), usage)
    }
    let now = try options.value("--now").map { (text) throws(CLIError) in try parseInstant(text) }
    func webURL(_ name: String) throws(CLIError) -> URL? {
      try options.value(name).map { (text) throws(CLIError) in
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
          let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
          url.host != nil
        else {
          throw CLIError.usage(Text(.needsWebURL, name), usage)
        }
        return url
      }
    }
    let baseURL = try webURL("--base-url")
    let midTermBaseURL = try webURL("--mid-base-url")
    let gateway = try ServiceOptions.gateway(options, usage: usage)
    let key = ServiceOptions.kmaKey(options, context, gateway: gateway)
    if providerName == "kma", !offline, (key ?? "").isEmpty {
      throw .usage(Text(.forecastNeedsKey, Keys.whereToGetOne), usage)
    }

    let settings = try context.openSettings()
    var town = try pickTown(options, settings)
    if offline { town = try SampleData.seoulTown(options, town, usage: usage) }
    if providerName == "kma", !offline, town.areaCode == nil {
      // The UV index and the pollen risk are asked by area: a place given by coordinate or grid
      // cell is in the area nearest it.
      let place = try WarningsCommand.place(of: town, in: PlaceDirectory())
      town = (try? town.withArea(code: place.code, midTermRegions: town.midTermRegions)) ?? town
    }
    // Every request of this refresh goes through one counter: `--json` says what it cost.
    let counter = CountingTransport()
    let source: Source
    if offline {
      source = .samples(providerName == "kma" ? .kma : .openMeteo)
    } else if providerName == "kma" {
      let air = try AirCommand.client(
        options, context, kmaBaseURL: baseURL, now: now, usage: usage, gateway: gateway,
        transport: counter)
      source = .kma(
        key: key ?? "", baseURL: baseURL, midTermBaseURL: midTermBaseURL, air: air,
        gateway: gateway)
    } else {
      source = .openMeteo(endpoint: baseURL)
    }
    let outlook = try await fetch(
      town: town, from: source, now: now,
      cacheDirectory: offline ? nil : context.forecastCacheDirectory, transport: counter)
    var warnings: WarningsReport?
    if case .kma = source,
      let client = try WarningsCommand.client(
        options, context, kmaBaseURL: baseURL, now: now, gateway: gateway, transport: counter)
    {
      let place = try WarningsCommand.place(of: town, in: PlaceDirectory())
      warnings = await client.report(
        province: place.province, district: place.district, neighborhood: place.neighborhood,
        at: now)
    }
    if offline { SampleData.printLabel(SampleData.label(context.language), context) }
    // The parts a service refused or could not give: the rest stands, exit status 0.
    for part in ForecastPart.allCases {
      if let reason = outlook.missingReasons[part] {
        context.console.printError(context.text(.reportNote, reason.message(in: context.language)))
      }
    }
    if let reason = warnings?.missingReason {
      context.console.printError(context.text(.reportNote, reason.message(in: context.language)))
    }
    try show(
      outlook, days: dayCount, unit: settings[.temperatureUnit],
      scale: settings[.airQualityScale], warnings: warnings,
      requests: offline ? nil : RequestsJSON(counter), context)
  }

  /// Where the forecast comes from.
  enum Source {
    case kma(
      key: String, baseURL: URL?, midTermBaseURL: URL?, air: AirKoreaClient?,
      gateway: ServiceOptions.Gateway = .portal)
    case openMeteo(endpoint: URL?)
    case samples(SampleTransport.Service)
  }

  /// Asks a provider for a town's outlook, mapping failures to exit statuses.
  static func fetch(
    town: Town, from source: Source, now: Date?, cacheDirectory: URL?,
    transport: any HTTPTransport = URLSessionTransport()
  ) async throws(CLIError) -> ForecastOutlook {
    let provider: any ForecastProvider
    var instant = now
    switch source {
    case .kma(let key, let baseURL, let midTermBaseURL, let air, let gateway):
      var configuration: KMAConfiguration
      switch gateway {
      case .portal:
        configuration = baseURL.map(KMAConfiguration.standard(for:)) ?? .dataGoKr
      case .apihub:
        // API Hub's key parameter, wherever the base URL points (a proxy, a test server).
        configuration = .apiHub
        if let baseURL { configuration.baseURL = baseURL }
      }
      configuration.midTermBaseURL = midTermBaseURL
      do {
        provider = try KMAProvider(
          serviceKey: key, configuration: configuration, transport: transport, airQuality: air)
      } catch {
        throw CLIError(error)
      }
    case .openMeteo(let endpoint):
      provider = OpenMeteoProvider(
        endpoint: endpoint ?? OpenMeteoProvider.publicEndpoint, transport: transport)
    case .samples(let service):
      let transport = SampleTransport(folder: try SampleData.folder(), service: service)
      instant = SampleData.instant
      switch service {
      case .kma:
        do {
          provider = try KMAProvider(serviceKey: "sample", transport: transport)
        } catch {
          throw CLIError(error)
        }
      case .openMeteo: provider = OpenMeteoProvider(transport: transport)
      case .airKorea, .warnings:
        // Not forecast providers: the air and warning samples answer their own commands.
        throw .data(Text(.samplesNotFound))
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
        throw .usage(Text(.oneKindOfPlace), usage)
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
  /// second; an error shows `usage`, the command's own usage line.
  static func parseInstant(_ text: String, usage: String = usage) throws(CLIError) -> Date {
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    throw .usage(Text(.nowFormat, String(text.prefix(40))), usage)
  }

  // MARK: - Output

  /// The days shown: yesterday when known, then today and the days after, `count` of them, in
  /// date order.
  static func shownDays(_ outlook: ForecastOutlook, count: Int = 11) -> [DayForecast] {
    let yesterday = outlook.referenceDay.adding(days: -1)
    let last = outlook.referenceDay.adding(days: count - 1)
    return outlook.days.filter { $0.day >= yesterday && $0.day <= last }.sorted { $0.day < $1.day }
  }

  static func show(
    _ outlook: ForecastOutlook, days count: Int, unit: TemperatureUnit,
    scale: AirQualityScale = .korea, warnings: WarningsReport? = nil,
    requests: RequestsJSON? = nil, _ context: Context
  ) throws(CLIError) {
    if context.json {
      try context.printJSON(
        OutlookJSON(
          outlook, days: count, language: context.language, scale: scale, warnings: warnings,
          requests: requests))
      return
    }
    let console = context.console
    let language = context.language
    let grid = outlook.town.gridPoint
    // A place given only as a grid cell is named after it already.
    let name = outlook.town.name == "grid \(grid.nx),\(grid.ny)" ? "" : "\(outlook.town.name) · "
    var issued = "\(context.text(.issued)) \(koreanTime(outlook.issuedAt))"
    if let midTerm = outlook.midTermIssuedAt {
      issued += " · \(context.text(.midTermIssued)) \(koreanTime(midTerm))"
    }
    console.print(
      "\(name)\(context.text(.grid)) \(grid.nx),\(grid.ny) · "
        + "\(providerName(outlook.provider)) (\(outlook.attribution.text)) · \(issued)")
    if let reason = outlook.staleReason {
      console.print(context.text(.stale) + reason.message(in: language))
    }
    if outlook.missing.contains(.current) {
      console.print(context.text(.theConditionsNowCouldNot))
    }
    if outlook.missing.contains(.midTerm) {
      console.print(
        context.text(.daysMidTermCouldNot))
    }
    // Rain in the next hours is what people look for first; then a warning in force, before the
    // air and the days.
    if let rain = outlook.rainLine { console.print(rain.text(in: language)) }
    if let warnings { WarningsCommand.printAboveTheDays(warnings, context) }
    if let now = outlook.current, let line = currentLine(now, unit: unit, context) {
      console.print(line)
    }
    if let air = outlook.air {
      console.print("")
      let lines = AirCommand.lines(air, scale: scale, today: outlook.referenceDay, context)
      // The provisional-data note is said once, after the days.
      lines.dropLast().forEach(console.print)
    } else if outlook.missing.contains(.air) {
      console.print(context.text(.theAirQualityCouldNot))
    }
    livingLines(outlook, context).forEach(console.print)
    console.print("")
    let shown = shownDays(outlook, count: count)
    for day in shown {
      let offset = outlook.referenceDay.days(until: day.day)
      let name: String =
        switch offset {
        case -1: context.text(.yesterday)
        case 0: context.text(.today)
        case 1: context.text(.tomorrow)
        default: ""
        }
      let minimum = day.minimum.map { temperature($0, unit) } ?? "-"
      let maximum = day.maximum.map { temperature($0, unit) } ?? "-"
      let sun = outlook.sunTimes(for: day.day)
      let sunText = "\(sun.sunrise.map(clock) ?? "--:--")–\(sun.sunset.map(clock) ?? "--:--")"
      console.print(
        pad(name, 10) + pad(dayText(day.day, language), 11)
          + pad("\(context.text(.am)) \(half(day.morning, language))", 22)
          + pad("\(context.text(.pm)) \(half(day.afternoon, language))", 22)
          + pad("\(minimum) / \(maximum)", 13) + pad(sunText, 12)
          + (day.isPartial ? context.text(.partial) : ""))
    }
    if shown.contains(where: {
      $0.morning?.precipitationProbability != nil || $0.afternoon?.precipitationProbability != nil
    }) {
      console.print(
        context.text(.theChanceOfRainOr))
    }
    if shown.contains(where: {
      ($0.minimum?.isDerived ?? false) || ($0.maximum?.isDerived ?? false)
    }) {
      console.print(context.text(.derivedFromTheHourlyTemperatures))
    }
    if shown.contains(where: \.isPartial) {
      console.print(
        context.text(.partialOnlyPartOfThe))
    }
    if let change = outlook.comparedWithYesterday {
      console.print("")
      console.print(change.sentence(in: unit, language: language))
    }
  }

  /// The weather now as "Now 11°, as of 07:00", with its 체감온도 when it differs from the air
  /// by 1° or more ("feels like 8°") and what is falling when something is; `nil` when the hour
  /// has no temperature.
  static func currentLine(
    _ hour: HourlyForecast, unit: TemperatureUnit, _ context: Context
  ) -> String? {
    guard let temperature = hour.temperature else { return nil }
    let falling = hour.precipitationType.flatMap {
      $0.isFalling ? " · " + $0.displayName(in: context.language) : nil
    }
    let feelsLike = hour.feelsLike.flatMap { apparent in
      apparent.differsFromAir
        ? " · " + context.text(.feelsLike, apparent.temperature.formatted(in: unit)) : nil
    }
    return context.text(.currentConditions, temperature.formatted(in: unit), clock(hour.time))
      + (feelsLike ?? "") + (falling ?? "")
  }

  /// The UV index and the pollen risk, after the air quality: "자외선  높음 (7) · 오늘 최고 7",
  /// "꽃가루  잡초류: 오늘 낮음 · 내일 보통" or "꽃가루  철이 아님"; a line saying so for each that
  /// could not be had; nothing for a town that has neither.
  static func livingLines(_ outlook: ForecastOutlook, _ context: Context) -> [String] {
    let language = context.language
    var lines: [String] = []
    if let uv = outlook.uvIndex {
      let now = uv.index(at: outlook.referenceTime)
      lines.append(
        context.text(
          .uvIndexLine, now?.grade.displayName(in: language) ?? "-",
          now.map { "\($0.value)" } ?? "-",
          uv.maximum(on: outlook.referenceDay).map { "\($0.value)" } ?? "-"))
    } else if outlook.missing.contains(.uvIndex) {
      lines.append(context.text(.theUVIndexCouldNot))
    }
    let inSeason = outlook.pollen.filter(\.isInSeason)
    for pollen in inSeason {
      func risk(_ day: CalendarDay) -> String {
        pollen.risk(on: day)?.displayName(in: language) ?? "-"
      }
      lines.append(
        context.text(
          .pollenLine, pollen.kind.displayName(in: language), risk(outlook.referenceDay),
          risk(outlook.referenceDay.adding(days: 1))))
    }
    if outlook.missing.contains(.pollen) {
      lines.append(context.text(.thePollenCouldNot))
    } else if inSeason.isEmpty && !outlook.pollen.isEmpty {
      lines.append(context.text(.pollenNotInSeason))
    }
    return lines
  }

  /// Half a day as "맑음 10%", or "-" when unknown.
  static func half(_ half: DayHalf?, _ language: DisplayLanguage) -> String {
    guard let half else { return "-" }
    let sky = half.sky?.displayName(in: language) ?? half.wording ?? "?"
    let type = half.precipitationType.flatMap { $0.isFalling ? $0.displayName(in: language) : nil }
    let chance = half.precipitationProbability.map { " \($0.formatted)" } ?? ""
    return (type.map { "\(sky)·\($0)" } ?? sky) + chance
  }

  /// "07:47" in Korea Standard Time, rounded to the nearest minute (06:28:56 is 06:29, 06:28:29
  /// is 06:28); "--:--" for an instant no clock shows.
  static func clock(_ date: Date) -> String {
    guard let seconds = koreaSeconds(nearestMinute(date)) else { return "--:--" }
    let minuteOfDay = Int(((seconds / 60) % 1440 + 1440) % 1440)
    return String(format: "%02d:%02d", minuteOfDay / 60, minuteOfDay % 60)
  }

  /// The instant rounded to the nearest whole minute, half a minute up: a time of day is shown
  /// to the minute, and cutting the seconds would show 06:28:56 as 06:28.
  static func nearestMinute(_ date: Date) -> Date {
    let minutes = (date.timeIntervalSince1970 / 60 + 0.5).rounded(.down)
    return minutes.isFinite ? Date(timeIntervalSince1970: minutes * 60) : date
  }

  /// Whole seconds from 1970-01-01 00:00 to an instant, counted in Korea Standard Time; `nil`
  /// for one more than 30 million years away.
  ///
  /// `Int64`: the count passes 2³¹ − 1 in 2038, and a 32-bit `Int` would trap.
  static func koreaSeconds(_ date: Date) -> Int64? {
    let seconds = (date.timeIntervalSince1970 + 9 * 3600).rounded()
    guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
    return Int64(seconds)
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

  /// "2026-10-04 05:00 KST": the day and the time in Korea Standard Time, rounded to the nearest
  /// minute (see ``nearestMinute(_:)``).
  static func koreanTime(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = CalendarDay.koreaTimeZone
    formatter.dateFormat = "yyyy-MM-dd HH:mm 'KST'"
    return formatter.string(from: nearestMinute(date))
  }
}
