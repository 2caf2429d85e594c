public import Foundation
public import HaruModels

/// The Korea Meteorological Administration's short-term forecast service as a
/// ``ForecastProvider``, over ``KMAClient``.
///
/// For an outlook it asks, at the same time, for today and the days after
/// (``KMAClient/dailyForecast(for:)-(GridPoint)``), for yesterday while the service still keeps
/// the run that forecast it (``KMAClient/yesterday(for:)-(GridPoint)``; when it is gone, the
/// outlook has no yesterday of its own and ``ForecastService`` fills it from its cache), and for
/// the conditions observed now (``KMAClient/currentConditions(for:)-(GridPoint)``).
///
/// ```swift
/// let service = ForecastService(provider: KMAProvider(serviceKey: key))
/// ```
///
/// Its run changes whenever a new short-term run or nowcast is published (every hour, ten
/// minutes past the hour with the standard delays). Show ``attribution`` ("기상청 제공") with the
/// data.
public struct KMAProvider: ForecastProvider {
  /// `"kma"`.
  public let identifier = "kma"

  /// The host and its settings.
  public let configuration: KMAConfiguration

  private let serviceKey: Secret
  private let transport: any HTTPTransport

  /// Creates the provider.
  ///
  /// - Parameters:
  ///   - serviceKey: The key the data portal issued, raw or percent-encoded; see
  ///     ``KMAClient/init(serviceKey:configuration:transport:now:)``.
  ///   - configuration: The host and its settings; the public data portal unless given.
  ///   - transport: How requests are sent; a ``URLSessionTransport`` unless given.
  public init(
    serviceKey: String,
    configuration: KMAConfiguration = .dataGoKr,
    transport: any HTTPTransport = URLSessionTransport()
  ) {
    self.serviceKey = Secret(serviceKey)
    self.configuration = configuration
    self.transport = transport
  }

  /// "기상청 제공", linking to the service's page on the public data portal.
  public var attribution: ForecastAttribution { .kma }

  /// The newer of the newest published short-term run and the newest published nowcast,
  /// identified by the instant it was published.
  ///
  /// - Parameter date: The instant.
  /// - Returns: The run.
  public func run(at date: Date) -> ForecastRun {
    // Plain arithmetic rather than calendar work: this runs on every cached answer. Korea has no
    // daylight saving time and its offset is whole hours, so hours since the epoch line up with
    // Korean hours; short-term runs (02, 05, … 23 KST) fall on UTC hours ≡ 2 (mod 3).
    let seconds = date.timeIntervalSince1970
    let nowcastDelay = delay(of: .nowcast)
    let shortTermDelay = delay(of: .shortTermForecast)
    let nowcastHour = ((seconds - nowcastDelay) / 3600).rounded(.down)
    let shortTermHour = ((seconds - shortTermDelay) / 3600).rounded(.down)
    let shortTermBase = shortTermHour - (shortTermHour - 2).truncatingRemainder(dividingBy: 3)
    let adjusted =
      (shortTermHour - 2).truncatingRemainder(dividingBy: 3) < 0 ? shortTermBase - 3 : shortTermBase
    let published = max(nowcastHour * 3600 + nowcastDelay, adjusted * 3600 + shortTermDelay)
    return ForecastRun(publishedAt: Date(timeIntervalSince1970: published))
  }

  /// Today and the days after, yesterday while the service keeps it, and the conditions now.
  ///
  /// - Parameters:
  ///   - town: The town; its grid point is asked for.
  ///   - date: The instant that decides which runs are published.
  /// - Returns: The answer; its `issuedAt` is the base time of the newest short-term run used.
  /// - Throws: ``ForecastError`` from the forecast or the nowcast; yesterday, when it cannot be
  ///   had (the service no longer keeps its run, or asking for it failed), is left out rather
  ///   than failing the answer.
  public func forecast(for town: Town, at date: Date) async throws(ForecastError)
    -> ProviderForecast
  {
    let client = KMAClient(
      serviceKey: serviceKey.value, configuration: configuration, transport: transport,
      now: { date })
    let gridPoint = town.gridPoint
    async let daily = capture { () async throws(ForecastError) in
      try await client.dailyForecast(for: gridPoint)
    }
    async let past = capture { () async throws(ForecastError) in
      try await client.yesterday(for: gridPoint)
    }
    async let observed = capture { () async throws(ForecastError) in
      try await client.currentConditions(for: gridPoint)
    }
    let forecast = try await daily.get()
    let conditions = try await observed.get()
    var days = forecast.days
    // Yesterday is a bonus: the service keeps old runs only briefly, and today's forecast is
    // worth showing without it (the service fills it from its cache when it can).
    if case .success(let yesterday) = await past,
      !days.contains(where: { $0.day == yesterday.day })
    {
      days.append(yesterday)
    }
    let hourStart = Date(
      timeIntervalSince1970: (date.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
    let hour = forecast.hours.last { $0.time <= hourStart } ?? forecast.hours.first
    let current = HourlyForecast(
      time: conditions.observedAt, temperature: conditions.temperature ?? hour?.temperature,
      sky: hour?.sky, precipitationType: conditions.precipitationType,
      precipitationProbability: hour?.precipitationProbability,
      precipitation: conditions.precipitation, humidity: conditions.humidity,
      windSpeed: conditions.windSpeed, windDirection: conditions.windDirection)
    return ProviderForecast(days: days, current: current, issuedAt: forecast.run.baseTime)
  }

  private func delay(of operation: KMAOperation) -> Double {
    let delay =
      configuration.publicationDelays[operation]
      ?? KMAConfiguration.standardPublicationDelays[operation] ?? .seconds(10 * 60)
    return delay.inSeconds
  }
}

extension ForecastAttribution {
  /// The credit KMA's data carries: "기상청 제공" (provided by the Korea Meteorological
  /// Administration), linking to the service's page on the public data portal.
  public static let kma = ForecastAttribution(
    text: "기상청 제공",
    link: URL(string: "https://www.data.go.kr/data/15084084/openapi.do")
      ?? URL(fileURLWithPath: "/"))
}

/// Runs an operation and keeps its outcome, so that `async let` keeps the error's type.
func capture<Value: Sendable>(
  _ operation: () async throws(ForecastError) -> Value
) async -> Result<Value, ForecastError> {
  do {
    return .success(try await operation())
  } catch {
    return .failure(error)
  }
}
