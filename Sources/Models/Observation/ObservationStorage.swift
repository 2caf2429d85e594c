import HaruShared

/// The shared state behind a ``ValueSubject`` and its observations: the value, a version that
/// counts writes, and the consumers waiting for the next write.
///
/// There is no per-consumer buffer and no registration to undo. A consumer remembers the version it
/// saw last; asking for the next value either returns at once (a newer version exists: latest wins)
/// or parks the consumer until a write. A write stores the value, bumps the version and takes the
/// parked consumers under the lock, then wakes them outside it, so readers and other writers never
/// wait for consumers to be scheduled. A woken consumer reads the newest value itself.
///
/// The bookkeeping is kept out of generic types on purpose: the write path runs unspecialised when
/// called from another module, and every generic type it touched (a generic state struct, an array
/// of generic waiters) cost a runtime metadata lookup per write — measured with `haru-bench`.
/// Every stored property is guarded by `lock`, hence `@unchecked Sendable`.
final class ObservationStorage<Value: Sendable>: @unchecked Sendable {
  private let lock = PlatformLock()
  // Guarded by `lock`, so the runtime's exclusivity checks would only add cost.
  @exclusivity(unchecked) private var value: Value
  /// Starts at 1 so that a consumer that has seen nothing (version 0) gets the current value.
  @exclusivity(unchecked) private var version: UInt64 = 1
  @exclusivity(unchecked) private var waiters = Waiters()

  init(_ value: Value) {
    self.value = value
  }

  /// The current value.
  var currentValue: Value {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  /// The current value and the version it was written with, read together.
  var currentValueAndVersion: (value: Value, version: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    return (value, version)
  }

  /// The number of consumers parked until the next write, for tests.
  var waiterCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return waiters.count
  }

  /// Stores a value and wakes every parked consumer.
  func send(_ newValue: Value) {
    lock.lock()
    value = newValue
    version &+= 1
    let parked = waiters.takeAll()
    lock.unlock()
    Waiters.wake(parked)
  }

  /// Changes the value under the lock and wakes every parked consumer if it changed.
  ///
  /// - Parameter change: Changes the value and says whether it changed; an unchanged value
  ///   notifies nobody.
  /// - Returns: What `change` returns.
  func update<Result>(
    _ change: (inout Value) throws -> (result: Result, changed: Bool)
  ) rethrows -> Result {
    lock.lock()
    let outcome: (result: Result, changed: Bool)
    do {
      outcome = try change(&value)
    } catch {
      lock.unlock()
      throw error
    }
    guard outcome.changed else {
      lock.unlock()
      return outcome.result
    }
    version &+= 1
    let parked = waiters.takeAll()
    lock.unlock()
    Waiters.wake(parked)
    return outcome.result
  }

  /// Ends every observation: parked consumers wake and find it finished; later requests end too,
  /// once they have the latest value.
  func finish() {
    lock.lock()
    waiters.isFinished = true
    let parked = waiters.takeAll()
    lock.unlock()
    Waiters.wake(parked)
  }

  /// The value after version `seen`: at once when one exists, otherwise after the next write.
  /// Returns `nil` when the observation has ended or the calling task is cancelled.
  func value(
    after seen: UInt64, isolation actor: isolated (any Actor)?
  ) async -> (value: Value, version: UInt64)? {
    while true {
      if Task.isCancelled { return nil }
      switch step(after: seen) {
      case .deliver(let value, let version): return (value, version)
      case .end: return nil
      case .park(let id): await park(id, after: seen, isolation: actor)
      }
    }
  }

  private enum Step {
    case deliver(Value, UInt64)
    case end
    case park(UInt64)
  }

  /// What a consumer that saw version `seen` gets now: a newer value, the end, or a ticket to park.
  private func step(after seen: UInt64) -> Step {
    lock.lock()
    defer { lock.unlock() }
    if version != seen { return .deliver(value, version) }
    if waiters.isFinished { return .end }
    return .park(waiters.reserveID())
  }

  /// Suspends until a write, the end of the observation, or cancellation wakes this consumer.
  private func park(
    _ id: UInt64, after seen: UInt64, isolation actor: isolated (any Actor)?
  ) async {
    await withTaskCancellationHandler {
      await withCheckedContinuation(isolation: actor) {
        (continuation: CheckedContinuation<Void, Never>) in
        // Checked again under the lock: a write, the end or a cancellation may have come in
        // between. Cancellation sets the flag before its handler runs, so either the flag is seen
        // here or the handler finds the parked waiter.
        lock.lock()
        let mustWait = version == seen && !waiters.isFinished && !Task.isCancelled
        if mustWait {
          waiters.park(id, continuation)
        }
        lock.unlock()
        if !mustWait {
          continuation.resume()
        }
      }
    } onCancel: {
      lock.lock()
      let continuation = waiters.remove(id)
      lock.unlock()
      continuation?.resume()
    }
  }
}
