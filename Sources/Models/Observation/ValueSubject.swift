/// The owner's side of an observed value: it holds the current value and is the only thing that can
/// change it.
///
/// A subject replaces RxSwift's `BehaviorRelay`: the owner (a store, a repository, a view model)
/// keeps the subject private and hands out its read-only ``observation``. Everyone else reads the
/// ``ValueObservation/value`` value or iterates the observation; nobody else can write.
///
/// ```swift
/// final class Counter: Sendable {
///   private let count = ValueSubject(0)
///   var countUpdates: ValueObservation<Int> { count.observation }
///   func increment() { count.update { $0 += 1 } }
/// }
/// ```
///
/// A write stores the value under a short lock and wakes the consumers that are waiting for it;
/// it never waits for a consumer, and a consumer that is busy simply finds the newest value when it
/// asks again. When the subject is deallocated, every observation of it ends: consumers finish their
/// loops once they have the last value.
public final class ValueSubject<Value: Sendable>: Sendable {
  private let storage: ObservationStorage<Value>

  /// Creates a subject holding an initial value.
  ///
  /// - Parameter initialValue: The value observers see first.
  public init(_ initialValue: Value) {
    storage = ObservationStorage(initialValue)
  }

  deinit {
    storage.finish()
  }

  /// The current value.
  public var value: Value {
    storage.currentValue
  }

  /// The read-only view of this subject, to hand to observers.
  ///
  /// An observation does not keep the subject alive: when the owner releases the subject, every
  /// iteration ends, and ``ValueObservation/value`` keeps returning the last value.
  public var observation: ValueObservation<Value> {
    ValueObservation(storage: storage)
  }

  /// Replaces the value and notifies every subscriber.
  ///
  /// - Parameter newValue: The new value.
  /// - Complexity: O(1) when no consumer is waiting; otherwise O(*w*) in the number of consumers
  ///   waiting for a change, each of which is resumed once.
  public func send(_ newValue: Value) {
    storage.send(newValue)
  }

  /// Changes the value in place, atomically, and notifies every subscriber.
  ///
  /// Use this instead of reading ``value`` and calling ``send(_:)`` when several writers may race:
  /// no change is lost between the read and the write. When `Value` is `Equatable`, the overload in
  /// the constrained extension is chosen instead, and an update that leaves the value equal
  /// notifies nobody.
  ///
  /// - Parameter change: A function that changes the value. It runs under the subject's lock, so it
  ///   must be short and must not touch the subject again.
  /// - Returns: What `change` returns.
  @discardableResult
  public func update<Result>(_ change: (inout Value) throws -> Result) rethrows -> Result {
    try storage.update { value in
      (try change(&value), true)
    }
  }

  /// The number of consumers waiting for the next change, for tests.
  var waiterCount: Int {
    storage.waiterCount
  }
}

extension ValueSubject where Value: Equatable {
  /// Changes the value in place, atomically, and notifies subscribers only when it changed.
  ///
  /// - Parameter change: A function that changes the value. It runs under the subject's lock, so it
  ///   must be short and must not touch the subject again.
  /// - Returns: What `change` returns.
  @discardableResult
  public func update<Result>(_ change: (inout Value) throws -> Result) rethrows -> Result {
    try storage.update { value in
      let before = value
      let result = try change(&value)
      return (result, value != before)
    }
  }

  /// Replaces the value and notifies subscribers only when the new value differs.
  ///
  /// - Parameter newValue: The new value.
  /// - Returns: Whether the value changed.
  @discardableResult
  public func sendIfChanged(_ newValue: Value) -> Bool {
    storage.update { value in
      guard value != newValue else { return (false, false) }
      value = newValue
      return (true, true)
    }
  }
}
