public import Foundation
import HaruShared

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A backend that keeps preferences in one JSON file a person can read, shared safely by every
/// process that uses it.
///
/// The file holds the schema version and the values, sorted by key and indented:
///
/// ```json
/// {
///   "schemaVersion" : 1,
///   "values" : {
///     "petType" : "cat",
///     "temperatureUnit" : "fahrenheit"
///   }
/// }
/// ```
///
/// An app, its widget, its extensions and command-line tools may open the same file at once. Every
/// change is a read-modify-write under an advisory lock (`flock(2)`) on a lock file beside it,
/// `<name>.lock`, which is never replaced or deleted: the change reads the newest file, so no
/// writer's keys are lost to another's. A writer waits up to ``lockTimeout`` for the lock and
/// then fails with ``SettingsError/Code/busy``; the lock vanishes with the process that held it,
/// so a killed writer cannot leave it stuck.
///
/// Every save writes a temporary file `.<name>.<UUID>.tmp` in the same folder, flushes it to disk,
/// renames it over the old file and flushes the folder, so the file on disk is always either the
/// old or the new version, never a mix. A temporary file left by a process killed mid-save is
/// removed by the next process that takes the lock. A file that cannot be read is renamed to
/// `<name>.unreadable-<time>.json` beside it — kept for a person to look at, never deleted.
///
/// ``watch(_:)`` learns of other processes' saves from the kernel (`inotify` on the folder on
/// Linux; dispatch sources on the file and on its folder on Apple platforms) within milliseconds,
/// with no polling; where
/// neither can watch the folder (it does not exist yet when the store opens, say), it compares the
/// file's identity twice a second.
public final class FilePreferencesBackend: PreferencesBackend {
  /// The file the preferences are kept in.
  public let fileURL: URL

  /// The lock file beside ``fileURL`` that every writer holds while it changes the file.
  public var lockFileURL: URL { fileURL.appendingPathExtension("lock") }

  /// How long a change waits for another process to release the lock before it fails with
  /// ``SettingsError/Code/busy``.
  public let lockTimeout: Duration

  /// The file's standardized path.
  public var location: String { fileURL.path }

  /// Writes bytes to a path atomically and durably; replaceable in tests to simulate a full disk.
  let writeAtomically: @Sendable (Data, URL) throws(SettingsError) -> Void
  /// Whether temporary files of killed saves were looked for yet.
  private let sweptTemporaryFiles = LockedState(false)

  /// Creates a backend over a file. Nothing is read or written until the store loads or saves.
  ///
  /// - Parameters:
  ///   - fileURL: The JSON file; its folder is created when first saved.
  ///   - lockTimeout: How long a change waits for another writer; one second by default.
  public convenience init(fileURL: URL, lockTimeout: Duration = .seconds(1)) {
    self.init(
      fileURL: fileURL, lockTimeout: lockTimeout, writeAtomically: FileWriter.writeAtomically)
  }

  init(
    fileURL: URL, lockTimeout: Duration = .seconds(1),
    writeAtomically: @escaping @Sendable (Data, URL) throws(SettingsError) -> Void
  ) {
    // Resolve links in the folder, so that two spellings of one file are one location.
    let folder = fileURL.deletingLastPathComponent().resolvingSymlinksInPath()
    self.fileURL = folder.appendingPathComponent(fileURL.lastPathComponent).standardizedFileURL
    self.lockTimeout = lockTimeout
    self.writeAtomically = writeAtomically
  }

