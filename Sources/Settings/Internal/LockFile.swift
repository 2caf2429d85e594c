import Foundation
import HaruShared

/// The settings' lock file (`haru-settings.lock`, never replaced): a ``FileLock`` held for one
/// read-decide-write, its failures as ``SettingsError``s.
enum LockFile {
  /// Runs `body` holding the lock, after waiting up to `timeout` for another holder.
  ///
  /// - Parameters:
  ///   - url: The lock file; created with its folder when `creating` is set.
  ///   - timeout: The longest wait; zero tries once.
  ///   - creating: Whether to create the file (and, unless `creatingFolder` is off, its folder)
  ///     when it is missing.
  ///   - creatingFolder: Whether a missing folder is created too; off for a folder the system
  ///     owns, such as an App Group's container.
  ///   - body: The work to do while holding the lock.
  /// - Returns: What `body` returns.
  /// - Throws: ``SettingsError/Code/busy`` after `timeout`, ``SettingsError/Code/readOnly`` when
  ///   the file cannot be opened for writing, ``SettingsError/Code/diskFull`` or
  ///   ``SettingsError/Code/writeFailed`` when it cannot be created; what `body` throws.
  static func holding<Result>(
    _ url: URL, timeout: Duration, creating: Bool = true, creatingFolder: Bool = true,
    _ body: () throws(SettingsError) -> Result
  ) throws(SettingsError) -> Result {
    let folder = url.deletingLastPathComponent().path
    if creating, creatingFolder {
      let status = FileWriter.makeFolder(folder)
      guard status == 0 else {
        throw FileWriter.failure(
          "the folder \(folder) could not be created", code: status, folder: folder)
      }
    }
    // Only writers wait here, on the store's own writer queue (or while a store opens), never
    // on a thread of Swift's cooperative pool.
    switch FileLock.acquire(path: url.path, creating: creating, timeout: timeout) {
    case .success(let descriptor):
      defer { FileLock.release(descriptor) }
      return try body()
    case .failure(.open(let code)):
      throw FileWriter.failure(
        "the lock file \(url.lastPathComponent) could not be opened", code: code, folder: folder)
    case .failure(.busy):
      throw SettingsError(
        .busy,
        message:
          "Another process kept the settings in \(folder) locked for more than \(timeout); "
          + "nothing was written. The change is kept in memory and tried again.")
    case .failure(.lock(let code)):
      throw FileWriter.failure("the settings could not be locked", code: code, folder: folder)
    }
  }
}
