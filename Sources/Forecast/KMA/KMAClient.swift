public import Foundation
public import HaruModels

/// A client of the KMA short-term forecast service (`VilageFcstInfoService_2.0`).
///
/// The client picks the newest published run from its clock (Korea Standard Time), asks for it
/// over its transport with the key percent-encoded exactly once, falls back one run when the
/// service has no data for it yet, and turns the answer into `HaruModels` values:
///
/// ```swift
/// let client = KMAClient(serviceKey: key)
/// let forecast = try await client.dailyForecast(for: town.gridPoint)
/// let today = forecast.days.first               // from 00:00, even at 01:00
/// let now = try await client.currentConditions(for: town.gridPoint)
/// ```
///
/// Everything it needs from outside is injected: the ``HTTPTransport`` (swap in a stub in tests),
/// the ``KMAConfiguration`` (host, key parameter, timeouts, publication delays) and the clock
/// (`now`). The client holds no state and can be shared freely.
///
/// Every failure is a ``ForecastError``, and none of them contains the key.
public struct KMAClient: Sendable {
  /// Where and how the client asks.
  public let configuration: KMAConfiguration

  /// The key checked and percent-encoded once, with the configuration; or why it could not be.
  private let builder: Result<KMARequestBuilder, ForecastError>
  private let transport: any HTTPTransport
  private let now: @Sendable () -> Date

  /// Creates a client.
  ///
  /// The key and the configuration are checked here, once. A key or base URL that cannot be used
  /// makes every call fail with that ``ForecastError/Code/invalidRequest`` before anything is
  /// sent; ``KMAProvider/init(serviceKey:configuration:transport:airQuality:)`` throws it at
  /// once instead.
  ///
  /// - Parameters:
  ///   - serviceKey: The key the data portal issued, in either of its forms: the raw "decoding"
  ///     key (with `+`, `/`, `=`) or the percent-encoded "encoding" key. It is encoded exactly
  ///     once either way.
  ///   - configuration: The host and its settings; the public data portal unless given.
  ///   - transport: How requests are sent; a ``URLSessionTransport`` unless given.
  ///   - now: The clock that decides which runs are published; the system clock unless given.
  public init(
    serviceKey: String,
    configuration: KMAConfiguration = .dataGoKr,
    transport: any HTTPTransport = URLSessionTransport(),
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    // Checked once, here; a key or base URL that cannot be used fails every call with the same
    // error, before anything is sent.
    do {
      self.builder = .success(
        try KMARequestBuilder(configuration: configuration, serviceKey: serviceKey))
    } catch {
      self.builder = .failure(error)
    }
    self.configuration = configuration
    self.transport = transport
    self.now = now
  }

  // MARK: - Choosing runs

  /// The newest run of an operation that is published now, by the client's clock and the
  /// configuration's publication delay.
  ///
  /// - Parameter operation: The operation.
  /// - Returns: The run to ask for.
  public func latestRun(of operation: KMAOperation) -> KMARun {
    KMARun.latest(
      of: operation, at: now(),
      publicationDelay: configuration.publicationDelay(of: operation))
  }

  // MARK: - Answers a screen shows

  /// Today and the days after, hour by hour, from the newest published short-term runs.
  ///
  /// Today is whole from 00:00: its early hours come from the previous day's 23:00 run, which is
  /// the first to cover them, and the newest run refines every hour it covers. A daily minimum or
  /// maximum is the newest reported one; when no run reported it, it is derived from the hours
  /// and marked so. The two runs are asked for at the same time; when either has no data yet, the
  /// run before it is asked for once.
  ///
  /// - Parameter gridPoint: The grid cell.
  /// - Returns: The forecast; its ``KMAForecast/run`` is the newest run used.
  /// - Throws: ``ForecastError``; ``ForecastError/Code/noData`` when neither a run nor the one
  ///   before it has data.
  public func dailyForecast(for gridPoint: GridPoint) async throws(ForecastError) -> KMAForecast {
    let builder = try requestBuilder()
    // Read the clock once, so the run and "today" agree around midnight.
    let now = self.now()
    let latest = KMARun.latest(
      of: .shortTermForecast, at: now,
      publicationDelay: configuration.publicationDelay(of: .shortTermForecast))
    let today = CalendarDay(containing: now, in: CalendarDay.koreaTimeZone)
    let overnight = try KMARun(
      operation: .shortTermForecast, baseDate: today.adding(days: -1), baseHour: 23)
    // A run that had to fall back can start on the evening before today; those hours are not
    // today's.
    func fromToday(_ forecast: KMAForecast) -> KMAForecast {
      KMAForecast(
        run: forecast.run, gridPoint: forecast.gridPoint,
        days: forecast.days.filter { $0.day >= today })
    }
    guard latest != overnight else {
      return fromToday(
        try await forecastFallingBack(from: latest, at: gridPoint, builder: builder))
    }
    async let newest = result {
      () async throws(ForecastError) -> KMAForecast in
      try await forecastFallingBack(from: latest, at: gridPoint, builder: builder)
    }
    async let older = result {
      () async throws(ForecastError) -> KMAForecast in
      try await forecastFallingBack(from: overnight, at: gridPoint, builder: builder)
    }
    let newestForecast = try await newest.get()
    guard case .success(let olderForecast) = await older else {
      // The hours before the newest run are lost; the rest of the forecast still stands.
      return fromToday(newestForecast)
    }
    return fromToday(Self.merge(olderForecast, refinedBy: newestForecast))
  }

