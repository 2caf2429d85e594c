import Foundation
import HaruShared

/// A backend that keeps preferences in `UserDefaults`, as one JSON document under one key.
///
/// It comes in two forms:
///
/// - ``init(suiteName:key:)`` — the app's standard defaults, or a named suite, for **one process**.
///   Changes are serialised between every backend over the same suite and key in this process,
///   and nothing serialises them with another process: an app and its widget writing at once can
///   lose each other's keys.
/// - ``init(appGroup:key:)`` — the App Group's shared defaults. Every change then also holds the
///   advisory lock file `haru-settings.lock` in the group's container, so the processes of the
///   group (an app, its widget, its extensions) never lose each other's keys.
///
/// For an app and its widget, ``FilePreferencesBackend`` over a file in the App Group's container
/// is the backend to choose: it is the one whose behaviour across processes is tested with real
/// processes, it sees other processes' writes within milliseconds, and a person can read its file.
///
/// On Apple platforms ``watch(_:)`` reports writes through key-value observing, which
/// `UserDefaults` delivers across an App Group (its `didChangeNotification` does not), and the
/// preferences daemon holds a value as soon as it is set, so it survives a crash of the app. On
/// Linux, `UserDefaults` keeps one file per suite in the user's folder, saves it on its own
/// schedule and tells no other process; the backend works there for tests, and does not watch.
///
/// Unreadable data is moved to a key named `<key>.unreadable-<time>` in the same suite.
public final class UserDefaultsPreferencesBackend: PreferencesBackend {
  /// The suite and key, as `defaults:<suite>/<key>`; `standard` for the app's standard defaults.
  public let location: String

  /// The App Group whose container holds the lock file, or `nil` for a one-process backend.
  public let appGroupIdentifier: String?

  private let key: String
  private let defaults: ThreadSafeDefaults
  /// Held by every change, so that two processes of the App Group never interleave theirs.
  private let lockFile: URL?
  /// Shared by every backend of this process over the same suite and key.
  private let processLock: PlatformLock

  /// How long a change waits for another process of the App Group to release the lock.
  static let lockTimeout = Duration.seconds(1)

  /// The key earlier releases stored the preferences under by default; read when the default key
  /// holds nothing, and moved on the first change. Key-value observing cannot watch a key with a
  /// dot in it.
  private var legacyKey: String? { key == "haruSettings" ? "haru.settings" : nil }

  /// Creates a backend over the app's standard defaults or a named suite, for one process.
  ///
  /// Nothing serialises changes made by another process, and no lock file is created anywhere;
  /// to share settings with a widget or an extension use ``init(appGroup:key:)``, or better
  /// ``FilePreferencesBackend`` over a file in the App Group's container.
  ///
  /// - Parameters:
  ///   - suiteName: The suite; the app's standard defaults when `nil`.
  ///   - key: The key the preferences are stored under. Key-value observing, which reports
  ///     writes on Apple platforms, cannot watch a key with a dot in it.
  /// - Throws: ``SettingsError/Code/unavailableStorage`` when `UserDefaults` refuses the suite
  ///   name (the app's own bundle identifier, or `NSGlobalDomain`).
  public convenience init(suiteName: String? = nil, key: String = "haruSettings")
    throws(SettingsError)
  {
    try self.init(suiteName: suiteName, key: key, appGroup: nil, lockFile: nil)
  }

  /// Creates a backend over an App Group's shared defaults, which locks a file in the group's
  /// container while it changes them.
  ///
  /// Add the group to the App Groups capability of the app and of every extension that shares the
  /// settings, and open the backend with the same identifier in each.
  ///
  /// - Parameters:
  ///   - identifier: The App Group, such as `group.com.example.haru`; it is also the defaults'
  ///     suite.
  ///   - key: The key the preferences are stored under.
  /// - Throws: ``SettingsError/Code/appGroupUnavailable`` when the identifier is empty or the
  ///   system has no container for it (the app does not belong to the group; always on platforms
  ///   without App Groups, such as Linux); ``SettingsError/Code/unavailableStorage`` when
  ///   `UserDefaults` refuses it as a suite.
  public convenience init(appGroup identifier: String, key: String = "haruSettings")
    throws(SettingsError)
  {
    try self.init(
      appGroup: identifier,
      container: identifier.isEmpty ? nil : AppGroupContainer.url(for: identifier), key: key)
  }

  /// Creates an App Group backend over a given container folder, which must exist: the backend
  /// creates its lock file there, never the folder.
  convenience init(appGroup identifier: String, container: URL?, key: String)
    throws(SettingsError)
  {
    var isFolder: ObjCBool = false
    guard !identifier.isEmpty, let container,
      FileManager.default.fileExists(atPath: container.path, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw SettingsError(
        .appGroupUnavailable,
        message:
          "The App Group \"\(identifier)\" has no container this app can use. Add it to the App "
          + "Groups capability of every target that shares the settings.")
    }
    try self.init(
      suiteName: identifier, key: key, appGroup: identifier,
      lockFile: container.appendingPathComponent("haru-settings.lock"))
  }

