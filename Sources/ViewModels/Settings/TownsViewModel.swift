public import HaruModels
public import HaruPlaces
public import HaruSettings
public import HaruViewModelCore

/// The towns screen: the saved towns, which one is current, and adding, picking and removing them.
///
/// The towns live in the ``/HaruSettings/SettingsStore`` (``/HaruSettings/SavedTowns``: up to three,
/// exactly one current town, the default 서울특별시청 while none is saved, with no row of its own),
/// so the weather screen follows a change of town at once. Every position a
/// view sends is checked: a stale or wrong position becomes an error message, never a crash or a
/// change to another town.
///
/// ```swift
/// let input = TownsViewModel.Input()
/// let output = viewModel.transform(input)
/// input.addTown.send(.init(name: "부산", latitude: 35.1796, longitude: 129.0756))
/// input.selectTown.send(0)
/// input.search.send("용인 성복")     // suggestions follow once typing pauses
/// input.chooseSuggestion.send(0)   // adds 경기도 용인시수지구 성복동 with KMA's cell
/// ```
@MainActor
public final class TownsViewModel {
  /// A town a person wants to add: a name and where it is.
  public struct NewTown: Hashable, Sendable {
    /// The name to show.
    public var name: String
    /// The latitude in degrees.
    public var latitude: Double
    /// The longitude in degrees.
    public var longitude: Double

    /// Creates a request to add a town.
    ///
    /// - Parameters:
    ///   - name: The name to show; surrounding whitespace is removed.
    ///   - latitude: The latitude in degrees.
    ///   - longitude: The longitude in degrees.
    public init(name: String, latitude: Double, longitude: Double) {
      self.name = name
      self.latitude = latitude
      self.longitude = longitude
    }
  }

  /// One row of the towns list.
  public struct Row: Hashable, Sendable {
    /// The row's position, to send back in ``Input/selectTown`` or ``Input/removeTown``.
    public let position: Int
    /// The town.
    public let town: Town
    /// Whether this is the current town.
    public let isCurrent: Bool

    /// The town's name.
    public var name: String { town.name }
  }

  /// What the person does on the towns screen.
  public struct Input: Sendable {
    /// The person picked the town at a position of ``Output/rows``.
    public let selectTown = UserEvents<Int>()
    /// The person asked to add a town; it becomes current.
    public let addTown = UserEvents<NewTown>()
    /// The person removed the town at a position of ``Output/rows``.
    public let removeTown = UserEvents<Int>()
    /// The text of the town search box, on every change.
    public let search = UserEvents<String>()
    /// The person chose the suggestion at a position of ``Output/suggestions``; it is added as a
    /// town, which becomes current.
    public let chooseSuggestion = UserEvents<Int>()

    /// Creates an input with empty event streams.
    public init() {}
  }

  /// What the towns screen shows. Each observation starts with the current value.
  public struct Output: Sendable {
    /// The saved towns in order, with the current one marked.
    public let rows: ValueObservation<[Row]>
    /// The current town's name.
    public let currentTownName: ValueObservation<String>
    /// Whether another town can be added (fewer than three are saved).
    public let canAddTown: ValueObservation<Bool>
    /// Why the last request was refused, in the screen's language; `nil` after one that worked.
    public let errorMessage: ValueObservation<String?>
    /// The areas matching the search box, best first (at most 10); empty while it is empty.
    public let suggestions: ValueObservation<[Place]>
  }

  private let settings: SettingsStore
  private let language: DisplayLanguage
  private let places: PlaceDirectory
  private let sleep: @Sendable (Duration) async throws -> Void
  private let debounce: Duration
  let work = WorkBag()
  let rows: OutputSubject<[Row]>
  let currentTownName: OutputSubject<String>
  let canAddTown: OutputSubject<Bool>
  let errorMessage = OutputSubject<String?>(nil)
  let suggestions = OutputSubject<[Place]>([])

  /// How many suggestions the search shows.
  nonisolated static let suggestionCount = 10

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - settings: The store that keeps the saved towns.
  ///   - language: The language of error messages.
  ///   - places: Where the search box looks for towns.
  ///   - clock: The clock the search waits on; tests pass a manual clock.
  ///   - debounce: How long typing must pause before suggestions are looked up; 0.2 seconds by
  ///     default.
  public init(
    settings: SettingsStore,
    language: DisplayLanguage,
    places: PlaceDirectory = PlaceDirectory(),
    clock: some Clock<Duration> = ContinuousClock(),
    debounce: Duration = .milliseconds(200)
  ) {
    self.settings = settings
    self.language = language
    self.places = places
    self.sleep = { duration in try await clock.sleep(for: duration) }
    self.debounce = debounce
    let towns = settings[.savedTowns]
    rows = OutputSubject(Self.rows(of: towns))
    currentTownName = OutputSubject(towns.current.name)
    canAddTown = OutputSubject(towns.canAdd)
  }

  deinit {
    work.cancelAll()
  }