  /// Yesterday as it was forecast the evening before: the 23:00 run of the day before
  /// yesterday, which covers yesterday from 00:00.
  ///
  /// The service keeps past runs only briefly, so this works while it still serves that run and
  /// fails with ``ForecastError/Code/noData`` afterwards.
  ///
  /// - Parameter gridPoint: The grid cell.
  /// - Returns: Yesterday's forecast.
  /// - Throws: ``ForecastError``; ``ForecastError/Code/noData`` when the run is no longer served.
  public func yesterday(for gridPoint: GridPoint) async throws(ForecastError) -> DayForecast {
    let builder = try requestBuilder()
    let yesterday = CalendarDay(containing: now(), in: CalendarDay.koreaTimeZone).adding(days: -1)
    let run = try KMARun(
      operation: .shortTermForecast, baseDate: yesterday.adding(days: -1), baseHour: 23)
    let forecast = try await forecastFallingBack(from: run, at: gridPoint, builder: builder)
    guard let day = forecast.day(yesterday) else {
      throw ForecastError(
        .noData, message: "The forecast service's answer for \(run) does not cover \(yesterday).")
    }
    return day
  }

  /// The next six hours, hour by hour, from the newest published ultra-short forecast.
  ///
  /// - Parameter gridPoint: The grid cell.
  /// - Returns: The forecast.
  /// - Throws: ``ForecastError``.
  public func hourlyForecast(for gridPoint: GridPoint) async throws(ForecastError) -> KMAForecast {
    try await forecastFallingBack(
      from: latestRun(of: .ultraShortForecast), at: gridPoint, builder: requestBuilder())
  }

  /// The conditions observed now, from the newest published nowcast.
  ///
  /// - Parameter gridPoint: The grid cell.
  /// - Returns: The conditions.
  /// - Throws: ``ForecastError``.
  public func currentConditions(
    for gridPoint: GridPoint
  ) async throws(ForecastError) -> CurrentConditions {
    let builder = try requestBuilder()
    let latest = latestRun(of: .nowcast)
    do {
      return try await currentConditions(latest, at: gridPoint, builder: builder)
    } catch  where Self.meansNotPublished(error) {
      return try await currentConditions(latest.previous, at: gridPoint, builder: builder)
    }
  }

  // MARK: - The same, for a coordinate

  /// Today and the days after for the grid cell a place lies in.
  ///
  /// - Parameter coordinate: The place.
  /// - Returns: The forecast, as ``dailyForecast(for:)-(GridPoint)``.
  /// - Throws: ``ForecastError/Code/outsideGrid`` before asking anything when the place is
  ///   outside the KMA grid (Tokyo, Paris); otherwise as ``dailyForecast(for:)-(GridPoint)``.
  public func dailyForecast(for coordinate: Coordinate) async throws(ForecastError) -> KMAForecast {
    try await dailyForecast(for: Self.gridPoint(containing: coordinate))
  }

