import Foundation
import HaruModels
import HaruShared

/// A provider whose answer is made of parts, each published on its own schedule, that
/// ``ForecastService`` keeps in a ``PartLedger`` so that a refresh asks only for the parts whose
/// next issuance is due.
///
/// A provider without it (``OpenMeteoProvider``, one of your own) is kept whole, by
/// ``ForecastRun``.
protocol PartwiseProvider: ForecastProvider {
  /// The forecast for a town, taking from `parts` what it holds and keeping there what it fetches.
  func forecast(for town: Town, at date: Date, parts: PartLedger) async throws(ForecastError)
    -> ProviderForecast
}

extension KMAProvider: PartwiseProvider {
  /// The keys of the parts' failures in the ledger.
  enum PartKey {
    static let shortTerm = "shortTerm"
    static let overnight = "overnight"
    static let yesterday = "yesterday"
    static let nowcast = "nowcast"
    static let nextHours = "nextHours"
    static let air = "air"
    static func midTerm(_ regions: MidTermRegions) -> String {
      "midTerm:\(regions.land ?? "-"):\(regions.temperature)"
    }
    static func uvIndex(_ cell: GridPoint) -> String { "uvIndex:\(cell.nx),\(cell.ny)" }
    static func pollen(_ kind: PollenKind, _ cell: GridPoint) -> String {
      "pollen:\(kind.rawValue):\(cell.nx),\(cell.ny)"
    }
  }

