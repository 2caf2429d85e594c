// Apple platforms only, and not compiled where Haru is built and tested (Linux): this file is
// untested. Keep it small.
#if canImport(Darwin)
  public import Foundation
  import HaruShared

  /// A backend that keeps preferences in `UserDefaults` on Apple platforms, as one JSON document
  /// under one key.
  ///
  /// Available on Apple platforms only: on Linux, `UserDefaults` keeps one file per executable name
  /// and posts no change notifications, so use ``FilePreferencesBackend`` there.
  ///
  /// To share settings with a widget or an extension, pass the App Group's identifier as the
  /// suite. Changes then hold the lock file `haru-settings.lock` in the group's container, so
  /// writers in different processes never lose each other's keys, and ``watch(_:)`` reports other
  /// processes' writes through key-value observing, which `UserDefaults` delivers across an App
  /// Group (its `didChangeNotification` does not). Without a suite, or with a suite that is not an
  /// App Group, changes are serialised within this backend object only.
  ///
  /// On Apple platforms the preferences daemon holds a value as soon as it is set, so it survives a
  /// crash of the app's process. Unreadable data is moved to a key named
  /// `<key>.unreadable-<time>` in the same suite.
  public final class UserDefaultsPreferencesBackend: PreferencesBackend {
    private let suiteName: String?
    private let key: String
    private let lockFile: URL?
    private let localLock = PlatformLock()

    /// The suite and key, as `defaults:<suite>/<key>`.
    public let location: String

    /// The key earlier releases stored the preferences under by default; read when the default key
    /// holds nothing, and moved on the first change. Key-value observing cannot watch a key with a
    /// dot in it.
    private var legacyKey: String? { key == "haruSettings" ? "haru.settings" : nil }

    /// Creates a backend over a `UserDefaults` suite.
    ///
    /// - Parameters:
    ///   - suiteName: The suite, such as an App Group's identifier; the app's standard defaults
    ///     when `nil`.
    ///   - key: The key the preferences are stored under. Key-value observing, which reports
    ///     other processes' writes, cannot watch a key with a dot in it.
    public init(suiteName: String? = nil, key: String = "haruSettings") {
      self.suiteName = suiteName
      self.key = key
      location = "defaults:\(suiteName ?? "standard")/\(key)"
      defaults = suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard
      lockFile = suiteName.flatMap {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: $0)
      }?.appendingPathComponent("haru-settings.lock")
    }

    /// One instance for every read, write and observation, so that key-value observing sees the
    /// writes.
    private let defaults: UserDefaults

    /// Reads the stored document.
    ///
    /// - Returns: The stored preferences, or `nil` when nothing is stored.
    /// - Throws: ``SettingsError/Code/unreadableStorage`` when the stored value is not a
    ///   preferences document; it is moved to another key first.
    public func load() throws(SettingsError) -> StoredPreferences? {
      let defaults = self.defaults
      guard let data = defaults.data(forKey: key) ?? legacyKey.flatMap(defaults.data(forKey:))
      else {
        return nil
      }
      do {
        return try JSONDecoder().decode(StoredPreferences.self, from: data)
      } catch {
        throw setAside(data, in: defaults)
      }
    }

    /// Changes the stored document under the App Group's lock.
    ///
    /// - Parameter change: Makes the new preferences from the stored ones.
    /// - Returns: The unreadable document set aside on the way, if there was one.
    /// - Throws: What `change` throws; ``SettingsError/Code/busy`` or
    ///   ``SettingsError/Code/readOnly`` from the lock; ``SettingsError/Code/writeFailed`` when
    ///   the preferences cannot be encoded.
    @discardableResult
    public func modify(
      _ change: (StoredPreferences?) throws(SettingsError) -> StoredPreferences?
    ) throws(SettingsError) -> [SettingsError] {
      localLock.lock()
      defer { localLock.unlock() }
      guard let lockFile else { return try modifyHoldingLock(change) }
      return try LockFile.holding(lockFile, timeout: .seconds(1)) {
        () throws(SettingsError) -> [SettingsError] in
        try modifyHoldingLock(change)
      }
    }

    private func modifyHoldingLock(
      _ change: (StoredPreferences?) throws(SettingsError) -> StoredPreferences?
    ) throws(SettingsError) -> [SettingsError] {
      let defaults = self.defaults
      var problems: [SettingsError] = []
      var newest: StoredPreferences?
      if let data = defaults.data(forKey: key) ?? legacyKey.flatMap(defaults.data(forKey:)) {
        do {
          newest = try JSONDecoder().decode(StoredPreferences.self, from: data)
        } catch {
          problems.append(setAside(data, in: defaults))
        }
      }
      guard let replacement = try change(newest) else { return problems }
      let data: Data
      do {
        data = try JSONEncoder().encode(replacement)
      } catch {
        throw SettingsError(
          .writeFailed,
          message: "The settings could not be encoded (\(error)); nothing was written.")
      }
      defaults.set(data, forKey: key)
      if let legacyKey {
        defaults.removeObject(forKey: legacyKey)
      }
      return problems
    }

    /// Observes the key with key-value observing, which reports other processes' writes to an
    /// App Group's suite.
    ///
    /// - Parameter onChange: Called after the stored document changed.
    /// - Returns: The running watch.
    public func watch(_ onChange: @escaping @Sendable () -> Void) -> PreferencesWatch? {
      let defaults = self.defaults
      let observer = DefaultsObserver(onChange)
      defaults.addObserver(observer, forKeyPath: key, options: [.new], context: nil)
      let key = self.key
      return PreferencesWatch { [observer] in
        defaults.removeObserver(observer, forKeyPath: key)
      }
    }

    private func setAside(_ data: Data, in defaults: UserDefaults) -> SettingsError {
      let keptKey = "\(key).unreadable-\(Int(Date().timeIntervalSince1970))"
      defaults.set(data, forKey: keptKey)
      defaults.removeObject(forKey: key)
      if let legacyKey {
        defaults.removeObject(forKey: legacyKey)
      }
      return SettingsError(
        .unreadableStorage,
        message: "The stored settings were not valid JSON; they were kept under \(keptKey).")
    }
  }

  /// Forwards key-value observing callbacks to a closure.
  private final class DefaultsObserver: NSObject, @unchecked Sendable {
    private let onChange: @Sendable () -> Void

    init(_ onChange: @escaping @Sendable () -> Void) {
      self.onChange = onChange
    }

    override func observeValue(
      forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      onChange()
    }
  }
#endif
