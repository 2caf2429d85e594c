public import Foundation
public import HaruModels
import HaruShared

/// The Korea Meteorological Administration's short-term forecast service as a
/// ``ForecastProvider``, over ``KMAClient``.
///
/// For an outlook it asks, at the same time, for today and the days after
/// (``KMAClient/dailyForecast(for:)-(GridPoint)``), for yesterday while the service still keeps
/// the run that forecast it (``KMAClient/yesterday(for:)-(GridPoint)``; when it is gone, the
/// outlook has no yesterday of its own and ``ForecastService`` fills it from its cache), for
/// the conditions observed now (``KMAClient/currentConditions(for:)-(GridPoint)``), for the next
/// six hours (``KMAClient/hourlyForecast(for:)-(GridPoint)``, `getUltraSrtFcst`), and for days
/// 4–10 from the mid-term forecast (`MidFcstInfoService`: `getMidLandFcst` and `getMidTa`).
///
/// **Ten days.** The mid-term days are stitched after the short-term ones; where both cover a
/// day the short-term one is kept (it is finer), and each day says its
/// `DayForecast/source`. The mid-term day numbers count from the issuance date (`tmFc`), so
/// after midnight the 18:00 issuance's day 5 is today + 4. When the newest issuance answers "no
/// data" the one before is asked. The mid-term regions are the town's
/// (`Town/midTermRegions`, filled by `HaruPlaces`) or, for a town made from a bare coordinate or
/// grid cell, those of the nearest of KMA's temperature points (bundled; 출처: 기상청).
///
/// **Missing parts.** The portal approves each service on its own, so a key can be accepted by
/// the short-term service and refused by the mid-term one or by AirKorea's. Only the short-term
/// forecast is needed: when the nowcast, the next six hours, the mid-term forecast or the air
/// quality cannot be had —
/// refused (not approved, quota, expired) or failing — the answer is served without that part,
/// ``ProviderForecast/missing`` names it and ``ProviderForecast/missingReasons`` says which
/// service refused it and what to do. An error of the short-term forecast itself fails the
/// answer.
///
/// **Air quality.** Given an ``AirKoreaClient``, the answer carries the town's air quality
/// (``ProviderForecast/air``), asked at the same time as the rest; the run then also changes when
/// AirKorea's next hour is due (20 minutes past the hour).
///
/// ```swift
/// let service = ForecastService(provider: try KMAProvider(serviceKey: key))
/// let withAir = ForecastService(
///   provider: try KMAProvider(serviceKey: key, airQuality: try AirKoreaClient(serviceKey: key)))
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

  /// The key, checked and percent-encoded once, with the configuration.
  let builder: KMARequestBuilder
  let transport: any HTTPTransport
  /// Where the air quality comes from, when it is asked for.
  public let airQuality: AirKoreaClient?

  /// Creates the provider, checking the key and the configuration once.
  ///
  /// ```swift
  /// let provider = try KMAProvider(serviceKey: key)
  /// let hub = try KMAProvider(serviceKey: hubKey, configuration: .apiHub)  // authKey=…
  /// ```
  ///
  /// - Parameters:
  ///   - serviceKey: The key the data portal issued, raw (with `+`, `/`, `=`) or
  ///     percent-encoded; it is encoded exactly once either way.
  ///   - configuration: The host and its settings, key parameter name included; the public data
  ///     portal unless given (``KMAConfiguration/apiHub`` for KMA's API Hub).
  ///   - transport: How requests are sent; a ``URLSessionTransport`` unless given.
  ///   - airQuality: Where the town's air quality comes from; `nil` (no air quality) unless
  ///     given.
  /// - Throws: ``ForecastError/Code/invalidRequest`` for an empty key, a key with control
  ///   characters, or a base URL that is not `http(s)` with a host; nothing is sent.
  public init(
    serviceKey: String,
    configuration: KMAConfiguration = .dataGoKr,
    transport: any HTTPTransport = URLSessionTransport(),
    airQuality: AirKoreaClient? = nil
  ) throws(ForecastError) {
    self.builder = try KMARequestBuilder(configuration: configuration, serviceKey: serviceKey)
    self.configuration = configuration
    self.transport = transport
    self.airQuality = airQuality
  }

  /// "기상청 제공", linking to the service's page on the public data portal.
  public var attribution: ForecastAttribution { .kma }

  /// The newest of the newest published short-term run, nowcast, ultra-short run, mid-term
  /// issuance, UV index and pollen bulletin (while a kind is in season), and AirKorea's hour with
  /// an ``AirKoreaClient``, identified by the instant it was published.
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
    let ultraShortDelay = delay(of: .ultraShortForecast) + 30 * 60
    let nowcastHour = ((seconds - nowcastDelay) / 3600).rounded(.down)
    let ultraShortHour = ((seconds - ultraShortDelay) / 3600).rounded(.down)
    let shortTermHour = ((seconds - shortTermDelay) / 3600).rounded(.down)
    let shortTermBase = shortTermHour - (shortTermHour - 2).truncatingRemainder(dividingBy: 3)
    let adjusted =
      (shortTermHour - 2).truncatingRemainder(dividingBy: 3) < 0 ? shortTermBase - 3 : shortTermBase
    let midTerm = MidTermIssuance.latest(at: date, delay: configuration.midTermPublicationDelay)
    var published = max(
      nowcastHour * 3600 + nowcastDelay, ultraShortHour * 3600 + ultraShortDelay,
      adjusted * 3600 + shortTermDelay,
      midTerm.time.timeIntervalSince1970 + configuration.midTermPublicationDelay.inSeconds)
    if airQuality != nil {
      published = max(published, Double(AirKoreaClient.measurementSlot(at: date)) * 3600 + 20 * 60)
    }
    // The UV index every three hours from 00 KST (UTC hours ≡ 0 mod 3, Korea's offset being nine
    // hours); the pollen bulletins at 06 and 18 KST (UTC 21 and 09), while a kind is in season.
    let uvDelay = KMALivingIndicesClient.uvPublicationDelay.inSeconds
    let uvHour = ((seconds - uvDelay) / 3600).rounded(.down)
    published = max(published, (uvHour - Self.remainder(uvHour, 3)) * 3600 + uvDelay)
    let today = CalendarDay(containing: date, in: CalendarDay.koreaTimeZone)
    if PollenKind.allCases.contains(where: { $0.isInSeason(on: today) }) {
      let pollenDelay = KMALivingIndicesClient.pollenPublicationDelay.inSeconds
      let pollenHour = ((seconds - pollenDelay) / 3600).rounded(.down)
      published = max(
        published, (pollenHour - Self.remainder(pollenHour - 9, 12)) * 3600 + pollenDelay)
    }
    return ForecastRun(publishedAt: Date(timeIntervalSince1970: published))
  }

  /// When KMA next publishes something an outlook uses, after an instant: the next nowcast, the
  /// next ultra-short run, the next short-term run, the next mid-term issuance, the next UV index
  /// or the next pollen bulletin in season, with their publication delays (and
  /// AirKorea's next hour, with an ``AirKoreaClient``). A widget with nothing stored yet
  /// schedules its timeline on it; with an outlook stored, ``StoredOutlook/nextIssueAt`` says the
  /// same for the parts it holds.
  ///
  /// ```swift
  /// let next = provider.nextPublication(after: Date())   // e.g. 10:45 KST at 10:40
  /// ```
  ///
  /// - Parameter date: The instant.
  /// - Returns: The first publication after `date`.
  /// - Complexity: O(1); no I/O.
  public func nextPublication(after date: Date) -> Date {
    let nowcast = KMARun.latest(
      of: .nowcast, at: date, publicationDelay: configuration.publicationDelay(of: .nowcast))
    let ultraShort = KMARun.latest(
      of: .ultraShortForecast, at: date,
      publicationDelay: configuration.publicationDelay(of: .ultraShortForecast))
    let candidates =
      [
        nowcast.baseTime.addingTimeInterval(3600 + delay(of: .nowcast)),
        ultraShort.baseTime.addingTimeInterval(3600 + delay(of: .ultraShortForecast)),
        KMARun.latest(
          of: .shortTermForecast, at: date,
          publicationDelay: configuration.publicationDelay(of: .shortTermForecast)
        ).baseTime.addingTimeInterval(3 * 3600 + delay(of: .shortTermForecast)),
        MidTermIssuance.latest(at: date, delay: configuration.midTermPublicationDelay).next.time
          .addingTimeInterval(configuration.midTermPublicationDelay.inSeconds),
        airQuality == nil
          ? Date.distantFuture
          : Date(
            timeIntervalSince1970: Double(AirKoreaClient.measurementSlot(at: date) + 1) * 3600
              + 1200),
        KMALivingIndicesClient.nextUVDue(after: KMALivingIndicesClient.uvIssuance(at: date)),
      ]
      + PollenKind.allCases.map { kind in
        KMALivingIndicesClient.nextPollenDue(
          kind, after: KMALivingIndicesClient.pollenIssuance(at: date))
      }
    return candidates.filter { $0 > date }.min() ?? date.addingTimeInterval(3600)
  }

  /// Today and the days to day 10, yesterday while the service keeps it, and the conditions now.
  ///
  /// - Parameters:
  ///   - town: The town; its grid point is asked for.
  ///   - date: The instant that decides which runs are published.
  /// - Returns: The answer; its `issuedAt` is the base time of the newest short-term run used.
  /// - Throws: ``ForecastError`` from the short-term forecast, and cancellation. Yesterday, when
  ///   it cannot be had, is left out; the nowcast, the mid-term forecast and the air quality,
  ///   when they cannot be had, are left out, named in ``ProviderForecast/missing`` and
  ///   explained in ``ProviderForecast/missingReasons``.
  public func forecast(for town: Town, at date: Date) async throws(ForecastError)
    -> ProviderForecast
  {
    // Nothing kept: every part is asked for. ``ForecastService`` passes the parts it keeps.
    try await forecast(for: town, at: date, parts: PartLedger())
  }

  /// The remainder of a whole number of hours divided by `divisor`, in 0..<divisor.
  private static func remainder(_ value: Double, _ divisor: Double) -> Double {
    let remainder = value.truncatingRemainder(dividingBy: divisor)
    return remainder < 0 ? remainder + divisor : remainder
  }

  /// The short-term days followed by the mid-term days they do not cover, up to today + 10.
  static func stitch(
    _ shortTerm: [DayForecast], _ midTerm: [DayForecast]?, today: CalendarDay
  ) -> [DayForecast] {
    guard let midTerm else { return shortTerm }
    let covered = Set(shortTerm.map(\.day))
    let last = today.adding(days: 10)
    let added = midTerm.filter {
      !covered.contains($0.day) && $0.day > today && $0.day <= last
    }
    return shortTerm + added
  }

  func delay(of operation: KMAOperation) -> Double {
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