  /// Yesterday for the grid cell a place lies in.
  ///
  /// - Parameter coordinate: The place.
  /// - Returns: Yesterday's forecast, as ``yesterday(for:)-(GridPoint)``.
  /// - Throws: ``ForecastError/Code/outsideGrid`` before asking anything when the place is
  ///   outside the KMA grid; otherwise as ``yesterday(for:)-(GridPoint)``.
  public func yesterday(for coordinate: Coordinate) async throws(ForecastError) -> DayForecast {
    try await yesterday(for: Self.gridPoint(containing: coordinate))
  }

  /// The next six hours for the grid cell a place lies in.
  ///
  /// - Parameter coordinate: The place.
  /// - Returns: The forecast, as ``hourlyForecast(for:)-(GridPoint)``.
  /// - Throws: ``ForecastError/Code/outsideGrid`` before asking anything when the place is
  ///   outside the KMA grid; otherwise as ``hourlyForecast(for:)-(GridPoint)``.
  public func hourlyForecast(for coordinate: Coordinate) async throws(ForecastError) -> KMAForecast
  {
    try await hourlyForecast(for: Self.gridPoint(containing: coordinate))
  }

  /// The conditions now in the grid cell a place lies in.
  ///
  /// - Parameter coordinate: The place.
  /// - Returns: The conditions, as ``currentConditions(for:)-(GridPoint)``.
  /// - Throws: ``ForecastError/Code/outsideGrid`` before asking anything when the place is
  ///   outside the KMA grid; otherwise as ``currentConditions(for:)-(GridPoint)``.
  public func currentConditions(
    for coordinate: Coordinate
  ) async throws(ForecastError) -> CurrentConditions {
    try await currentConditions(for: Self.gridPoint(containing: coordinate))
  }

  // MARK: - One run

  /// One run of `getVilageFcst` or `getUltraSrtFcst`, every page of it, without falling back.
  ///
  /// Use it to ask for a run of your choosing, such as an older one kept for comparison.
  ///
  /// - Parameters:
  ///   - run: The run; its operation must be a forecast, not the nowcast.
  ///   - gridPoint: The grid cell.
  /// - Returns: The run's forecast.
  /// - Throws: ``ForecastError``; ``ForecastError/Code/noData`` when the service has no data for
  ///   the run; ``ForecastError/Code/invalidRequest`` for a nowcast run.
  public func forecast(_ run: KMARun, for gridPoint: GridPoint) async throws(ForecastError)
    -> KMAForecast
  {
    try await forecast(run, at: gridPoint, builder: requestBuilder())
  }

  /// One run of `getUltraSrtNcst`, without falling back.
  ///
  /// - Parameters:
  ///   - run: The run; its operation must be ``KMAOperation/nowcast``.
  ///   - gridPoint: The grid cell.
  /// - Returns: The observed conditions.
  /// - Throws: ``ForecastError``; ``ForecastError/Code/noData`` when the service has no data for
  ///   the run; ``ForecastError/Code/invalidRequest`` for a run of another operation.
  public func currentConditions(
    _ run: KMARun, for gridPoint: GridPoint
  ) async throws(ForecastError) -> CurrentConditions {
    try await currentConditions(run, at: gridPoint, builder: requestBuilder())
  }

  // MARK: - Internals

  /// A client over a key and configuration already checked, as ``KMAProvider`` makes it.
  init(
    builder: KMARequestBuilder, transport: any HTTPTransport, now: @escaping @Sendable () -> Date
  ) {
    self.configuration = builder.configuration
    self.builder = .success(builder)
    self.transport = transport
    self.now = now
  }

  private func requestBuilder() throws(ForecastError) -> KMARequestBuilder {
    try builder.get()
  }

  private static func gridPoint(containing coordinate: Coordinate) throws(ForecastError)
    -> GridPoint
  {
    do {
      return try GridPoint(containing: coordinate)
    } catch {
      throw ForecastError(
        .outsideGrid,
        message:
          "(\(coordinate.latitude), \(coordinate.longitude)) is outside the KMA forecast grid, "
          + "which covers South Korea and its seas; choose a place there.")
    }
  }

  /// Whether an error is the service's way of saying a run is not published yet: "no data" (03),
  /// or an application error (01), which it also answers for a run asked for too early.
  static func meansNotPublished(_ error: ForecastError) -> Bool {
    error.code == .noData || error.kmaResultCode == .applicationError
  }

