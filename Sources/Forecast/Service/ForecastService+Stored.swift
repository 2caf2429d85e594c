public import Foundation
public import HaruModels

extension ForecastService {
  /// What the app last fetched for a town, read from the disk cache it shares with its widget:
  /// never a request, never a write, no lock and no database.
  ///
  /// A widget's timeline provider calls it with the same folder the app's ``ForecastService``
  /// was given as `cacheDirectory` (in an App Group's container), and schedules its next entry
  /// at ``StoredOutlook/nextIssueAt``:
  ///
  /// ```swift
  /// func timeline(for configuration: Intent, in context: Context) async -> Timeline<Entry> {
  ///   let now = Date()
  ///   guard let stored = await ForecastService.storedOutlook(for: town, cacheDirectory: folder)
  ///   else { return Timeline(entries: [.placeholder(now)], policy: .after(now + 1800)) }
  ///   let next = max(stored.nextIssueAt ?? now + 3600, now + 300)
  ///   return Timeline(entries: [Entry(date: now, stored: stored)], policy: .after(next))
  /// }
  /// ```
  ///
  /// Towns in the same grid cell share what is stored; the outlook returned is for `town`, with
  /// "today" reckoned from `date`. A part issued after `date` (the device's clock was set back)
  /// counts as missing; when that is the short-term forecast, nothing usable is stored.
  ///
  /// - Parameters:
  ///   - town: The town.
  ///   - provider: The ``ForecastProvider/identifier`` of the provider the app uses; `"kma"`
  ///     unless given.
  ///   - cacheDirectory: The folder the app's service keeps its cache in.
  ///   - date: The instant ages and staleness are reckoned at; now unless given.
  /// - Returns: The stored outlook, or `nil` when nothing usable is stored: no file, a file cut
  ///   short, damaged, or written by another version of Haru.
  /// - Complexity: One read of one file of about 30 KB, on a queue of the cache's own.
  public static func storedOutlook(
    for town: Town, provider: String = "kma", cacheDirectory: URL, at date: Date = Date()
  ) async -> StoredOutlook? {
    let cache = OutlookDiskCache(directory: cacheDirectory)
    guard
      let (outlook, timings) = await CellFiles.onQueue({
        cache.readWithParts(provider: provider, town: town)
      })
    else { return nil }
    let parts = ForecastPart.allCases.compactMap { part -> StoredPart? in
      guard let timing = timings[part], timing.issuedAt <= date else { return nil }
      return StoredPart(
        part: part, issuedAt: timing.issuedAt, fetchedAt: timing.fetchedAt,
        nextIssueAt: timing.nextDueAt, at: date)
    }
    guard outlook.issuedAt <= date, timings[.shortTerm].map({ $0.issuedAt <= date }) ?? true
    else { return nil }
    return StoredOutlook(
      outlook: ForecastOutlook(
        town: town, provider: outlook.provider, attribution: outlook.attribution,
        run: outlook.run, forecast: outlook.providerForecast, fetchedAt: outlook.fetchedAt,
        referenceTime: date),
      parts: parts)
  }
}
