import Dispatch
import Foundation
public import HaruModels
import HaruShared

// Observation: the change signal, the observed lists, and the watch on other processes'
// commits that keeps both current.
extension JournalRepository {
  /// A signal of every change to the journal, made by this repository or by another one, in this
  /// process or another: a count that starts with the changes seen so far and goes up after each.
  ///
  /// Another process's commits are seen through a watch of the journal's files and SQLite's
  /// `PRAGMA data_version`, within a second; while nothing changes, nothing runs on Linux, and on
  /// Apple platforms only a backstop every five seconds. The
  /// merge of the search index that a repository runs after its writes pause is a commit too,
  /// though it changes no entry: the signal may go up once for it, and observed lists are read
  /// again (and delivered only if they changed). Use it
  /// to read again what a screen shows, such as search results, counts or one entry; the
  /// observations of ``observation(of:limit:)`` follow it already.
  ///
  /// ```swift
  /// for await _ in journal.changes {
  ///   counts = try await (journal.count(in: .all), journal.count(in: .favorites))
  /// }
  /// ```
  public var changes: ValueObservation<Int> {
    startWatching()
    return observedLists.changeCount.observation
  }

  /// Observes the first page of a list: its current entries, then the new page after every change
  /// to it, by this repository or by another process (see ``changes``).
  ///
  /// Iteration starts with the current page and follows ``/HaruModels/ValueObservation``'s rules:
  /// any number of consumers, the latest value wins, and the subscription ends with the consuming
  /// task. A change that leaves the page as it was is not delivered. When reading the page fails,
  /// the observation delivers the error as a value; the next successful read replaces it.
  ///
  /// ```swift
  /// for await favorites in try await journal.observation(of: .favorites) {
  ///   switch favorites {
  ///   case .success(let page): show(page.entries)
  ///   case .failure(let error): show(error.message)
  ///   }
  /// }
  /// ```
  ///
  /// The first call for a list reads its first page, on the repository's own queue, so that the
  /// observation starts with the current value; every update reads there too.
  ///
  /// - Parameters:
  ///   - list: Which entries.
  ///   - limit: The page size, `1...1000`; 50 by default.
  /// - Returns: The observation; observations of the same list and size share their value.
  /// - Throws: ``JournalError/Code/invalidPageSize``.
  @concurrent
  public func observation(
    of list: JournalList, limit: Int = 50
  ) async throws(JournalError) -> ValueObservation<Result<JournalPage, JournalError>> {
    try Self.checkPageSize(limit)
    startWatching()
    let key = ObservedLists.Key(list: list, limit: limit)
    if let existing = observedLists.existing(key) { return existing }
    // Read without the lock; a write that lands between this read and the subject's
    // registration is caught by the refresh queued after it.
    let first = try await onReads { () throws(JournalError) in self.loadPage(key) }
    let subject = ValueSubject(first)
    let (observation, isNew) = observedLists.register(subject, for: key)
    if isNew {
      writes.async { self.deliver(self.loadPage(key), to: subject) }
    }
    return observation
  }

  /// Which observed lists a write may have changed.
  enum Touched {
    /// The lists containing any of these entries (before or after the write).
    case entries([JournalEntry])
    /// Every list.
    case everything

    func affects(_ list: JournalList) -> Bool {
      switch self {
      case .everything: true
      case .entries(let entries): entries.contains(where: list.contains)
      }
    }
  }

  /// Starts following other connections' commits, once.
  private func startWatching() {
    guard let databasePath = capabilities.databasePath else { return }
    guard commitWatch.markStarted() else { return }
    if isReadOnly {
      // Before any wake of the watcher, which is handled on the same queue.
      writes.async { [weak self] in _ = self?.noteDataVersion() }
    }
    let watcher = DatabaseWatcher(
      databasePath: databasePath, usingFileEvents: options.watchesFileEvents
    ) { [weak self] wake in
      guard let self else { return }
      writes.async { [weak self] in self?.refreshAfterCommitElsewhere(after: wake, attempt: 0) }
    }
    commitWatch.keep(watcher)
  }

  /// Records the database's `data_version`, which only another connection's commit moves; returns
  /// whether it moved since last recorded.
  func noteDataVersion() -> Bool {
    guard let version = capabilities.dataVersion() else { return false }
    return commitWatch.note(version)
  }

  /// Runs on ``writes`` after the folder watcher woke: when another connection committed, every
  /// observed list is read again and the change signal goes up.
  ///
  /// A commit writes its pages to the log (which wakes the watcher) before it publishes them in
  /// the shared-memory index (which wakes nothing), so a check that runs in between sees no new
  /// version. After a wake by a file's write that found none, the version is checked again a few
  /// times, within half a second; nothing runs while no file changes. A wake by a timer (the
  /// fallback, or the backstop on Apple platforms) looks again at its next tick instead.
  private func refreshAfterCommitElsewhere(after wake: DatabaseWatcher.Wake, attempt: Int) {
    dispatchPrecondition(condition: .onQueue(writes))
    // Suspended, nothing is read; resume() reads the observed lists again.
    guard !suspension.isSuspended else { return }
    guard noteDataVersion() else {
      let delays = [2, 10, 50, 150, 300]
      guard wake == .fileChanged, attempt < delays.count else { return }
      writes.asyncAfter(deadline: .now() + .milliseconds(delays[attempt])) { [weak self] in
        self?.refreshAfterCommitElsewhere(after: wake, attempt: attempt + 1)
      }
      return
    }
    refresh(.everything)
    observedLists.countChange()
  }

  /// Runs on ``writes`` after ``resume()``: reads every observed list again (delivered only if
  /// it changed) and, when another process committed meanwhile, raises the change signal.
  func refreshAfterResume() {
    dispatchPrecondition(condition: .onQueue(writes))
    guard !suspension.isSuspended else { return }
    let committedElsewhere = noteDataVersion()
    refresh(.everything)
    if committedElsewhere {
      observedLists.countChange()
    }
  }

  /// Delivers a page read for an observation, unless the read met a suspension: observations keep
  /// their last value while suspended, and ``resume()`` reads them again.
  private func deliver(
    _ page: Result<JournalPage, JournalError>,
    to subject: ObservedLists.Subject
  ) {
    if case .failure(let error) = page, error.code == .suspended { return }
    subject.sendIfChanged(page)
  }

  /// Reads the observed lists a change touched again, and delivers those that changed.
  func refresh(_ touched: Touched) {
    let subjects = observedLists.subjects(where: touched.affects)
    for (key, subject) in subjects {
      deliver(loadPage(key), to: subject)
    }
  }

  func loadPage(_ key: ObservedLists.Key) -> Result<JournalPage, JournalError> {
    do {
      return .success(try page(of: key.list, after: nil, limit: key.limit, interrupter: nil))
    } catch {
      return .failure(error)
    }
  }
}
