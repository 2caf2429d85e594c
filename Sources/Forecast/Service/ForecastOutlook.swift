public import Foundation
public import HaruModels

/// What a weather screen shows for a town: yesterday, today, tomorrow and the days after, the
/// conditions now, the hours ahead and today compared with yesterday — with where and when the
/// data came from and whether it is stale.
///
/// ```swift
/// let outlook = try await service.outlook(for: town)
/// outlook.today?.maximum?.temperature.formatted(in: .celsius)   // "24°"
/// outlook.comparedWithYesterday?.sentence(in: .celsius, language: .english)
/// // "2° warmer than yesterday"
/// if let reason = outlook.staleReason { showBanner(reason.message(in: .korean)) }
/// if outlook.missing.contains(.midTerm) { showNote("days 4–10 unavailable") }
/// outlook.sunTimes(for: outlook.referenceDay)?.sunrise                 // 07:47 KST
/// outlook.isDaytime(at: now)                                           // for day/night icons
/// Text(outlook.attribution.text)                                  // "기상청 제공"
/// ```
///
/// Days are Korea Standard Time calendar days; "today" is the day of ``referenceTime``.
public struct ForecastOutlook: Hashable, Sendable {
  /// The town the outlook is for.
  public let town: Town
  /// The ``ForecastProvider/identifier`` of the provider that answered.
  public let provider: String
  /// The credit to show next to the data.
  public let attribution: ForecastAttribution
  /// The run the data belongs to.
  public let run: ForecastRun
  /// Every day the provider answered, earliest first.
  public let days: [DayForecast]
  /// The conditions at the time of the fetch, when the provider reports them.
  public let current: HourlyForecast?
  /// The next hours from the provider's finest forecast (KMA's ultra-short forecast: the six
  /// hours after its run, a run every hour), earliest first; empty when the provider has none or
  /// ``missing`` holds ``ForecastPart/nextHours``. ``hourly`` puts them before the days' hours.
  public let nextHours: [HourlyForecast]
  /// When the provider issued the data (for KMA, the short-term forecast).
  public let issuedAt: Date
  /// When the provider's next issue is due, when it says.
  public let nextIssueAt: Date?
  /// When the mid-term days (4–10) were issued; `nil` when the outlook has none.
  public let midTermIssuedAt: Date?
  /// When the next mid-term issue is due, for a provider that has a mid-term forecast.
  public let midTermNextIssueAt: Date?
  /// The parts that could not be had this time; the rest is served. ``current`` is `nil` when
  /// it contains ``ForecastPart/current``.
  public let missing: Set<ForecastPart>
  /// Why parts are missing, for those whose service refused or failed: which service, and what
  /// to do (``MissingPartReason/message(in:)``).
  public let missingReasons: [ForecastPart: MissingPartReason]
  /// The air quality at the town, for a provider asked for it (``KMAProvider`` with an
  /// ``AirKoreaClient``); `nil` when it could not be had (``missing`` then holds
  /// ``ForecastPart/air``).
  public let air: AirQuality?
  /// The UV index at the town (자외선지수, every three hours; 출처: 기상청): its value now with
  /// ``/HaruModels/UVForecast/index(at:)`` and the day's highest with
  /// ``/HaruModels/UVForecast/maximum(on:)``. `nil` for a town without an area code
  /// (``/HaruModels/Town/areaCode``), for a provider without it, or when it could not be had
  /// (``missing`` then holds ``ForecastPart/uvIndex``).
  public let uvIndex: UVForecast?
  /// The pollen risk at the town (꽃가루농도위험지수; 출처: 기상청), one forecast per kind: oak,
  /// pine and weeds, each ``/HaruModels/PollenForecast/notInSeason(_:)`` outside its months.
  /// Empty for a town without an area code, for a provider without it, or when it could not be had
  /// (``missing`` then holds ``ForecastPart/pollen``; the kinds that could be had are kept).
  public let pollen: [PollenForecast]
  /// When the data was fetched.
  public let fetchedAt: Date
  /// The instant "today" and ``hourly`` are reckoned from: the time the outlook was asked for.
  public let referenceTime: Date
  /// Why a stale outlook is stale: what kept a fresh one from arriving.
  public let staleReason: StaleReason?