  private func forecastFallingBack(
    from run: KMARun, at gridPoint: GridPoint, builder: KMARequestBuilder
  ) async throws(ForecastError) -> KMAForecast {
    do {
      return try await forecast(run, at: gridPoint, builder: builder)
    } catch  where Self.meansNotPublished(error) {
      return try await forecast(run.previous, at: gridPoint, builder: builder)
    }
  }

  private func forecast(
    _ run: KMARun, at gridPoint: GridPoint, builder: KMARequestBuilder
  ) async throws(ForecastError) -> KMAForecast {
    guard run.operation != .nowcast else {
      throw ForecastError(
        .invalidRequest,
        message: "The nowcast has no forecast; ask for current conditions instead.")
    }
    let items = try await items(of: run, at: gridPoint, builder: builder)
    return try KMAForecastBuilder.forecast(from: items, operation: run.operation, requestedRun: run)
  }

  private func currentConditions(
    _ run: KMARun, at gridPoint: GridPoint, builder: KMARequestBuilder
  ) async throws(ForecastError) -> CurrentConditions {
    guard run.operation == .nowcast else {
      throw ForecastError(
        .invalidRequest,
        message: "Current conditions come from the nowcast; ask for a run of getUltraSrtNcst.")
    }
    let items = try await items(of: run, at: gridPoint, builder: builder)
    return try KMAForecastBuilder.currentConditions(from: items, requestedRun: run)
  }

  /// Every item of a run, asking for further pages while the service announces more.
  private func items(
    of run: KMARun, at gridPoint: GridPoint, builder: KMARequestBuilder
  ) async throws(ForecastError) -> [KMAItem] {
    var items: [KMAItem] = []
    // `totalCount` is the service's number, read as `Int64` whatever the platform.
    var announced: Int64?
    var page = 1
    while true {
      let request = try builder.request(for: run, at: gridPoint, page: page)
      let response = try await transport.send(request)
      let envelope: Envelope<KMAItem>
      do {
        envelope = try EnvelopeReader.kmaItems(response)
      } catch  where error.code == .noData {
        throw ForecastError(
          .noData,
          message:
            "The forecast service has no data for \(run) at grid \(gridPoint.nx),"
            + "\(gridPoint.ny): the run is not published yet or no longer kept.",
          kmaResultCode: error.kmaResultCode, httpStatus: error.httpStatus)
      }
      let received = envelope.rows.count
      items.append(contentsOf: envelope.rows)
      announced = envelope.totalCount ?? announced
      guard let total = envelope.totalCount, items.count < total, received > 0,
        page < max(1, configuration.maximumPages)
      else { break }
      page += 1
    }
    // A run cut short would silently lose hours and days: refuse it instead.
    if let announced, items.count < announced {
      throw ForecastError(
        .decoding,
        message:
          "The answer for \(run) was cut short: \(items.count) of \(announced) items arrived in "
          + "\(page) pages. Raise rowsPerPage or maximumPages in the KMA configuration.")
    }
    return items
  }

  /// A forecast whose hours before the newer run's first hour come from the older run.
  static func merge(_ older: KMAForecast, refinedBy newer: KMAForecast) -> KMAForecast {
    guard let firstNewHour = newer.hours.first?.time else { return newer }
    var days: [DayForecast] = []
    let allDays = Set(older.days.map(\.day)).union(newer.days.map(\.day)).sorted()
    for day in allDays {
      let old = older.day(day)
      guard let new = newer.day(day) else {
        if let old { days.append(old) }
        continue
      }
      guard let old else {
        days.append(new)
        continue
      }
      let earlier = old.hourly.filter { $0.time < firstNewHour }
      func reported(_ extreme: (DayForecast) -> DailyTemperature?) -> Temperature? {
        if let value = extreme(new), !value.isDerived { return value.temperature }
        if let value = extreme(old), !value.isDerived { return value.temperature }
        return nil
      }
      days.append(
        DayForecast(
          day: day, hourly: earlier + new.hourly, reportedMinimum: reported(\.minimum),
          reportedMaximum: reported(\.maximum)))
    }
    return KMAForecast(run: newer.run, gridPoint: newer.gridPoint ?? older.gridPoint, days: days)
  }
}

/// Runs an operation and keeps its outcome, so that `async let` keeps the error's type.
private func result<Value: Sendable>(
  _ operation: () async throws(ForecastError) -> Value
) async -> Result<Value, ForecastError> {
  do {
    return .success(try await operation())
  } catch {
    return .failure(error)
  }
}
