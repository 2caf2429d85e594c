package import HaruModels
import HaruShared

/// The tasks a view model owns: the loops that follow its inputs and observations, and the work
/// they start. Everything is cancelled when the owner calls ``cancelAll()`` from its `deinit`.
///
/// Tasks never hold their view model strongly across a suspension: they capture what they need and
/// the view model weakly, so releasing the view model runs its `deinit`, which cancels them.
package final class WorkBag: Sendable {
  private struct Running {
    let slot: String?
    let task: Task<Void, Never>
  }

  private struct State {
    var loops: [Task<Void, Never>] = []
    var queue: EventQueue?
    var queueTask: Task<Void, Never>?
    var running: [UInt64: Running] = [:]
    var nextID: UInt64 = 0
    var isCancelled = false
  }

  private let state = LockedState(State())
  /// Work started and not finished.
  package let work = Activity()

  package init() {}

  /// Starts over for a new call of `transform(_:)`: stops the loops started for the previous one,
  /// and starts a queue that handles the events of the streams given to `follow` on the main
  /// actor, one at a time, in the order they were sent, for as long as the owner lives.
  @MainActor
  package func startInput() {
    let queue = EventQueue()
    let (oldQueue, oldTasks) = state.withLock { state -> (EventQueue?, [Task<Void, Never>]) in
      defer {
        state.queue = queue
        state.loops = []
      }
      return (state.queue, state.loops + (state.queueTask.map { [$0] } ?? []))
    }
    oldQueue?.stop()
    for task in oldTasks { task.cancel() }
    let task = Task { @MainActor in await queue.run() }
    let isCancelled = state.withLock { state -> Bool in
      if !state.isCancelled { state.queueTask = task }
      return state.isCancelled
    }
    if isCancelled { task.cancel() }
  }

  /// Handles each event of a stream with `handle`, in the queue started by ``startInput()``.
  @MainActor
  package func follow<Event: Sendable>(
    _ events: UserEvents<Event>, _ handle: @escaping @MainActor @Sendable (Event) -> Void
  ) {
    guard let queue = state.withLock({ $0.queue }) else { return }
    events.listen { event in
      queue.enqueue { handle(event) }
    }
  }

  /// Follows an observation for as long as the owner lives, handling each value on the main actor.
  ///
  /// - Parameters:
  ///   - observation: The observation.
  ///   - skipsCurrentValue: Whether to handle only changes, not the value current when the loop
  ///     starts (when the owner has just read it).
  ///   - handle: Called with each value.
  @MainActor
  package func follow<Value: Sendable>(
    _ observation: ValueObservation<Value>, skipsCurrentValue: Bool = false,
    _ handle: @escaping @MainActor @Sendable (Value) -> Void
  ) {
    keep(
      Task { @MainActor in
        var values = observation.makeAsyncIterator()
        if skipsCurrentValue {
          _ = await values.next(isolation: MainActor.shared)
        }
        while let value = await values.next(isolation: MainActor.shared) {
          handle(value)
        }
      })
  }

  private func keep(_ task: Task<Void, Never>) {
    let isCancelled = state.withLock { state -> Bool in
      if !state.isCancelled { state.loops.append(task) }
      return state.isCancelled
    }
    if isCancelled { task.cancel() }
  }

  /// Starts a piece of work on the main actor. Work started in a slot cancels the work already
  /// running in that slot, so that only the newest request of a kind can publish.
  @MainActor
  package func run(
    in slot: String? = nil, _ operation: @escaping @MainActor @Sendable () async -> Void
  ) {
    let id = state.withLock { state -> UInt64 in
      state.nextID &+= 1
      return state.nextID
    }
    work.begin()
    let task = Task { @MainActor [state, work] in
      await operation()
      // The task runs on the main actor, like this method, so it was recorded before it started.
      _ = state.withLock { $0.running.removeValue(forKey: id) }
      work.end()
    }
    let replaced = state.withLock { state -> [Task<Void, Never>] in
      if state.isCancelled { return [task] }
      var replaced: [Task<Void, Never>] = []
      if let slot {
        for running in state.running.values where running.slot == slot {
          replaced.append(running.task)
        }
      }
      state.running[id] = Running(slot: slot, task: task)
      return replaced
    }
    for task in replaced { task.cancel() }
  }

  /// Cancels the work running in a slot.
  package func cancel(slot: String) {
    let tasks = state.withLock { state in
      state.running.values.filter { $0.slot == slot }.map(\.task)
    }
    for task in tasks { task.cancel() }
  }

  /// Cancels every loop and every piece of work, and any started later.
  package func cancelAll() {
    let (queue, tasks) = state.withLock { state -> (EventQueue?, [Task<Void, Never>]) in
      state.isCancelled = true
      return (
        state.queue,
        state.loops + state.running.values.map(\.task) + (state.queueTask.map { [$0] } ?? [])
      )
    }
    queue?.stop()
    for task in tasks { task.cancel() }
  }

  /// Every task the bag holds now, loops and work, for tests that check nothing is left running.
  package var tasks: [Task<Void, Never>] {
    state.withLock { state in
      state.loops + state.running.values.map(\.task) + (state.queueTask.map { [$0] } ?? [])
    }
  }

  /// The number of pieces of work not finished.
  package var runningCount: Int {
    state.withLock { $0.running.count }
  }

  /// Returns once every event sent to the followed input is handled; work may still run.
  package func untilInputHandled() async {
    let queue = state.withLock { $0.queue }
    await queue?.pending.waitUntilIdle()
  }

  /// Returns once every event sent to the followed input is handled and no work is running.
  package func untilIdle() async {
    while true {
      let queue = state.withLock { $0.queue }
      await queue?.pending.waitUntilIdle()
      await work.waitUntilIdle()
      if queue?.pending.isIdle ?? true, work.isIdle { return }
    }
  }
}
