import HaruShared

/// A stream of one kind of user event: the view sends events, the view model listens.
///
/// Every view model's `Input` is made of ``UserEvents``. A view keeps the input it gave to
/// `transform(_:)` and sends into it from wherever its events come from, in one line:
///
/// ```swift
/// let input = SettingsViewModel.Input()
/// let output = viewModel.transform(input)
///
/// // UIKit target-action
/// @objc func unitChanged(_ control: UISegmentedControl) {
///   input.chooseUnit.send(control.selectedSegmentIndex == 0 ? .celsius : .fahrenheit)
/// }
/// // SwiftUI
/// Picker("Unit", selection: $unit) { … }
///   .onChange(of: unit) { input.chooseUnit.send(unit) }
/// ```
///
/// Events are handled in the order they were sent, also across the different event streams of one
/// input: a view model handles `addTown` and then `selectTown` if they were sent in that order.
/// None is dropped: events sent before anyone listens wait for the listener. Sending is safe from
/// any thread and never waits.
///
/// A stream has one listener: the view model the input was given to most recently, or the newest
/// iteration started with `for await`. Give each view model its own input.
public struct UserEvents<Element: Sendable>: AsyncSequence, Sendable {
  /// Listening for user events never fails.
  public typealias Failure = Never
  /// The iterator of a `for await` loop over the events.
  public typealias AsyncIterator = AsyncStream<Element>.Iterator

  private struct Listener {
    var deliver: (@Sendable (Element) -> Void)?
    /// Tells the listener it has been replaced, so that it can end.
    var replaced: (@Sendable () -> Void)?
    var backlog: [Element] = []
  }

  private let listener = LockedState(Listener())

  /// Creates an empty stream of events.
  public init() {}

  /// Sends an event to the view model.
  ///
  /// - Parameter event: What the person did, such as the unit they chose.
  public func send(_ event: Element) {
    // Delivering under the lock keeps concurrent senders in one order; delivery only enqueues.
    listener.withLock { listener in
      if let deliver = listener.deliver {
        deliver(event)
      } else {
        listener.backlog.append(event)
      }
    }
  }

  /// Starts listening with a `for await` loop; the view model the input was given to stops
  /// receiving the events.
  ///
  /// The loop ends when another listener takes over, such as a view model the input is given to.
  ///
  /// - Returns: An iterator over the events sent from now on, and any sent before anyone listened.
  public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    listen({ continuation.yield($0) }, whenReplaced: { continuation.finish() })
    return stream.makeAsyncIterator()
  }

  /// Makes `deliver` the one listener, handing it the events that waited for one. `deliver` runs
  /// under a lock and must only hand the event on; so does `whenReplaced`, called once another
  /// listener takes over.
  func listen(
    _ deliver: @escaping @Sendable (Element) -> Void,
    whenReplaced: (@Sendable () -> Void)? = nil
  ) {
    listener.withLock { listener in
      listener.replaced?()
      listener.deliver = deliver
      listener.replaced = whenReplaced
      for event in listener.backlog {
        deliver(event)
      }
      listener.backlog = []
    }
  }
}

extension UserEvents where Element == Void {
  /// Sends an event that carries nothing but the fact that it happened, such as a tap.
  public func send() {
    send(())
  }
}
