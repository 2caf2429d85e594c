import HaruModels
import HaruSettings
import HaruShared
import HaruViewModels
import Observation
import Testing

@testable import HaruSettingsViewModels

/// `ScreenState` seen as SwiftUI sees it: through `withObservationTracking`.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct ScreenStateTests {
  /// Runs `read` under observation tracking and returns a wait for the first change it tracked.
  func tracking(_ read: () -> Void) -> AsyncStream<Void> {
    let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
    withObservationTracking(read) {
      continuation.yield()
      continuation.finish()
    }
    return changes
  }

  @Test func readingAnOutputTracksItAndAChangeIsReported() async throws {
    let settings = try makeSettings()
    let screen = ScreenState(
      SettingsViewModel(settings: settings, language: .english), input: .init())
    var unit: TemperatureUnit?
    let changed = tracking { unit = screen.temperatureUnit }
    #expect(unit == .celsius)

    screen.input.chooseUnit.send(.fahrenheit)
    var iterator = changed.makeAsyncIterator()
    #expect(await iterator.next() != nil, "the tracked output's change is reported")
    _ = await firstValue(of: screen.output.temperatureUnit) { $0 == .fahrenheit }
    #expect(screen.temperatureUnit == .fahrenheit)
    #expect(settings[.temperatureUnit] == .fahrenheit, "the intent reached the view model")
  }

  @Test func onlyTheOutputsReadAreTracked() async throws {
    let settings = try makeSettings()
    let screen = ScreenState(
      SettingsViewModel(settings: settings, language: .english), input: .init())
    let fired = LockedState(false)
    withObservationTracking {
      _ = screen.theme
    } onChange: {
      fired.withLock { $0 = true }
    }
    // A change of another output is not a change of what was read.
    screen.input.chooseUnit.send(.fahrenheit)
    _ = await firstValue(of: screen.output.temperatureUnit) { $0 == .fahrenheit }
    // Let the follower of the theme, if it wrongly heard the unit, run first.
    await Task.yield()
    #expect(fired.withLock { $0 } == false)
    screen.input.chooseTheme.send(.dark)
    _ = await firstValue(of: screen.output.theme) { $0 == .dark }
    while !fired.withLock({ $0 }) { await Task.yield() }
    #expect(screen.theme == .dark)
  }

  @Test func everyViewModelCanBeWrapped() throws {
    let settings = try makeSettings()
    let towns = ScreenState(TownsViewModel(settings: settings, language: .korean), input: .init())
    #expect(towns.currentTownName == "서울특별시청")
    #expect(towns.rows.isEmpty, "the default town takes no row")
  }

  @Test func releasingTheStateReleasesTheViewModel() async throws {
    let settings = try makeSettings()
    var screen: ScreenState<SettingsViewModel>? = ScreenState(
      SettingsViewModel(settings: settings, language: .english), input: .init())
    _ = screen?.theme
    weak let viewModel = screen?.viewModel
    let work = try #require(screen?.viewModel.work)
    screen = nil
    #expect(viewModel == nil)
    for task in work.tasks { await task.value }
  }
}
