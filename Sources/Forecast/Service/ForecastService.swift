public import Foundation
public import HaruModels
import HaruShared

/// The forecast a weather screen shows, fetched once however many screens ask, cached, retried
/// and served stale when the network fails.
///
/// ```swift
/// let service = ForecastService(provider: try KMAProvider(serviceKey: key))
/// // or, with no key at all:
/// let service = ForecastService(provider: OpenMeteoProvider())
///
/// let outlook = try await service.outlook(for: town)
/// ```
///
/// What the service does for every call of ``outlook(for:)``:
/// - **Cache.** Answers are kept by provider, grid point and ``ForecastRun``. While the provider's
///   newest run is the one cached, the answer comes from memory; with a `cacheDirectory` it is
///   also written there (one file per provider and grid point, replaced atomically) and read back
///   after a restart. A file that cannot be read, or that an older version wrote, is ignored and
///   replaced; one a newer version wrote is neither read nor replaced.
/// - **Parts.** With ``KMAProvider``, each part of the answer (the short-term runs, the nowcast,
///   the mid-term days, the air quality) is kept with its own issuance — on disk with a
///   `cacheDirectory`, shared by the app, its widget and `haru` — and asked for only when its next
///   issuance is due; a part that failed waits for a backoff. Two services (in two processes, or
///   one) refreshing the same grid cell at the same moment make the requests of one. A widget reads
///   what was fetched with ``storedOutlook(for:provider:cacheDirectory:at:)``, which sends nothing;
///   see <doc:AWidgetAndABackgroundRefresh>.
/// - **Coalescing.** Calls for the same provider, grid point and run that arrive while a fetch is
///   in flight wait for that fetch: a hundred calls make the requests of one, and all get the
///   same answer or the same error.
/// - **Retries.** Transient failures are tried again by the ``RetryPolicy``, waiting on the
///   injected clock; each attempt is limited to `attemptTimeout`.
/// - **Stale on failure.** When the fetch fails with an error that asking again may fix and an
///   older answer is cached, that answer comes back with ``ForecastOutlook/isStale`` set and the
///   reason in ``ForecastOutlook/staleReason``. Otherwise the error is thrown: when nothing is
///   cached, when the cached answer was issued longer ago than `maximumAge` (24 hours unless
///   given), and always for an error that asking again will not fix
///   (``ForecastError/isPermanent``: a key that is not registered, a quota used up). A screen
///   that wants to show the kept answer next to such an error reads ``cachedOutlook(for:)``.
/// - **Cancellation.** Cancelling a caller ends its wait with ``ForecastError/Code/cancelled``;
///   the shared fetch is cancelled only when no caller is waiting for it any more.
public final class ForecastService: Sendable {
  /// The provider the service asks.
  public let provider: any ForecastProvider

  private let now: @Sendable () -> Date
  private let sleep: @Sendable (Duration) async throws -> Void
  private let startStopwatch: @Sendable () -> @Sendable () -> Duration
  private let random: @Sendable () -> Double
  private let retryPolicy: RetryPolicy
  private let attemptTimeout: Duration?
  private let disk: OutlookDiskCache?
  private let cacheDirectory: URL?
  /// The provider, when its answer is made of parts kept on their own; resolved once.
  private let partwise: (any PartwiseProvider)?
  private let maximumAge: Duration
  private let state = LockedState(State())

  /// Creates a service.
  ///
  /// - Parameters:
  ///   - provider: Where forecasts come from: ``KMAProvider``, ``OpenMeteoProvider`` or your own.
  ///   - clock: The clock the service waits on between retries and for attempt timeouts; a
  ///     `ContinuousClock` unless given (tests pass a ``/HaruTesting/ManualClock``).
  ///   - now: The wall-clock time, which decides the provider's current run and "today".
  ///   - retryPolicy: How transient failures are retried; ``RetryPolicy/standard`` unless given.
  ///   - attemptTimeout: The longest one attempt may take, on `clock`, before it fails with
  ///     ``ForecastError/Code/timeout``; 15 seconds unless given. `nil` leaves timing out to the
  ///     transport's own request timeout.
  ///   - cacheDirectory: A directory of your choosing for the on-disk cache; it is created when
  ///     needed. `nil` keeps the cache in memory only.
  ///   - maximumAge: How long after it was issued a kept answer may still be served, stale,
  ///     when a fetch fails; 24 hours unless given.
  public init(
    provider: any ForecastProvider,
    clock: some Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = Date.init,
    retryPolicy: RetryPolicy = .standard,
    attemptTimeout: Duration? = .seconds(15),
    cacheDirectory: URL? = nil,
    maximumAge: Duration = .seconds(24 * 3600)
  ) {
    self.maximumAge = maximumAge
    self.provider = provider
    self.now = now
    self.sleep = { duration in try await clock.sleep(for: duration) }
    self.startStopwatch = {
      let start = clock.now
      return { start.duration(to: clock.now) }
    }
    self.random = { Double.random(in: 0...1) }
    self.retryPolicy = retryPolicy
    self.attemptTimeout = attemptTimeout
    self.disk = cacheDirectory.map(OutlookDiskCache.init(directory:))
    self.cacheDirectory = cacheDirectory
    self.partwise = provider as? any PartwiseProvider
  }

