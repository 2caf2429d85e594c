public import Foundation
public import HaruModels

/// A source of forecasts that ``ForecastService`` can cache, coalesce and retry.
///
/// A provider answers one question — the forecast for a town, as published at an instant — and
/// says which publication (``ForecastRun``) that answer belongs to, so the service knows when a
/// cached answer is still the newest one. Haru ships ``KMAProvider`` and ``OpenMeteoProvider``;
/// switching between them is one line:
///
/// ```swift
/// let service = ForecastService(provider: try KMAProvider(serviceKey: key))
/// let service = ForecastService(provider: OpenMeteoProvider())
/// ```
///
/// The contract every provider keeps:
/// - ``identifier`` is stable across releases and launches (it names cache files) and differs
///   between providers.
/// - ``run(at:)`` is cheap and pure: it does no I/O, returns the same run for every instant
///   until the provider publishes newer data, and never goes backwards as time moves forward.
/// - ``forecast(for:at:)`` returns days that include the day of `date` in Korea Standard Time,
///   and fails only with a ``ForecastError``, whose ``ForecastError/isTransient`` says whether
///   asking again may help.
public protocol ForecastProvider: Sendable {
  /// A short stable name such as `"kma"`, used in cache keys and file names.
  var identifier: String { get }

  /// The credit a screen that shows this provider's data must display.
  var attribution: ForecastAttribution { get }

  /// The newest publication of the provider's data at an instant.
  ///
  /// - Parameter date: The instant, usually now.
  /// - Returns: The run; equal runs mean a cached answer is still current.
  func run(at date: Date) -> ForecastRun

  /// Fetches the forecast for a town as it is published at an instant.
  ///
  /// - Parameters:
  ///   - town: The town.
  ///   - date: The instant that decides which data is current, usually now.
  /// - Returns: The days (yesterday too, when the provider has it), the current conditions and
  ///   the time the data was issued.
  /// - Throws: ``ForecastError``.
  func forecast(for town: Town, at date: Date) async throws(ForecastError) -> ProviderForecast
}

/// One publication of a provider's data, identified by the instant it became available.
///
/// Two instants that map to the same run are served the same cached answer.
public struct ForecastRun: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// When the run became available.
  public let publishedAt: Date

  /// Creates a run.
  ///
  /// - Parameter publishedAt: When the run became available.
  public init(publishedAt: Date) {
    self.publishedAt = publishedAt
  }

  /// Orders runs by the time they were published.
  public static func < (lhs: ForecastRun, rhs: ForecastRun) -> Bool {
    lhs.publishedAt < rhs.publishedAt
  }

  /// The publication time, such as `"run published 2026-11-30 05:10:00 +0000"`.
  public var description: String { "run published \(publishedAt)" }
}

/// The credit a provider's data must carry on screen.
public struct ForecastAttribution: Hashable, Sendable {
  /// The text to show, such as `"기상청 제공"`.
  public let text: String
  /// Where the text links to.
  public let link: URL
  /// The licence of the data, when it has a named one, such as `"CC BY 4.0"`.
  public let license: String?

  /// Creates an attribution.
  ///
  /// - Parameters:
  ///   - text: The text to show.
  ///   - link: Where the text links to.
  ///   - license: The licence of the data, if it has a named one.
  public init(text: String, link: URL, license: String? = nil) {
    self.text = text
    self.link = link
    self.license = license
  }
}

/// What a provider answers: the days it knows, the conditions now and when it issued them.
public struct ProviderForecast: Hashable, Sendable {
  /// The days, earliest first; yesterday too when the provider has it.
  public let days: [DayForecast]
  /// The conditions at the time asked about, when the provider reports them.
  public let current: HourlyForecast?
  /// The next hours from a forecast finer than the days' (KMA's ultra-short forecast: six hours,
  /// a run every hour), earliest first; empty when the provider has none.
  public let nextHours: [HourlyForecast]
  /// When the provider issued the data (for KMA, the short-term forecast).
  public let issuedAt: Date
  /// When the provider's next issue of the data is due, when it says.
  public let nextIssueAt: Date?
  /// When the mid-term days were issued, for an answer that has them.
  public let midTermIssuedAt: Date?
  /// When the next mid-term issue is due, for a provider that has a mid-term forecast.
  public let midTermNextIssueAt: Date?
  /// The parts that could not be had; the rest of the answer stands.
  public let missing: Set<ForecastPart>
  /// Why parts are missing, for those whose service refused or failed.
  public let missingReasons: [ForecastPart: MissingPartReason]
  /// The air quality at the town, for a provider asked for it.
  public let air: AirQuality?
  /// The UV index at the town, for a provider that has it.
  public let uvIndex: UVForecast?
  /// The pollen risk at the town, a forecast for each kind, for a provider that has it (a kind
  /// out of season is ``/HaruModels/PollenForecast/notInSeason(_:)``); empty otherwise.
  public let pollen: [PollenForecast]

  /// Creates an answer.
  ///
  /// - Parameters:
  ///   - days: The days, in any order; they are sorted.
  ///   - current: The conditions now, if known.
  ///   - nextHours: The next hours from a finer forecast, in any order; they are sorted. None
  ///     unless given.
  ///   - issuedAt: When the data was issued.
  ///   - nextIssueAt: When the next issue is due, if known.
  ///   - midTermIssuedAt: When the mid-term days were issued, if there are any.
  ///   - midTermNextIssueAt: When the next mid-term issue is due, if known.
  ///   - missing: The parts that could not be had; every part of `missingReasons` is counted
  ///     in it.
  ///   - missingReasons: Why parts are missing, where a service refused or failed.
  ///   - air: The air quality, if asked for and had.
  ///   - uvIndex: The UV index, if had.
  ///   - pollen: The pollen risk by kind, if had; none unless given.
  public init(
    days: [DayForecast], current: HourlyForecast?, nextHours: [HourlyForecast] = [],
    issuedAt: Date, nextIssueAt: Date? = nil,
    midTermIssuedAt: Date? = nil, midTermNextIssueAt: Date? = nil,
    missing: Set<ForecastPart> = [], missingReasons: [ForecastPart: MissingPartReason] = [:],
    air: AirQuality? = nil, uvIndex: UVForecast? = nil, pollen: [PollenForecast] = []
  ) {
    self.days = days.sorted { $0.day < $1.day }
    self.current = current
    self.nextHours = nextHours.sorted { $0.time < $1.time }
    self.issuedAt = issuedAt
    self.nextIssueAt = nextIssueAt
    self.midTermIssuedAt = midTermIssuedAt
    self.midTermNextIssueAt = midTermNextIssueAt
    self.missing = missing.union(missingReasons.keys)
    self.missingReasons = missingReasons
    self.air = air
    self.uvIndex = uvIndex
    self.pollen = pollen
  }
}

extension ProviderForecast {
  /// The same answer with other days.
  func replacingDays(with days: [DayForecast]) -> ProviderForecast {
    ProviderForecast(
      days: days, current: current, nextHours: nextHours, issuedAt: issuedAt,
      nextIssueAt: nextIssueAt, midTermIssuedAt: midTermIssuedAt,
      midTermNextIssueAt: midTermNextIssueAt, missing: missing, missingReasons: missingReasons,
      air: air, uvIndex: uvIndex, pollen: pollen)
  }
}
