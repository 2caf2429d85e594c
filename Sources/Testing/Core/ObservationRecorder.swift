import HaruShared

/// Collects the values an observation delivers, so that a test can wait for a number of them or
/// for a condition, within a time limit, and then look at all of them.
///
/// A recorder starts reading at once and keeps every value it is given. An observation that keeps
/// only the latest value for a slow consumer (``/HaruModels/ValueObservation``) may skip values
/// written in quick succession; wait for a condition on the last value rather than for an exact
/// count when a test writes faster than it reads.
///
/// ```swift
/// let rows = ObservationRecorder(output.rows)
/// input.addTown.send(busan)
/// let seen = try await rows.waitUntil { $0.last?.count == 2 }   // fails after 5 s, naming what it saw
/// #expect(seen.first?.count == 1)
/// ```
///
/// Waiting never hangs: when the time runs out, the wait throws an ``ObservationTimeout`` that
/// lists the values seen so far. Recording stops when ``stop()`` is called or the recorder is
/// released.
public final class ObservationRecorder<Value: Sendable>: Sendable {
  private struct Waiter {
    let id: UInt64
    let isSatisfied: @Sendable ([Value]) -> Bool
    let continuation: CheckedContinuation<[Value]?, Never>
  }

  private struct State {
    var values: [Value] = []
    var isFinished = false
    var nextID: UInt64 = 0
    var waiters: [Waiter] = []
  }

  private let state = LockedState(State())
  private let reader: LockedState<Task<Void, Never>?> = LockedState(nil)

  /// Starts recording the values of an observation or any other sequence.
  ///
  /// - Parameter values: The sequence to read; reading starts at once, on a task of its own.
  public init<Values: AsyncSequence & Sendable>(_ values: Values)
  where Values.Element == Value, Values.Failure == Never {
    let task = Task { [state] in
      for await value in values {
        Self.record(value, in: state)
      }
      Self.finish(state)
    }
    reader.withLock { $0 = task }
  }

  deinit {
    stop()
  }

  /// Every value recorded so far, oldest first.
  public var values: [Value] {
    state.withLock { $0.values }
  }

  /// Stops reading. Waits in progress end as the sequence's end would.
  public func stop() {
    reader.withLock { $0?.cancel() }
  }

  /// Waits until at least `count` values are recorded.
  ///
  /// - Parameters:
  ///   - count: How many values to wait for.
  ///   - timeout: The longest wait.
  ///   - clock: The clock the time limit is measured on; real time by default.
  /// - Returns: Every value recorded when the count was reached.
  /// - Throws: ``ObservationTimeout`` when the time runs out or the sequence ends first.
  @discardableResult
  public func waitForCount<C: Clock<Duration>>(
    _ count: Int, timeout: Duration = ObservationTimeout.defaultTimeout,
    clock: C = ContinuousClock()
  ) async throws(ObservationTimeout) -> [Value] {
    try await waitUntil(timeout: timeout, clock: clock, "\(count) values") { $0.count >= count }
  }

