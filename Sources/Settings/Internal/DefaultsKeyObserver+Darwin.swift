// Apple platforms only, and not compiled where Haru is built and tested (Linux), where
// swift-corelibs-foundation has no key-value observing. Keep it small.
#if canImport(Darwin)
  import Foundation

  /// Forwards key-value observing callbacks on one defaults key to a closure.
  ///
  /// Its only state is the closure, set once; `observeValue` may be called on any thread.
  final class DefaultsKeyObserver: NSObject, @unchecked Sendable {
    private let onChange: @Sendable () -> Void

    private init(_ onChange: @escaping @Sendable () -> Void) {
      self.onChange = onChange
    }

    /// Observes `key` of `defaults`, which reports other processes' writes to an App Group's
    /// suite as well as this process's.
    ///
    /// - Returns: The watch, which removes the observer when stopped.
    static func watch(
      _ key: String, of defaults: ThreadSafeDefaults, _ onChange: @escaping @Sendable () -> Void
    ) -> PreferencesWatch {
      let observer = DefaultsKeyObserver(onChange)
      defaults.value.addObserver(observer, forKeyPath: key, options: [.new], context: nil)
      return PreferencesWatch { [observer] in
        defaults.value.removeObserver(observer, forKeyPath: key)
      }
    }

    override func observeValue(
      forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      onChange()
    }
  }
#endif
