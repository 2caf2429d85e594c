public import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A backend that keeps preferences in one JSON file a person can read.
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
/// The file belongs to one process at a time: stores in one process share it, but two processes
/// (or two apps using the default location on a Mac) do not coordinate, and the last to save wins.
/// Give each app its own file when several may run at once.
///
/// Every save writes a temporary file in the same folder, flushes it to disk, renames it over the
/// old file and flushes the folder, so the file on disk is always either the old or the new
/// version, never a mix. A file that cannot be read is renamed to
/// `<name>.unreadable-<time>.json` beside it — kept for a person to look at, never deleted.
public final class FilePreferencesBackend: PreferencesBackend {
  /// The file the preferences are kept in.
  public let fileURL: URL

  /// The file's standardized path.
  public var location: String { fileURL.path }

  /// Writes bytes to a path atomically and durably; replaceable in tests to simulate a full disk.
  let writeAtomically: @Sendable (Data, URL) throws(SettingsError) -> Void

  /// Creates a backend over a file. Nothing is read or written until the store loads or saves.
  ///
  /// - Parameter fileURL: The JSON file; its folder is created when first saved.
  public convenience init(fileURL: URL) {
    self.init(fileURL: fileURL, writeAtomically: FileWriter.writeAtomically)
  }

  init(
    fileURL: URL, writeAtomically: @escaping @Sendable (Data, URL) throws(SettingsError) -> Void
  ) {
    // Resolve links in the folder, so that two spellings of one file share one store.
    let folder = fileURL.deletingLastPathComponent().resolvingSymlinksInPath()
    self.fileURL = folder.appendingPathComponent(fileURL.lastPathComponent).standardizedFileURL
    self.writeAtomically = writeAtomically
  }

  /// The file Haru uses when the app names none: `haru/settings.json` in the user's data folder.
  ///
  /// On Linux that is `$XDG_DATA_HOME/haru`, or `~/.local/share/haru` when the variable is unset;
  /// on Apple platforms, `haru` in the app's Application Support folder.
  ///
  /// - Parameter environment: The environment variables to consult; the process's by default.
  /// - Returns: The default settings file.
  public static func defaultFileURL(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let folder: URL
    #if canImport(Darwin)
      folder =
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
        ?? FileManager.default.homeDirectoryForCurrentUser.appending(
          path: "Library/Application Support")
    #else
      if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
        folder = URL(fileURLWithPath: dataHome, isDirectory: true)
      } else {
        let home =
          environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
          ?? FileManager.default.homeDirectoryForCurrentUser
        folder = home.appendingPathComponent(".local/share", isDirectory: true)
      }
    #endif
    return folder.appendingPathComponent("haru/settings.json", isDirectory: false)
  }

  /// Reads the file.
  ///
  /// - Returns: The stored preferences, or `nil` when the file does not exist.
  /// - Throws: ``SettingsError/Code/unreadableStorage`` when the file is not valid preferences
  ///   JSON (it is renamed aside first), and ``SettingsError/Code/unavailableStorage`` when it can
  ///   be neither read nor renamed (it is left as it is).
  public func load() throws(SettingsError) -> StoredPreferences? {
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return nil
    } catch {
      if !FileManager.default.fileExists(atPath: fileURL.path) { return nil }
      throw SettingsError(
        .unavailableStorage,
        message:
          "\(fileURL.path) exists but could not be read (\(error.localizedDescription)); "
          + "it was left as it is. Check its permissions.")
    }
    do {
      return try JSONDecoder().decode(StoredPreferences.self, from: Self.withoutByteOrderMark(data))
    } catch {
      let kept = try setAside()
      throw SettingsError(
        .unreadableStorage,
        message:
          "\(fileURL.lastPathComponent) was not valid settings JSON; it was kept as "
          + "\(kept.lastPathComponent) and the defaults are used.")
    }
  }

  /// Writes the file atomically and durably.
  ///
  /// - Parameter preferences: The values and schema version to store.
  /// - Throws: ``SettingsError/Code/writeFailed`` when the file or its folder cannot be written;
  ///   the previous file is intact.
  public func save(_ preferences: StoredPreferences) throws(SettingsError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data: Data
    do {
      data = try encoder.encode(preferences)
    } catch {
      throw SettingsError(
        .writeFailed, message: "The settings could not be encoded (\(error)); nothing was written.")
    }
    try writeAtomically(data + Data("\n".utf8), fileURL)
  }

  /// Renames the unreadable file aside and returns its new location.
  private func setAside() throws(SettingsError) -> URL {
    let stamp = Int(Date().timeIntervalSince1970)
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
    return candidate
  }

  private static func withoutByteOrderMark(_ data: Data) -> Data {
    data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
  }
}

/// Durable, atomic file replacement with POSIX calls.
enum FileWriter {
  /// Writes `data` to a temporary file beside `url`, syncs it, renames it over `url` and syncs the
  /// folder. On failure the temporary file is removed and `url` is untouched.
  @Sendable
  static func writeAtomically(_ data: Data, to url: URL) throws(SettingsError) {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw failure("the folder \(folder.path) could not be created", code: errno)
    }
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw failure("a file could not be created in \(folder.path)", code: errno)
    }
    var written = 0
    let outcome: Int32 = data.withUnsafeBytes { buffer in
      while written < buffer.count {
        let result = write(
          descriptor, buffer.baseAddress?.advanced(by: written), buffer.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          return errno
        }
        written += result
      }
      return fsync(descriptor) == 0 ? 0 : errno
    }
    close(descriptor)
    guard outcome == 0 else {
      unlink(temporary.path)
      throw failure("\(url.lastPathComponent) could not be written", code: outcome)
    }
    guard rename(temporary.path, url.path) == 0 else {
      let code = errno
      unlink(temporary.path)
      throw failure("\(url.lastPathComponent) could not be replaced", code: code)
    }
    // The rename is durable only once the folder's entry is on disk.
    let folderDescriptor = open(folder.path, O_RDONLY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  private static func failure(_ what: String, code: Int32) -> SettingsError {
    SettingsError(
      .writeFailed,
      message:
        "The settings were not saved: \(what) (\(String(cString: strerror(code)))). "
        + "The previous file is unchanged; check the folder's permissions and free space.")
  }
}