  /// The outlook for a town: from memory when the provider's newest run is cached, otherwise
  /// fetched (once for every caller asking at the same time).
  ///
  /// - Parameter town: The town.
  /// - Returns: The outlook; ``ForecastOutlook/isStale`` when the fetch failed with an error
  ///   asking again may fix and an answer no older than `maximumAge` was cached.
  /// - Throws: ``ForecastError`` when the fetch failed and nothing usable is cached, and always
  ///   when the error is ``ForecastError/isPermanent``; ``ForecastError/Code/cancelled`` when the
  ///   calling task was cancelled.
  public func outlook(for town: Town) async throws(ForecastError) -> ForecastOutlook {
    let date = now()
    let location = Location(provider: provider.identifier, gridPoint: town.gridPoint)
    let run = provider.run(at: date)
    if let cached = state.withLock({ $0.latest[location] }), cached.run == run {
      return cached.town == town ? cached : cached.replacingTown(with: town)
    }
    let outlook = try await join(Key(location: location, run: run), town: town, at: date)
    // Towns in the same grid cell share answers; each caller sees its own town.
    return outlook.town == town ? outlook : outlook.replacingTown(with: town)
  }

  /// The newest outlook cached in memory for a town, fresh or not, without asking anything.
  ///
  /// Towns in the same grid cell share answers; the outlook returned is always for `town`.
  ///
  /// - Parameter town: The town.
  /// - Returns: The outlook, or `nil` when none was fetched yet.
  public func cachedOutlook(for town: Town) -> ForecastOutlook? {
    let location = Location(provider: provider.identifier, gridPoint: town.gridPoint)
    guard let cached = state.withLock({ $0.latest[location] }) else { return nil }
    return cached.town == town ? cached : cached.replacingTown(with: town)
  }

  /// How many callers are waiting for fetches in flight.
  var waitingCallers: Int {
    state.withLock { $0.flights.values.reduce(0) { $0 + $1.waiters.count } }
  }

  // MARK: - Coalescing

  private typealias Outcome = Result<ForecastOutlook, ForecastError>
  private typealias Waiter = CheckedContinuation<Outcome, Never>

  private struct Location: Hashable, Sendable {
    let provider: String
    let gridPoint: GridPoint
  }

  private struct Key: Hashable, Sendable {
    let location: Location
    let run: ForecastRun
  }

  private struct Flight {
    let id: UInt64
    var waiters: [UInt64: Waiter]
    var task: Task<Void, Never>?
  }

  private struct State {
    var latest: [Location: ForecastOutlook] = [:]
    /// The kept parts of each cell, for a service with no cache directory.
    var parts: [Location: PartContents] = [:]
    var flights: [Key: Flight] = [:]
    var nextID: UInt64 = 0
  }

  private enum JoinStep {
    case cancelled
    case cached(ForecastOutlook)
    case joined
    case start(UInt64)
  }

