import Foundation
import HaruModels

/// The on-disk cache of outlooks as last made: one JSON file per provider and grid point, replaced
/// atomically, with the issuance and next due time of each part — what a widget reads.
///
/// The cache is best effort: a file that cannot be read or decoded, or that an older version
/// wrote, counts as missing (and is replaced by the next successful fetch); one a newer version
/// wrote is neither read nor replaced; a write that fails leaves the memory cache to serve.
struct OutlookDiskCache: Sendable {
  let directory: URL

  static let version = 3

  static func safeName(_ provider: String) -> String {
    String(
      provider.unicodeScalars.map { scalar -> Character in
        let isSafe =
          ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
          || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
        return isSafe ? Character(scalar) : "_"
      })
  }

  func fileURL(provider: String, gridPoint: GridPoint) -> URL {
    let safe = Self.safeName(provider)
    return directory.appending(
      path: "outlook-\(safe)-\(gridPoint.nx)-\(gridPoint.ny).json", directoryHint: .notDirectory)
  }

  func read(provider: String, town: Town) -> ForecastOutlook? {
    readWithParts(provider: provider, town: town)?.outlook
  }

  /// The outlook and the timing of its parts.
  func readWithParts(provider: String, town: Town) -> (
    outlook: ForecastOutlook, parts: [ForecastPart: PartTiming]
  )? {
    let url = fileURL(provider: provider, gridPoint: town.gridPoint)
    // One decode: a file of another version fails it or is told by its `version`.
    guard let data = try? Data(contentsOf: url),
      let stored = try? JSONDecoder().decode(StoredOutlookFile.self, from: data),
      stored.version == Self.version, stored.provider == provider,
      stored.town.gridPoint == town.gridPoint
    else { return nil }
    let parts = Dictionary(
      stored.parts.map { ($0.part, $0.timing) }, uniquingKeysWith: { first, _ in first })
    return (outlook(stored, town: town), parts)
  }

  private func outlook(_ stored: StoredOutlookFile, town: Town) -> ForecastOutlook {
    ForecastOutlook(
      town: town, provider: stored.provider,
      attribution: ForecastAttribution(
        text: stored.attributionText, link: stored.attributionLink, license: stored.license),
      run: ForecastRun(publishedAt: stored.runPublishedAt),
      forecast: ProviderForecast(
        days: stored.days.map(\.forecast), current: stored.current,
        nextHours: stored.nextHours?.hourly ?? [], issuedAt: stored.issuedAt,
        nextIssueAt: stored.nextIssueAt, midTermIssuedAt: stored.midTermIssuedAt,
        midTermNextIssueAt: stored.midTermNextIssueAt, missing: Set(stored.missing ?? []),
        missingReasons: Dictionary(
          (stored.missingReasons ?? []).map { ($0.part, $0.reason) },
          uniquingKeysWith: { a, _ in a }),
        air: stored.air, uvIndex: stored.uvIndex, pollen: stored.pollen ?? []),
      fetchedAt: stored.fetchedAt)
  }

  func write(_ outlook: ForecastOutlook, parts: [ForecastPart: PartTiming]) {
    let stored = StoredOutlookFile(
      version: Self.version, town: outlook.town, provider: outlook.provider,
      attributionText: outlook.attribution.text, attributionLink: outlook.attribution.link,
      license: outlook.attribution.license, runPublishedAt: outlook.run.publishedAt,
      days: outlook.days.map(StoredDay.init), current: outlook.current,
      nextHours: outlook.nextHours.isEmpty ? nil : StoredNextHours(outlook.nextHours),
      issuedAt: outlook.issuedAt,
      fetchedAt: outlook.fetchedAt, nextIssueAt: outlook.nextIssueAt,
      midTermIssuedAt: outlook.midTermIssuedAt, midTermNextIssueAt: outlook.midTermNextIssueAt,
      missing: outlook.missing.sorted { $0.rawValue < $1.rawValue },
      missingReasons: outlook.missingReasons.sorted { $0.key.rawValue < $1.key.rawValue }.map {
        StoredReason($0.key, $0.value)
      },
      air: outlook.air, uvIndex: outlook.uvIndex,
      pollen: outlook.pollen.isEmpty ? nil : outlook.pollen,
      parts: parts.sorted { $0.key.rawValue < $1.key.rawValue }.map {
        StoredTiming(part: $0.key, timing: $0.value)
      })
    let url = fileURL(provider: outlook.provider, gridPoint: outlook.town.gridPoint)
    guard !CellFiles.isNewer(url, than: Self.version),
      let data = try? JSONEncoder().encode(stored)
    else { return }
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? data.write(to: url, options: .atomic)
  }
}

