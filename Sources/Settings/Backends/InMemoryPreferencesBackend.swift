import Foundation
import HaruShared

/// A backend that keeps preferences in memory, for tests and previews.
///
/// Each instance is its own storage. Stores opened over one instance share it the way processes
/// share a file: each keeps its own values in memory, writes merge into the newest stored data,
/// and every store hears of the others' saves through ``watch(_:)``.
///
/// ```swift
/// let store = try SettingsStore(backend: InMemoryPreferencesBackend())
/// ```
public final class InMemoryPreferencesBackend: PreferencesBackend {
  private struct State {
    var stored: StoredPreferences?
    var watchers: [UUID: @Sendable () -> Void] = [:]
  }

  private let state: LockedState<State>
  /// Held across a whole ``modify(_:)``, so that changes never interleave.
  private let writer = PlatformLock()

  /// A description of the storage that no other instance shares: `memory:` and a unique id.
  public let location: String

  /// Creates an empty in-memory backend, or one holding `preferences`.
  ///
  /// - Parameter preferences: What the backend holds at first; nothing by default.
  public init(preferences: StoredPreferences? = nil) {
    location = "memory:\(UUID().uuidString)"
    state = LockedState(State(stored: preferences))
  }

  /// Returns what was last stored, or the initial preferences.
  ///
  /// - Returns: The stored preferences, or `nil` when nothing is stored.
  public func load() -> StoredPreferences? {
    state.withLock { $0.stored }
  }

  /// Replaces what is stored with what `change` makes of it, and tells every watch.
  ///
  /// - Parameter change: Makes the new preferences from the stored ones.
  /// - Returns: No problems: memory is always readable.
  /// - Throws: What `change` throws; nothing is stored then.
  @discardableResult
  public func modify(
    _ change: (StoredPreferences?) throws(SettingsError) -> StoredPreferences?
  ) throws(SettingsError) -> [SettingsError] {
    writer.lock()
    defer { writer.unlock() }
    guard let replacement = try change(load()) else { return [] }
    let watchers = state.withLock { state in
      state.stored = replacement
      return Array(state.watchers.values)
    }
    for watcher in watchers {
      watcher()
    }
    return []
  }

  /// Calls `onChange` after every change stored through this instance.
  ///
  /// - Parameter onChange: Called on the thread that stored the change.
  /// - Returns: The running watch.
  public func watch(_ onChange: @escaping @Sendable () -> Void) -> PreferencesWatch? {
    let id = UUID()
    state.withLock { $0.watchers[id] = onChange }
    return PreferencesWatch { [state] in
      _ = state.withLock { $0.watchers.removeValue(forKey: id) }
    }
  }
}
