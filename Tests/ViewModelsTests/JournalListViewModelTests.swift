import Foundation
import HaruJournal
import HaruModels
import HaruTesting
import Testing

@testable import HaruJournalViewModels
@testable import HaruViewModelCore

@MainActor
@Suite(.timeLimit(.minutes(3)))
struct JournalListViewModelTests {
  typealias Counts = JournalListViewModel.Counts

  nonisolated static func names(_ entries: [JournalEntry]) -> [String] {
    entries.map(\.perfumeName)
  }

  /// A list that has read the journal once and records every output value from then on.
  func settledList(
    _ fixture: JournalFixture, debounce: Duration = .milliseconds(300)
  ) async -> (JournalListViewModel, JournalListViewModel.Input) {
    let viewModel = JournalListViewModel(
      journal: fixture.journal, language: .english, clock: fixture.clock, debounce: debounce)
    let input = JournalListViewModel.Input()
    _ = viewModel.transform(input)
    await viewModel.untilIdle()
    viewModel.startRecording()
    return (viewModel, input)
  }

  /// Types texts into the search box and returns once the search for the last one is waiting for
  /// typing to pause.
  func type(
    _ texts: [String], into input: JournalListViewModel.Input, of viewModel: JournalListViewModel,
    clock: ManualClock
  ) async {
    for text in texts {
      input.search.send(text)
    }
    await viewModel.work.untilInputHandled()
    await clock.waitForSleepers(count: 1)
  }

  @Test func theListShowsEveryEntryNewestFirstAndTheCounts() async throws {
    let fixture = try JournalFixture()
    try await fixture.add("Le Labo", "Rose 31", favorite: true)
    try await fixture.add("Diptyque", "Philosykos")
    var viewModel: JournalListViewModel? = JournalListViewModel(
      journal: fixture.journal, language: .english, clock: fixture.clock)
    let work = try #require(viewModel?.work)
    do {
      let model = try #require(viewModel)
      model.startRecording()
      _ = model.transform(JournalListViewModel.Input())
      await model.untilIdle()

      #expect(model.entries.history?.map(Self.names) == [[], ["Philosykos", "Rose 31"]])
      #expect(model.counts.history == [Counts(all: 0, favorites: 0), Counts(all: 2, favorites: 1)])
      #expect(model.emptyMessage.history == [nil])
      #expect(model.isSearching.history == [false])
      #expect(model.errorMessage.history == [nil])
    }
    await expectReleased(&viewModel, work: work)
  }

