import HaruModels
import HaruPlaces
import HaruSettings
import HaruTesting
import Testing

@testable import HaruSettingsViewModels
@testable import HaruViewModelCore

/// The towns screen's search box: suggestions as the person types, and adding one.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct TownsSearchTests {
  func settledScreen() throws -> (TownsViewModel, TownsViewModel.Input, ManualClock) {
    let clock = ManualClock()
    let viewModel = TownsViewModel(
      settings: try makeSettings(), language: .english, clock: clock,
      debounce: .milliseconds(200))
    let input = TownsViewModel.Input()
    _ = viewModel.transform(input)
    viewModel.startRecording()
    return (viewModel, input, clock)
  }

  @Test func suggestionsFollowTheLastTextOnceTypingPauses() async throws {
    let (viewModel, input, clock) = try settledScreen()
    await type(["ㅅ", "성", "성보"], into: input.search, handledBy: viewModel.work, clock: clock)
    await clock.advance(by: .milliseconds(150))
    await type(["성복"], into: input.search, handledBy: viewModel.work, clock: clock)
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(199))
    #expect(viewModel.suggestions.history == [[]])
    await clock.advance(by: .milliseconds(1))
    await viewModel.untilIdle()

    let history = try #require(viewModel.suggestions.history)
    #expect(history.count == 2)
    let shown = try #require(history.last)
    #expect(shown.first?.fullName == "경기도 용인시수지구 성복동")
    #expect(shown.count <= TownsViewModel.suggestionCount)
  }

  @Test func clearingTheBoxClearsTheSuggestionsAtOnce() async throws {
    let (viewModel, input, clock) = try settledScreen()
    await type(["중앙동"], into: input.search, handledBy: viewModel.work, clock: clock)
    await clock.advance(by: .milliseconds(200))
    await viewModel.untilIdle()
    #expect(viewModel.suggestions.value.count == 10)
    input.search.send("  ")
    await viewModel.untilIdle()
    #expect(viewModel.suggestions.value.isEmpty)
    #expect(clock.sleeperCount == 0)
  }

  @Test func choosingASuggestionAddsItWithItsCellAndRegions() async throws {
    let (viewModel, input, clock) = try settledScreen()
    await type(["여주시 중앙동"], into: input.search, handledBy: viewModel.work, clock: clock)
    await clock.advance(by: .milliseconds(200))
    await viewModel.untilIdle()
    let place = try #require(viewModel.suggestions.value.first)
    #expect(place.fullName == "경기도 여주시 중앙동")

    input.chooseSuggestion.send(0)
    await viewModel.untilIdle()
    let current = viewModel.rows.value.first { $0.isCurrent }?.town
    #expect(current?.name == "중앙동")
    #expect(current?.gridPoint == place.gridPoint)
    #expect(current?.areaCode == place.code)
    #expect(current?.midTermRegions == place.midTermRegions)
    #expect(viewModel.errorMessage.value == nil)
  }

  @Test func aStalePositionOrAFourthTownIsAMessageNotAChange() async throws {
    let (viewModel, input, clock) = try settledScreen()
    input.chooseSuggestion.send(0)
    await viewModel.untilIdle()
    #expect(viewModel.errorMessage.value?.contains("no longer listed") == true)

    await type(["중앙동"], into: input.search, handledBy: viewModel.work, clock: clock)
    await clock.advance(by: .milliseconds(200))
    await viewModel.untilIdle()
    input.chooseSuggestion.send(0)
    input.chooseSuggestion.send(1)
    input.chooseSuggestion.send(2)
    input.chooseSuggestion.send(3)
    await viewModel.untilIdle()
    #expect(viewModel.rows.value.count == 3)
    #expect(viewModel.errorMessage.value != nil)
    #expect(viewModel.suggestions.value.count == 10)
    input.chooseSuggestion.send(-1)
    await viewModel.untilIdle()
    #expect(viewModel.rows.value.count == 3)
  }
}