  /// Creates an outlook, as ``ForecastService`` does from a provider's answer.
  ///
  /// Use it to build canned outlooks in tests and previews.
  ///
  /// - Parameters:
  ///   - town: The town.
  ///   - provider: The provider's identifier.
  ///   - attribution: The provider's credit.
  ///   - run: The run the data belongs to.
  ///   - forecast: The provider's answer.
  ///   - fetchedAt: When the answer was fetched.
  ///   - referenceTime: The instant "today" is reckoned from; `fetchedAt` unless given.
  ///   - staleReason: What kept a fresh answer from arriving, for a stale outlook.
  public init(
    town: Town,
    provider: String,
    attribution: ForecastAttribution,
    run: ForecastRun,
    forecast: ProviderForecast,
    fetchedAt: Date,
    referenceTime: Date? = nil,
    staleReason: StaleReason? = nil
  ) {
    self.town = town
    self.provider = provider
    self.attribution = attribution
    self.run = run
    self.days = forecast.days
    self.current = forecast.current
    self.nextHours = forecast.nextHours
    self.issuedAt = forecast.issuedAt
    self.nextIssueAt = forecast.nextIssueAt
    self.midTermIssuedAt = forecast.midTermIssuedAt
    self.midTermNextIssueAt = forecast.midTermNextIssueAt
    self.missing = forecast.missing
    self.missingReasons = forecast.missingReasons
    self.air = forecast.air
    self.uvIndex = forecast.uvIndex
    self.pollen = forecast.pollen
    self.fetchedAt = fetchedAt
    self.referenceTime = referenceTime ?? fetchedAt
    self.staleReason = staleReason
  }

  /// Whether the data is older than the provider's newest run: the newest could not be fetched
  /// and ``staleReason`` says why.
  public var isStale: Bool { staleReason != nil }

  /// The day of ``referenceTime`` in Korea Standard Time.
  public var referenceDay: CalendarDay {
    CalendarDay(containing: referenceTime, in: CalendarDay.koreaTimeZone)
  }

  /// The day before today, when the provider or the cache has it.
  public var yesterday: DayForecast? { day(referenceDay.adding(days: -1)) }

  /// Today.
  public var today: DayForecast? { day(referenceDay) }

  /// Tomorrow.
  public var tomorrow: DayForecast? { day(referenceDay.adding(days: 1)) }

  /// The days after tomorrow, earliest first.
  public var laterDays: [DayForecast] {
    let afterTomorrow = referenceDay.adding(days: 2)
    return days.filter { $0.day >= afterTomorrow }
  }

  /// The hours from the start of the current hour on, earliest first: those of ``nextHours``
  /// first (the finer, newer forecast), then the days' hours after them.
  public var hourly: [HourlyForecast] {
    let hourStart = Date(
      timeIntervalSinceReferenceDate: (referenceTime.timeIntervalSinceReferenceDate / 3600).rounded(
        .down) * 3600)
    let next = nextHours.filter { $0.time >= hourStart }
    let covered = Set(next.map(\.time))
    let later = days.flatMap(\.hourly).filter { $0.time >= hourStart && !covered.contains($0.time) }
    return (next + later).sorted { $0.time < $1.time }
  }

  /// Whether it will rain in the six hours from the hour of ``referenceTime``, from the conditions
  /// now and ``hourly`` (the next hours first): "15시부터 비 (1mm 미만)", "No rain in the next 6
  /// hours"; `nil` when no hour of them is known.
  public var rainLine: RainLine? {
    RainLine(hours: (current.map { [$0] } ?? []) + hourly, at: referenceTime)
  }

  /// Today's highest temperature compared with yesterday's, when both are known.
  public var comparedWithYesterday: TemperatureChange? {
    guard let today = today?.maximum?.temperature,
      let yesterday = yesterday?.maximum?.temperature
    else { return nil }
    return TemperatureChange(from: yesterday, to: today)
  }

  /// The forecast for a day, if the outlook has it.
  ///
  /// - Parameter day: The day, in Korea Standard Time.
  /// - Returns: The day's forecast, or `nil`.
  public func day(_ day: CalendarDay) -> DayForecast? {
    days.first { $0.day == day }
  }

