import HaruModels
import HaruSettings
import Testing

@testable import HaruSettingsViewModels
@testable import HaruViewModelCore

@MainActor
@Suite(.timeLimit(.minutes(3)))
struct TownsViewModelTests {
  nonisolated static let busan = TownsViewModel.NewTown(
    name: "부산", latitude: 35.1796, longitude: 129.0756)
  nonisolated static let jeju = TownsViewModel.NewTown(
    name: "제주", latitude: 33.4996, longitude: 126.5312)
  nonisolated static let incheon = TownsViewModel.NewTown(
    name: "인천", latitude: 37.4563, longitude: 126.7052)

  /// The rows as (name, is current) pairs, for short expectations.
  static func summary(_ rows: [TownsViewModel.Row]) -> [String] {
    rows.map { $0.isCurrent ? "*\($0.name)" : $0.name }
  }

  @Test func addingSelectingAndRemovingTownsRecordsEveryValue() async throws {
    let settings = try makeSettings()
    var viewModel: TownsViewModel? = TownsViewModel(settings: settings, language: .english)
    let work = try #require(viewModel?.work)
    do {
      let model = try #require(viewModel)
      model.startRecording()
      let input = TownsViewModel.Input()
      let output = model.transform(input)

      input.addTown.send(Self.busan)
      input.addTown.send(Self.jeju)
      input.addTown.send(Self.incheon)
      input.selectTown.send(0)
      input.removeTown.send(0)
      await model.untilIdle()

      // 서울특별시청 is current until the first town is added, and takes none of the three rows.
      #expect(
        model.rows.history?.map(Self.summary) == [
          [],
          ["*부산"],
          ["부산", "*제주"],
          ["부산", "제주", "*인천"],
          ["*부산", "제주", "인천"],
          ["*제주", "인천"],
        ])
      #expect(
        model.currentTownName.history == ["서울특별시청", "부산", "제주", "인천", "부산", "제주"])
      #expect(model.canAddTown.history == [true, false, true])
      #expect(model.errorMessage.history == [nil])
      #expect(output.rows.value.map(\.position) == [0, 1])
    }
    #expect(settings[.savedTowns].current.name == "제주")
    await expectReleased(&viewModel, work: work)
  }

  @Test func theNewTownGetsTheGridPointOfItsCoordinate() async throws {
    let settings = try makeSettings()
    let viewModel = TownsViewModel(settings: settings, language: .english)
    let input = TownsViewModel.Input()
    let output = viewModel.transform(input)

    input.addTown.send(Self.busan)
    await viewModel.untilIdle()

    let added = try #require(output.rows.value.last?.town)
    #expect(added.gridPoint.nx == 98)
    #expect(added.gridPoint.ny == 76)
    #expect(added.coordinate?.latitude == 35.1796)
  }

  /// Requests that must be refused: the towns stay as they were and the screen says why.
  nonisolated static let refusedRequests:
    [(String, @Sendable (TownsViewModel.Input) -> Void, String, String)] = [
      (
        "a fourth town", { $0.addTown.send(TownsViewModelTests.incheon) },
        "Up to 3 towns can be saved. Remove one before adding another.",
        "지역은 3개까지 저장할 수 있어요. 하나를 지운 뒤 추가해 주세요."
      ),
      (
        "a position past the end", { $0.selectTown.send(3) },
        "That town is no longer in the list. Pick one from the list again.",
        "선택한 지역을 찾을 수 없어요. 목록을 다시 확인해 주세요."
      ),
      (
        "a negative position", { $0.selectTown.send(-1) },
        "That town is no longer in the list. Pick one from the list again.",
        "선택한 지역을 찾을 수 없어요. 목록을 다시 확인해 주세요."
      ),
      (
        "removing a position past the end", { $0.removeTown.send(7) },
        "That town is no longer in the list. Pick one from the list again.",
        "선택한 지역을 찾을 수 없어요. 목록을 다시 확인해 주세요."
      ),
      (
        "an empty name", { $0.addTown.send(.init(name: "  ", latitude: 37.45, longitude: 126.70)) },
        "Enter the town name.", "지역 이름을(를) 입력해 주세요."
      ),
      (
        "a place outside the grid",
        { $0.addTown.send(.init(name: "Tokyo", latitude: 35.68, longitude: 139.69)) },
        "There is no forecast for this location. Choose a place in Korea.",
        "이 위치는 날씨 예보 지역 밖이에요. 한국 안의 위치를 골라 주세요."
      ),
      (
        "a latitude that is not a number",
        { $0.addTown.send(.init(name: "Nowhere", latitude: .nan, longitude: 126.9)) },
        "That location is not a valid place on Earth.", "위치가 올바르지 않아요."
      ),
    ]

  @Test(arguments: [DisplayLanguage.english, .korean], 0..<refusedRequests.count)
  func aRefusedRequestLeavesTheTownsAndSaysWhy(language: DisplayLanguage, row: Int) async throws {
    let (_, send, english, korean) = Self.refusedRequests[row]
    let settings = try makeSettings { store in
      try store.update(.savedTowns) { towns in
        try towns.add(busanTown())
        try towns.add(
          Town(name: "제주", coordinate: Coordinate(latitude: 33.4996, longitude: 126.5312)))
        try towns.add(
          Town(name: "대구", coordinate: Coordinate(latitude: 35.8714, longitude: 128.6014)))
      }
    }
    let before = settings[.savedTowns]
    let viewModel = TownsViewModel(settings: settings, language: language)
    viewModel.startRecording()
    let input = TownsViewModel.Input()
    _ = viewModel.transform(input)

    send(input)
    await viewModel.untilIdle()

    #expect(viewModel.errorMessage.history == [nil, language == .korean ? korean : english])
    #expect(viewModel.rows.history?.count == 1)
    #expect(settings[.savedTowns] == before)
  }

  @Test func removingTheLastTownBringsBackTheDefaultTown() async throws {
    let settings = try makeSettings()
    let viewModel = TownsViewModel(settings: settings, language: .english)
    viewModel.startRecording()
    let input = TownsViewModel.Input()
    _ = viewModel.transform(input)

    input.addTown.send(Self.busan)
    input.removeTown.send(0)
    await viewModel.untilIdle()

    #expect(viewModel.errorMessage.history == [nil])
    #expect(viewModel.rows.history?.map(Self.summary) == [[], ["*부산"], []])
    #expect(viewModel.currentTownName.history == ["서울특별시청", "부산", "서울특별시청"])
  }

  @Test func removingWhenNoTownIsSavedIsRefusedAndTheNextSuccessClearsTheMessage() async throws {
    let settings = try makeSettings()
    let viewModel = TownsViewModel(settings: settings, language: .english)
    viewModel.startRecording()
    let input = TownsViewModel.Input()
    _ = viewModel.transform(input)

    input.removeTown.send(0)
    input.addTown.send(Self.busan)
    await viewModel.untilIdle()

    #expect(
      viewModel.errorMessage.history == [
        nil, "That town is no longer in the list. Pick one from the list again.", nil,
      ])
    #expect(viewModel.rows.history?.map(Self.summary) == [[], ["*부산"]])
  }

  @Test func addingASavedTownAgainIsRefused() async throws {
    let settings = try makeSettings()
    let viewModel = TownsViewModel(settings: settings, language: .korean)
    viewModel.startRecording()
    let input = TownsViewModel.Input()
    _ = viewModel.transform(input)

    input.addTown.send(Self.busan)
    input.addTown.send(Self.busan)
    await viewModel.untilIdle()

    #expect(viewModel.errorMessage.history == [nil, "이미 저장된 지역이에요."])
    #expect(viewModel.rows.history?.map(Self.summary) == [[], ["*부산"]])
  }

  @Test func aTownChangedElsewhereAppears() async throws {
    let settings = try makeSettings()
    let viewModel = TownsViewModel(settings: settings, language: .english)
    viewModel.startRecording()
    let output = viewModel.transform(TownsViewModel.Input())

    try settings.update(.savedTowns) { towns in
      try towns.add(busanTown())
    }
    await firstValue(of: output.currentTownName) { $0 == "부산" }

    #expect(viewModel.currentTownName.history == ["서울특별시청", "부산"])
  }
}

