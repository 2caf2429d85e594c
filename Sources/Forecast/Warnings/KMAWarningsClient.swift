public import Foundation
import HaruModels
import HaruShared

/// KMA's weather warning service (기상청_기상특보 조회서비스, `WthrWrnInfoService`) over the same
/// ``HTTPTransport`` and key handling as the forecast: the warnings in force for a town, the
/// 예비특보 and KMA's own status as a cross-check.
///
/// ```swift
/// let warnings = try KMAWarningsClient(serviceKey: key)   // the KMA key
/// let report = await warnings.report(
///   province: "경기도", district: "용인시수지구", neighborhood: "성복동")
/// for found in report.active {
///   print(found.warning.title(in: .korean), found.warning.zoneName, found.isPartOfTown)
/// }
/// if let reason = report.missingReason { print(reason.message(in: .korean)) }
/// ```
///
/// **Events.** Only `getPwnCd` says per zone what was issued and released; its rows are events,
/// which the client replays into the warnings in force. They are asked one Korean day per
/// request (paging a longer range repeats and loses rows), over the last 60 days so that a
/// warning issued weeks ago and still in force is seen. Days are kept: a day is asked once it is
/// older than yesterday and never again; today and yesterday, which can still gain rows, are
/// asked again when KMA's status names a newer announcement, and at least every hour. A full
/// page is followed by the next, and a row that both pages hold counts once. Given a
/// `cacheDirectory`, the settled days are also kept in a file there, so that a new process asks
/// only for the days it has not seen.
///
/// **Status.** `getPwnStatus` is asked at most every ten minutes: its newest announcement is the
/// sign that something changed, its `t6` the cross-check (a disagreement with the replayed
/// events is a ``WarningDiagnostic``) and its `t7` the 예비특보.
///
/// **Refusals.** The portal approves this service on its own: a key approved for the forecast
/// may be refused here. The report then has no warnings and its
/// ``WarningsReport/missingReason`` says which service refused and what to do; nothing older is
/// shown as current. A quota used up (code 22) closes the service until midnight, Korea time;
/// another failure holds the operation back, across processes with a cache directory, for the forecast
/// parts' backoff (an hour, doubling, for a refused key; five minutes, doubling, for a timeout)
/// rather than being asked again on every refresh.
///
/// Show ``ForecastAttribution/kmaWarnings`` ("출처: 기상청") with the warnings.
public final class KMAWarningsClient: Sendable {
  /// The data portal's address of the warning service.
  public static let dataGoKr =
    URL(string: "https://apis.data.go.kr/1360000/WthrWrnInfoService")
    ?? URL(fileURLWithPath: "/")

  /// KMA's API Hub's address of the warning service, where the key (API Hub's own) is sent as
  /// `authKey`.
  public static let apiHub =
    URL(string: "https://apihub.kma.go.kr/api/typ02/openApi/WthrWrnInfoService")
    ?? URL(fileURLWithPath: "/")

  /// Where the service is asked.
  public let baseURL: URL

  private let key: Secret
  private let transport: any HTTPTransport
  private let timeout: Duration
  private let now: @Sendable () -> Date
  private let zones: WarningZones
  private let state = LockedState(State())
  private let store: WarningDayStore?
  /// Rows asked for per page; a full page is followed by the next.
  let pageSize: Int

  /// How many Korean days of events are kept and asked for, today included: the service's
  /// limit.
  static let windowDays = 60
  /// How long the status is used before it is asked again.
  static let statusLifetime: TimeInterval = 10 * 60
  /// How long today's and yesterday's events are used, when the status names nothing newer.
  static let recentDayLifetime: TimeInterval = 3600
  /// How many days are asked at the same time.
  static let parallelRequests = 4

  /// Creates a client, checking the key and the base URL once.
  ///
  /// - Parameters:
  ///   - serviceKey: The key the data portal issued (the KMA key), raw or percent-encoded; it is
  ///     encoded exactly once either way.
  ///   - baseURL: Where the service is; ``dataGoKr`` unless given.
  ///   - transport: How requests are sent; a ``URLSessionTransport`` unless given.
  ///   - timeout: The longest one request may take.
  ///   - cacheDirectory: A directory of your choosing to keep the settled days of events in
  ///     across launches; `nil` keeps them in memory only.
  ///   - now: The wall-clock time, which decides the days asked for, freshness and the quota's
  ///     reset.
  /// - Throws: ``ForecastError/Code/invalidRequest`` for an empty key, a key with control
  ///   characters, or a base URL that is not `http(s)` with a host; nothing is sent.
  public convenience init(
    serviceKey: String,
    baseURL: URL = KMAWarningsClient.dataGoKr,
    transport: any HTTPTransport = URLSessionTransport(),
    timeout: Duration = .seconds(10),
    cacheDirectory: URL? = nil,
    now: @escaping @Sendable () -> Date = Date.init
  ) throws(ForecastError) {
    try self.init(
      serviceKey: serviceKey, baseURL: baseURL, transport: transport, timeout: timeout,
      cacheDirectory: cacheDirectory, now: now, pageSize: 1000)
  }

