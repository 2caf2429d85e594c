public import HaruJournal
public import HaruModels
public import HaruViewModelCore

/// The journal list: all entries, the favorites or one perfume's entries, search as you type
/// within them, favorite and delete.
///
/// The list shown is a ``/HaruJournal/JournalList``: `.all` at first (or the `list` given to
/// ``init(journal:language:list:clock:debounce:pageSize:)``), then whatever ``Input/chooseList``
/// sends. Search looks only in that list.
///
/// Search waits until the person stops typing for
/// ``init(journal:language:list:clock:debounce:pageSize:)``'s `debounce`, measured on the
/// injected clock. A newer query cancels an older one, so results
/// never arrive out of order: the list always matches the text in the search box.
///
/// ```swift
/// let viewModel = JournalListViewModel(journal: journal, language: .korean)
/// let input = JournalListViewModel.Input()
/// let output = viewModel.transform(input)
/// searchField.onChange { input.search.send($0) }
/// for await entries in output.entries { render(entries) }
/// // The segmented control: every entry, or the favorites.
/// favoritesButton.onTap { input.chooseList.send(.favorites) }
/// ```
///
/// The list shows the first `pageSize` entries, newest first, and a page more for each
/// ``Input/loadMore``. It follows the journal through `JournalRepository.changes`: after a change
/// made by the editor, by another repository or by another process, it reads again exactly what it
/// shows (every page loaded so far, or the search results) and the counts.
@MainActor
public final class JournalListViewModel {
  /// How many entries the journal holds.
  public struct Counts: Hashable, Sendable {
    /// Every entry.
    public let all: Int
    /// The favorites.
    public let favorites: Int

    /// Creates counts.
    ///
    /// - Parameters:
    ///   - all: The number of entries.
    ///   - favorites: The number of favorites.
    public init(all: Int, favorites: Int) {
      self.all = all
      self.favorites = favorites
    }
  }

  /// What the person does on the journal list.
  public struct Input: Sendable {
    /// The person picked which entries to show: all, the favorites, or one perfume's.
    public let chooseList = UserEvents<JournalList>()
    /// The text of the search box changed; empty text ends the search.
    public let search = UserEvents<String>()
    /// The person tapped an entry's heart.
    public let toggleFavorite = UserEvents<JournalEntry.ID>()
    /// The person deleted an entry.
    public let delete = UserEvents<JournalEntry.ID>()
    /// The person scrolled to the end of the list: show another page, when there is one.
    public let loadMore = UserEvents<Void>()

    /// Creates an input with empty event streams.
    public init() {}
  }

  /// What the journal list shows. Each observation starts with the current value.
  public struct Output: Sendable {
    /// Which entries the list shows, and searches in.
    public let list: ValueObservation<JournalList>
    /// The entries of the list, or the search results within it, newest first.
    public let entries: ValueObservation<[JournalEntry]>
    /// Whether a search is active (the search box holds more than whitespace).
    public let isSearching: ValueObservation<Bool>
    /// What to say instead of an empty list; `nil` when there are entries.
    public let emptyMessage: ValueObservation<String?>
    /// How many entries and favorites the journal holds.
    public let counts: ValueObservation<Counts>
    /// Whether more entries follow those shown (``Input/loadMore`` shows them).
    public let canLoadMore: ValueObservation<Bool>
    /// Why the last action or read failed, in the screen's language; `nil` when it worked.
    public let errorMessage: ValueObservation<String?>
  }

