public import Foundation
public import HaruForecast
public import HaruModels
import HaruShared

/// A ``/HaruForecast/ForecastProvider`` that answers from a closure and counts its calls: test
/// code that uses ``/HaruForecast/ForecastService`` without any HTTP at all.
///
/// ```swift
/// let provider = StubForecastProvider { town, date in
///   .canned(around: date)
/// }
/// let service = ForecastService(provider: provider, clock: ManualClock(), now: { fixedNow })
/// let outlook = try await service.outlook(for: .seoulCityHall)
/// #expect(provider.callCount == 1)
/// ```
///
/// Its runs are `runLength` long (an hour unless given), counted from the Unix epoch.
public final class StubForecastProvider: ForecastProvider {
  /// The identifier given, `"stub"` unless given.
  public let identifier: String
  /// The attribution given.
  public let attribution: ForecastAttribution

  private let runLength: Double
  private let answer: @Sendable (Town, Date) async throws(ForecastError) -> ProviderForecast
  private let calls = LockedState(0)

  /// Creates a provider that answers from a closure.
  ///
  /// - Parameters:
  ///   - identifier: The provider's identifier; `"stub"` unless given.
  ///   - attribution: The provider's credit.
  ///   - runLength: How long each run lasts; an hour unless given.
  ///   - answer: Called for every fetch with the town and the instant asked about.
  public init(
    identifier: String = "stub",
    attribution: ForecastAttribution = ForecastAttribution(
      text: "Canned weather", link: URL(fileURLWithPath: "/")),
    runLength: Duration = .seconds(3600),
    answer: @escaping @Sendable (Town, Date) async throws(ForecastError) -> ProviderForecast
  ) {
    self.identifier = identifier
    self.attribution = attribution
    self.runLength = max(runLength.inSeconds, 1)
    self.answer = answer
  }

  /// Creates a provider that always answers the same.
  ///
  /// - Parameter forecast: The answer.
  public convenience init(forecast: ProviderForecast) {
    self.init { _, _ in forecast }
  }

  /// Creates a provider that always fails.
  ///
  /// - Parameter error: The error.
  public convenience init(error: ForecastError) {
    self.init { (_, _) throws(ForecastError) -> ProviderForecast in throw error }
  }

  /// How many fetches were made.
  public var callCount: Int {
    calls.withLock { $0 }
  }

  /// The start of the `runLength`-long period an instant falls in.
  ///
  /// - Parameter date: The instant.
  /// - Returns: The run.
  public func run(at date: Date) -> ForecastRun {
    let start = (date.timeIntervalSince1970 / runLength).rounded(.down) * runLength
    return ForecastRun(publishedAt: Date(timeIntervalSince1970: start))
  }

  /// Counts the call and answers from the closure.
  ///
  /// - Parameters:
  ///   - town: The town.
  ///   - date: The instant asked about.
  /// - Returns: The closure's answer.
  /// - Throws: The closure's error; `ForecastError.Code.cancelled` when the task
  ///   is cancelled before the closure runs.
  public func forecast(for town: Town, at date: Date) async throws(ForecastError)
    -> ProviderForecast
  {
    calls.withLock { $0 += 1 }
    if Task.isCancelled {
      throw ForecastError(.cancelled, message: "The forecast request was cancelled.")
    }
    return try await answer(town, date)
  }
}

extension ProviderForecast {
  /// A made-up answer around an instant: yesterday, today and the days after, hour by hour,
  /// clear skies, with the daily maxima given (the minimum is eight degrees lower).
  ///
  /// With the default maxima today is 2° warmer than yesterday.
  ///
  /// - Parameters:
  ///   - date: The instant; its Korean day is today.
  ///   - maxima: The daily maxima in °C, yesterday first; at least one.
  /// - Returns: The answer, issued at the start of the hour of `date`.
  public static func canned(around date: Date, maxima: [Double] = [19, 21, 18, 17, 16])
    -> ProviderForecast
  {
    let zone = CalendarDay.koreaTimeZone
    let today = CalendarDay(containing: date, in: zone)
    var days: [DayForecast] = []
    for (offset, maximum) in maxima.enumerated() {
      let day = today.adding(days: offset - 1)
      let start = day.start(in: zone)
      let hours = (0..<24).map { hour in
        let warmth = 1 - Double(abs(hour - 15)) / 15
        return HourlyForecast(
          time: start.addingTimeInterval(Double(hour) * 3600),
          temperature: try? Temperature(celsius: maximum - 8 + 8 * warmth),
          sky: .clear, precipitationType: .nothing)
      }
      days.append(DayForecast(day: day, hourly: hours))
    }
    let hourStart = Date(
      timeIntervalSince1970: (date.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
    let current = days.flatMap(\.hourly).last { $0.time <= hourStart }
    return ProviderForecast(days: days, current: current, issuedAt: hourStart)
  }
}
