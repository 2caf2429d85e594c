#if canImport(Darwin)
  public import Foundation

  /// A backend that keeps preferences in `UserDefaults` on Apple platforms, as one JSON document
  /// under one key.
  ///
  /// Available on Apple platforms only: on Linux, `UserDefaults` keeps one file per executable name
  /// and posts no change notifications, so use ``FilePreferencesBackend`` there.
  ///
  /// On Apple platforms the preferences daemon holds a value as soon as it is set, so it survives a
  /// crash of the app's process. Unreadable data is moved to a key named
  /// `<key>.unreadable-<time>` in the same suite.
  public final class UserDefaultsPreferencesBackend: PreferencesBackend {
    private let suiteName: String?
    private let key: String

    /// The suite and key, as `defaults:<suite>/<key>`.
    public let location: String

    /// Creates a backend over a `UserDefaults` suite.
    ///
    /// - Parameters:
    ///   - suiteName: The suite, such as an app group; the app's standard defaults when `nil`.
    ///   - key: The key the preferences are stored under.
    public init(suiteName: String? = nil, key: String = "haru.settings") {
      self.suiteName = suiteName
      self.key = key
      location = "defaults:\(suiteName ?? "standard")/\(key)"
    }

    private var defaults: UserDefaults {
      suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard
    }

    /// Reads the stored document.
    ///
    /// - Returns: The stored preferences, or `nil` when nothing is stored.
    /// - Throws: ``SettingsError/Code/unreadableStorage`` when the stored value is not a
    ///   preferences document; it is moved to another key first.
    public func load() throws(SettingsError) -> StoredPreferences? {
      let defaults = self.defaults
      guard let data = defaults.data(forKey: key) else { return nil }
      do {
        return try JSONDecoder().decode(StoredPreferences.self, from: data)
      } catch {
        let keptKey = "\(key).unreadable-\(Int(Date().timeIntervalSince1970))"
        defaults.set(data, forKey: keptKey)
        defaults.removeObject(forKey: key)
        throw SettingsError(
          .unreadableStorage,
          message: "The stored settings were not valid JSON; they were kept under \(keptKey).")
      }
    }

    /// Stores the document.
    ///
    /// - Parameter preferences: The values and schema version to store.
    /// - Throws: ``SettingsError/Code/writeFailed`` when the preferences cannot be encoded.
    public func save(_ preferences: StoredPreferences) throws(SettingsError) {
      let data: Data
      do {
        data = try JSONEncoder().encode(preferences)
      } catch {
        throw SettingsError(
          .writeFailed,
          message: "The settings could not be encoded (\(error)); nothing was written.")
      }
      defaults.set(data, forKey: key)
    }
  }
#endif
