import Foundation
import HaruModels
import HaruSettings
import HaruShared
import HaruTesting
import Testing

@testable import HaruSettingsViewModels
@testable import HaruViewModelCore

/// A settings store over fresh in-memory storage, so no test touches real preferences.
func makeSettings(_ configure: (SettingsStore) throws -> Void = { _ in }) throws -> SettingsStore {
  let store = try SettingsStore(backend: InMemoryPreferencesBackend())
  try configure(store)
  return store
}

/// Busan, as a town saved by coordinate.
func busanTown() throws -> Town {
  try Town(name: "부산", coordinate: Coordinate(latitude: 35.1796, longitude: 129.0756))
}

/// Waits until an observation holds a value that passes a test, and returns it; records a
/// failure naming what it saw, and returns `nil`, when none does within ten seconds.
@MainActor
@discardableResult
func firstValue<Value: Sendable>(
  of observation: ValueObservation<Value>, where isWanted: @escaping @Sendable (Value) -> Bool,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> Value? {
  do {
    return try await HaruTesting.firstValue(
      of: observation, where: isWanted, timeout: .seconds(10))
  } catch {
    Issue.record("\(error)", sourceLocation: sourceLocation)
    return nil
  }
}

/// Releases a view model and checks that it is gone and that every task it owned has ended.
///
/// The tasks are awaited: if releasing the view model did not cancel one of them, the test does not
/// finish, which Swift Testing reports.
@MainActor
func expectReleased<ViewModel: AnyObject>(
  _ viewModel: inout ViewModel?, work: WorkBag, sourceLocation: SourceLocation = #_sourceLocation
) async {
  let tasks = work.tasks
  weak let released = viewModel
  viewModel = nil
  #expect(released == nil, "the view model is still alive", sourceLocation: sourceLocation)
  for task in tasks {
    await task.value
  }
  #expect(work.runningCount == 0, "work is still running", sourceLocation: sourceLocation)
}

/// A place where a stubbed dependency stops until the test lets it go on.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
    var arrivals = 0
    var arrivalWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = LockedState(State())

  /// Called by the stub: counts the arrival and waits until the gate opens.
  func pass() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let (resumeNow, watchers) = state.withLock {
        state -> (Bool, [CheckedContinuation<Void, Never>]) in
        state.arrivals += 1
        let arrivals = state.arrivals
        let ready = state.arrivalWatchers.filter { $0.count <= arrivals }.map(\.continuation)
        state.arrivalWatchers.removeAll { $0.count <= arrivals }
        if state.isOpen { return (true, ready) }
        state.waiters.append(continuation)
        return (false, ready)
      }
      for watcher in watchers { watcher.resume() }
      if resumeNow { continuation.resume() }
    }
  }

  /// Returns once `count` callers have arrived at the gate.
  func waitForArrivals(_ count: Int = 1) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.arrivals >= count { return true }
        state.arrivalWatchers.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Lets every waiting and later caller through.
  func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
