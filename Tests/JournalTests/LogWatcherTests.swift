import Foundation
import HaruShared
import Testing

@testable import HaruJournal

/// The watching of the write-ahead log on Apple platforms, above the system's events: the events
/// a vnode source delivers, fed through ``LogEventSource`` in the order a test writes them, and
/// every look and every watch of the log recorded in order.
@Suite(.timeLimit(.minutes(1)))
struct LogWatcherTests {
  /// One table row: whether the log exists at start, what happens next, what the watcher does.
  struct Row: Sendable, CustomTestStringConvertible {
    let testDescription: String
    var logExistsAtStart = true
    let steps: [ScriptedLogEvents.Step]
    let expected: [ScriptedLogEvents.Output]
  }

  static let rows: [Row] = [
    Row(
      testDescription: "a write to the log, or its growth, means look now",
      steps: [.event(.log(.write)), .event(.log(.extend)), .event(.log([.write, .extend]))],
      expected: [.watched(true), .look(.fileChanged), .look(.fileChanged), .look(.fileChanged)]),
    Row(
      testDescription: "starting looks at nothing, since the owner notes the state itself",
      steps: [],
      expected: [.watched(true)]),
    Row(
      testDescription: "a deleted log is looked at, watched again and looked at once it is back",
      steps: [.event(.log(.delete))],
      expected: [.watched(true), .look(.fileChanged), .watched(true), .look(.fileChanged)]),
    Row(
      testDescription: "a write and a deletion together look before watching again",
      steps: [.event(.log([.write, .delete]))],
      expected: [.watched(true), .look(.fileChanged), .watched(true), .look(.fileChanged)]),
    Row(
      testDescription: "a renamed log leaves nothing to watch until the folder says one is back",
      steps: [
        .logExists(false), .event(.log(.rename)), .event(.folderChanged), .logExists(true),
        .event(.folderChanged), .event(.log(.write)),
      ],
      expected: [
        .watched(true), .look(.fileChanged), .watched(false), .watched(false), .watched(true),
        .look(.fileChanged), .look(.fileChanged),
      ]),
    Row(
      testDescription:
        "no log yet at start: the log the folder reports later is watched and looked at",
      logExistsAtStart: false,
      steps: [.logExists(true), .event(.folderChanged)],
      expected: [.watched(false), .watched(true), .look(.fileChanged)]),
    Row(
      testDescription: "the folder's changes wake nothing while the log is watched",
      steps: [.event(.folderChanged), .event(.folderChanged)],
      expected: [.watched(true)]),
    Row(
      testDescription: "the backstop looks once while the log is watched",
      steps: [.event(.backstop), .event(.backstop)],
      expected: [.watched(true), .look(.tick), .look(.tick)]),
    Row(
      testDescription: "the backstop also tries the log while nothing watches it",
      steps: [
        .logExists(false), .event(.log(.delete)), .event(.backstop), .logExists(true),
        .event(.backstop), .event(.backstop),
      ],
      expected: [
        .watched(true), .look(.fileChanged), .watched(false), .look(.tick), .watched(false),
        .look(.tick), .watched(true), .look(.fileChanged), .look(.tick),
      ]),
    Row(
      testDescription: "events the watch does not read wake nothing",
      steps: [.event(.log([]))],
      expected: [.watched(true)]),
  ]

  @Test(arguments: rows)
  func theWatcherLooksAndWatchesAgainAsTheEventsSay(row: Row) {
    let source = ScriptedLogEvents(logExists: row.logExistsAtStart)
    let watcher = LogWatcher(databasePath: "/data/journal.sqlite", source: source) { wake in
      source.record(.look(wake))
    }
    let outputs = withExtendedLifetime(watcher) {
      #expect(watcher.start())
      for step in row.steps {
        source.perform(step)
      }
      return source.outputs
    }
    #expect(outputs == [.started(backstop: .seconds(5))] + row.expected)
  }

  @Test func theWatcherFollowsTheDatabasesLogInItsFolder() {
    let source = ScriptedLogEvents(logExists: true)
    let watcher = LogWatcher(databasePath: "/data/haru/journal.sqlite", source: source) { _ in }
    #expect(watcher.start())
    #expect(source.folder == "/data/haru")
    #expect(source.logPaths == ["/data/haru/journal.sqlite-wal"])
  }