private struct StoredOutlookFile: Codable {
  let version: Int
  let town: Town
  let provider: String
  let attributionText: String
  let attributionLink: URL
  let license: String?
  let runPublishedAt: Date
  let days: [StoredDay]
  let current: HourlyForecast?
  // Added in version 3; absent when the outlook has none.
  let nextHours: StoredNextHours?
  let issuedAt: Date
  let fetchedAt: Date
  // Added after version 1 was written; absent in older files.
  let nextIssueAt: Date?
  let midTermIssuedAt: Date?
  let midTermNextIssueAt: Date?
  let missing: [ForecastPart]?
  let missingReasons: [StoredReason]?
  let air: AirQuality?
  // Added in version 3; absent when the outlook has none.
  let uvIndex: UVForecast?
  let pollen: [PollenForecast]?
  let parts: [StoredTiming]
}

/// A day as the outlook file keeps it: its summary as ``/HaruModels/DayForecast`` encodes it,
/// without hours, and the hours in columns, so that a widget's read decodes a few arrays per day
/// rather than a hundred objects, each with two nested amounts (measured: the file a third of the
/// size, the read about 40 % shorter).
private struct StoredDay: Codable {
  let summary: DayForecast
  let hours: StoredHours
  /// The hours rebuilt from the columns, once.
  private let hourly: [HourlyForecast]

  private enum CodingKeys: String, CodingKey {
    case summary, hours
  }

  init(_ day: DayForecast) {
    summary = DayForecast(
      day: day.day, minimum: day.minimum, maximum: day.maximum, sky: day.sky,
      precipitationType: day.precipitationType,
      precipitationProbability: day.precipitationProbability, precipitation: day.precipitation,
      snowfall: day.snowfall, hourly: [], source: day.source, morning: day.morning,
      afternoon: day.afternoon, isPartial: day.isPartial)
    hours = StoredHours(day.hourly)
    hourly = day.hourly
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    summary = try container.decode(DayForecast.self, forKey: .summary)
    hours = try container.decode(StoredHours.self, forKey: .hours)
    // Rebuilt here, so that a damaged file fails its decode rather than losing hours.
    hourly = try hours.forecasts()
  }

  var forecast: DayForecast {
    let day = summary
    return DayForecast(
      day: day.day, minimum: day.minimum, maximum: day.maximum, sky: day.sky,
      precipitationType: day.precipitationType,
      precipitationProbability: day.precipitationProbability, precipitation: day.precipitation,
      snowfall: day.snowfall, hourly: hourly, source: day.source,
      morning: day.morning, afternoon: day.afternoon, isPartial: day.isPartial)
  }
}

/// The next hours as the outlook file keeps them: in columns, as a day's.
private struct StoredNextHours: Codable {
  let hours: StoredHours
  /// The hours rebuilt from the columns, once.
  let hourly: [HourlyForecast]

  private enum CodingKeys: String, CodingKey {
    case hours
  }

  init(_ hours: [HourlyForecast]) {
    self.hours = StoredHours(hours)
    hourly = hours
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    hours = try container.decode(StoredHours.self, forKey: .hours)
    hourly = try hours.forecasts()
  }
}

/// Hours in columns: one array per field, the amounts (a few distinct ones) by index.
private struct StoredHours: Codable {
  let time: [Double]
  let temperature: [Double?]
  let sky: [String?]
  let type: [String?]
  let probability: [Int?]
  let amounts: [PrecipitationAmount]
  let precipitation: [Int?]
  let snowfall: [Int?]
  let humidity: [Int?]
  let windSpeed: [Double?]
  let windDirection: [Double?]

  private enum CodingKeys: String, CodingKey {
    case time, temperature, sky, type, probability, amounts, precipitation, snowfall, humidity
    case windSpeed, windDirection
  }

  init(_ hours: [HourlyForecast]) {
    var amounts: [PrecipitationAmount] = []
    func index(_ amount: PrecipitationAmount?) -> Int? {
      guard let amount else { return nil }
      if let found = amounts.firstIndex(of: amount) { return found }
      amounts.append(amount)
      return amounts.count - 1
    }
    time = hours.map(\.time.timeIntervalSince1970)
    temperature = hours.map { $0.temperature?.celsius }
    sky = hours.map { $0.sky?.rawValue }
    type = hours.map { $0.precipitationType?.rawValue }
    probability = hours.map { $0.precipitationProbability?.percent }
    precipitation = hours.map { index($0.precipitation) }
    snowfall = hours.map { index($0.snowfall) }
    humidity = hours.map(\.humidity)
    windSpeed = hours.map(\.windSpeed)
    windDirection = hours.map(\.windDirection)
    self.amounts = amounts
  }

