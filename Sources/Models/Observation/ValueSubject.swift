import HaruShared

/// The owner's side of an observed value: it holds the current value and is the only thing that can
/// change it.
///
/// A subject replaces RxSwift's `BehaviorRelay`: the owner (a store, a repository, a view model)
/// keeps the subject private and hands out its read-only ``observation``. Everyone else reads the
/// ``ValueObservation/current`` value or iterates the observation; nobody else can write.
///
/// ```swift
/// final class Counter: Sendable {
///   private let count = ValueSubject(0)
///   var countUpdates: ValueObservation<Int> { count.observation }
///   func increment() { count.update { $0 += 1 } }
/// }
/// ```
///
/// Writes are cheap: the writer stores the value and hands it to each subscriber's one-slot buffer
/// under a lock; it never waits for a consumer. When the subject is deallocated, every subscription
/// ends.
public final class ValueSubject<Value: Sendable>: Sendable {
  private struct State {
    var value: Value
    var nextSubscriberID = 0
    var subscribers: [Int: AsyncStream<Value>.Continuation] = [:]
  }

  private let state: LockedState<State>

  /// Creates a subject holding an initial value.
  ///
  /// - Parameter initialValue: The value observers see first.
  public init(_ initialValue: Value) {
    state = LockedState(State(value: initialValue))
  }

  deinit {
    let subscribers = state.withLock { state in
      let subscribers = state.subscribers
      state.subscribers = [:]
      return subscribers
    }
    for continuation in subscribers.values {
      continuation.finish()
    }
  }

  /// The current value.
  public var value: Value {
    state.withLock { $0.value }
  }

  /// The read-only view of this subject, to hand to observers.
  public var observation: ValueObservation<Value> {
    ValueObservation(subject: self)
  }

  /// Replaces the value and notifies every subscriber.
  ///
  /// - Parameter newValue: The new value.
  /// - Complexity: O(*s*) in the number of subscribers; the writer never waits for a consumer.
  public func send(_ newValue: Value) {
    state.withLock { state in
      state.value = newValue
      for continuation in state.subscribers.values {
        continuation.yield(newValue)
      }
    }
  }

  /// Changes the value in place, atomically, and notifies every subscriber.
  ///
  /// Use this instead of reading ``value`` and calling ``send(_:)`` when several writers may race:
  /// no change is lost between the read and the write.
  ///
  /// - Parameter change: A function that changes the value. It runs under the subject's lock, so it
  ///   must be short and must not touch the subject again.
  /// - Returns: What `change` returns.
  @discardableResult
  public func update<Result>(_ change: (inout Value) throws -> Result) rethrows -> Result {
    try state.withLock { state in
      let result = try change(&state.value)
      let newValue = state.value
      for continuation in state.subscribers.values {
        continuation.yield(newValue)
      }
      return result
    }
  }

  /// The number of live subscriptions, for tests.
  var subscriberCount: Int {
    state.withLock { $0.subscribers.count }
  }

  /// Opens a subscription that starts with the current value.
  ///
  /// The subscriber is registered and the current value read in one critical section, so no write
  /// can fall between them.
  func subscribe() -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Value.self, bufferingPolicy: .bufferingNewest(1))
    let id = state.withLock { state in
      let id = state.nextSubscriberID
      state.nextSubscriberID += 1
      state.subscribers[id] = continuation
      continuation.yield(state.value)
      return id
    }
    // Runs on whichever thread cancels or drops the consumer, and never under our lock: the
    // subject only finishes continuations outside it.
    continuation.onTermination = { [weak self] _ in
      self?.removeSubscriber(id)
    }
    return stream
  }

  private func removeSubscriber(_ id: Int) {
    _ = state.withLock { $0.subscribers.removeValue(forKey: id) }
  }
}

extension ValueSubject where Value: Equatable {
  /// Replaces the value and notifies subscribers only when the new value differs.
  ///
  /// - Parameter newValue: The new value.
  /// - Returns: Whether the value changed.
  @discardableResult
  public func sendIfChanged(_ newValue: Value) -> Bool {
    state.withLock { state in
      guard state.value != newValue else { return false }
      state.value = newValue
      for continuation in state.subscribers.values {
        continuation.yield(newValue)
      }
      return true
    }
  }
}
