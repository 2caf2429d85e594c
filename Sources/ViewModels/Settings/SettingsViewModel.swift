public import HaruModels
public import HaruSettings
public import HaruViewModelCore

/// The settings screen: the theme, the temperature unit and the companion animal.
///
/// Choices are saved through the ``/HaruSettings/SettingsStore`` at once, so every other view model
/// built on the same store — the weather screen showing temperatures, say — follows them.
///
/// ```swift
/// let viewModel = SettingsViewModel(settings: store, language: .english)
/// let input = SettingsViewModel.Input()
/// let output = viewModel.transform(input)
///
/// input.chooseUnit.send(.fahrenheit)
/// for await unit in output.temperatureUnit { render(unit) }   // .celsius, then .fahrenheit
/// ```
@MainActor
public final class SettingsViewModel {
  /// What the person does on the settings screen.
  public struct Input: Sendable {
    /// The person picked a theme.
    public let chooseTheme = UserEvents<ThemeMode>()
    /// The person flipped the dark-mode switch: dark becomes light, anything else becomes dark.
    public let toggleTheme = UserEvents<Void>()
    /// The person picked a temperature unit.
    public let chooseUnit = UserEvents<TemperatureUnit>()
    /// The person picked a companion animal.
    public let choosePet = UserEvents<PetType>()

    /// Creates an input with empty event streams.
    public init() {}
  }

  /// What the settings screen shows. Each observation starts with the current value.
  public struct Output: Sendable {
    /// The chosen theme.
    public let theme: ValueObservation<ThemeMode>
    /// The chosen temperature unit.
    public let temperatureUnit: ValueObservation<TemperatureUnit>
    /// The chosen companion animal.
    public let petType: ValueObservation<PetType>
    /// Why the last choice could not be saved, in the screen's language; `nil` when it was saved.
    public let errorMessage: ValueObservation<String?>
  }

  private let settings: SettingsStore
  private let language: DisplayLanguage
  let work = WorkBag()
  let theme: OutputSubject<ThemeMode>
  let temperatureUnit: OutputSubject<TemperatureUnit>
  let petType: OutputSubject<PetType>
  let errorMessage = OutputSubject<String?>(nil)

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - settings: The store the choices are read from and saved to.
  ///   - language: The language of error messages.
  public init(settings: SettingsStore, language: DisplayLanguage) {
    self.settings = settings
    self.language = language
    theme = OutputSubject(settings[.themeMode])
    temperatureUnit = OutputSubject(settings[.temperatureUnit])
    petType = OutputSubject(settings[.petType])
  }

  deinit {
    work.cancelAll()
  }

  /// Starts following an input and returns the screen's outputs.
  ///
  /// The view model handles events until it is released; calling `transform(_:)` again stops
  /// following the previous input. Changes made to the store elsewhere appear in the outputs too.
  ///
  /// - Parameter input: The events of the screen.
  /// - Returns: The outputs to bind the screen to.
  public func transform(_ input: Input) -> Output {
    work.startInput()
    work.follow(input.chooseTheme) { [weak self] mode in self?.save(mode, for: .themeMode) }
    work.follow(input.toggleTheme) { [weak self] in
      guard let self else { return }
      save(theme.value == .dark ? .light : .dark, for: .themeMode)
    }
    work.follow(input.chooseUnit) { [weak self] unit in self?.save(unit, for: .temperatureUnit) }
    work.follow(input.choosePet) { [weak self] pet in self?.save(pet, for: .petType) }
    work.follow(settings.observe(.themeMode)) { [weak self] in self?.theme.send($0) }
    work.follow(settings.observe(.temperatureUnit)) { [weak self] in
      self?.temperatureUnit.send($0)
    }
    work.follow(settings.observe(.petType)) { [weak self] in self?.petType.send($0) }
    return Output(
      theme: theme.observation, temperatureUnit: temperatureUnit.observation,
      petType: petType.observation, errorMessage: errorMessage.observation)
  }

  private func save<Value>(_ value: Value, for key: SettingsKey<Value>) {
    do {
      try settings.set(value, for: key)
      errorMessage.send(nil)
    } catch {
      errorMessage.send(ErrorText.settings(error, in: language))
    }
    refresh()
  }

  /// Publishes what the store holds now, without waiting for its observations.
  private func refresh() {
    theme.send(settings[.themeMode])
    temperatureUnit.send(settings[.temperatureUnit])
    petType.send(settings[.petType])
  }

  /// Records every output value from now on, for tests.
  func startRecording() {
    theme.startRecording()
    temperatureUnit.startRecording()
    petType.startRecording()
    errorMessage.startRecording()
  }

  /// Returns once every event sent so far is handled and no work is running.
  func untilIdle() async {
    await work.untilIdle()
  }
}