  /// Sunrise and sunset of a day at the town: at its coordinate, or at the centre of its grid
  /// cell for a town that has none.
  ///
  /// - Parameter day: The day, in Korea Standard Time.
  /// - Returns: The times, computed offline (see ``/HaruModels/SunTimes``).
  /// - Complexity: O(1).
  public func sunTimes(for day: CalendarDay) -> SunTimes {
    SunTimes(day: day, at: town.coordinate ?? town.gridPoint.center)
  }

  /// Whether the sun is up at the town at an instant, for day and night icons.
  ///
  /// - Parameter date: The instant.
  /// - Returns: `true` between that day's sunrise and sunset (KST).
  public func isDaytime(at date: Date) -> Bool {
    sunTimes(for: CalendarDay(containing: date, in: CalendarDay.koreaTimeZone)).isDaytime(at: date)
  }

  /// The provider's answer this outlook was made from.
  var providerForecast: ProviderForecast {
    ProviderForecast(
      days: days, current: current, nextHours: nextHours, issuedAt: issuedAt,
      nextIssueAt: nextIssueAt,
      midTermIssuedAt: midTermIssuedAt, midTermNextIssueAt: midTermNextIssueAt, missing: missing,
      missingReasons: missingReasons, air: air, uvIndex: uvIndex, pollen: pollen)
  }

  /// The same data for another town in the same grid cell.
  func replacingTown(with other: Town) -> ForecastOutlook {
    ForecastOutlook(
      town: other, provider: provider, attribution: attribution, run: run,
      forecast: providerForecast, fetchedAt: fetchedAt, referenceTime: referenceTime,
      staleReason: staleReason)
  }

  /// The same data, reckoned from another instant and marked stale for a reason.
  func stale(at time: Date, because reason: ForecastError) -> ForecastOutlook {
    ForecastOutlook(
      town: town, provider: provider, attribution: attribution, run: run,
      forecast: providerForecast, fetchedAt: fetchedAt, referenceTime: time,
      staleReason: StaleReason(reason))
  }
}

/// How much warmer or colder one temperature is than another, as in "2° warmer than yesterday".
///
/// The difference is between the two temperatures as a screen shows them, each rounded to whole
/// degrees of the unit, so that "18°" next to "18°" never reads as "1° warmer".
public struct TemperatureChange: Hashable, Sendable {
  /// The earlier temperature, such as yesterday's maximum.
  public let old: Temperature
  /// The later temperature, such as today's maximum.
  public let new: Temperature

  /// Creates the change from one temperature to another.
  ///
  /// - Parameters:
  ///   - old: The earlier temperature, such as yesterday's maximum.
  ///   - new: The later temperature, such as today's maximum.
  public init(from old: Temperature, to new: Temperature) {
    self.old = old
    self.new = new
  }

  /// The exact difference in degrees Celsius; positive when it got warmer.
  public var celsiusDegrees: Double { new.celsius - old.celsius }

  /// The difference between the two temperatures rounded to whole degrees of a unit, as they are
  /// shown; positive when warmer.
  ///
  /// - Parameter unit: The unit.
  /// - Returns: The difference in whole degrees; `Int64` on every platform, since a provider's
  ///   temperatures can differ by more than a 32-bit `Int` holds.
  public func degrees(in unit: TemperatureUnit) -> Int64 {
    Temperature.wholeDegrees(new.value(in: unit)) - Temperature.wholeDegrees(old.value(in: unit))
  }

  /// The change as a sentence: `"2° warmer than yesterday"`, `"4°F colder than yesterday"`,
  /// `"어제보다 2° 높아요"`, or the same.
  ///
  /// - Parameters:
  ///   - unit: The unit of the degrees.
  ///   - language: The language of the sentence.
  /// - Returns: The sentence.
  public func sentence(in unit: TemperatureUnit, language: DisplayLanguage) -> String {
    let difference = degrees(in: unit)
    let amount = "\(abs(difference))\(unit.symbol)"
    switch (language, difference.signum()) {
    case (.korean, 0): return "어제와 같아요"
    case (.korean, 1): return "어제보다 \(amount) 높아요"
    case (.korean, _): return "어제보다 \(amount) 낮아요"
    case (.english, 0): return "The same as yesterday"
    case (.english, 1): return "\(amount) warmer than yesterday"
    case (.english, _): return "\(amount) colder than yesterday"
    }
  }
}