  /// Starts following an input and returns the screen's outputs.
  ///
  /// The view model handles events until it is released; calling `transform(_:)` again stops
  /// following the previous input. Changes made to the saved towns elsewhere appear too.
  ///
  /// - Parameter input: The events of the screen.
  /// - Returns: The outputs to bind the screen to.
  public func transform(_ input: Input) -> Output {
    work.startInput()
    work.follow(input.selectTown) { [weak self] position in
      self?.changeTown(at: position) { (towns, index) throws(SettingsError) in
        try towns.select(at: index)
      }
    }
    work.follow(input.removeTown) { [weak self] position in
      self?.changeTown(at: position) { (towns, index) throws(SettingsError) in
        try towns.remove(at: index)
      }
    }
    work.follow(input.addTown) { [weak self] request in self?.add(request) }
    work.follow(input.search) { [weak self] text in self?.search(text) }
    work.follow(input.chooseSuggestion) { [weak self] position in self?.choose(position) }
    work.follow(settings.observe(.savedTowns)) { [weak self] in self?.publish($0) }
    return Output(
      rows: rows.observation, currentTownName: currentTownName.observation,
      canAddTown: canAddTown.observation, errorMessage: errorMessage.observation,
      suggestions: suggestions.observation)
  }

  /// Looks suggestions up once typing pauses; newer text cancels the lookup for older text.
  private func search(_ text: String) {
    guard text.contains(where: { !$0.isWhitespace }) else {
      work.cancel(slot: "search")
      if !suggestions.value.isEmpty { suggestions.send([]) }
      return
    }
    work.run(in: "search") { [weak self, places, sleep, debounce] in
      do {
        try await sleep(debounce)
      } catch {
        return
      }
      let found = await Self.lookUp(text, in: places)
      guard !Task.isCancelled, let self else { return }
      suggestions.send(found)
    }
  }

  /// Searches off the main actor: the first search reads the table, which takes milliseconds.
  private nonisolated static func lookUp(_ text: String, in places: PlaceDirectory) async -> [Place]
  {
    places.search(text, limit: suggestionCount)
  }

  private func choose(_ position: Int) {
    let shown = suggestions.value
    guard shown.indices.contains(position) else {
      errorMessage.send(
        language == .korean
          ? "그 추천 지역은 이제 목록에 없어요. 다시 골라 주세요."
          : "That suggestion is no longer listed; choose again.")
      return
    }
    let town: Town
    do {
      town = try Town(shown[position])
    } catch {
      errorMessage.send(ErrorText.model(error, in: language))
      return
    }
    change { (towns) throws(SettingsError) in try towns.add(town) }
  }

  private func add(_ request: NewTown) {
    let town: Town
    do {
      let coordinate = try Coordinate(latitude: request.latitude, longitude: request.longitude)
      town = try Town(name: request.name, coordinate: coordinate)
    } catch {
      errorMessage.send(ErrorText.model(error, in: language))
      return
    }
    change { (towns) throws(SettingsError) in try towns.add(town) }
  }

  /// Changes the town shown at `position`. The change is replayed on the newest saved towns when
  /// it is saved, where another process may have moved that town, so it finds the town again.
  private func changeTown(
    at position: Int,
    _ body: @escaping @Sendable (inout SavedTowns, Int) throws(SettingsError) -> Void
  ) {
    let shown = settings[.savedTowns]
    guard shown.indices.contains(position) else {
      change { (towns) throws(SettingsError) in try body(&towns, position) }
      return
    }
    let town = shown[position]
    change { (towns) throws(SettingsError) in
      guard let index = towns.firstIndex(of: town) else {
        throw SettingsError(
          .noSuchTown, key: SettingsKey.savedTowns.name,
          message: "\(town.name) is no longer saved: it was removed elsewhere.")
      }
      try body(&towns, index)
    }
  }

  private func change(_ body: @escaping @Sendable (inout SavedTowns) throws(SettingsError) -> Void)
  {
    do {
      try settings.update(.savedTowns) { towns in try body(&towns) }
      errorMessage.send(nil)
    } catch {
      errorMessage.send(ErrorText.text(for: error, in: language))
    }
    publish(settings[.savedTowns])
  }

  private func publish(_ towns: SavedTowns) {
    rows.send(Self.rows(of: towns))
    currentTownName.send(towns.current.name)
    canAddTown.send(towns.canAdd)
  }

  private static func rows(of towns: SavedTowns) -> [Row] {
    towns.towns.enumerated().map { position, town in
      Row(position: position, town: town, isCurrent: position == towns.currentIndex)
    }
  }

  /// Records every output value from now on, for tests.
  func startRecording() {
    rows.startRecording()
    currentTownName.startRecording()
    canAddTown.startRecording()
    errorMessage.startRecording()
    suggestions.startRecording()
  }

  /// Returns once every event sent so far is handled and no work is running.
  func untilIdle() async {
    await work.untilIdle()
  }
}
