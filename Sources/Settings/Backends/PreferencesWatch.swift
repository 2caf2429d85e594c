import HaruShared

/// A running watch for changes to stored preferences, returned by
/// ``PreferencesBackend/watch(_:)``.
///
/// The watch runs until ``stop()`` is called or the last reference to it goes away.
///
/// ```swift
/// func watch(_ onChange: @escaping @Sendable () -> Void) -> PreferencesWatch? {
///   let token = center.addObserver(onChange)
///   return PreferencesWatch { center.removeObserver(token) }
/// }
/// ```
public final class PreferencesWatch: Sendable {
  private let stopping: LockedState<(@Sendable () -> Void)?>

  /// Creates a watch that runs `stop` once, when it is stopped or released.
  ///
  /// - Parameter stop: Ends the watch: releases what the backend set up for it. Called at most
  ///   once, on any thread.
  public init(stop: @escaping @Sendable () -> Void) {
    stopping = LockedState(stop)
  }

  deinit {
    stop()
  }

  /// Ends the watch; the backend's closure is not called afterwards. Calling it again does nothing.
  public func stop() {
    let stop = stopping.withLock { stop -> (@Sendable () -> Void)? in
      defer { stop = nil }
      return stop
    }
    stop?()
  }
}