  func forecast(for town: Town, at date: Date, parts: PartLedger) async throws(ForecastError)
    -> ProviderForecast
  {
    let client = KMAClient(builder: builder, transport: transport, now: { date })
    let gridPoint = town.gridPoint
    let zone = CalendarDay.koreaTimeZone
    let today = CalendarDay(containing: date, in: zone)
    let newestRun = KMARun.latest(
      of: .shortTermForecast, at: date,
      publicationDelay: configuration.publicationDelay(of: .shortTermForecast))
    let overnightRun = try KMARun(
      operation: .shortTermForecast, baseDate: today.adding(days: -1), baseHour: 23)
    let yesterdayRun = try KMARun(
      operation: .shortTermForecast, baseDate: today.adding(days: -2), baseHour: 23)
    // The runs a refresh needs are yesterday's (two evenings ago), last evening's and the newest;
    // one kept for one role serves the next: last evening's run is yesterday's tomorrow.
    parts.pruneRuns(olderThan: yesterdayRun.previous.baseTime, at: date)
    let regions =
      town.midTermRegions
      ?? MidTermTemperaturePoints.regions(nearest: town.coordinate ?? gridPoint.center)

    async let newest = capture { () async throws(ForecastError) in
      try await shortTermRun(
        newestRun, key: PartKey.shortTerm, client: client, gridPoint: gridPoint, parts: parts,
        at: date)
    }
    async let overnight = capture { () async throws(ForecastError) -> KMAForecast? in
      guard newestRun != overnightRun else { return nil }
      return try await shortTermRun(
        overnightRun, key: PartKey.overnight, client: client, gridPoint: gridPoint,
        parts: parts, at: date)
    }
    async let past = capture { () async throws(ForecastError) in
      // Yesterday's run never changes again: asked once; gone from the service, it is not asked
      // again until the next day brings another.
      try await shortTermRun(
        yesterdayRun, key: PartKey.yesterday, client: client, gridPoint: gridPoint,
        parts: parts, at: date, notBefore: today.adding(days: 1).start(in: zone))
    }
    async let observed = nowcast(client: client, gridPoint: gridPoint, parts: parts, at: date)
    async let upcoming = nextHours(client: client, gridPoint: gridPoint, parts: parts, at: date)
    async let midTerm = midTermDays(regions: regions, parts: parts, at: date)
    async let uv = uvPart(areaCode: town.areaCode, cell: gridPoint, parts: parts, at: date)
    async let pollen = pollenPart(
      areaCode: town.areaCode, cell: gridPoint, parts: parts, at: date)
    async let air = airPart(
      near: town.coordinate ?? gridPoint.center, cell: gridPoint, parts: parts, at: date)

    let newestForecast = try await newest.get()
    var daily = newestForecast
    if case .success(let older?) = await overnight {
      daily = KMAClient.merge(older, refinedBy: newestForecast)
    }
    // A run that had to fall back can start on the evening before today; those hours are not
    // today's.
    daily = KMAForecast(
      run: daily.run, gridPoint: daily.gridPoint, days: daily.days.filter { $0.day >= today })
    let shortTermNext = daily.run.baseTime.addingTimeInterval(
      3 * 3600 + delay(of: .shortTermForecast))
    parts.use(
      .shortTerm,
      PartTiming(
        issuedAt: daily.run.baseTime,
        fetchedAt: parts.fetchedAt(of: daily.run) ?? date, nextDueAt: shortTermNext))

    var missing: Set<ForecastPart> = []
    var reasons: [ForecastPart: MissingPartReason] = [:]
    let conditions: CurrentConditions?
    switch await observed {
    case .success(let value): conditions = value
    case .failure(let failure) where failure.error.code == .cancelled: throw failure.error
    case .failure(let failure):
      conditions = nil
      reasons[.current] = failure.reason
    }
    var nextHours: [HourlyForecast] = []
    switch await upcoming {
    case .success(let hours): nextHours = hours
    case .failure(let failure) where failure.error.code == .cancelled: throw failure.error
    case .failure(let failure): reasons[.nextHours] = failure.reason
    }
    let midTermDays: [DayForecast]?
    switch await midTerm {
    case .success(let value):
      midTermDays = value
      if value == nil { missing.insert(.midTerm) }
    case .failure(let failure) where failure.error.code == .cancelled: throw failure.error
    case .failure(let failure):
      midTermDays = nil
      reasons[.midTerm] = failure.reason
    }
    var airQualityNow: AirQuality?
    switch await air {
    case nil: break
    case .success(let quality)?: airQualityNow = quality
    case .failure(let failure)? where failure.error.code == .cancelled: throw failure.error
    case .failure(let failure)?: reasons[.air] = failure.reason
    }
    var uvIndex: UVForecast?
    switch await uv {
    case nil: break
    case .success(let forecast)?: uvIndex = forecast
    case .failure(let failure)? where failure.error.code == .cancelled: throw failure.error
    case .failure(let failure)?: reasons[.uvIndex] = failure.reason
    }
    let pollenOutcome = await pollen
    if let failure = pollenOutcome?.failure {
      if failure.error.code == .cancelled { throw failure.error }
      reasons[.pollen] = failure.reason
    }
    var days = daily.days
    // Yesterday is a bonus: the service keeps old runs only briefly, and today's forecast is
    // worth showing without it (the service fills it from its cache when it can).
    let yesterday = today.adding(days: -1)
    if case .success(let run) = await past, let day = run.day(yesterday),
      !days.contains(where: { $0.day == yesterday })
    {
      days.append(day)
      parts.use(
        .yesterday,
        PartTiming(
          issuedAt: run.run.baseTime, fetchedAt: parts.fetchedAt(of: run.run) ?? date,
          nextDueAt: today.adding(days: 1).start(in: zone)))
    }
    days = Self.stitch(days, midTermDays, today: today)
    let current = conditions.map { conditions in
      let hourStart = Date(
        timeIntervalSince1970: (date.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
      let hour = daily.hours.last { $0.time <= hourStart } ?? daily.hours.first
      return HourlyForecast(
        time: conditions.observedAt, temperature: conditions.temperature ?? hour?.temperature,
        sky: hour?.sky, precipitationType: conditions.precipitationType,
        precipitationProbability: hour?.precipitationProbability,
        precipitation: conditions.precipitation, humidity: conditions.humidity,
        windSpeed: conditions.windSpeed, windDirection: conditions.windDirection)
    }
    let midTermTiming = parts.used[.midTerm]
    let midTermNext = MidTermIssuance.latest(at: date, delay: configuration.midTermPublicationDelay)
      .next.time.addingTimeInterval(configuration.midTermPublicationDelay.inSeconds)
    return ProviderForecast(
      days: days, current: current, nextHours: nextHours, issuedAt: daily.run.baseTime,
      nextIssueAt: shortTermNext,
      midTermIssuedAt: midTermDays == nil ? nil : midTermTiming?.issuedAt,
      midTermNextIssueAt: midTermTiming?.nextDueAt ?? midTermNext,
      missing: missing, missingReasons: reasons, air: airQualityNow, uvIndex: uvIndex,
      pollen: pollenOutcome?.forecasts ?? [])
  }

  /// A short-term run: kept, or fetched and kept; when it is not published yet, the one before
  /// (kept or fetched).
  private func shortTermRun(
    _ run: KMARun, key: String, client: KMAClient, gridPoint: GridPoint, parts: PartLedger,
    at date: Date, notBefore: Date? = nil
  ) async throws(ForecastError) -> KMAForecast {
    if let kept = parts.run(run, at: date) { return kept }
    if let failure = parts.backoff(key, at: date) {
      // Not out yet: the run before is the newest there is. Refused or failing: the failure
      // again, with no request, so that the service serves its kept outlook as stale (or throws
      // an error asking again will not fix).
      if KMAClient.meansNotPublished(failure.error), let kept = parts.run(run.previous, at: date) {
        return kept
      }
      throw failure.error
    }
    do {
      let forecast = try await client.forecast(run, for: gridPoint)
      parts.keep(forecast, at: date)
      parts.succeed(key)
      return forecast
    } catch  where KMAClient.meansNotPublished(error) {
      // Not out yet (or, for yesterday's, no longer kept): the run before, asked again after the
      // backoff.
      parts.fail(key, error, service: .kmaShortTerm, at: date, notBefore: notBefore)
      if let kept = parts.run(run.previous, at: date) { return kept }
      let forecast = try await client.forecast(run.previous, for: gridPoint)
      parts.keep(forecast, at: date)
      return forecast
    } catch {
      parts.fail(key, error, service: .kmaShortTerm, at: date)
      throw error
    }
  }

  /// The nowcast: kept for the newest hour, or fetched; the hour before when the newest is not
  /// out yet.
  private func nowcast(
    client: KMAClient, gridPoint: GridPoint, parts: PartLedger, at date: Date
  ) async -> Result<CurrentConditions, PartFailure> {
    let outcome = await hourlyPart(
      .nowcast, as: .current, key: PartKey.nowcast, kept: \.nowcasts, gridPoint: gridPoint,
      parts: parts, at: date, usable: { $0.conditions != nil }
    ) { run async throws(ForecastError) in
      let conditions = try await client.currentConditions(run, for: gridPoint)
      return (conditions.run, StoredNowcast(conditions))
    }
    return outcome.flatMap { stored in
      stored.conditions.map(Result.success)
        ?? .failure(
          Self.failure(
            ForecastError(.decoding, message: "The kept nowcast names no valid run."),
            .kmaShortTerm))
    }
  }

  /// The next six hours (the ultra-short forecast): kept for the newest run, or fetched; the run
  /// before when the newest is not out yet.
  private func nextHours(
    client: KMAClient, gridPoint: GridPoint, parts: PartLedger, at date: Date
  ) async -> Result<[HourlyForecast], PartFailure> {
    await hourlyPart(
      .ultraShortForecast, as: .nextHours, key: PartKey.nextHours, kept: \.nextHours,
      gridPoint: gridPoint, parts: parts, at: date
    ) { run async throws(ForecastError) in
      let forecast = try await client.forecast(run, for: gridPoint)
      return (forecast.run, forecast.hours)
    }
  }

  /// A part KMA runs every hour (the nowcast, the ultra-short forecast), kept by grid cell: the
  /// newest run kept, or fetched and kept; when it is not out yet (or held back after failing),
  /// the run before.
  ///
  /// - Parameters:
  ///   - operation: The operation.
  ///   - part: The part it makes.
  ///   - key: The key of its failures in the ledger.
  ///   - keyPath: Where the ledger keeps it.
  ///   - gridPoint: The grid cell.
  ///   - parts: The ledger.
  ///   - date: The instant of the refresh.
  ///   - usable: Whether a kept value can be served (one read from an older file may not).
  ///   - fetch: Asks for a run; returns the run the answer names (read from its items) and the
  ///     value to keep.
  /// - Returns: The value, or the failure that kept it from being had.
  private func hourlyPart<Value: Codable & Sendable>(
    _ operation: KMAOperation, as part: ForecastPart, key: String,
    kept keyPath: WritableKeyPath<PartContents, [String: PartRecord<Value>]>,
    gridPoint: GridPoint, parts: PartLedger, at date: Date,
    usable: (Value) -> Bool = { _ in true },
    fetch: (KMARun) async throws(ForecastError) -> (run: KMARun, value: Value)
  ) async -> Result<Value, PartFailure> {
    let latest = KMARun.latest(
      of: operation, at: date, publicationDelay: configuration.publicationDelay(of: operation))
    let cell = "\(gridPoint.nx),\(gridPoint.ny)"
    func kept(_ run: KMARun) -> Value? {
      guard let record = parts.record(keyPath, cell, issuedAt: run.baseTime, at: date),
        usable(record.value)
      else { return nil }
      parts.use(part, record.timing)
      return record.value
    }
    func keep(_ run: KMARun, _ value: Value) -> Value {
      let record = PartRecord(
        issuedAt: run.baseTime, fetchedAt: date,
        nextDueAt: run.baseTime.addingTimeInterval(3600 + delay(of: operation)), value: value)
      parts.keep(keyPath, cell, record)
      parts.use(part, record.timing)
      return value
    }
    if let value = kept(latest) { return .success(value) }
    if let failure = parts.backoff(key, at: date) {
      if let value = kept(latest.previous) { return .success(value) }
      return .failure(failure)
    }
    do {
      let answer = try await fetch(latest)
      if answer.run < latest {
        // The answer is of an older run than asked: the newest is asked again after the
        // backoff, not on every refresh.
        parts.fail(
          key, ForecastError(.noData, message: "\(latest) is not out yet."),
          service: .kmaShortTerm, at: date)
      } else {
        parts.succeed(key)
      }
      return .success(keep(answer.run, answer.value))
    } catch {
      parts.fail(key, error, service: .kmaShortTerm, at: date)
      guard KMAClient.meansNotPublished(error) else {
        return .failure(Self.failure(error, .kmaShortTerm))
      }
      if let value = kept(latest.previous) { return .success(value) }
      do {
        let answer = try await fetch(latest.previous)
        return .success(keep(answer.run, answer.value))
      } catch {
        return .failure(Self.failure(error, .kmaShortTerm))
      }
    }
  }

  /// Days 4–10: kept for the newest issuance, or fetched (the issuance before when the newest
  /// answers "no data"); `nil` for a town with no mid-term region.
  private func midTermDays(
    regions: MidTermRegions?, parts: PartLedger, at date: Date
  ) async -> Result<[DayForecast]?, PartFailure> {
    guard let regions else { return .success(nil) }
    let delay = configuration.midTermPublicationDelay
    let expected = MidTermIssuance.latest(at: date, delay: delay)
    let client = KMAMidTermClient(builder: builder, transport: transport)
    let outcome = await issuedPart(
      key: PartKey.midTerm(regions), kept: \.midTerms, expected: expected.time,
      previous: expected.previous.time, service: .kmaMidTerm, parts: parts, at: date,
      notOut: "The mid-term issuance \(expected.text) is not out yet.",
      use: { parts.use(.midTerm, $0) }
    ) { () async throws(ForecastError) in
      let forecast = try await client.forecast(regions, at: date)
      return PartRecord(
        issuedAt: forecast.issuance.time, fetchedAt: date,
        nextDueAt: forecast.issuance.next.time.addingTimeInterval(delay.inSeconds),
        value: forecast.days.map(\.dayForecast))
    }
    return outcome.map { $0 }
  }

  /// The UV index of the town's area for the newest issuance: kept, or fetched; `nil` for a town
  /// without an area code. Kept by grid cell, as the forecast is.
  private func uvPart(
    areaCode: String?, cell: GridPoint, parts: PartLedger, at date: Date
  ) async -> Result<UVForecast, PartFailure>? {
    guard let areaCode else { return nil }
    let client = KMALivingIndicesClient(builder: builder, transport: transport)
    let expected = KMALivingIndicesClient.uvIssuance(at: date)
    return await issuedPart(
      key: PartKey.uvIndex(cell), kept: \.uvIndexes, expected: expected,
      previous: KMAIndexSchedule.uv.previous(expected), service: .kmaLivingIndices, parts: parts,
      at: date, notOut: "The UV index of \(KMAIndexSchedule.text(of: expected)) is not out yet.",
      use: { parts.use(.uvIndex, $0) }
    ) { () async throws(ForecastError) in
      let forecast = try await client.uvForecast(areaCode: areaCode, at: date)
      return PartRecord(
        issuedAt: forecast.issuedAt, fetchedAt: date,
        nextDueAt: KMALivingIndicesClient.nextUVDue(after: forecast.issuedAt), value: forecast)
    }
  }

  /// The pollen risk of the town's area, each kind in its season for the newest bulletin (kept,
  /// or fetched) and out of it ``/HaruModels/PollenForecast/notInSeason(_:)`` with no request;
  /// with the first failure of a kind, when one failed. `nil` for a town without an area code.
  /// Kept by grid cell, as the forecast is.
  private func pollenPart(
    areaCode: String?, cell: GridPoint, parts: PartLedger, at date: Date
  ) async -> (forecasts: [PollenForecast], failure: PartFailure?)? {
    guard let areaCode else { return nil }
    let client = KMALivingIndicesClient(builder: builder, transport: transport)
    let today = CalendarDay(containing: date, in: CalendarDay.koreaTimeZone)
    let expected = KMALivingIndicesClient.pollenIssuance(at: date)
    var forecasts: [PollenForecast] = []
    var failure: PartFailure?
    var timings: [PartTiming] = []
    for kind in PollenKind.allCases {
      guard kind.isInSeason(on: today) else {
        forecasts.append(.notInSeason(kind))
        continue
      }
      let outcome = await issuedPart(
        key: PartKey.pollen(kind, cell), kept: \.pollens, expected: expected,
        previous: KMAIndexSchedule.pollen.previous(expected), service: .kmaHealthIndices,
        parts: parts, at: date,
        notOut: "The pollen bulletin of \(KMAIndexSchedule.text(of: expected)) is not out yet.",
        use: { timings.append($0) }
      ) { () async throws(ForecastError) in
        let forecast = try await client.pollenForecast(kind, areaCode: areaCode, at: date)
        // "Not in season" by the service's word is kept for the bulletin, as an answer is: it
        // is not asked again before the next one.
        let issued = forecast.issuedAt ?? expected
        return PartRecord(
          issuedAt: issued, fetchedAt: date,
          nextDueAt: KMALivingIndicesClient.nextPollenDue(kind, after: issued), value: forecast)
      }
      switch outcome {
      case .success(let forecast): forecasts.append(forecast)
      case .failure(let error): failure = failure ?? error
      }
    }
    if let soonest = timings.min(by: { $0.nextDueAt < $1.nextDueAt }) {
      parts.use(.pollen, soonest)
    }
    return (forecasts, failure)
  }

  /// A part issued on a schedule of its own (the mid-term days, the UV index, a kind of pollen),
  /// by its key: the expected issuance kept, or fetched and kept; while a failure holds it back,
  /// the issuance before still serves.
  ///
  /// - Parameters:
  ///   - key: The part's key, of its record and of its failures.
  ///   - keyPath: Where the ledger keeps it.
  ///   - expected: The newest issuance published at `date`.
  ///   - previous: The issuance before it.
  ///   - service: The service that answers, for a failure's reason.
  ///   - parts: The ledger.
  ///   - date: The instant of the refresh.
  ///   - notOut: What to say when the answer was of an older issuance than `expected`.
  ///   - use: Notes the timing of what the outlook is made of.
  ///   - fetch: Asks for the part; returns what to keep, with its issuance and next due time.
  /// - Returns: The value, or the failure that kept it from being had.
  private func issuedPart<Value: Codable & Sendable>(
    key: String, kept keyPath: WritableKeyPath<PartContents, [String: PartRecord<Value>]>,
    expected: Date, previous: Date, service: DataService, parts: PartLedger, at date: Date,
    notOut: String, use: (PartTiming) -> Void,
    fetch: () async throws(ForecastError) -> PartRecord<Value>
  ) async -> Result<Value, PartFailure> {
    if let record = parts.record(keyPath, key, issuedAt: expected, at: date) {
      use(record.timing)
      return .success(record.value)
    }
    if let failure = parts.backoff(key, at: date) {
      // The issuance before is still the forecast until the newest answers.
      if let record = parts.newestRecord(keyPath, key, at: date), record.issuedAt >= previous {
        use(record.timing)
        return .success(record.value)
      }
      return .failure(failure)
    }
    do {
      let record = try await fetch()
      parts.keep(keyPath, key, record)
      use(record.timing)
      if record.issuedAt < expected {
        // It fell back: the newest is asked again after the backoff, not on every refresh.
        parts.fail(key, ForecastError(.noData, message: notOut), service: service, at: date)
      } else {
        parts.succeed(key)
      }
      return .success(record.value)
    } catch {
      parts.fail(key, error, service: service, at: date)
      return .failure(Self.failure(error, service))
    }
  }

  /// The air quality near a place for AirKorea's current hour: kept, or fetched; `nil` without an
  /// AirKorea client. It is kept by grid cell, as the forecast is: the towns of one 5 km cell
  /// share their stations.
  private func airPart(
    near place: Coordinate, cell: GridPoint, parts: PartLedger, at date: Date
  ) async -> Result<AirQuality, PartFailure>? {
    guard let airQuality else { return nil }
    let slot = AirKoreaClient.measurementSlot(at: date)
    let hour = Date(timeIntervalSince1970: Double(slot) * 3600)
    let key = "\(cell.nx),\(cell.ny)"
    if let record = parts.record(\.airs, key, issuedAt: hour, at: date) {
      parts.use(.air, record.timing)
      return .success(record.value)
    }
    if let failure = parts.backoff(PartKey.air, at: date) { return .failure(failure) }
    switch await airQuality.airQualityReport(near: place, at: date) {
    case .success(let report):
      let record = PartRecord(
        issuedAt: hour, fetchedAt: date, nextDueAt: hour.addingTimeInterval(3600 + 20 * 60),
        value: report.quality)
      parts.keep(\.airs, key, record)
      parts.use(.air, record.timing)
      parts.succeed(PartKey.air)
      return .success(report.quality)
    case .failure(let failure):
      parts.fail(PartKey.air, failure.error, service: failure.service, at: date)
      return .failure(Self.failure(failure.error, failure.service))
    }
  }

  private static func failure(_ error: ForecastError, _ service: DataService) -> PartFailure {
    PartFailure(error, service: service, failedAt: .distantPast, retryAt: .distantPast, attempts: 0)
  }
}