  private init(
    suiteName: String?, key: String, appGroup: String?, lockFile: URL?
  ) throws(SettingsError) {
    let defaults: UserDefaults
    if let suiteName {
      guard let suite = UserDefaults(suiteName: suiteName) else {
        throw SettingsError(
          .unavailableStorage,
          message:
            "UserDefaults refused the suite name \"\(suiteName)\"; choose another (not the app's "
            + "bundle identifier).")
      }
      defaults = suite
    } else {
      defaults = .standard
    }
    self.key = key
    self.defaults = ThreadSafeDefaults(defaults)
    self.lockFile = lockFile
    appGroupIdentifier = appGroup
    location = "defaults:\(suiteName ?? "standard")/\(key)"
    processLock = DefaultsLocks.lock(for: location)
  }

  /// Reads the stored document.
  ///
  /// - Returns: The stored preferences, or `nil` when nothing is stored.
  /// - Throws: ``SettingsError/Code/unreadableStorage`` when the stored value is not a
  ///   preferences document; it is moved to another key first.
  public func load() throws(SettingsError) -> StoredPreferences? {
    let defaults = self.defaults.value
    guard let data = storedData(in: defaults) else { return nil }
    do {
      return try decode(data)
    } catch {
      // Look again holding the locks: another writer may have replaced the data meanwhile, and
      // its new data must not be the one set aside.
      do {
        return try holdingLocks { () throws(SettingsError) -> StoredPreferences? in
          guard let current = storedData(in: defaults) else { return nil }
          do {
            return try decode(current)
          } catch {
            throw setAside(current, in: defaults)
          }
        }
      } catch  where error.code == .unreadableStorage {
        throw error
      } catch {
        throw SettingsError(
          .unavailableStorage,
          message:
            "The stored settings at \(location) are not valid JSON and could not be set aside "
            + "(\(error.message)); they were left as they are.")
      }
    }
  }

  /// Changes the stored document, holding this process's lock for the location and, for an App
  /// Group, the lock file in its container.
  ///
  /// - Parameter change: Makes the new preferences from the stored ones.
  /// - Returns: The unreadable document set aside on the way, if there was one.
  /// - Throws: What `change` throws; ``SettingsError/Code/busy``,
  ///   ``SettingsError/Code/readOnly`` or ``SettingsError/Code/writeFailed`` from the lock file;
  ///   ``SettingsError/Code/writeFailed`` when the preferences cannot be encoded.
  @discardableResult
  public func modify(
    _ change: (StoredPreferences?) throws(SettingsError) -> StoredPreferences?
  ) throws(SettingsError) -> [SettingsError] {
    try holdingLocks { () throws(SettingsError) -> [SettingsError] in
      try modifyHoldingLock(change)
    }
  }

  /// Watches the key for writes.
  ///
  /// - Parameter onChange: Called after the stored document changed.
  /// - Returns: On Apple platforms, a watch through key-value observing, which reports other
  ///   processes' writes to an App Group's suite; `nil` elsewhere, where `UserDefaults` reports
  ///   nothing.
  public func watch(_ onChange: @escaping @Sendable () -> Void) -> PreferencesWatch? {
    #if canImport(Darwin)
      DefaultsKeyObserver.watch(key, of: defaults, onChange)
    #else
      nil
    #endif
  }

  /// Runs `body` holding this process's lock for the location and, for an App Group, the lock
  /// file in its container.
  private func holdingLocks<Result>(
    _ body: () throws(SettingsError) -> Result
  ) throws(SettingsError) -> Result {
    processLock.lock()
    defer { processLock.unlock() }
    guard let lockFile else { return try body() }
    // The container exists; only the lock file is created in it, never a folder.
    return try LockFile.holding(lockFile, timeout: Self.lockTimeout, creatingFolder: false, body)
  }

  private func storedData(in defaults: UserDefaults) -> Data? {
    defaults.data(forKey: key) ?? legacyKey.flatMap(defaults.data(forKey:))
  }

  private func modifyHoldingLock(
    _ change: (StoredPreferences?) throws(SettingsError) -> StoredPreferences?
  ) throws(SettingsError) -> [SettingsError] {
    let defaults = self.defaults.value
    var problems: [SettingsError] = []
    var newest: StoredPreferences?
    if let data = storedData(in: defaults) {
      do {
        newest = try decode(data)
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

  private func decode(_ data: Data) throws(SettingsError) -> StoredPreferences {
    do {
      return try JSONDecoder().decode(StoredPreferences.self, from: data)
    } catch {
      throw SettingsError(.unreadableStorage, message: "The stored settings are not valid JSON.")
    }
  }

  private func setAside(_ data: Data, in defaults: UserDefaults) -> SettingsError {
    let keptKey = "\(key).unreadable-\(Int64(Date().timeIntervalSince1970))"
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

/// A `UserDefaults` instance, to be used from any thread.
///
/// Apple documents `UserDefaults` as thread-safe ("The UserDefaults class is thread-safe"), and
/// on Linux swift-corelibs-foundation answers `data(forKey:)`, `set(_:forKey:)` and
/// `removeObject(forKey:)` — the only calls made through this type — with CFPreferences
/// functions, which Core Foundation documents as thread-safe. That, not whether an SDK happens to
/// mark the class `Sendable` (SDKs have differed), is why this wrapper may cross threads.
struct ThreadSafeDefaults: @unchecked Sendable {
  let value: UserDefaults

  init(_ value: UserDefaults) {
    self.value = value
  }
}
