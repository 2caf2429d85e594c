import Foundation
import HaruShared

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Durable, atomic file replacement with POSIX calls, and the typed errors of file operations.
enum FileWriter {
  /// Writes `data` to a temporary file beside `url`, syncs it to the storage medium
  /// (`F_FULLFSYNC` on Apple platforms), renames it over `url` and syncs the folder. On failure
  /// the temporary file is removed and `url` is untouched.
  @Sendable
  static func writeAtomically(_ data: Data, to url: URL) throws(SettingsError) {
    let folder = url.deletingLastPathComponent()
    let status = makeFolder(folder.path)
    guard status == 0 else {
      throw failure(
        "the folder \(folder.path) could not be created", code: status, folder: folder.path)
    }
    let temporary = folder.appendingPathComponent(
      "\(temporaryPrefix(of: url))\(UUID().uuidString)\(temporarySuffix)")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw failure(
        "a file could not be created in \(folder.path)", code: errno, folder: folder.path)
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
      do throws(FileDurability.Failure) {
        try FileDurability.syncToStorage(descriptor)
        return 0
      } catch {
        return error.code
      }
    }
    close(descriptor)
    guard outcome == 0 else {
      unlink(temporary.path)
      throw failure(
        "\(url.lastPathComponent) could not be written", code: outcome, folder: folder.path)
    }
    guard rename(temporary.path, url.path) == 0 else {
      let code = errno
      unlink(temporary.path)
      throw failure(
        "\(url.lastPathComponent) could not be replaced", code: code, folder: folder.path)
    }
    // The rename is durable only once the folder's entry is on disk. The new file is in place
    // whatever happens here, so a folder that cannot be synced fails nothing.
    FileDurability.syncFolder(atPath: folder.path)
  }

  static let temporarySuffix = ".tmp"

  /// What every temporary file of `url` starts with: `.<name>.`.
  static func temporaryPrefix(of url: URL) -> String {
    ".\(url.lastPathComponent)."
  }

  /// Removes the temporary files of `url` that saves killed midway left behind. The caller holds
  /// the lock, so no save in progress owns one of them.
  static func removeTemporaryFiles(of url: URL) {
    let folder = url.deletingLastPathComponent()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return
    }
    let prefix = temporaryPrefix(of: url)
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(temporarySuffix) {
      // Exactly the names a save of this file makes: another file whose name starts like this
      // one's (`settings.json.widget`) has temporary files of its own, under its own lock.
      let middle = name.dropFirst(prefix.count).dropLast(temporarySuffix.count)
      guard UUID(uuidString: String(middle)) != nil else { continue }
      unlink(folder.appendingPathComponent(name).path)
    }
  }

  /// Creates a folder and its missing parents; returns 0 or the `errno` of the failure.
  static func makeFolder(_ path: String) -> Int32 {
    if mkdir(path, 0o755) == 0 { return 0 }
    let code = errno
    switch code {
    case EEXIST:
      var info = stat()
      return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? 0 : ENOTDIR
    case ENOENT:
      let parent = (path as NSString).deletingLastPathComponent
      guard !parent.isEmpty, parent != path else { return code }
      let status = makeFolder(parent)
      guard status == 0 else { return status }
      return mkdir(path, 0o755) == 0 || errno == EEXIST ? 0 : errno
    default:
      return code
    }
  }

  /// The typed error for a failed file operation: read-only storage, a full disk, or another
  /// write failure.
  static func failure(_ what: String, code: Int32, folder: String) -> SettingsError {
    let reason = String(cString: strerror(code))
    switch code {
    case EROFS, EACCES, EPERM:
      return SettingsError(
        .readOnly,
        message:
          "The settings were not saved: \(what) (\(reason)). The folder \(folder) cannot be "
          + "written; the settings can be read, and changes are kept in memory only.")
    case ENOSPC, EDQUOT:
      return SettingsError(
        .diskFull,
        message:
          "The settings were not saved: \(what) (\(reason)). The previous file is unchanged and "
          + "the change is kept in memory; it is saved once there is space.")
    default:
      return SettingsError(
        .writeFailed,
        message:
          "The settings were not saved: \(what) (\(reason)). "
          + "The previous file is unchanged; check the folder's permissions and free space.")
    }
  }
}
