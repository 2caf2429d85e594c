import Foundation
import HaruModels

/// The on-disk cache: one JSON file per provider and grid point, replaced atomically.
///
/// The cache is best effort: a file that cannot be read or decoded counts as missing (and is
/// replaced by the next successful fetch), and a write that fails leaves the memory cache to
/// serve.
struct OutlookDiskCache: Sendable {
  let directory: URL

  private static let version = 1

  func fileURL(provider: String, gridPoint: GridPoint) -> URL {
    let safe = String(
      provider.unicodeScalars.map { scalar -> Character in
        let isSafe =
          ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
          || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
        return isSafe ? Character(scalar) : "_"
      })
    return directory.appending(
      path: "outlook-\(safe)-\(gridPoint.nx)-\(gridPoint.ny).json", directoryHint: .notDirectory)
  }

  func read(provider: String, town: Town) -> ForecastOutlook? {
    let url = fileURL(provider: provider, gridPoint: town.gridPoint)
    guard let data = try? Data(contentsOf: url),
      let stored = try? JSONDecoder().decode(StoredOutlook.self, from: data),
      stored.version == Self.version, stored.provider == provider,
      stored.town.gridPoint == town.gridPoint
    else { return nil }
    return ForecastOutlook(
      town: town, provider: stored.provider,
      attribution: ForecastAttribution(
        text: stored.attributionText, link: stored.attributionLink, license: stored.license),
      run: ForecastRun(publishedAt: stored.runPublishedAt),
      forecast: ProviderForecast(
        days: stored.days, current: stored.current, issuedAt: stored.issuedAt,
        nextIssueAt: stored.nextIssueAt, midTermIssuedAt: stored.midTermIssuedAt,
        midTermNextIssueAt: stored.midTermNextIssueAt, missing: Set(stored.missing ?? []),
        missingReasons: Dictionary(
          (stored.missingReasons ?? []).map { ($0.part, $0.reason) },
          uniquingKeysWith: { a, _ in a }),
        air: stored.air),
      fetchedAt: stored.fetchedAt)
  }

  func write(_ outlook: ForecastOutlook) {
    let stored = StoredOutlook(
      version: Self.version, town: outlook.town, provider: outlook.provider,
      attributionText: outlook.attribution.text, attributionLink: outlook.attribution.link,
      license: outlook.attribution.license, runPublishedAt: outlook.run.publishedAt,
      days: outlook.days, current: outlook.current, issuedAt: outlook.issuedAt,
      fetchedAt: outlook.fetchedAt, nextIssueAt: outlook.nextIssueAt,
      midTermIssuedAt: outlook.midTermIssuedAt, midTermNextIssueAt: outlook.midTermNextIssueAt,
      missing: outlook.missing.sorted { $0.rawValue < $1.rawValue },
      missingReasons: outlook.missingReasons.sorted { $0.key.rawValue < $1.key.rawValue }.map {
        StoredReason($0.key, $0.value)
      },
      air: outlook.air)
    guard let data = try? JSONEncoder().encode(stored) else { return }
    let url = fileURL(provider: outlook.provider, gridPoint: outlook.town.gridPoint)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? data.write(to: url, options: .atomic)
  }
}

private struct StoredOutlook: Codable {
  let version: Int
  let town: Town
  let provider: String
  let attributionText: String
  let attributionLink: URL
  let license: String?
  let runPublishedAt: Date
  let days: [DayForecast]
  let current: HourlyForecast?
  let issuedAt: Date
  let fetchedAt: Date
  // Added after version 1 was written; absent in older files.
  let nextIssueAt: Date?
  let midTermIssuedAt: Date?
  let midTermNextIssueAt: Date?
  let missing: [ForecastPart]?
  let missingReasons: [StoredReason]?
  let air: AirQuality?
}

/// A missing part's reason as stored: the error by its fields (the key is never in them).
private struct StoredReason: Codable {
  let part: ForecastPart
  let service: DataService
  let code: String
  let message: String
  let resultCode: String?
  let httpStatus: Int?

  init(_ part: ForecastPart, _ reason: MissingPartReason) {
    self.part = part
    self.service = reason.service
    self.code = reason.error.code.rawValue
    self.message = reason.error.message
    self.resultCode = reason.error.kmaResultCode?.rawValue
    self.httpStatus = reason.error.httpStatus
  }

  var reason: MissingPartReason {
    MissingPartReason(
      service: service,
      error: ForecastError(
        ForecastError.Code(rawValue: code), message: message,
        kmaResultCode: resultCode.map(KMAResultCode.init), httpStatus: httpStatus))
  }
}
