import Foundation
import HaruShared

/// A backend that keeps preferences in memory, for tests and previews.
///
/// Each instance is its own storage unless two are created with the same `name`, in which case
/// stores opened over them share their values, as two stores over one file would.
///
/// ```swift
/// let store = try SettingsStore(backend: InMemoryPreferencesBackend())
/// ```
public final class InMemoryPreferencesBackend: PreferencesBackend {
  private let stored: LockedState<StoredPreferences?>

  /// A stable description of the storage: `memory:` and the backend's name.
  public let location: String

  /// Creates an empty in-memory backend, or one holding `preferences`.
  ///
  /// - Parameters:
  ///   - name: A name for the storage; a unique one when `nil`.
  ///   - preferences: What the backend holds at first; nothing by default.
  public init(name: String? = nil, preferences: StoredPreferences? = nil) {
    location = "memory:\(name ?? UUID().uuidString)"
    stored = LockedState(preferences)
  }

  /// Returns what was last saved, or the initial preferences.
  ///
  /// - Returns: The stored preferences, or `nil` when nothing is stored.
  public func load() -> StoredPreferences? {
    stored.withLock { $0 }
  }

  /// Replaces what is stored.
  ///
  /// - Parameter preferences: The values and schema version to store.
  public func save(_ preferences: StoredPreferences) {
    stored.withLock { $0 = preferences }
  }
}