  /// Waits until the recorded values satisfy a condition.
  ///
  /// - Parameters:
  ///   - timeout: The longest wait.
  ///   - clock: The clock the time limit is measured on; real time by default.
  ///   - description: What is waited for, for the failure message.
  ///   - condition: Tested on every value recorded so far, oldest first, after each new one.
  /// - Returns: Every value recorded when the condition first held.
  /// - Throws: ``ObservationTimeout`` when the time runs out or the sequence ends first.
  @discardableResult
  public func waitUntil<C: Clock<Duration>>(
    timeout: Duration = ObservationTimeout.defaultTimeout, clock: C = ContinuousClock(),
    _ description: String = "the condition",
    _ condition: @escaping @Sendable ([Value]) -> Bool
  ) async throws(ObservationTimeout) -> [Value] {
    let id = state.withLock { state -> UInt64 in
      defer { state.nextID &+= 1 }
      return state.nextID
    }
    let outcome = await withTaskGroup(of: [Value]?.self) { group in
      group.addTask { [state] in
        await withCheckedContinuation { continuation in
          let ready = state.withLock { state -> [Value]?? in
            if condition(state.values) { return .some(state.values) }
            if state.isFinished { return .some(nil) }
            state.waiters.append(Waiter(id: id, isSatisfied: condition, continuation: continuation))
            return .none
          }
          if let ready { continuation.resume(returning: ready) }
        }
      }
      group.addTask {
        try? await clock.sleep(for: timeout)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      // The wait is abandoned on a timeout: resume it so that the group can end.
      let abandoned = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index)
      }
      abandoned?.continuation.resume(returning: nil)
      return first
    }
    guard let outcome else {
      throw ObservationTimeout(
        waitingFor: description, timeout: timeout, seen: values,
        sequenceEnded: state.withLock { $0.isFinished })
    }
    return outcome
  }

  private static func record(_ value: Value, in state: LockedState<State>) {
    let ready = state.withLock { state -> [(CheckedContinuation<[Value]?, Never>, [Value])] in
      state.values.append(value)
      let values = state.values
      let satisfied = state.waiters.filter { $0.isSatisfied(values) }
      state.waiters.removeAll { $0.isSatisfied(values) }
      return satisfied.map { ($0.continuation, values) }
    }
    for (continuation, values) in ready {
      continuation.resume(returning: values)
    }
  }

  private static func finish(_ state: LockedState<State>) {
    let waiters = state.withLock { state -> [Waiter] in
      state.isFinished = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters {
      waiter.continuation.resume(returning: nil)
    }
  }
}

/// Waits for the first value of an observation that satisfies a condition, within a time limit.
///
/// Use it instead of `for await value in observation where … { break }`, which waits forever when
/// the condition never holds:
///
/// ```swift
/// let name = try await firstValue(of: output.currentTownName, where: { $0 == "부산" })
/// ```
///
/// - Parameters:
///   - values: The observation, or any sequence that ends when its reader is cancelled.
///   - condition: What the value must satisfy; any value by default.
///   - timeout: The longest wait.
///   - clock: The clock the time limit is measured on; real time by default.
/// - Returns: The first value that satisfies the condition.
/// - Throws: ``ObservationTimeout`` naming the values seen, when the time runs out or the sequence
///   ends first.
public func firstValue<Values: AsyncSequence & Sendable, C: Clock<Duration>>(
  of values: Values,
  where condition: @escaping @Sendable (Values.Element) -> Bool = { _ in true },
  timeout: Duration = ObservationTimeout.defaultTimeout,
  clock: C = ContinuousClock()
) async throws(ObservationTimeout) -> Values.Element
where Values.Element: Sendable, Values.Failure == Never {
  let recorder = ObservationRecorder(values)
  defer { recorder.stop() }
  let seen = try await recorder.waitUntil(
    timeout: timeout, clock: clock, "a value that satisfies the condition"
  ) { values in
    values.contains(where: condition)
  }
  // The condition held for one of the values: the first such one is the answer.
  guard let match = seen.first(where: condition) else {
    throw ObservationTimeout(
      waitingFor: "a value that satisfies the condition", timeout: timeout, seen: seen)
  }
  return match
}

/// A wait for observed values that ran out of time, or whose sequence ended first.
public struct ObservationTimeout: Error, CustomStringConvertible, Sendable {
  /// How long the tools wait unless told otherwise: five seconds.
  public static let defaultTimeout = Duration.seconds(5)

  /// What was waited for.
  public let waitingFor: String
  /// The time limit.
  public let timeout: Duration
  /// The values seen before giving up, as text, oldest first (the last 20 at most).
  public let seen: [String]
  /// Whether the sequence ended before the time ran out.
  public let sequenceEnded: Bool

  init<Value>(waitingFor: String, timeout: Duration, seen: [Value], sequenceEnded: Bool = false) {
    self.waitingFor = waitingFor
    self.timeout = timeout
    self.seen = seen.suffix(20).map { String(describing: $0) }
    self.sequenceEnded = sequenceEnded
  }

  /// Says what was waited for, for how long, and what was seen.
  public var description: String {
    let values = seen.isEmpty ? "no value" : seen.joined(separator: ", ")
    if sequenceEnded {
      return "the sequence ended before \(waitingFor); it gave \(values)"
    }
    return "waited \(timeout) for \(waitingFor), but saw \(values)"
  }
}
