#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Making written data durable, on every platform Haru runs on.
package enum FileDurability {
  /// Why an open file's data could not be made durable: the `errno` the system reported.
  ///
  /// The data may or may not be on disk; the caller should treat the write as failed (on Linux a
  /// failed `fsync` also forgets the error for later calls, so trying again proves nothing).
  package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The system's error number, such as `EBADF`, `EIO` or `ENOSPC`.
    package let code: Int32

    /// Creates a failure from the system's error number.
    package init(code: Int32) {
      self.code = code
    }

    /// The system's sentence for the error.
    package var description: String { String(cString: strerror(code)) }
  }

  /// Makes everything written to an open file durable: on the storage medium, not only in a cache.
  ///
  /// On Apple platforms `fsync(2)` hands the data to the drive without asking it to empty its own
  /// cache, so a power loss can still lose it; `fcntl(F_FULLFSYNC)` asks. Some file systems (network
  /// and FAT volumes) refuse `F_FULLFSYNC`; the data then gets the `fsync` those file systems offer.
  /// Elsewhere `fsync` reaches the medium already. A call interrupted by a signal is repeated.
  ///
  /// Pass the descriptor of a folder to make the names created, renamed or removed in it durable.
  ///
  /// - Parameter descriptor: An open file or folder.
  /// - Throws: ``Failure`` with the `errno` of the sync that failed last (`EBADF` for a
  ///   descriptor that is not open, `EIO` when the device failed).
  package static func syncToStorage(_ descriptor: Int32) throws(Failure) {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
    #endif
    while fsync(descriptor) != 0 {
      let code = errno
      guard code == EINTR else { throw Failure(code: code) }
    }
  }

  /// Makes the names created, renamed or removed in a folder durable, as far as the system lets:
  /// a folder that cannot be opened or synced is left as it is, since what was written in it is in
  /// place either way.
  ///
  /// - Parameter path: The folder.
  package static func syncFolder(atPath path: String) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    try? syncToStorage(descriptor)
    close(descriptor)
  }
}
