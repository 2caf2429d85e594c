public import HaruForecast
public import HaruModels
public import HaruSettings
public import HaruViewModelCore

/// The weather screen: yesterday, today and tomorrow for the current town, in the chosen unit, its
/// air quality on the chosen scale, and the weather warnings in force there.
///
/// The forecast is fetched when the screen appears, when the person pulls to refresh, and when the
/// current town changes (a fetch for the previous town is cancelled). A change of temperature unit
/// or of air-quality scale writes the same forecast again without fetching anything.
///
/// ```swift
/// let viewModel = WeatherViewModel(settings: store, forecast: service, language: .korean)
/// let input = WeatherViewModel.Input()
/// let output = viewModel.transform(input)
/// input.appear.send()
/// for await report in output.report { render(report) }
/// ```
///
/// Until the first fetch answers, the screen shows the last forecast the service fetched for the
/// town, if there is one; its ``WeatherReport/issuedText`` says how old it is. When the fetch
/// fails, ``Output/errorMessage`` says why in the screen's language. If the
/// ``/HaruForecast/ForecastService`` still has an older forecast, the report shows it, marked
/// ``WeatherReport/isStale`` and with the time it was issued.
///
/// Given a ``/HaruForecast/KMAWarningsClient``, every fetch also asks for the current town's
/// warnings (``Output/warnings``): those in force, most severe first, and the 예비특보. A
/// warning service that refuses or fails leaves the card without warnings, saying why; the
/// forecast is shown all the same.
@MainActor
public final class WeatherViewModel {
  /// What the person does on the weather screen.
  public struct Input: Sendable {
    /// The screen appeared.
    public let appear = UserEvents<Void>()
    /// The person pulled to refresh.
    public let refresh = UserEvents<Void>()

    /// Creates an input with empty event streams.
    public init() {}
  }

  /// What the weather screen shows. Each observation starts with the current value.
  public struct Output: Sendable {
    /// The current town's name.
    public let townName: ValueObservation<String>
    /// Whether a forecast is being fetched.
    public let isLoading: ValueObservation<Bool>
    /// The forecast for the current town in the chosen unit; `nil` until one has arrived.
    public let report: ValueObservation<WeatherReport?>
    /// Why the newest forecast could not be shown, in the screen's language; `nil` when it is.
    public let errorMessage: ValueObservation<String?>
    /// The unit temperatures are written in.
    public let temperatureUnit: ValueObservation<TemperatureUnit>
    /// The scale air-quality grades are given on (``WeatherReport/air``).
    public let airQualityScale: ValueObservation<AirQualityScale>
    /// The current town's weather warnings; `nil` until they have arrived, after a change of
    /// town, and always when the view model was made without a warnings client.
    public let warnings: ValueObservation<WarningsCard?>
  }

  private let settings: SettingsStore
  private let service: ForecastService
  private let warningsClient: KMAWarningsClient?
  private let language: DisplayLanguage
  private var town: Town
  private var outlook: ForecastOutlook?
  private var loadingTown: Town?
  private var hasAppeared = false
  let work = WorkBag()
  let townName: OutputSubject<String>
  let isLoading = OutputSubject(false)
  let report: OutputSubject<WeatherReport?>
  let errorMessage = OutputSubject<String?>(nil)
  let temperatureUnit: OutputSubject<TemperatureUnit>
  let airQualityScale: OutputSubject<AirQualityScale>
  let warnings = OutputSubject<WarningsCard?>(nil)

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - settings: The store with the saved towns, the temperature unit and the air-quality
  ///     scale.
  ///   - forecast: The service forecasts are fetched from.
  ///   - warnings: Where the weather warnings come from; `nil` (no warnings) unless given.
  ///   - language: The language of the report and of error messages.
  public init(
    settings: SettingsStore, forecast: ForecastService, warnings: KMAWarningsClient? = nil,
    language: DisplayLanguage
  ) {
    self.settings = settings
    self.service = forecast
    self.warningsClient = warnings
    self.language = language
    let town = settings[.savedTowns].current
    let unit = settings[.temperatureUnit]
    let scale = settings[.airQualityScale]
    let cached = Self.cachedOutlook(for: town, in: forecast)
    self.town = town
    outlook = cached
    townName = OutputSubject(town.name)
    temperatureUnit = OutputSubject(unit)
    airQualityScale = OutputSubject(scale)
    report = OutputSubject(
      cached.map { WeatherText.report($0, unit: unit, scale: scale, language: language) })
  }