  init(
    serviceKey: String, baseURL: URL, transport: any HTTPTransport, timeout: Duration,
    cacheDirectory: URL? = nil, now: @escaping @Sendable () -> Date, pageSize: Int,
    zones: WarningZones = .bundled
  ) throws(ForecastError) {
    self.key = try KMARequestBuilder.encodedKey(serviceKey, of: "KMA warning")
    try KMARequestBuilder.check(
      baseURL, named: "KMA warning base URL",
      example: "https://apis.data.go.kr/1360000/WthrWrnInfoService")
    self.baseURL = baseURL
    self.transport = transport
    self.timeout = timeout
    self.now = now
    self.pageSize = max(pageSize, 1)
    self.zones = zones
    self.store = cacheDirectory.map(WarningDayStore.init(directory:))
  }

  // MARK: - A town

  /// The warnings for a town: those in force in its zones, most severe first, those issued and
  /// not yet in force, the 예비특보 that name its zones, and any disagreement with KMA's status.
  ///
  /// - Parameters:
  ///   - province: The 시도, as HaruPlaces writes it (`"경기도"`, `"제주특별자치도"`).
  ///   - district: The 시군구 (`"용인시수지구"`), `nil` for a 시도.
  ///   - neighborhood: The 읍면동 (`"성복동"`), `nil` for a 시군구.
  ///   - date: The instant the report is for; now unless given.
  /// - Returns: The report. When the events cannot be had it holds no warnings and says why
  ///   (``WarningsReport/missingReason``); when only the status cannot be had it holds the
  ///   warnings, no 예비특보, and says why (``WarningsReport/preliminaryMissingReason``).
  public func report(
    province: String, district: String?, neighborhood: String?, at date: Date? = nil
  ) async -> WarningsReport {
    let date = date ?? now()
    let townZones = zones.zones(
      province: province, district: district, neighborhood: neighborhood, at: date)
    // Two processes asking at the same moment make the requests of one: the second waits for the
    // first's lease to end and finds what it kept. No file lock is held while a request is out.
    let lease = store?.lease
    let claim = await lease?.claim()
    let report = await report(zones: townZones, at: date)
    if let lease, let claim { await lease.end(claim) }
    return report
  }

  private func report(zones townZones: [TownZone], at date: Date) async -> WarningsReport {
    let status = await currentStatus(at: date)
    let statusReason = status.failure.map {
      MissingPartReason(service: .kmaWarnings, error: $0)
    }
    let kept = status.success ?? nil
    switch await events(at: date, signal: kept?.announcement) {
    case .failure(let error):
      return WarningsReport(
        asOf: date, zones: townZones, active: [], upcoming: [], preliminary: [], diagnostics: [],
        missingReason: MissingPartReason(service: .kmaWarnings, error: error),
        preliminaryMissingReason: statusReason)
    case .success(let events):
      return WarningsReport(
        events: events, status: kept, zones: townZones, table: zones, at: date,
        preliminaryMissingReason: statusReason)
    }
  }

  // MARK: - The status

  private func currentStatus(at date: Date) async -> Result<WarningStatus?, ForecastError> {
    func isFresh(_ fetchedAt: Date) -> Bool {
      date.timeIntervalSince(fetchedAt) < Self.statusLifetime && fetchedAt <= date
    }
    if let kept = state.withLock({ $0.status }), isFresh(kept.fetchedAt) {
      return .success(kept.status)
    }
    // Another process (the app, its widget, another `haru`) may have asked within ten minutes.
    if let store {
      let snapshot = await store.read()
      take(snapshot)
      if let rows = snapshot.status, isFresh(rows.fetchedAt) {
        let status = WarningRows.status(rows.rows)
        state.withLock { $0.status = KeptStatus(status: status, fetchedAt: rows.fetchedAt) }
        return .success(status)
      }
    }
    let outcome = await capture { () async throws(ForecastError) -> [[String?]] in
      try await self.ask(
        "getPwnStatus", ["numOfRows": "10", "pageNo": "1"], fields: WarningRows.statusFields,
        at: date
      ).rows
    }
    switch outcome {
    case .success(let rows):
      let status = WarningRows.status(rows)
      state.withLock { $0.status = KeptStatus(status: status, fetchedAt: date) }
      await store?.update {
        $0.status = WarningDayStore.KeptStatusRows(rows: rows, fetchedAt: date)
      }
      return .success(status)
    case .failure(let error):
      return .failure(error)
    }
  }

