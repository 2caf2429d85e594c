import Dispatch
import HaruShared

/// A repeating timer on a queue: the journal watcher's tick where no file events can be had, and
/// the backstop of the log's events on Apple platforms.
final class WatchTimer: Sendable {
  private let timer: LockedState<(any DispatchSourceTimer)?>

  /// Starts the timer; its first tick comes one interval from now.
  ///
  /// - Parameters:
  ///   - interval: The time between ticks.
  ///   - leeway: How late the system may fire a tick, to fire it with other wakes.
  ///   - queue: Where `tick` runs.
  ///   - tick: Called at every tick.
  init(
    interval: Duration, leeway: Duration = .zero, queue: DispatchQueue,
    tick: @escaping @Sendable () -> Void
  ) {
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(
      deadline: .now() + Self.dispatchInterval(interval),
      repeating: Self.dispatchInterval(interval),
      leeway: Self.dispatchInterval(leeway))
    timer.setEventHandler(handler: tick)
    timer.resume()
    self.timer = LockedState(timer)
  }

  deinit {
    cancel()
  }

  /// Stops the timer; `tick` may still be running once, never again after it returns.
  func cancel() {
    timer.withLock { timer in
      timer?.cancel()
      timer = nil
    }
  }

  /// The interval in milliseconds, which an `Int` of 32 bits holds for 24 days (in nanoseconds it
  /// would pass 2³¹ − 1 after two seconds).
  private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
    .milliseconds(Int(clamping: duration.saturatingMilliseconds))
  }
}