extension TownsViewModelTests {
  @Test func removingAShownTownRemovesThatTownWhenAnotherStoreMovedIt() async throws {
    let backend = InMemoryPreferencesBackend()
    let other = try SettingsStore(backend: backend)
    try other.update(.savedTowns) { towns in
      try towns.add(Town.seoulCityHall)
      try towns.add(busanTown())
      try towns.add(
        Town(name: "제주", coordinate: Coordinate(latitude: 33.4996, longitude: 126.5312)))
    }
    try await other.flush()
    // This screen's store does not hear of other writers, so it still shows what it loaded.
    let settings = try SettingsStore(backend: Unwatched(backend))
    let viewModel = TownsViewModel(settings: settings, language: .english)
    let input = TownsViewModel.Input()
    let output = viewModel.transform(input)
    _ = await firstValue(of: output.rows) { $0.count == 3 }

    // Another store (another process, say) removes Seoul, moving 부산 to the front.
    try other.update(.savedTowns) { try $0.remove(at: 0) }
    try await other.flush()
    input.removeTown.send(1)  // 부산, as this screen shows it
    // The change may be saved and replayed at once (two towns, then one): wait for either.
    _ = await firstValue(of: output.rows) { $0.count < 3 }
    try await settings.flush()
    let stored = try SettingsStore(backend: backend)[.savedTowns]
    #expect(stored.towns.map(\.name) == ["제주"], "부산 went, not the town now at position 1")
  }
}

/// A backend that reports no other writers' changes.
private struct Unwatched: PreferencesBackend {
  let backend: InMemoryPreferencesBackend
  init(_ backend: InMemoryPreferencesBackend) { self.backend = backend }
  var location: String { backend.location }
  func load() -> StoredPreferences? { backend.load() }
  func modify(
    _ change: (StoredPreferences?) throws(SettingsError) -> StoredPreferences?
  ) throws(SettingsError) -> [SettingsError] {
    try backend.modify(change)
  }
}