  // MARK: - The events

  /// The events of the window ending on the Korean day of an instant, asking for the days not
  /// kept or due again.
  func events(at date: Date, signal: WarningAnnouncement?) async -> Result<
    [WarningEvent], ForecastError
  > {
    let today = CalendarDay(containing: date, in: CalendarDay.koreaTimeZone)
    let first = today.adding(days: 1 - Self.windowDays)
    await readStoredDays()
    let due: [CalendarDay] = state.withLock { state in
      state.days = state.days.filter { $0.key >= first && $0.key <= today }
      return (0..<Self.windowDays).map { first.adding(days: $0) }.filter { day in
        guard let kept = state.days[day] else { return true }
        return Self.isDue(kept, day: day, today: today, at: date, signal: signal)
      }
    }
    var failure: ForecastError?
    await withTaskGroup(of: (CalendarDay, Result<[WarningEvent], ForecastError>).self) { group in
      var pending = due[...]
      func startNext() {
        guard let day = pending.popFirst() else { return }
        group.addTask {
          (
            day,
            await capture { () async throws(ForecastError) in try await self.fetch(day, at: date) }
          )
        }
      }
      for _ in 0..<Self.parallelRequests { startNext() }
      while let (day, outcome) = await group.next() {
        switch outcome {
        case .success(let events):
          state.withLock {
            $0.days[day] = KeptDay(events: events, fetchedAt: date, signal: signal)
          }
          startNext()
        case .failure(let error):
          // One day missing would hide what it holds: the rest is not asked for.
          if failure == nil || failure?.code == .cancelled { failure = error }
          pending = []
          group.cancelAll()
        }
      }
    }
    if !due.isEmpty { await storeDays() }
    if let failure { return .failure(failure) }
    let events: [WarningEvent] = state.withLock { state in
      state.days.sorted { $0.key < $1.key }.flatMap(\.value.events)
    }
    return .success(events)
  }

  /// Whether a kept day is asked for again: a day that could still gain rows when it was asked
  /// (it was today or yesterday) is, once it is older than yesterday, when the status names a
  /// newer announcement, or after an hour.
  static func isDue(
    _ kept: KeptDay, day: CalendarDay, today: CalendarDay, at date: Date,
    signal: WarningAnnouncement?
  ) -> Bool {
    if isSettled(day, at: kept.fetchedAt) { return false }
    if day < today.adding(days: -1) { return true }
    if let signal, kept.signal.map({ $0 < signal }) ?? true { return true }
    return date.timeIntervalSince(kept.fetchedAt) >= recentDayLifetime || date < kept.fetchedAt
  }

  /// Whether a day asked for at an instant can gain no more rows: the instant is past the end of
  /// the day after.
  static func isSettled(_ day: CalendarDay, at date: Date) -> Bool {
    date >= day.adding(days: 2).start(in: CalendarDay.koreaTimeZone)
  }

  /// Takes the days kept in the cache directory, once.
  private func readStoredDays() async {
    guard let store, state.withLock({ !$0.hasReadStore }) else { return }
    let stored = await store.read()
    state.withLock { state in
      guard !state.hasReadStore else { return }
      state.hasReadStore = true
      for (day, kept) in stored.days where state.days[day] == nil {
        state.days[day] = kept
      }
    }
    take(stored)
  }

  /// Takes what another process learnt of the service's refusals: the quota's closing and the
  /// newest failure of each operation.
  private func take(_ snapshot: WarningDayStore.Snapshot) {
    state.withLock { state in
      if let closed = snapshot.closedUntil {
        state.closedUntil = max(state.closedUntil ?? closed, closed)
      }
      for (operation, failure) in snapshot.failures
      where state.failures[operation].map({ $0.failedAt < failure.failedAt }) ?? true {
        state.failures[operation] = failure
      }
    }
  }

  /// Keeps the days in the cache directory: the settled ones for good, today's and yesterday's
  /// with when they were fetched.
  private func storeDays() async {
    guard let store else { return }
    let (days, closed) = state.withLock { ($0.days, $0.closedUntil) }
    await store.update { snapshot in
      for (day, kept) in days {
        if let other = snapshot.days[day], other.fetchedAt > kept.fetchedAt { continue }
        snapshot.days[day] = kept
      }
      if let closed { snapshot.closedUntil = max(snapshot.closedUntil ?? closed, closed) }
    }
  }