  private let journal: JournalRepository
  private let language: DisplayLanguage
  private let sleep: @Sendable (Duration) async throws -> Void
  private let debounce: Duration
  private let pageSize: Int
  private var query = ""
  /// How many pages the list shows; back to one when the list or the query changes.
  private var pages = 1
  /// The newest write asked for, which the next one waits for.
  private var lastWrite: Task<JournalError?, Never>?
  /// The favorite flags asked for and not yet shown by the list.
  private var pendingFavorites: [JournalEntry.ID: Bool] = [:]
  let work = WorkBag()
  let list: OutputSubject<JournalList>
  let entries = OutputSubject<[JournalEntry]>([])
  let isSearching = OutputSubject(false)
  let emptyMessage = OutputSubject<String?>(nil)
  let counts = OutputSubject(Counts(all: 0, favorites: 0))
  let canLoadMore = OutputSubject(false)
  let errorMessage = OutputSubject<String?>(nil)

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - journal: The journal to list.
  ///   - language: The language of messages.
  ///   - list: Which entries to show first; every entry by default. A perfume's own screen passes
  ///     `.perfume(_:)`, so that its first read is that perfume's entries.
  ///   - clock: The clock search waits on; tests pass a manual clock.
  ///   - debounce: How long typing must pause before a search runs; 0.3 seconds by default.
  ///   - pageSize: How many entries the list shows at first and adds for each
  ///     ``Input/loadMore``, `1...1000`; 50 by default. The list shows at most 1000 entries.
  public init(
    journal: JournalRepository,
    language: DisplayLanguage,
    list: JournalList = .all,
    clock: some Clock<Duration> = ContinuousClock(),
    debounce: Duration = .milliseconds(300),
    pageSize: Int = 50
  ) {
    self.journal = journal
    self.language = language
    self.list = OutputSubject(list)
    self.sleep = { duration in try await clock.sleep(for: duration) }
    self.debounce = debounce
    self.pageSize = pageSize
  }

  deinit {
    work.cancelAll()
  }

  /// Starts following an input and returns the list's outputs; the first page is read at once.
  ///
  /// Calling `transform(_:)` again stops following the previous input.
  ///
  /// - Parameter input: The events of the screen.
  /// - Returns: The outputs to bind the screen to.
  public func transform(_ input: Input) -> Output {
    work.startInput()
    work.follow(input.chooseList) { [weak self] in self?.choose($0) }
    work.follow(input.search) { [weak self] in self?.search($0) }
    work.follow(input.toggleFavorite) { [weak self] in self?.toggleFavorite($0) }
    work.follow(input.delete) { [weak self] in self?.delete($0) }
    work.follow(input.loadMore) { [weak self] in self?.loadMore() }
    // A change made elsewhere, by the editor or by another process, reloads what the list shows:
    // every page loaded so far, or the search results, and the counts.
    work.follow(journal.changes, skipsCurrentValue: true) { [weak self] _ in self?.reload() }
    reload()
    return Output(
      list: list.observation, entries: entries.observation,
      isSearching: isSearching.observation, emptyMessage: emptyMessage.observation,
      counts: counts.observation, canLoadMore: canLoadMore.observation,
      errorMessage: errorMessage.observation)
  }

  private func choose(_ newList: JournalList) {
    guard newList != list.value else { return }
    list.send(newList)
    pages = 1
    reload()
  }

  private func search(_ text: String) {
    let newQuery = text.trimmingWhitespace
    guard newQuery != query else { return }
    query = newQuery
    pages = 1
    isSearching.send(!newQuery.isEmpty)
    // Ending a search shows the list at once; a new query waits for typing to pause.
    reload(afterPause: !newQuery.isEmpty)
  }

  private func loadMore() {
    guard canLoadMore.value else { return }
    pages += 1
    reload()
  }

  private func toggleFavorite(_ id: JournalEntry.ID) {
    guard let entry = entries.value.first(where: { $0.id == id }) else {
      errorMessage.send(ErrorText.journal(Self.notFound(id), in: language))
      return
    }
    // A second tap before the list shows the first one's result turns the first one back.
    let favorite = !(pendingFavorites[id] ?? entry.isFavorite)
    pendingFavorites[id] = favorite
    change { (journal) async throws(JournalError) in
      try await journal.setFavorite(favorite, for: id)
    }
  }

  private func delete(_ id: JournalEntry.ID) {
    change { (journal) async throws(JournalError) in try await journal.delete(id) }
  }

  /// Runs a write, then shows its outcome and the list after it.
  ///
  /// Writes run one after another, in the order they were asked for, each after the one before has
  /// finished: two quick taps on a heart are applied in order.
  private func change(
    _ write: @escaping @Sendable (JournalRepository) async throws(JournalError) -> JournalEntry
  ) {
    let previous = lastWrite
    let current = Task { [journal] () -> JournalError? in
      _ = await previous?.value
      do throws(JournalError) {
        _ = try await write(journal)
        return nil
      } catch {
        return error
      }
    }
    lastWrite = current
    work.run { [weak self] in
      let failure = await current.value
      guard !Task.isCancelled, let self else { return }
      if lastWrite == current {
        lastWrite = nil
      }
      errorMessage.send(failure.map { ErrorText.journal($0, in: self.language) })
      reload()
    }
  }

