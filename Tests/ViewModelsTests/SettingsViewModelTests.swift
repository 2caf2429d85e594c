import HaruModels
import HaruSettings
import Testing

@testable import HaruSettingsViewModels
@testable import HaruViewModelCore

@MainActor
@Suite(.timeLimit(.minutes(3)))
struct SettingsViewModelTests {
  @Test func choicesAreSavedAndEveryOutputValueIsRecordedInOrder() async throws {
    let settings = try makeSettings()
    var viewModel: SettingsViewModel? = SettingsViewModel(settings: settings, language: .english)
    let work = try #require(viewModel?.work)
    do {
      let model = try #require(viewModel)
      model.startRecording()
      let input = SettingsViewModel.Input()
      let output = model.transform(input)

      input.chooseTheme.send(.dark)
      input.chooseUnit.send(.fahrenheit)
      input.choosePet.send(.cat)
      input.chooseUnit.send(.celsius)
      await model.untilIdle()

      #expect(model.theme.history == [.system, .dark])
      #expect(model.temperatureUnit.history == [.celsius, .fahrenheit, .celsius])
      #expect(model.petType.history == [.dog, .cat])
      #expect(model.errorMessage.history == [nil])
      #expect(output.theme.value == .dark)
      #expect(output.petType.value == .cat)
    }
    #expect(settings[.themeMode] == .dark)
    #expect(settings[.petType] == .cat)
    #expect(settings[.temperatureUnit] == .celsius)
    await expectReleased(&viewModel, work: work)
  }

  @Test func toggleSwitchesBetweenDarkAndLight() async throws {
    let settings = try makeSettings()
    let viewModel = SettingsViewModel(settings: settings, language: .english)
    viewModel.startRecording()
    let input = SettingsViewModel.Input()
    _ = viewModel.transform(input)

    input.toggleTheme.send()
    input.toggleTheme.send()
    input.toggleTheme.send()
    await viewModel.untilIdle()

    #expect(viewModel.theme.history == [.system, .dark, .light, .dark])
    #expect(settings[.themeMode] == .dark)
  }

  @Test func choosingTheCurrentValueAgainAddsNothing() async throws {
    let settings = try makeSettings()
    let viewModel = SettingsViewModel(settings: settings, language: .english)
    viewModel.startRecording()
    let input = SettingsViewModel.Input()
    _ = viewModel.transform(input)

    input.chooseUnit.send(.celsius)
    input.chooseTheme.send(.system)
    await viewModel.untilIdle()

    #expect(viewModel.temperatureUnit.history == [.celsius])
    #expect(viewModel.theme.history == [.system])
  }

  @Test func aChangeMadeThroughTheStoreElsewhereAppears() async throws {
    let settings = try makeSettings()
    let viewModel = SettingsViewModel(settings: settings, language: .english)
    viewModel.startRecording()
    let output = viewModel.transform(SettingsViewModel.Input())

    try settings.set(.fahrenheit, for: .temperatureUnit)
    await firstValue(of: output.temperatureUnit) { $0 == .fahrenheit }

    #expect(viewModel.temperatureUnit.history == [.celsius, .fahrenheit])
    #expect(output.temperatureUnit.value == .fahrenheit)
  }

  @Test func choicesReachTheBackend() async throws {
    let backend = InMemoryPreferencesBackend()
    let settings = try SettingsStore(backend: backend)
    let viewModel = SettingsViewModel(settings: settings, language: .english)
    let input = SettingsViewModel.Input()
    _ = viewModel.transform(input)

    input.chooseUnit.send(.fahrenheit)
    input.choosePet.send(.cat)
    await viewModel.untilIdle()
    try await settings.flush()

    let reopened = try SettingsStore(
      backend: InMemoryPreferencesBackend(preferences: backend.load()))
    #expect(reopened[.temperatureUnit] == .fahrenheit)
    #expect(reopened[.petType] == .cat)
  }

  @Test(arguments: [
    (DisplayLanguage.english, "The setting couldn't be saved. Try again."),
    (.korean, "설정을 저장하지 못했어요. 다시 시도해 주세요."),
  ])
  func aSettingThatCannotBeSavedShowsAnErrorAndKeepsTheOthers(
    language: DisplayLanguage, expected: String
  ) async throws {
    // Another part of the app claimed the unit's name for a value of another type.
    let settings = try makeSettings { store in
      try store.set("kelvin", for: SettingsKey<String>("temperatureUnit", default: ""))
    }
    let viewModel = SettingsViewModel(settings: settings, language: language)
    viewModel.startRecording()
    let input = SettingsViewModel.Input()
    _ = viewModel.transform(input)

    input.chooseUnit.send(.fahrenheit)
    input.choosePet.send(.cat)
    await viewModel.untilIdle()

    // The message appears for the unit and goes once the pet is saved; nothing is lost.
    #expect(viewModel.errorMessage.history == [nil, expected, nil])
    #expect(viewModel.temperatureUnit.history == [.celsius])
    #expect(viewModel.petType.history == [.dog, .cat])
  }

  @Test func eventsSentBeforeTransformAreHandledInOrderOnceItRuns() async throws {
    let settings = try makeSettings()
    let viewModel = SettingsViewModel(settings: settings, language: .english)
    viewModel.startRecording()
    let input = SettingsViewModel.Input()

    input.chooseUnit.send(.fahrenheit)
    input.chooseTheme.send(.light)
    input.chooseUnit.send(.celsius)
    _ = viewModel.transform(input)
    await viewModel.untilIdle()

    #expect(viewModel.temperatureUnit.history == [.celsius, .fahrenheit, .celsius])
    #expect(viewModel.theme.history == [.system, .light])
  }

  @Test func transformingAgainFollowsOnlyTheNewInput() async throws {
    let settings = try makeSettings()
    let viewModel = SettingsViewModel(settings: settings, language: .english)
    let first = SettingsViewModel.Input()
    _ = viewModel.transform(first)
    let tasksAfterFirst = viewModel.work.tasks.count
    let second = SettingsViewModel.Input()
    _ = viewModel.transform(second)

    first.choosePet.send(.cat)
    second.chooseTheme.send(.dark)
    await viewModel.untilIdle()

    #expect(settings[.petType] == .dog)
    #expect(settings[.themeMode] == .dark)
    #expect(viewModel.work.tasks.count == tasksAfterFirst)
  }

  @Test func releasingTheViewModelEndsItsWorkAndItsOutputs() async throws {
    let settings = try makeSettings()
    var viewModel: SettingsViewModel? = SettingsViewModel(settings: settings, language: .english)
    let work = try #require(viewModel?.work)
    let input = SettingsViewModel.Input()
    let output = try #require(viewModel?.transform(input))
    input.chooseTheme.send(.light)
    await viewModel?.untilIdle()

    await expectReleased(&viewModel, work: work)
    var iterator = output.theme.makeAsyncIterator()
    #expect(await iterator.next() == .light)
    #expect(await iterator.next() == nil)
  }
}
