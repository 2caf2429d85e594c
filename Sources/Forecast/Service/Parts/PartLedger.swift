import Foundation
import HaruModels
import HaruShared

/// The parts of one grid cell's outlook as they are kept between refreshes, each with its own
/// issuance, and the failures that hold a part back: what a refresh reads before it asks anything
/// and writes when it is done.
///
/// A refresh asks only for a part whose expected issuance it does not hold and that no backoff
/// holds back. The ledger is shared by the parts fetched at the same time, so every access goes
/// through its lock.
final class PartLedger: Sendable {
  private let state: LockedState<State>

  /// Guarded by `state`'s lock: the kept parts, the failures read at the start (the ones that
  /// hold parts back during this refresh), the parts used for the outlook, and whether anything
  /// changed since the start.
  private struct State {
    var contents: PartContents
    let backoffs: [String: PartFailure]
    var used: [ForecastPart: PartTiming] = [:]
    var requests = 0
    var changed = false
  }

  /// Creates a ledger over kept parts.
  ///
  /// - Parameter contents: What a previous refresh kept; empty unless given.
  init(_ contents: PartContents = PartContents()) {
    state = LockedState(State(contents: contents, backoffs: contents.failures))
  }

  /// The parts, to be kept.
  var contents: PartContents { state.withLock { $0.contents } }

  /// Whether anything was fetched or failed since the ledger was made.
  var changed: Bool { state.withLock { $0.changed } }

  /// The parts the outlook was made of, with their issuances.
  var used: [ForecastPart: PartTiming] { state.withLock { $0.used } }

  // MARK: - Short-term runs

  /// A kept short-term run, unless it is from the future.
  func run(_ run: KMARun, at date: Date) -> KMAForecast? {
    guard run.baseTime <= date else { return nil }
    return state.withLock { state in
      state.contents.runs.first { $0.day == run.baseDate && $0.hour == run.baseHour }
    }.map { KMAForecast(run: run, gridPoint: $0.gridPoint, days: $0.days) }
  }

  /// Keeps a fetched short-term run.
  func keep(_ forecast: KMAForecast, at date: Date) {
    let run = forecast.run
    let stored = StoredRun(
      day: run.baseDate, hour: run.baseHour, fetchedAt: date, gridPoint: forecast.gridPoint,
      days: forecast.days)
    state.withLock { state in
      state.contents.runs.removeAll { $0.day == run.baseDate && $0.hour == run.baseHour }
      state.contents.runs.append(stored)
      state.changed = true
    }
  }

  /// When a kept short-term run was fetched.
  func fetchedAt(of run: KMARun) -> Date? {
    state.withLock { state in
      state.contents.runs.first { $0.day == run.baseDate && $0.hour == run.baseHour }?.fetchedAt
    }
  }

  /// Forgets the runs older than `oldest` and those from the future.
  func pruneRuns(olderThan oldest: Date, at date: Date) {
    state.withLock { state in
      let before = state.contents.runs.count
      state.contents.runs.removeAll { kept in
        guard let time = kept.baseTime else { return true }
        return time < oldest || time > date
      }
      if state.contents.runs.count != before { state.changed = true }
    }
  }

  // MARK: - Other parts

  /// A kept part by its key, when it holds exactly this issuance (never one from the future).
  func record<Value>(
    _ keyPath: WritableKeyPath<PartContents, [String: PartRecord<Value>]>, _ key: String,
    issuedAt: Date, at date: Date
  ) -> PartRecord<Value>? {
    guard issuedAt <= date else { return nil }
    return state.withLock { state in
      state.contents[keyPath: keyPath][key].flatMap { $0.issuedAt == issuedAt ? $0 : nil }
    }
  }

  /// The newest kept issuance of a part that is not from the future.
  func newestRecord<Value>(
    _ keyPath: WritableKeyPath<PartContents, [String: PartRecord<Value>]>, _ key: String,
    at date: Date
  ) -> PartRecord<Value>? {
    state.withLock { state in
      state.contents[keyPath: keyPath][key].flatMap { $0.issuedAt <= date ? $0 : nil }
    }
  }

  /// Keeps a fetched part.
  func keep<Value>(
    _ keyPath: WritableKeyPath<PartContents, [String: PartRecord<Value>]>, _ key: String,
    _ record: PartRecord<Value>
  ) {
    state.withLock { state in
      state.contents[keyPath: keyPath][key] = record
      state.changed = true
    }
  }

  // MARK: - Failures

  /// The failure that holds a part back at an instant: one read at the start of the refresh
  /// whose retry time is still ahead. A failure recorded "in the future" (the clock was set
  /// back) holds nothing back.
  func backoff(_ part: String, at date: Date) -> PartFailure? {
    state.withLock { state in
      state.backoffs[part].flatMap { $0.failedAt <= date && date < $0.retryAt ? $0 : nil }
    }
  }

  /// Records that a part failed, to be asked again after a backoff.
  ///
  /// - Parameters:
  ///   - part: The part's key.
  ///   - error: The failure.
  ///   - service: The service that failed.
  ///   - date: The instant of the refresh.
  ///   - notBefore: The earliest retry, when the part's nature sets one (yesterday's run, gone,
  ///     is not asked again the same day).
  func fail(
    _ part: String, _ error: ForecastError, service: DataService, at date: Date,
    notBefore: Date? = nil
  ) {
    guard error.code != .cancelled else { return }
    state.withLock { state in
      let attempts = (state.contents.failures[part]?.attempts ?? 0) + 1
      var retry = PartSchedule.retryTime(after: error, attempts: attempts, at: date)
      if let notBefore { retry = max(retry, notBefore) }
      state.contents.failures[part] = PartFailure(
        error, service: service, failedAt: date, retryAt: retry, attempts: attempts)
      state.changed = true
    }
  }