  func forecasts() throws -> [HourlyForecast] {
    let count = time.count
    guard
      [
        temperature.count, sky.count, type.count, probability.count, precipitation.count,
        snowfall.count, humidity.count, windSpeed.count, windDirection.count,
      ].allSatisfy({ $0 == count })
    else { throw StoredHoursError() }
    func amount(_ index: Int?) throws -> PrecipitationAmount? {
      guard let index else { return nil }
      guard amounts.indices.contains(index) else { throw StoredHoursError() }
      return amounts[index]
    }
    return try (0..<count).map { hour in
      HourlyForecast(
        time: Date(timeIntervalSince1970: time[hour]),
        temperature: try temperature[hour].map { try Temperature(celsius: $0) },
        sky: try sky[hour].map { try Self.value(Sky(rawValue: $0)) },
        precipitationType: try type[hour].map { try Self.value(PrecipitationType(rawValue: $0)) },
        precipitationProbability: try probability[hour].map { try Probability(percent: $0) },
        precipitation: try amount(precipitation[hour]), snowfall: try amount(snowfall[hour]),
        humidity: humidity[hour], windSpeed: windSpeed[hour], windDirection: windDirection[hour])
    }
  }

  private static func value<Value>(_ value: Value?) throws -> Value {
    guard let value else { throw StoredHoursError() }
    return value
  }

  // Each column is one string of comma-separated values, an empty field for a missing one (from
  // version 3 of the file): one string to decode per column instead of one value per hour, where
  // Foundation's decoder spent most of a widget's read. Every value written is a number or a raw
  // value of Haru's own enumerations, none of which holds a comma.

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    func column<Value>(_ values: [Value?], _ key: CodingKeys, _ text: (Value) -> String) throws {
      try container.encode(values.map { $0.map(text) ?? "" }.joined(separator: ","), forKey: key)
    }
    try column(time, .time) { $0.description }
    try column(temperature, .temperature) { $0.description }
    try column(sky, .sky) { $0 }
    try column(type, .type) { $0 }
    try column(probability, .probability) { $0.description }
    try container.encode(amounts, forKey: .amounts)
    try column(precipitation, .precipitation) { $0.description }
    try column(snowfall, .snowfall) { $0.description }
    try column(humidity, .humidity) { $0.description }
    try column(windSpeed, .windSpeed) { $0.description }
    try column(windDirection, .windDirection) { $0.description }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // The number of hours comes from the times, which are never missing: an empty column is no
    // hours, not one hour with nothing in it.
    var count = 0
    func finite(_ field: Substring) -> Double? { Double(field).flatMap { $0.isFinite ? $0 : nil } }
    func column<Value>(_ key: CodingKeys, _ parse: (Substring) -> Value?) throws -> [Value?] {
      let text = try container.decode(String.self, forKey: key)
      guard count > 0 else {
        guard text.isEmpty else { throw StoredHoursError() }
        return []
      }
      let fields = text.split(separator: ",", omittingEmptySubsequences: false)
      guard fields.count == count else { throw StoredHoursError() }
      return try fields.map { field in
        guard !field.isEmpty else { return nil }
        guard let value = parse(field) else { throw StoredHoursError() }
        return value
      }
    }
    let times = try container.decode(String.self, forKey: .time)
    time =
      try times.isEmpty
      ? []
      : times.split(separator: ",", omittingEmptySubsequences: false).map { field in
        guard let value = finite(field) else { throw StoredHoursError() }
        return value
      }
    count = time.count
    temperature = try column(.temperature, finite)
    sky = try column(.sky) { String($0) }
    type = try column(.type) { String($0) }
    probability = try column(.probability) { Int($0) }
    amounts = try container.decode([PrecipitationAmount].self, forKey: .amounts)
    precipitation = try column(.precipitation) { Int($0) }
    snowfall = try column(.snowfall) { Int($0) }
    humidity = try column(.humidity) { Int($0) }
    windSpeed = try column(.windSpeed, finite)
    windDirection = try column(.windDirection, finite)
  }
}

/// Columns of hours that do not fit together: the file is damaged.
private struct StoredHoursError: Error {}

/// A part's timing as stored.
private struct StoredTiming: Codable {
  let part: ForecastPart
  let timing: PartTiming
}

/// A missing part's reason as stored.
private struct StoredReason: Codable {
  let part: ForecastPart
  let service: DataService
  let error: StoredError

  init(_ part: ForecastPart, _ reason: MissingPartReason) {
    self.part = part
    self.service = reason.service
    self.error = StoredError(reason.error)
  }

  var reason: MissingPartReason { MissingPartReason(service: service, error: error.error) }
}

/// An error as the cache files keep it: by its fields (the key is never in them).
struct StoredError: Codable, Sendable, Hashable {
  let code: String
  let message: String
  let resultCode: String?
  let httpStatus: Int?
  // Added later; absent in older files.
  let apiHub: Bool?

  init(_ error: ForecastError) {
    code = error.code.rawValue
    message = error.message
    resultCode = error.kmaResultCode?.rawValue
    httpStatus = error.httpStatus
    apiHub = error.isFromAPIHub ? true : nil
  }

  var error: ForecastError {
    ForecastError(
      ForecastError.Code(rawValue: code), message: message,
      kmaResultCode: resultCode.map(KMAResultCode.init), httpStatus: httpStatus,
      fromAPIHub: apiHub ?? false)
  }
}