  /// How many entries to read: `pages` pages, up to what the journal reads at once. A page size the
  /// journal refuses is passed on as it is, so that the read fails and says why.
  private var limit: Int {
    let maximum = JournalRepository.maximumPageSize
    guard (1...maximum).contains(pageSize) else { return pageSize }
    // `pages` grows only while fewer than `maximum` entries are shown, so this cannot overflow.
    return min(pageSize * pages, maximum)
  }

  /// Reads the list (or the search results) and the counts again; a newer reload cancels this
  /// one, so only the newest ever shows.
  private func reload(afterPause: Bool = false) {
    let request = Request(list: list.value, query: query, limit: limit)
    work.run(in: "reload") { [weak self, journal, sleep, debounce] in
      if afterPause {
        do {
          try await sleep(debounce)
        } catch {
          return
        }
      }
      let result = await request.read(from: journal)
      guard !Task.isCancelled, let self else { return }
      show(result, for: request)
    }
  }

  private func show(_ result: Result<Request.Answer, JournalError>, for request: Request) {
    switch result {
    case .success(let answer):
      if lastWrite == nil {
        pendingFavorites = [:]
      }
      entries.send(answer.entries)
      canLoadMore.send(answer.hasMore && request.limit < JournalRepository.maximumPageSize)
      counts.send(answer.counts)
      emptyMessage.send(answer.entries.isEmpty ? emptyText(for: request) : nil)
    case .failure(let error):
      errorMessage.send(ErrorText.journal(error, in: language))
    }
  }

  private func emptyText(for request: Request) -> String {
    let korean = language == .korean
    if !request.query.isEmpty {
      return korean
        ? "‘\(request.query)’에 맞는 기록이 없어요." : "No entries match ‘\(request.query)’."
    }
    switch request.list {
    case .all:
      return korean
        ? "아직 기록이 없어요. 첫 향기를 남겨 보세요." : "No entries yet. Write down your first scent."
    case .favorites:
      return korean
        ? "즐겨찾기한 기록이 없어요. 하트를 눌러 추가해 보세요."
        : "No favorites yet. Tap the heart on an entry to add it."
    case .perfume(let perfume):
      return korean
        ? "\(perfume)에 대한 기록이 아직 없어요." : "No entries about \(perfume) yet."
    }
  }

  private static func notFound(_ id: JournalEntry.ID) -> JournalError {
    JournalError(.entryNotFound, message: "No entry has the identity \(id).", entryID: id)
  }

  /// Records every output value from now on, for tests.
  func startRecording() {
    list.startRecording()
    entries.startRecording()
    isSearching.startRecording()
    emptyMessage.startRecording()
    counts.startRecording()
    canLoadMore.startRecording()
    errorMessage.startRecording()
  }

  /// Returns once every event sent so far is handled and no work is running.
  func untilIdle() async {
    await work.untilIdle()
  }
}

/// One read of the list: the list and query it was made for, so its answer can be matched to them.
private struct Request: Sendable {
  struct Answer: Sendable {
    let entries: [JournalEntry]
    let hasMore: Bool
    let counts: JournalListViewModel.Counts
  }

  let list: JournalList
  let query: String
  let limit: Int

  func read(from journal: JournalRepository) async -> Result<Answer, JournalError> {
    do throws(JournalError) {
      let page: JournalPage
      if query.isEmpty {
        page = try await journal.entries(in: list, limit: limit)
      } else {
        page = try await journal.search(query, in: list, limit: limit)
      }
      let counts = JournalListViewModel.Counts(
        all: try await journal.count(in: .all), favorites: try await journal.count(in: .favorites))
      return .success(
        Answer(entries: page.entries, hasMore: page.nextCursor != nil, counts: counts))
    } catch {
      return .failure(error)
    }
  }
}