  /// The file Haru uses when the app names none: `haru/settings.json` in the user's data folder.
  ///
  /// On Linux that is `$XDG_DATA_HOME/haru`, or `~/.local/share/haru` when the variable is unset;
  /// on Apple platforms, `haru` in the app's Application Support folder. To share settings with a
  /// widget or an extension, pass a file in the App Group's container instead.
  ///
  /// - Parameter environment: The environment variables to consult; the process's by default.
  /// - Returns: The default settings file.
  public static func defaultFileURL(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let folder: URL
    #if canImport(Darwin)
      // The app's own Application Support folder, inside its sandbox on iOS, tvOS and watchOS.
      folder = URL.applicationSupportDirectory
    #else
      if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
        folder = URL(fileURLWithPath: dataHome, isDirectory: true)
      } else {
        // Without HOME, the home folder the system's user database gives.
        let home =
          environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
          ?? URL.homeDirectory
        folder = home.appendingPathComponent(".local/share", isDirectory: true)
      }
    #endif
    return folder.appendingPathComponent("haru/settings.json", isDirectory: false)
  }

  /// Reads the file. No lock is waited for unless the file must be set aside: a save replaces the
  /// file in one rename, so a read sees either the old or the new version. (The first load also
  /// removes temporary files that killed saves left, when the lock is free at that moment.)
  ///
  /// - Returns: The stored preferences, or `nil` when the file does not exist.
  /// - Throws: ``SettingsError/Code/unreadableStorage`` when the file is not valid preferences
  ///   JSON (it is renamed aside first, under the lock), and
  ///   ``SettingsError/Code/unavailableStorage`` when it can be neither read nor renamed (it is
  ///   left as it is).
  public func load() throws(SettingsError) -> StoredPreferences? {
    sweepTemporaryFilesOnce(waiting: false)
    switch try read() {
    case .missing: return nil
    case .preferences(let preferences): return preferences
    case .unreadable:
      // Look again under the lock: another process may have replaced the file meanwhile, and
      // its new file must not be the one set aside.
      do {
        return try LockFile.holding(lockFileURL, timeout: lockTimeout) {
          () throws(SettingsError) -> StoredPreferences? in
          switch try read() {
          case .missing: return nil
          case .preferences(let preferences): return preferences
          case .unreadable(let data):
            // The copy is kept whole; what can still be read of it becomes the file again.
            let problem = try setAside(recovering: data)
            if let recovered = problem.recovered { try write(recovered) }
            throw problem
          }
        }
      } catch  where error.code == .unreadableStorage || error.code == .unavailableStorage {
        throw error
      } catch {
        throw SettingsError(
          .unavailableStorage,
          message:
            "\(fileURL.path) is not valid settings JSON and could not be set aside "
            + "(\(error.message)); it was left as it is.")
      }
    }
  }

  /// Changes the file under its lock: reads the newest version, lets `change` decide, and
  /// replaces the file atomically and durably.
  ///
  /// - Parameter change: Makes the new preferences from the newest stored ones.
  /// - Returns: The unreadable file set aside on the way, if there was one.
  /// - Throws: ``SettingsError/Code/busy`` when another process holds the lock longer than
  ///   ``lockTimeout``; ``SettingsError/Code/readOnly`` when the folder or the lock file cannot be
  ///   written; ``SettingsError/Code/diskFull`` and ``SettingsError/Code/writeFailed`` when the
  ///   file cannot be written; what `change` throws. The previous file is intact in every case.
  @discardableResult
  public func modify(
    _ change: (StoredPreferences?) throws(SettingsError) -> StoredPreferences?
  ) throws(SettingsError) -> [SettingsError] {
    try LockFile.holding(lockFileURL, timeout: lockTimeout) { () throws(SettingsError) in
      sweepTemporaryFilesOnce(waiting: true)
      var problems: [SettingsError] = []
      let newest: StoredPreferences?
      switch try read() {
      case .missing: newest = nil
      case .preferences(let preferences): newest = preferences
      case .unreadable(let data):
        let problem = try setAside(recovering: data)
        problems.append(problem)
        newest = problem.recovered
      }
      guard let replacement = try change(newest) else {
        // Nothing to change: what was read back of a file set aside becomes the file again.
        if problems.isEmpty == false, let newest { try write(newest) }
        return problems
      }
      try write(replacement)
      return problems
    }
  }

  /// Replaces the file with preferences, atomically and durably; the caller holds the lock.
  private func write(_ preferences: StoredPreferences) throws(SettingsError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data: Data
    do {
      data = try encoder.encode(preferences)
    } catch {
      throw SettingsError(
        .writeFailed,
        message: "The settings could not be encoded (\(error)); nothing was written.")
    }
    try writeAtomically(data + Data("\n".utf8), fileURL)
  }

  /// Watches for saves: the file's folder on Linux; the file itself (written in place, removed,
  /// renamed) and its folder (a file renamed over it, the folder replaced) on Apple platforms.
  ///
  /// Every save wakes the watch, this backend's own included: two stores may share one backend
  /// object, and each must hear of the other's saves. A store that reloads its own save finds
  /// nothing changed.
  ///
  /// - Parameter onChange: Called on a background queue after the file was replaced, written,
  ///   moved or removed.
  /// - Returns: The running watch.
  public func watch(_ onChange: @escaping @Sendable () -> Void) -> PreferencesWatch? {
    // A folder that does not exist yet is not created just to be watched (opening a store has no
    // side effect on disk); the file's identity is compared instead until a process restarts.
    SettingsFileWatch.start(file: fileURL, onChange: onChange)
      ?? SettingsFileWatch.poll(file: fileURL, onChange: onChange)
  }

  // MARK: Reading

  private enum ReadOutcome {
    case missing
    case preferences(StoredPreferences)
    /// Not valid preferences; the bytes read.
    case unreadable(Data)
  }

  private func read() throws(SettingsError) -> ReadOutcome {
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return .missing
    } catch {
      if !FileManager.default.fileExists(atPath: fileURL.path) { return .missing }
      throw SettingsError(
        .unavailableStorage,
        message:
          "\(fileURL.path) exists but could not be read (\(error.localizedDescription)); "
          + "it was left as it is. Check its permissions.")
    }
    do {
      return .preferences(
        try JSONDecoder().decode(StoredPreferences.self, from: Self.withoutByteOrderMark(data)))
    } catch {
      return .unreadable(data)
    }
  }

  /// Renames the unreadable file aside; returns the error that says where it went, with what of
  /// its values could still be read.
  private func setAside(recovering data: Data) throws(SettingsError) -> SettingsError {
    let stamp = Int64(Date().timeIntervalSince1970)
    let base = fileURL.deletingPathExtension().lastPathComponent
    let folder = fileURL.deletingLastPathComponent()
    var candidate = folder.appendingPathComponent("\(base).unreadable-\(stamp).json")
    var attempt = 1
    while FileManager.default.fileExists(atPath: candidate.path) {
      attempt += 1
      candidate = folder.appendingPathComponent("\(base).unreadable-\(stamp)-\(attempt).json")
    }
    guard rename(fileURL.path, candidate.path) == 0 else {
      throw SettingsError(
        .unavailableStorage,
        message:
          "\(fileURL.path) is not valid settings JSON and could not be set aside "
          + "(\(String(cString: strerror(errno)))); it was left as it is.")
    }
    let recovered = SettingsSalvage.recover(data)
    let kept =
      recovered.map {
        "the values read whole (\($0.values.keys.sorted().joined(separator: ", ")))"
          + " are kept and the others read as their defaults"
      } ?? "the defaults are used"
    return SettingsError(
      .unreadableStorage,
      message:
        "\(fileURL.lastPathComponent) was not valid settings JSON; it was kept as "
        + "\(candidate.lastPathComponent), and \(kept).",
      keptCopyPath: candidate.path, recovered: recovered)
  }

  /// Removes the temporary files of saves that never finished. Only a holder of the lock may:
  /// any other process writing a temporary file holds it too.
  private func sweepTemporaryFilesOnce(waiting: Bool) {
    guard !sweptTemporaryFiles.withLock({ $0 }) else { return }
    if waiting {
      // The caller holds the lock already.
      FileWriter.removeTemporaryFiles(of: fileURL)
    } else {
      // Only when the lock is free now; otherwise the next change sweeps, holding it.
      do {
        try LockFile.holding(lockFileURL, timeout: .zero, creating: false) {
          FileWriter.removeTemporaryFiles(of: fileURL)
        }
      } catch {
        return
      }
    }
    sweptTemporaryFiles.withLock { $0 = true }
  }

  private static func withoutByteOrderMark(_ data: Data) -> Data {
    data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
  }
}

/// A file's device and inode, which change with every atomic replacement.
struct FileIdentity: Equatable, Sendable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let modified: Int64

  /// The identity of the file at `path`, or `nil` when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    #if canImport(Darwin)
      modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
    #else
      modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #endif
  }
}