  private func fetch(_ day: CalendarDay, at date: Date) async throws(ForecastError)
    -> [WarningEvent]
  {
    let text = Self.dayText(day)
    var seen = Set<WarningEvent>()
    var events: [WarningEvent] = []
    for page in 1...20 {
      let envelope = try await ask(
        "getPwnCd",
        [
          "numOfRows": String(pageSize), "pageNo": String(page), "fromTmFc": text,
          "toTmFc": text,
        ], fields: WarningRows.eventFields, at: date)
      for event in WarningRows.events(envelope.rows).events where seen.insert(event).inserted {
        events.append(event)
      }
      if envelope.rows.count < pageSize { break }
    }
    return events
  }

  /// `YYYYMMDD`.
  static func dayText(_ day: CalendarDay) -> String {
    String(day.year * 10_000 + day.month * 100 + day.day)
  }

  // MARK: - Asking

  /// Sends one request and reads its answer; a refused quota closes the service until midnight.
  private func ask(
    _ operation: String, _ parameters: KeyValuePairs<String, String>, fields: [String],
    at date: Date
  ) async throws(ForecastError) -> Envelope<[String?]> {
    if let closed = state.withLock({ $0.closedUntil }), date < closed {
      throw ForecastError(
        .kmaResult,
        message:
          "KMA's weather warning service's daily quota is used up (result code 22); no request "
          + "is sent to it until midnight, Korea time.",
        kmaResultCode: .requestLimitExceeded)
    }
    // A failure holds the service back until its retry time (the failure of another process
    // too), rather than being asked again on every refresh.
    if let failure = state.withLock({ $0.failures[operation] }), failure.failedAt <= date,
      date < failure.retryAt
    {
      throw failure.error
    }
    let request = try PortalRequest.make(
      baseURL: baseURL, operation: operation, key: key, parameters: parameters, timeout: timeout,
      format: "dataType=JSON", service: "KMA warning")
    do {
      let response = try await transport.send(request)
      let envelope = try EnvelopeReader.read(response, from: .kmaWarnings, fields: fields)
      if state.withLock({ $0.failures.removeValue(forKey: operation) }) != nil {
        await store?.update { $0.failures[operation] = nil }
      }
      return envelope
    } catch {
      await holdBack(operation, after: error, at: date)
      throw error
    }
  }

  /// Keeps a failure: a quota used up closes the service until midnight, Korea time; another
  /// failure holds the operation back by ``PartSchedule``'s rule.
  private func holdBack(_ operation: String, after error: ForecastError, at date: Date) async {
    guard error.code != .cancelled else { return }
    if error.kmaResultCode == .requestLimitExceeded {
      let reset = CalendarDay(containing: date, in: CalendarDay.koreaTimeZone).adding(days: 1)
        .start(in: CalendarDay.koreaTimeZone)
      state.withLock { $0.closedUntil = reset }
      await store?.update { $0.closedUntil = max($0.closedUntil ?? reset, reset) }
      return
    }
    let failure: PartFailure? = state.withLock { state in
      // The requests of one refresh that fail together count as one failure.
      if let kept = state.failures[operation], kept.failedAt == date { return nil }
      let attempts = (state.failures[operation]?.attempts ?? 0) + 1
      let failure = PartFailure(
        error, service: .kmaWarnings, failedAt: date,
        retryAt: PartSchedule.retryTime(after: error, attempts: attempts, at: date),
        attempts: attempts)
      state.failures[operation] = failure
      return failure
    }
    if let failure { await store?.update { $0.failures[operation] = failure } }
  }

  // MARK: - State

  struct KeptDay {
    let events: [WarningEvent]
    let fetchedAt: Date
    /// The status's newest announcement when the day was asked for.
    let signal: WarningAnnouncement?
  }

  private struct KeptStatus {
    let status: WarningStatus?
    let fetchedAt: Date
  }

  /// Guarded by `state`'s lock, all of it.
  private struct State {
    var days: [CalendarDay: KeptDay] = [:]
    var status: KeptStatus?
    var closedUntil: Date?
    /// The last failure of each operation, which holds it back until its retry time.
    var failures: [String: PartFailure] = [:]
    /// Whether the days kept in the cache directory were taken.
    var hasReadStore = false
  }
}

extension ForecastAttribution {
  /// The credit KMA's warnings carry: "출처: 기상청", linking to the warning service's page on
  /// the public data portal.
  public static let kmaWarnings = ForecastAttribution(
    text: "출처: 기상청",
    link: URL(string: "https://www.data.go.kr/data/15000415/openapi.do")
      ?? URL(fileURLWithPath: "/"))
}
