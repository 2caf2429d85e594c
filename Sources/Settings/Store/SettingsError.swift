/// An error from the preferences store or a backend: what went wrong, for which key, and what to do.
///
/// Match on ``code``, never on the message:
///
/// ```swift
/// do {
///   try store.update(.savedTowns) { try $0.add(jeju) }
/// } catch SettingsError.Code.tooManyTowns {
///   showMessage("Remove a town first: up to three can be saved.")
/// }
/// ```
public struct SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of problem, stable across releases.
  public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The code's stable identifier, such as `"too-many-towns"`.
    public let rawValue: String

    /// Creates a code from its stable identifier.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The stable identifier.
    public var description: String { rawValue }

    /// The stored data could not be read (not JSON, truncated, empty). The backend set it aside
    /// without deleting it, and the store opened with defaults.
    public static let unreadableStorage = Code(rawValue: "unreadable-storage")
    /// The stored data exists but can be neither read nor set aside (a permission problem, an I/O
    /// error), or the storage cannot be opened at all (a `UserDefaults` suite name the system
    /// refuses). Nothing was changed, and the store does not open, so that nothing overwrites it.
    public static let unavailableStorage = Code(rawValue: "unavailable-storage")
    /// The stored data was written by a newer version of the app, with a schema this store does not
    /// know. The data is left untouched.
    public static let newerSchema = Code(rawValue: "newer-schema")
    /// Writing to the backend failed for another reason (a folder that cannot be created, an I/O
    /// error). The previous stored data is intact and the value stays in memory; the next save
    /// tries again.
    public static let writeFailed = Code(rawValue: "write-failed")
    /// Another writer (a process, or another store in this one) held the stored data longer than
    /// the backend waits. Nothing was written; the value stays in memory and the save is tried
    /// again.
    public static let busy = Code(rawValue: "busy")
    /// The stored data cannot be written: a read-only folder or medium, or one without write
    /// permission. Reads work; changes stay in memory only.
    public static let readOnly = Code(rawValue: "read-only")
    /// The disk is full. The previous stored data is intact; the value stays in memory and the
    /// save is tried again.
    public static let diskFull = Code(rawValue: "disk-full")
    /// The store is suspended (``SettingsStore/suspend()``): its changes are in memory and are
    /// saved at ``SettingsStore/resume()``.
    public static let suspended = Code(rawValue: "suspended")
    /// The App Group the backend was given is not one this app belongs to: no container could be
    /// found for it, or the identifier is empty. Add the group to the App Groups capability of
    /// every target that shares the settings.
    public static let appGroupUnavailable = Code(rawValue: "app-group-unavailable")
    /// A registered migration step failed. The stored data is left untouched.
    public static let migrationFailed = Code(rawValue: "migration-failed")
    /// A stored value no longer decodes as its key's type; the key reads as its default.
    public static let undecodableValue = Code(rawValue: "undecodable-value")
    /// One key name was used with two different value types.
    public static let keyTypeMismatch = Code(rawValue: "key-type-mismatch")
    /// A fourth town was added; at most three can be saved.
    public static let tooManyTowns = Code(rawValue: "too-many-towns")
    /// The only saved town was removed. No longer thrown: removing the last town leaves the
    /// default town current (``SavedTowns/defaultTown``); kept so that code matching it compiles.
    public static let lastTown = Code(rawValue: "last-town")
    /// A position among the saved towns that does not exist.
    public static let noSuchTown = Code(rawValue: "no-such-town")
    /// A town that is already saved was added again.
    public static let duplicateTown = Code(rawValue: "duplicate-town")

    /// Matches an error against a code, so that `catch SettingsError.Code.tooManyTowns` works.
    ///
    /// - Parameters:
    ///   - code: The code to look for.
    ///   - error: Any error.
    /// - Returns: Whether `error` is a ``SettingsError`` with that code.
    public static func ~= (code: Code, error: any Error) -> Bool {
      (error as? SettingsError)?.code == code
    }
  }

  /// What kind of problem this is.
  public let code: Code
  /// The key concerned, when there is one.
  public let key: String?
  /// A sentence a person can act on.
  public let message: String
  /// Where the unreadable stored data was kept, for ``Code/unreadableStorage``: the path of the
  /// file ``FilePreferencesBackend`` renamed it to, so that an app or a tool can say where to find
  /// the values that were lost. `nil` for other problems, and for backends that keep no copy.
  public let keptCopyPath: String?
  /// For ``Code/unreadableStorage``: the keys whose values were read whole from the unreadable
  /// data and kept (a file cut short keeps those before the cut), sorted; empty when none was.
  /// Every other key reads as its default.
  public var recoveredKeys: [String] { recovered.map { $0.values.keys.sorted() } ?? [] }
  /// What was recovered of unreadable stored data, which the store opens with.
  package let recovered: StoredPreferences?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What kind of problem this is.
  ///   - key: The key concerned, if any.
  ///   - message: A sentence a person can act on.
  ///   - keptCopyPath: Where unreadable stored data was kept, if it was.
  public init(_ code: Code, key: String? = nil, message: String, keptCopyPath: String? = nil) {
    self.init(code, key: key, message: message, keptCopyPath: keptCopyPath, recovered: nil)
  }

  package init(
    _ code: Code, key: String? = nil, message: String, keptCopyPath: String?,
    recovered: StoredPreferences?
  ) {
    self.code = code
    self.key = key
    self.message = message
    self.keptCopyPath = keptCopyPath
    self.recovered = recovered
  }

  /// The message, prefixed with the key concerned.
  public var description: String {
    if let key {
      return "\(key): \(message)"
    }
    return message
  }
}
