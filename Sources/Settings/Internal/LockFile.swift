import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An exclusive `flock(2)` on a lock file that is never replaced, held until ``release()``.
///
/// `flock` rather than `fcntl`: an `fcntl` lock belongs to the process and is dropped when any
/// descriptor of the file is closed, while a `flock` lock belongs to its open file description, so
/// two stores in one process exclude each other exactly as two processes do.
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
    // Read-only is enough for flock(2), and works on a lock file another user created.
    let flags = O_RDONLY | O_CLOEXEC | (creating ? O_CREAT : 0)
    var descriptor: Int32
    repeat {
      descriptor = open(url.path, flags, 0o644)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else {
      let code = errno
      throw FileWriter.failure(
        "the lock file \(url.lastPathComponent) could not be opened", code: code, folder: folder)
    }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var pause: UInt32 = 100
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK || code == EAGAIN, clock.now < deadline else {
        close(descriptor)
        if code == EWOULDBLOCK || code == EAGAIN {
          throw SettingsError(
            .busy,
            message:
              "Another process kept the settings in \(folder) locked for more than \(timeout); "
              + "nothing was written. The change is kept in memory and tried again.")
        }
        throw FileWriter.failure("the settings could not be locked", code: code, folder: folder)
      }
      // Only writers wait here, on the store's own writer queue (or while a store opens), never
      // on a thread of Swift's cooperative pool.
      usleep(pause)
      // Short pauses, so that a waiter does not miss every moment the lock is free when several
      // writers save back to back.
      pause = min(pause * 2, 2_000)
    }
    defer {
      flock(descriptor, LOCK_UN)
      close(descriptor)
    }
    return try body()
  }
}