  /// Clears a part's failure after it answered.
  func succeed(_ part: String) {
    state.withLock { state in
      if state.contents.failures.removeValue(forKey: part) != nil { state.changed = true }
    }
  }

  /// Notes a part the outlook was made of.
  func use(_ part: ForecastPart, _ timing: PartTiming) {
    state.withLock { $0.used[part] = timing }
  }
}

/// When a part used in an outlook was issued and fetched, and when its next issuance is due.
struct PartTiming: Hashable, Sendable, Codable {
  let issuedAt: Date
  let fetchedAt: Date
  let nextDueAt: Date
}

/// One kept answer of a part, with its issuance.
struct PartRecord<Value: Codable & Sendable>: Codable, Sendable {
  /// The issuance: the run's base time, the mid-term `tmFc`, AirKorea's hour.
  let issuedAt: Date
  let fetchedAt: Date
  let nextDueAt: Date
  let value: Value

  var timing: PartTiming {
    PartTiming(issuedAt: issuedAt, fetchedAt: fetchedAt, nextDueAt: nextDueAt)
  }
}

/// A kept short-term run.
struct StoredRun: Codable, Sendable {
  let day: CalendarDay
  let hour: Int
  let fetchedAt: Date
  let gridPoint: GridPoint?
  let days: [DayForecast]

  var baseTime: Date? {
    (try? KMARun(operation: .shortTermForecast, baseDate: day, baseHour: hour))?.baseTime
  }
}

/// The nowcast as kept.
struct StoredNowcast: Codable, Sendable {
  let day: CalendarDay
  let hour: Int
  let gridPoint: GridPoint?
  let temperature: Temperature?
  let precipitationType: PrecipitationType?
  let precipitation: PrecipitationAmount?
  let humidity: Int?
  let windSpeed: Double?
  let windDirection: Double?

  init(_ conditions: CurrentConditions) {
    day = conditions.run.baseDate
    hour = conditions.run.baseHour
    gridPoint = conditions.gridPoint
    temperature = conditions.temperature
    precipitationType = conditions.precipitationType
    precipitation = conditions.precipitation
    humidity = conditions.humidity
    windSpeed = conditions.windSpeed
    windDirection = conditions.windDirection
  }

  var conditions: CurrentConditions? {
    guard let run = try? KMARun(operation: .nowcast, baseDate: day, baseHour: hour) else {
      return nil
    }
    return CurrentConditions(
      run: run, gridPoint: gridPoint, temperature: temperature,
      precipitationType: precipitationType, precipitation: precipitation, humidity: humidity,
      windSpeed: windSpeed, windDirection: windDirection)
  }
}

/// A failure that holds a part back until `retryAt`, as kept.
struct PartFailure: Error, Codable, Sendable, Hashable {
  let failedAt: Date
  let retryAt: Date
  let attempts: Int
  let service: DataService
  let stored: StoredError

  init(
    _ error: ForecastError, service: DataService, failedAt: Date, retryAt: Date, attempts: Int
  ) {
    self.failedAt = failedAt
    self.retryAt = retryAt
    self.attempts = attempts
    self.service = service
    self.stored = StoredError(error)
  }

  var error: ForecastError { stored.error }

  var reason: MissingPartReason { MissingPartReason(service: service, error: error) }
}

/// Everything kept for one grid cell: the file's contents.
struct PartContents: Codable, Sendable {
  /// The format this build writes; a file with a higher one is neither read nor replaced.
  static let currentVersion = 2

  var version = PartContents.currentVersion
  /// The short-term runs: the newest, the one of 23:00 the evening before, yesterday's.
  var runs: [StoredRun] = []
  /// The nowcast, by grid cell (one key).
  var nowcasts: [String: PartRecord<StoredNowcast>] = [:]
  /// The ultra-short forecast's hours, by grid cell (one key).
  var nextHours: [String: PartRecord<[HourlyForecast]>] = [:]
  /// The mid-term days, by regions.
  var midTerms: [String: PartRecord<[DayForecast]>] = [:]
  /// The air quality, by place.
  var airs: [String: PartRecord<AirQuality>] = [:]
  /// The UV index, by grid cell (one key).
  var uvIndexes: [String: PartRecord<UVForecast>] = [:]
  /// The pollen risk, by kind and grid cell.
  var pollens: [String: PartRecord<PollenForecast>] = [:]
  /// The failures that hold parts back, by part key.
  var failures: [String: PartFailure] = [:]

  init() {}

  private enum CodingKeys: String, CodingKey {
    case version, runs, nowcasts, nextHours, midTerms, airs, uvIndexes, pollens, failures
  }

  // The parts added after version 2 was first written are absent from older files: read as
  // none kept, so that an older file is still read and its parts still serve.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    runs = try container.decode([StoredRun].self, forKey: .runs)
    nowcasts = try container.decode([String: PartRecord<StoredNowcast>].self, forKey: .nowcasts)
    nextHours =
      try container.decodeIfPresent(
        [String: PartRecord<[HourlyForecast]>].self, forKey: .nextHours) ?? [:]
    midTerms = try container.decode([String: PartRecord<[DayForecast]>].self, forKey: .midTerms)
    airs = try container.decode([String: PartRecord<AirQuality>].self, forKey: .airs)
    uvIndexes =
      try container.decodeIfPresent([String: PartRecord<UVForecast>].self, forKey: .uvIndexes)
      ?? [:]
    pollens =
      try container.decodeIfPresent([String: PartRecord<PollenForecast>].self, forKey: .pollens)
      ?? [:]
    failures = try container.decode([String: PartFailure].self, forKey: .failures)
  }
}
