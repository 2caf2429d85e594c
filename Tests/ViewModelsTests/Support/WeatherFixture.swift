import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import HaruSettings
import HaruShared
import HaruTesting

@testable import HaruViewModelCore
@testable import HaruWeatherViewModels

/// A weather screen over a stub provider whose answers, failures and pauses a test controls.
@MainActor
final class WeatherFixture {
  /// 30 November 2026, 14:30 in Korea.
  nonisolated static let start: Date = {
    let day =
      (try? CalendarDay(year: 2026, month: 11, day: 30))
      ?? CalendarDay(containing: Date(timeIntervalSince1970: 0), in: CalendarDay.koreaTimeZone)
    return day.start(in: CalendarDay.koreaTimeZone).addingTimeInterval(14.5 * 3600)
  }()

  let settings: SettingsStore
  let provider: StubForecastProvider
  let service: ForecastService
  let clock = ManualClock()
  private let now = LockedState(WeatherFixture.start)
  private let failure = LockedState<ForecastError?>(nil)
  private let gate = LockedState<Gate?>(nil)
  private let air = LockedState<AirAnswer>(.notAsked)

  /// What the stub answers for the air quality.
  enum AirAnswer: Sendable {
    /// Nothing: a provider not asked for air quality.
    case notAsked
    /// This air quality.
    case quality(AirQuality)
    /// The part missing for this reason.
    case refused(MissingPartReason)
  }

  init() throws {
    settings = try makeSettings()
    let failure = failure
    let gate = gate
    let air = air
    provider = StubForecastProvider { (_, date) async throws(ForecastError) -> ProviderForecast in
      if let gate = gate.withLock({ $0 }) {
        await gate.pass()
      }
      if let error = failure.withLock({ $0 }) {
        throw error
      }
      let canned = ProviderForecast.canned(around: date)
      switch air.withLock({ $0 }) {
      case .notAsked: return canned
      case .quality(let quality):
        return ProviderForecast(
          days: canned.days, current: canned.current, issuedAt: canned.issuedAt, air: quality)
      case .refused(let reason):
        return ProviderForecast(
          days: canned.days, current: canned.current, issuedAt: canned.issuedAt,
          missingReasons: [.air: reason])
      }
    }
    let now = now
    service = ForecastService(
      provider: provider, clock: clock, now: { now.withLock { $0 } }, retryPolicy: .never)
  }

  func makeViewModel(language: DisplayLanguage = .english) -> WeatherViewModel {
    WeatherViewModel(settings: settings, forecast: service, language: language)
  }

  /// A weather screen that records every output value, transformed with a fresh input.
  func startScreen(
    language: DisplayLanguage = .english
  ) -> (WeatherViewModel, WeatherViewModel.Input, WeatherViewModel.Output) {
    let viewModel = makeViewModel(language: language)
    viewModel.startRecording()
    let input = WeatherViewModel.Input()
    return (viewModel, input, viewModel.transform(input))
  }

  /// Makes every later fetch stop at a gate until the test opens it.
  func pauseFetches() -> Gate {
    let paused = Gate()
    gate.withLock { $0 = paused }
    return paused
  }

  /// Makes every later fetch answer the air quality so.
  func answerAir(_ answer: AirAnswer) {
    air.withLock { $0 = answer }
  }

  /// Makes every later fetch fail.
  func failFetches(with error: ForecastError) {
    failure.withLock { $0 = error }
  }

  /// Moves the wall clock on, to the provider's next run.
  func moveOn(by seconds: TimeInterval) {
    now.withLock { $0 = $0.addingTimeInterval(seconds) }
  }

  /// Saves Busan as a town, which makes it current.
  func addBusan() throws {
    try settings.update(.savedTowns) { towns in try towns.add(busanTown()) }
  }

  /// A report in one line per card, for whole-history expectations.
  static func summary(_ report: WeatherReport?) -> String {
    guard let report else { return "none" }
    let days = report.days.map { "\($0.title) \($0.minimum ?? "-")/\($0.maximum ?? "-")" }
    return "\(report.townName): " + days.joined(separator: ", ")
      + (report.isStale ? " (stale)" : "")
  }
}