  /// The last forecast the service fetched for a town, to show until a fresh one arrives.
  private static func cachedOutlook(for town: Town, in service: ForecastService)
    -> ForecastOutlook?
  {
    // The service shares answers between towns in one grid cell; only this town's own will do.
    guard let cached = service.cachedOutlook(for: town), cached.town == town else { return nil }
    return cached
  }

  deinit {
    work.cancelAll()
  }

  /// Starts following an input and returns the screen's outputs.
  ///
  /// Calling `transform(_:)` again stops following the previous input.
  ///
  /// - Parameter input: The events of the screen.
  /// - Returns: The outputs to bind the screen to.
  public func transform(_ input: Input) -> Output {
    work.startInput()
    work.follow(input.appear) { [weak self] in self?.load() }
    work.follow(input.refresh) { [weak self] in self?.load() }
    work.follow(settings.observe(.savedTowns)) { [weak self] in self?.show($0.current) }
    work.follow(settings.observe(.temperatureUnit)) { [weak self] in self?.write(in: $0) }
    work.follow(settings.observe(.airQualityScale)) { [weak self] in self?.grade(on: $0) }
    return Output(
      townName: townName.observation, isLoading: isLoading.observation,
      report: report.observation, errorMessage: errorMessage.observation,
      temperatureUnit: temperatureUnit.observation, airQualityScale: airQualityScale.observation,
      warnings: warnings.observation)
  }

  /// Fetches the forecast for the current town, unless a fetch for it is under way.
  private func load() {
    hasAppeared = true
    guard loadingTown != town else { return }
    let town = town
    loadingTown = town
    isLoading.send(true)
    let language = language
    work.run(in: "load") { [weak self, service, warningsClient] in
      async let warnings = { () async -> WarningsCard? in
        guard let warningsClient,
          let report = await WarningsCard.report(for: town, from: warningsClient)
        else { return nil }
        return WarningsCard(report, language: language)
      }()
      let result: Result<ForecastOutlook, ForecastError>
      do throws(ForecastError) {
        result = .success(try await service.outlook(for: town))
      } catch {
        result = .failure(error)
      }
      // A newer request (another town) or the release of the view model cancelled this one.
      if !Task.isCancelled { self?.finish(result) }
      // The forecast is shown without waiting for the warnings, which may take longer.
      let card = await warnings
      guard !Task.isCancelled, warningsClient != nil, let self else { return }
      self.warnings.send(card)
    }
  }

  private func finish(_ result: Result<ForecastOutlook, ForecastError>) {
    loadingTown = nil
    switch result {
    case .success(let outlook):
      self.outlook = outlook
      report.send(written(outlook))
      errorMessage.send(outlook.staleReason.map { ErrorText.forecast($0.error, in: language) })
    case .failure(let error):
      errorMessage.send(ErrorText.forecast(error, in: language))
    }
    isLoading.send(false)
  }

  /// Switches to another current town: the previous town's forecast and fetch are dropped, and the
  /// last forecast fetched for the new town, if any, shows until a fresh one arrives.
  private func show(_ current: Town) {
    guard current != town else { return }
    town = current
    townName.send(current.name)
    outlook = Self.cachedOutlook(for: current, in: service)
    loadingTown = nil
    work.cancel(slot: "load")
    report.send(outlook.map(written))
    errorMessage.send(nil)
    warnings.send(nil)
    if hasAppeared {
      load()
    } else {
      isLoading.send(false)
    }
  }

  /// Writes the forecast again in another unit, without fetching it.
  private func write(in unit: TemperatureUnit) {
    temperatureUnit.send(unit)
    guard let outlook else { return }
    report.send(written(outlook))
  }

  /// Grades the air quality again on another scale, without fetching it.
  private func grade(on scale: AirQualityScale) {
    guard scale != airQualityScale.value else { return }
    airQualityScale.send(scale)
    guard let outlook else { return }
    report.send(written(outlook))
  }

  /// The report of an outlook in the current unit and scale.
  private func written(_ outlook: ForecastOutlook) -> WeatherReport {
    WeatherText.report(
      outlook, unit: temperatureUnit.value, scale: airQualityScale.value, language: language)
  }

  /// Records every output value from now on, for tests.
  func startRecording() {
    townName.startRecording()
    isLoading.startRecording()
    report.startRecording()
    errorMessage.startRecording()
    temperatureUnit.startRecording()
    airQualityScale.startRecording()
    warnings.startRecording()
  }

  /// Returns once every event sent so far is handled and no work is running.
  func untilIdle() async {
    await work.untilIdle()
  }
}