  @Test(arguments: [DisplayLanguage.english, .korean])
  func anEmptyJournalSaysSoInEachList(language: DisplayLanguage) async throws {
    let fixture = try JournalFixture()
    let viewModel = JournalListViewModel(
      journal: fixture.journal, language: language, clock: fixture.clock)
    viewModel.startRecording()
    let input = JournalListViewModel.Input()
    _ = viewModel.transform(input)
    await viewModel.untilIdle()
    input.chooseList.send(.favorites)
    await viewModel.untilIdle()
    let rose = Perfume(brand: "Le Labo", name: "Rose 31")
    input.chooseList.send(.perfume(rose))
    await viewModel.untilIdle()

    let english = language == .english
    #expect(
      viewModel.emptyMessage.history == [
        nil,
        english ? "No entries yet. Write down your first scent." : "아직 기록이 없어요. 첫 향기를 남겨 보세요.",
        english
          ? "No favorites yet. Tap the heart on an entry to add it."
          : "즐겨찾기한 기록이 없어요. 하트를 눌러 추가해 보세요.",
        english ? "No entries about Le Labo Rose 31 yet." : "Le Labo Rose 31에 대한 기록이 아직 없어요.",
      ])
    #expect(viewModel.list.history == [.all, .favorites, .perfume(rose)])
    #expect(viewModel.entries.history == [[]])
  }

  @Test func aPerfumesListShowsOnlyItsEntriesFromTheFirstRead() async throws {
    let fixture = try JournalFixture()
    let rose = try await fixture.add("Le Labo", "Rose 31", sentence: "첫 장미")
    try await fixture.add("Le Labo", "Santal 33")
    try await fixture.add("le labo", "Rose 31")
    let again = try await fixture.add("Le Labo", "Rose 31", sentence: "다시 장미", favorite: true)
    let perfume = Perfume(of: rose)
    let viewModel = JournalListViewModel(
      journal: fixture.journal, language: .english, list: .perfume(perfume), clock: fixture.clock)
    viewModel.startRecording()
    _ = viewModel.transform(JournalListViewModel.Input())
    await viewModel.untilIdle()

    // Never every entry first: the first read is the perfume's.
    #expect(viewModel.entries.history?.map { $0.map(\.id) } == [[], [again.id, rose.id]])
    #expect(viewModel.list.history == [.perfume(perfume)])
    #expect(viewModel.counts.history?.last == Counts(all: 4, favorites: 1))
    #expect(viewModel.emptyMessage.history == [nil])
  }

  @Test func searchLooksOnlyInTheChosenList() async throws {
    let fixture = try JournalFixture()
    let rose = try await fixture.add("Le Labo", "Rose 31", sentence: "비 오는 날의 장미")
    let rainyFig = try await fixture.add("Diptyque", "Philosykos", sentence: "비 냄새", favorite: true)
    let (viewModel, input) = await settledList(fixture)

    input.chooseList.send(.perfume(Perfume(of: rose)))
    await viewModel.untilIdle()
    await type(["비"], into: input, of: viewModel, clock: fixture.clock)
    await fixture.clock.advance(by: .seconds(1))
    await viewModel.untilIdle()
    // Choosing another list keeps the search and runs it there at once.
    input.chooseList.send(.favorites)
    await viewModel.untilIdle()
    input.chooseList.send(.all)
    await viewModel.untilIdle()
    input.chooseList.send(.perfume(Perfume(brand: "Byredo", name: "Gypsy Water")))
    await viewModel.untilIdle()

    #expect(
      viewModel.entries.history?.map { $0.map(\.id) } == [
        [rainyFig.id, rose.id], [rose.id], [rainyFig.id], [rainyFig.id, rose.id], [],
      ])
    #expect(viewModel.isSearching.history == [false, true])
    #expect(viewModel.emptyMessage.history == [nil, "No entries match ‘비’."])
    #expect(
      viewModel.list.history == [
        .all, .perfume(Perfume(of: rose)), .favorites, .all,
        .perfume(Perfume(brand: "Byredo", name: "Gypsy Water")),
      ])
  }

  @Test func rapidTypingSearchesOnceForTheLastTextAfterThePause() async throws {
    let fixture = try JournalFixture()
    try await fixture.add("Le Labo", "Rose 31")
    try await fixture.add("Diptyque", "Philosykos")
    try await fixture.add("Byredo", "Rose of No Man's Land")
    let (viewModel, input) = await settledList(fixture)

    await type(["r", "ro", "ros"], into: input, of: viewModel, clock: fixture.clock)
    await fixture.clock.advance(by: .milliseconds(200))
    // Still typing: the pause starts again.
    await type(["rose 3"], into: input, of: viewModel, clock: fixture.clock)
    #expect(fixture.clock.sleeperCount == 1)
    await fixture.clock.advance(by: .milliseconds(299))
    #expect(viewModel.entries.history?.count == 1)
    await fixture.clock.advance(by: .milliseconds(1))
    await viewModel.untilIdle()

    #expect(
      viewModel.entries.history?.map(Self.names) == [
        ["Rose of No Man's Land", "Philosykos", "Rose 31"], ["Rose 31"],
      ])
    #expect(viewModel.isSearching.history == [false, true])
    #expect(viewModel.emptyMessage.history == [nil])
    #expect(viewModel.work.runningCount == 0)
  }

  @Test func aNewerQueryCancelsAnOlderOneSoNoOlderResultArrives() async throws {
    let fixture = try JournalFixture()
    try await fixture.add("Le Labo", "Rose 31")
    try await fixture.add("Diptyque", "Philosykos")
    let (viewModel, input) = await settledList(fixture)

    await type(["rose"], into: input, of: viewModel, clock: fixture.clock)
    await type(["philo", "nothing like this"], into: input, of: viewModel, clock: fixture.clock)
    await fixture.clock.advance(by: .seconds(1))
    await viewModel.untilIdle()

    #expect(viewModel.entries.history?.map(Self.names) == [["Philosykos", "Rose 31"], []])
    #expect(viewModel.emptyMessage.history == [nil, "No entries match ‘nothing like this’."])
  }

  @Test func clearingTheSearchShowsTheListAtOnce() async throws {
    let fixture = try JournalFixture()
    try await fixture.add("Le Labo", "Rose 31")
    try await fixture.add("Diptyque", "Philosykos")
    let (viewModel, input) = await settledList(fixture)

    await type(["rose"], into: input, of: viewModel, clock: fixture.clock)
    await fixture.clock.advance(by: .seconds(1))
    await viewModel.untilIdle()
    input.search.send("   ")
    await viewModel.untilIdle()

    #expect(
      viewModel.entries.history?.map(Self.names) == [
        ["Philosykos", "Rose 31"], ["Rose 31"], ["Philosykos", "Rose 31"],
      ])
    #expect(viewModel.isSearching.history == [false, true, false])
    #expect(fixture.clock.sleeperCount == 0)
  }

  @Test func deletingTheFavoriteBeingShownUpdatesTheListCountsAndEmptyState() async throws {
    let fixture = try JournalFixture()
    let rose = try await fixture.add("Le Labo", "Rose 31", favorite: true)
    try await fixture.add("Diptyque", "Philosykos")
    let viewModel = JournalListViewModel(
      journal: fixture.journal, language: .english, clock: fixture.clock)
    let input = JournalListViewModel.Input()
    _ = viewModel.transform(input)
    input.chooseList.send(.favorites)
    await viewModel.untilIdle()
    viewModel.startRecording()

    input.delete.send(rose.id)
    await viewModel.untilIdle()

    #expect(viewModel.entries.history?.map(Self.names) == [["Rose 31"], []])
    #expect(
      viewModel.counts.history == [Counts(all: 2, favorites: 1), Counts(all: 1, favorites: 0)])
    #expect(
      viewModel.emptyMessage.history == [
        nil, "No favorites yet. Tap the heart on an entry to add it.",
      ])
    #expect(viewModel.errorMessage.history == [nil])
    #expect(try await fixture.journal.entry(rose.id) == nil)
  }

  @Test func togglingAFavoriteMovesItInAndOutOfTheFavorites() async throws {
    let fixture = try JournalFixture()
    let rose = try await fixture.add("Le Labo", "Rose 31")
    let (viewModel, input) = await settledList(fixture)

    input.toggleFavorite.send(rose.id)
    await viewModel.untilIdle()
    input.chooseList.send(.favorites)
    await viewModel.untilIdle()
    input.toggleFavorite.send(rose.id)
    await viewModel.untilIdle()

    #expect(viewModel.entries.history?.map { $0.map(\.isFavorite) } == [[false], [true], []])
    #expect(
      viewModel.counts.history == [
        Counts(all: 1, favorites: 0), Counts(all: 1, favorites: 1), Counts(all: 1, favorites: 0),
      ])
  }

  @Test func aDoubleTapOnTheHeartLeavesTheFavoriteAsItWas() async throws {
    let fixture = try JournalFixture()
    let rose = try await fixture.add("Le Labo", "Rose 31")
    let (viewModel, input) = await settledList(fixture)

    input.toggleFavorite.send(rose.id)
    input.toggleFavorite.send(rose.id)
    await viewModel.untilIdle()

    #expect(try await fixture.journal.entry(rose.id)?.isFavorite == false)
    #expect(viewModel.entries.value.map(\.isFavorite) == [false])
    #expect(viewModel.counts.value == Counts(all: 1, favorites: 0))
    #expect(viewModel.errorMessage.value == nil)
  }

  @Test(arguments: [DisplayLanguage.english, .korean])
  func actingOnAnEntryThatIsGoneSaysSoAndLosesNothing(language: DisplayLanguage) async throws {
    let fixture = try JournalFixture()
    try await fixture.add("Le Labo", "Rose 31")
    let viewModel = JournalListViewModel(
      journal: fixture.journal, language: language, clock: fixture.clock)
    let input = JournalListViewModel.Input()
    _ = viewModel.transform(input)
    await viewModel.untilIdle()
    viewModel.startRecording()

    let stranger = JournalEntry.ID()
    input.toggleFavorite.send(stranger)
    input.delete.send(stranger)
    await viewModel.untilIdle()

    let message =
      language == .english
      ? "This entry no longer exists; it may have been deleted." : "이 기록은 이미 삭제되었어요."
    #expect(viewModel.errorMessage.history == [nil, message])
    #expect(viewModel.entries.history?.map(Self.names) == [["Rose 31"]])
    #expect(try await fixture.journal.count(in: .all) == 1)
  }

  @Test func loadingMoreShowsTheNextPageUntilTheEnd() async throws {
    let fixture = try JournalFixture()
    for index in 1...5 {
      try await fixture.add("Brand", "Perfume \(index)")
    }
    let viewModel = JournalListViewModel(
      journal: fixture.journal, language: .english, clock: fixture.clock, pageSize: 2)
    viewModel.startRecording()
    let input = JournalListViewModel.Input()
    _ = viewModel.transform(input)
    await viewModel.untilIdle()

    input.loadMore.send()
    await viewModel.untilIdle()
    input.loadMore.send()
    input.loadMore.send()
    await viewModel.untilIdle()

    #expect(viewModel.entries.history?.map(\.count) == [0, 2, 4, 5])
    #expect(viewModel.canLoadMore.history == [false, true, false])
    #expect(viewModel.entries.value.first?.perfumeName == "Perfume 5")
  }

  @Test(arguments: [0, -3, 1001])
  func aPageSizeTheJournalRefusesIsShownAsAnError(pageSize: Int) async throws {
    let fixture = try JournalFixture()
    try await fixture.add("Le Labo", "Rose 31")
    let viewModel = JournalListViewModel(
      journal: fixture.journal, language: .english, clock: fixture.clock, pageSize: pageSize)
    viewModel.startRecording()
    _ = viewModel.transform(JournalListViewModel.Input())
    await viewModel.untilIdle()

    #expect(
      viewModel.errorMessage.history == [
        nil, "A page holds 1 to 1000 entries; \(pageSize) was asked for.",
      ])
    #expect(viewModel.entries.history == [[]])
  }

  @Test func anEntrySavedElsewhereAppears() async throws {
    let fixture = try JournalFixture()
    let viewModel = JournalListViewModel(
      journal: fixture.journal, language: .english, clock: fixture.clock)
    let output = viewModel.transform(JournalListViewModel.Input())
    await viewModel.untilIdle()

    try await fixture.add("Le Labo", "Rose 31")
    await firstValue(of: output.entries) { $0.count == 1 }
    await firstValue(of: output.counts) { $0.all == 1 }

    #expect(output.emptyMessage.value == nil)
  }

  @Test func anEntryOnALaterPageChangedElsewhereIsShownChanged() async throws {
    let fixture = try JournalFixture()
    var added: [JournalEntry] = []
    for index in 1...5 {
      added.append(try await fixture.add("Brand", "Perfume \(index)"))
    }
    let viewModel = JournalListViewModel(
      journal: fixture.journal, language: .english, clock: fixture.clock, pageSize: 2)
    let input = JournalListViewModel.Input()
    let output = viewModel.transform(input)
    await viewModel.untilIdle()
    input.loadMore.send()
    await viewModel.untilIdle()
    // "Perfume 2" is on the second page, loaded by "load more".
    #expect(Self.names(output.entries.value).contains("Perfume 2"))
    try await fixture.journal.update(added[1].id) { $0.perfumeName = "Renamed" }
    await firstValue(of: output.entries) { Self.names($0).contains("Renamed") }
    #expect(output.entries.value.count == 4)
  }

  @Test func searchResultsFollowAChangeMadeElsewhere() async throws {
    let fixture = try JournalFixture()
    let rose = try await fixture.add("Le Labo", "Rose 31")
    _ = try await fixture.add("Diptyque", "Philosykos")
    let (viewModel, input) = await settledList(fixture)
    await type(["Rose"], into: input, of: viewModel, clock: fixture.clock)
    await fixture.clock.advance(by: .milliseconds(300))
    await viewModel.untilIdle()
    #expect(Self.names(viewModel.entries.value) == ["Rose 31"])
    try await fixture.journal.setFavorite(true, for: rose.id)
    let shown = await firstValue(of: viewModel.entries.observation) { $0.first?.isFavorite == true }
    #expect(shown.map(Self.names) == ["Rose 31"])
    #expect(viewModel.counts.value == Counts(all: 2, favorites: 1))
  }

  @Test func aListFollowsAnotherRepositoryOfTheSameFolder() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("haru-viewmodels-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let shown = try JournalRepository(directory: directory)
    // Another repository writes, as another process would: only the file connects them.
    let elsewhere = try JournalRepository(directory: directory)
    let viewModel = JournalListViewModel(journal: shown, language: .english)
    let output = viewModel.transform(JournalListViewModel.Input())
    await viewModel.untilIdle()
    _ = try await elsewhere.add(
      JournalEntryDraft(
        day: JournalFixture.day, brand: "Le Labo", perfumeName: "Rose 31", sentence: "좋은 향"))
    await firstValue(of: output.entries) { $0.count == 1 }
    await firstValue(of: output.counts) { $0.all == 1 }
  }

  @Test func releasingTheViewModelCancelsAPendingSearch() async throws {
    let fixture = try JournalFixture()
    var viewModel: JournalListViewModel? = JournalListViewModel(
      journal: fixture.journal, language: .english, clock: fixture.clock)
    let work = try #require(viewModel?.work)
    let input = JournalListViewModel.Input()
    _ = viewModel?.transform(input)
    await viewModel?.untilIdle()

    input.search.send("rose")
    await work.untilInputHandled()
    await fixture.clock.waitForSleepers(count: 1)
    await expectReleased(&viewModel, work: work)

    #expect(fixture.clock.sleeperCount == 0)
  }
}