  private func join(_ key: Key, town: Town, at date: Date) async throws(ForecastError)
    -> ForecastOutlook
  {
    let waiterID = state.withLock { state in
      state.nextID &+= 1
      return state.nextID
    }
    let outcome: Outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: Waiter) in
        // Cancellation sets the task's flag before its handler runs: either the flag is seen
        // here or the handler finds the registered waiter.
        let step: JoinStep = state.withLock { state in
          if Task.isCancelled { return .cancelled }
          if let cached = state.latest[key.location], cached.run == key.run {
            return .cached(cached)
          }
          if state.flights[key] != nil {
            state.flights[key]?.waiters[waiterID] = waiter
            return .joined
          }
          state.nextID &+= 1
          state.flights[key] = Flight(id: state.nextID, waiters: [waiterID: waiter], task: nil)
          return .start(state.nextID)
        }
        switch step {
        case .cancelled:
          waiter.resume(returning: .failure(.cancellation))
        case .cached(let outlook):
          waiter.resume(returning: .success(outlook))
        case .joined:
          break
        case .start(let flightID):
          let task = Task { await self.fly(flightID, key: key, town: town, at: date) }
          let isOrphaned = state.withLock { state in
            guard state.flights[key]?.id == flightID else { return true }
            state.flights[key]?.task = task
            return false
          }
          // Every caller left before the task was recorded.
          if isOrphaned { task.cancel() }
        }
      }
    } onCancel: {
      let (waiter, abandoned): (Waiter?, Task<Void, Never>?) = state.withLock { state in
        guard let waiter = state.flights[key]?.waiters.removeValue(forKey: waiterID) else {
          return (nil, nil)
        }
        guard let flight = state.flights[key], flight.waiters.isEmpty else { return (waiter, nil) }
        state.flights[key] = nil
        return (waiter, flight.task)
      }
      waiter?.resume(returning: .failure(.cancellation))
      abandoned?.cancel()
    }
    return try outcome.get()
  }

  /// Fetches for every waiter of a flight and hands them the one outcome.
  private func fly(_ flightID: UInt64, key: Key, town: Town, at date: Date) async {
    let outcome = await fetch(key, town: town, at: date)
    let waiters: [Waiter] = state.withLock { state in
      if case .success(let outlook) = outcome, !outlook.isStale {
        if let current = state.latest[key.location], current.run > outlook.run {
          // A newer run arrived meanwhile; keep it.
        } else {
          state.latest[key.location] = outlook
        }
      }
      guard let flight = state.flights[key], flight.id == flightID else { return [] }
      state.flights[key] = nil
      return Array(flight.waiters.values)
    }
    for waiter in waiters {
      waiter.resume(returning: outcome)
    }
  }

  // MARK: - Fetching

  private func fetch(_ key: Key, town: Town, at date: Date) async -> Outcome {
    let remembered = state.withLock { $0.latest[key.location] }
    if let partwise {
      return await fetchParts(partwise, key, town: town, at: date, remembered: remembered)
    }
    let disk = disk
    let stored =
      remembered == nil
      ? await CellFiles.onQueue { disk?.read(provider: key.location.provider, town: town) } : nil
    if let stored, stored.run == key.run {
      return .success(stored)
    }
    let provider = provider
    let outcome = await fetchRetrying { () async throws(ForecastError) in
      try await provider.forecast(for: town, at: date)
    }
    return await finish(outcome, key, town: town, at: date, previous: remembered ?? stored) {
      outlook in
      outlook.nextIssueAt.map {
        [
          .shortTerm: PartTiming(
            issuedAt: outlook.issuedAt, fetchedAt: outlook.fetchedAt, nextDueAt: $0)
        ]
      } ?? [:]
    }
  }

  /// A refresh of a provider made of parts: holding the cell's lease (across processes, with a
  /// cache directory), the kept parts are read, only the due ones asked for, and the parts
  /// written back, so that a second refresh of the cell at the same moment waits and finds them
  /// all kept. No file lock is held while the requests are on their way.
  private func fetchParts(
    _ partwise: any PartwiseProvider, _ key: Key, town: Town, at date: Date,
    remembered: ForecastOutlook?
  ) async -> Outcome {
    let files = cacheDirectory.map {
      CellFiles(directory: $0, provider: key.location.provider, gridPoint: key.location.gridPoint)
    }
    let lease = files?.lease
    let claim = await lease?.claim()
    let kept: PartContents?
    if let files {
      kept = await files.read()
    } else {
      kept = state.withLock { $0.parts[key.location] }
    }
    let ledger = PartLedger(kept ?? PartContents())
    let disk = disk
    let stored =
      remembered == nil
      ? await CellFiles.onQueue { disk?.read(provider: key.location.provider, town: town) } : nil
    let outcome = await fetchRetrying { () async throws(ForecastError) in
      try await partwise.forecast(for: town, at: date, parts: ledger)
    }
    if ledger.changed {
      if let files {
        await files.write(ledger.contents)
      } else {
        state.withLock { $0.parts[key.location] = ledger.contents }
      }
    }
    if let lease, let claim { await lease.end(claim) }
    return await finish(outcome, key, town: town, at: date, previous: remembered ?? stored) { _ in
      ledger.used
    }
  }

  /// The outlook made of a provider's answer, kept on disk with its parts' timing; or, when the
  /// fetch failed, the previous outlook marked stale, where that is allowed.
  private func finish(
    _ outcome: Result<ProviderForecast, ForecastError>, _ key: Key, town: Town, at date: Date,
    previous: ForecastOutlook?,
    parts: @escaping @Sendable (ForecastOutlook) -> [ForecastPart: PartTiming]
  ) async -> Outcome {
    switch outcome {
    case .success(let forecast):
      let outlook = ForecastOutlook(
        town: town, provider: provider.identifier, attribution: provider.attribution,
        run: key.run, forecast: Self.filling(forecast, from: previous, at: date),
        fetchedAt: now(), referenceTime: date)
      if let disk {
        await CellFiles.onQueue { disk.write(outlook, parts: parts(outlook)) }
      }
      return .success(outlook)
    case .failure(let error):
      if error.code == .cancelled, Task.isCancelled {
        return .failure(error)
      }
      // An error that asking again will not fix is never hidden behind a kept answer, and an
      // answer older than the maximum age is no longer a forecast to show as current.
      guard let previous, !error.isPermanent,
        date.timeIntervalSince(previous.issuedAt) <= maximumAge.inSeconds
      else { return .failure(error) }
      return .success(previous.stale(at: date, because: error))
    }
  }

  /// The provider's answer with the days it lacks (usually yesterday) taken from the previous
  /// outlook, which forecast them when they were still ahead.
  private static func filling(
    _ forecast: ProviderForecast, from previous: ForecastOutlook?, at date: Date
  ) -> ProviderForecast {
    let yesterday = CalendarDay(containing: date, in: CalendarDay.koreaTimeZone).adding(days: -1)
    guard let previous, !forecast.days.contains(where: { $0.day == yesterday }),
      let kept = previous.day(yesterday)
    else { return forecast }
    return forecast.replacingDays(with: forecast.days + [kept])
  }

  private func fetchRetrying(
    _ operation: @escaping @Sendable () async throws(ForecastError) -> ProviderForecast
  ) async -> Result<ProviderForecast, ForecastError> {
    let elapsed = startStopwatch()
    let attempts = max(retryPolicy.maximumAttempts, 1)
    var attempt = 1
    while true {
      let outcome = await fetchOnce(operation)
      guard case .failure(let error) = outcome else { return outcome }
      if Task.isCancelled { return .failure(.cancellation) }
      guard error.isTransient, attempt < attempts else { return outcome }
      let delay = retryPolicy.delay(beforeRetry: attempt, random: random())
      guard elapsed() + delay <= retryPolicy.maximumTotalTime else { return outcome }
      do {
        try await sleep(delay)
      } catch {
        return .failure(.cancellation)
      }
      attempt += 1
    }
  }

  /// One attempt, failing with a timeout when it takes longer than `attemptTimeout`; nothing of
  /// it is left running when it returns.
  private func fetchOnce(
    _ operation: @escaping @Sendable () async throws(ForecastError) -> ProviderForecast
  ) async -> Result<ProviderForecast, ForecastError> {
    let sleep = sleep
    guard let timeout = attemptTimeout else {
      return await capture(operation)
    }
    return await withTaskGroup(of: Result<ProviderForecast, ForecastError>?.self) { group in
      group.addTask {
        await capture(operation)
      }
      group.addTask {
        do {
          try await sleep(timeout)
        } catch {
          return nil
        }
        return .failure(
          ForecastError(
            .timeout,
            message:
              "The forecast provider did not answer within \(timeout.inSeconds) s; "
              + "try again later or check the connection."))
      }
      var outcome: Result<ProviderForecast, ForecastError>?
      while let next = await group.next() {
        if let next {
          outcome = next
          break
        }
      }
      group.cancelAll()
      return outcome ?? .failure(.cancellation)
    }
  }
}