  @Test func aFolderThatCannotBeWatchedStartsNothing() {
    let source = ScriptedLogEvents(logExists: true, folderWatchable: false)
    let watcher = LogWatcher(databasePath: "/data/journal.sqlite", source: source) { wake in
      source.record(.look(wake))
    }
    #expect(!watcher.start())
    #expect(source.outputs == [.started(backstop: .seconds(5))])
  }

  @Test func stoppingCancelsTheSystemsEvents() {
    let source = ScriptedLogEvents(logExists: true)
    let watcher = LogWatcher(databasePath: "/data/journal.sqlite", source: source) { _ in }
    #expect(watcher.start())
    watcher.stop()
    #expect(source.outputs.last == .cancelled)
  }

  @Test func theBackstopIsATenthOfTheFallbackTimersWakes() {
    #expect(LogWatchPolicy.backstopInterval == DatabaseWatcher.timerInterval * 10)
  }
}

/// What the folder watcher says woke it, on Linux: a file's event from `inotify`, a tick from the
/// timer used when no watch can be had.
@Suite(.timeLimit(.minutes(1)))
struct FolderWatcherWakeTests {
  @Test func aWriteToTheLogWakesTheWatchAsAFilesChange() async throws {
    try await withTemporaryDirectory { directory in
      let database = directory.appendingPathComponent("journal.sqlite")
      let (wakes, continuation) = AsyncStream.makeStream(of: DatabaseWatcher.Wake.self)
      let watcher = DatabaseWatcher(databasePath: database.path) { continuation.yield($0) }
      defer { watcher.stop() }
      try Data("x".utf8).write(to: URL(fileURLWithPath: database.path + "-wal"))
      var iterator = wakes.makeAsyncIterator()
      #expect(await iterator.next() == .fileChanged)
    }
  }

  @Test func withoutFileEventsTheTimerWakesTheWatchAsATick() async throws {
    try await withTemporaryDirectory { directory in
      let database = directory.appendingPathComponent("journal.sqlite")
      let (wakes, continuation) = AsyncStream.makeStream(of: DatabaseWatcher.Wake.self)
      let watcher = DatabaseWatcher(databasePath: database.path, usingFileEvents: false) {
        continuation.yield($0)
      }
      defer { watcher.stop() }
      var iterator = wakes.makeAsyncIterator()
      #expect(await iterator.next() == .tick)
    }
  }
}

/// A ``LogEventSource`` that reports what a test performs, at once and on the test's thread, and
/// records what it is asked to do.
final class ScriptedLogEvents: LogEventSource {
  /// Something a test makes happen.
  enum Step: Sendable {
    /// The source reports this event.
    case event(LogWatchPolicy.Event)
    /// From now on, the log exists (or not) when it is next watched.
    case logExists(Bool)
  }

  /// What the source was asked to do, and what the watcher above it did.
  enum Output: Sendable, Equatable {
    case started(backstop: Duration)
    case watched(Bool)
    case look(DatabaseWatcher.Wake)
    case cancelled
  }

  private struct State {
    var logExists: Bool
    var folderWatchable: Bool
    var report: (@Sendable (LogWatchPolicy.Event) -> Void)?
    var outputs: [Output] = []
    var folder: String?
    var logPaths: [String] = []
  }

  private let state: LockedState<State>

  init(logExists: Bool, folderWatchable: Bool = true) {
    state = LockedState(State(logExists: logExists, folderWatchable: folderWatchable))
  }

  var outputs: [Output] { state.withLock { $0.outputs } }
  var folder: String? { state.withLock { $0.folder } }
  var logPaths: [String] { state.withLock { $0.logPaths } }

  func record(_ output: Output) {
    state.withLock { $0.outputs.append(output) }
  }

  func perform(_ step: Step) {
    switch step {
    case .event(let event):
      let report = state.withLock { $0.report }
      report?(event)
    case .logExists(let exists):
      state.withLock { $0.logExists = exists }
    }
  }

  func start(
    folder: String, backstopInterval: Duration,
    report: @escaping @Sendable (LogWatchPolicy.Event) -> Void
  ) -> Bool {
    state.withLock { state in
      state.outputs.append(.started(backstop: backstopInterval))
      state.folder = folder
      guard state.folderWatchable else { return false }
      state.report = report
      return true
    }
  }

  func watchLog(at path: String) -> Bool {
    state.withLock { state in
      state.logPaths.append(path)
      state.outputs.append(.watched(state.logExists))
      return state.logExists
    }
  }

  func cancel() {
    state.withLock { state in
      if state.report != nil {
        state.outputs.append(.cancelled)
      }
      state.report = nil
    }
  }
}
