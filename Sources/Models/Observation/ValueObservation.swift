/// A read-only, observable value: read it now, or iterate it to see it change.
///
/// ``ValueObservation`` is how every Haru module publishes state. It behaves like RxSwift's
/// `BehaviorSubject` seen from outside, with Swift Concurrency's lifetimes:
///
/// - Iteration **starts with the current value**, then yields each change.
/// - **Any number of consumers** can iterate at once, each with its own iterator.
/// - A slow consumer gets the **latest** value, not a backlog: intermediate values are dropped. A
///   value can therefore repeat (A, then A again when a B in between was dropped); compare with the
///   previous value when only real changes matter.
/// - Iteration **never fails** (`Failure` is `Never`). It ends when the consuming task is cancelled,
///   or after the last value once the ``ValueSubject`` is deallocated — there is nothing to dispose
///   of and nothing to leak. Neither an observation nor its iterators keep the subject alive.
///
/// ```swift
/// let unit = ValueSubject(TemperatureUnit.celsius)   // kept private by its owner
/// let units: ValueObservation<TemperatureUnit> = unit.observation
/// print(units.value)                 // read synchronously, for tests and SwiftUI
/// let task = Task {
///   for await unit in units {        // the current unit first, then every change
///     render(unit)
///   }
/// }
/// task.cancel()                      // ends the subscription
/// ```
///
/// An observation cannot change the value: only the owner's ``ValueSubject`` can.
public struct ValueObservation<Value: Sendable>: AsyncSequence, Sendable {
  /// The element type: the observed value.
  public typealias Element = Value
  /// Observation never fails.
  public typealias Failure = Never

  private let storage: ObservationStorage<Value>

  init(storage: ObservationStorage<Value>) {
    self.storage = storage
  }

  /// The value now; after the subject is gone, the last value it held.
  public var value: Value { storage.currentValue }

  /// Starts an iteration. Its first element is the value current when it is first asked for.
  ///
  /// - Returns: An iterator over the current value and its changes.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(storage: storage)
  }

  /// The value now, and an iterator over the changes after it only: for adapters that read the
  /// value themselves and need to hear of every later change, none missed in between.
  package func currentValueAndChanges() -> (value: Value, changes: AsyncIterator) {
    let (value, version) = storage.currentValueAndVersion
    return (value, AsyncIterator(storage: storage, seenVersion: version))
  }

  /// An iterator over the current value and its changes.
  ///
  /// Each call to `next` returns the newest value the iterator has not returned yet, waiting for a
  /// change when there is none. It returns `nil` when the calling task is cancelled or the subject
  /// is gone.
  public struct AsyncIterator: AsyncIteratorProtocol {
    private let storage: ObservationStorage<Value>
    private var seenVersion: UInt64 = 0

    init(storage: ObservationStorage<Value>, seenVersion: UInt64 = 0) {
      self.storage = storage
      self.seenVersion = seenVersion
    }

    /// The next value, or `nil` when the iteration has ended.
    ///
    /// - Returns: The latest value not yet delivered.
    public mutating func next() async -> Value? {
      await next(isolation: nil)
    }

    /// The next value, or `nil` when the iteration has ended, without leaving the caller's actor.
    ///
    /// - Parameter actor: The caller's isolation.
    /// - Returns: The latest value not yet delivered.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Value? {
      guard let delivery = await storage.value(after: seenVersion, isolation: actor) else {
        return nil
      }
      seenVersion = delivery.version
      return delivery.value
    }
  }
}
