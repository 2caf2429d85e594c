import Dispatch
import HaruShared

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Flushes written photos' bytes to the disk on a queue of its own, so that an add does not wait
/// for the disk.
///
/// Each photo's descriptor stays open until its bytes are flushed. When ``limit`` photos are
/// waiting, the next write flushes its own photo before it returns instead, so a burst of writes
/// holds at most that many descriptors.
final class PhotoFlusher: Sendable {
  /// The most photos waiting to be flushed.
  static let limit = 32
  private let waiting = LockedState(0)
  private let queue = DispatchQueue(label: "haru.journal.photo-flush", qos: .utility)

  /// Flushes a file's bytes and closes it, on the queue or, when ``limit`` photos are waiting,
  /// right away. A flush that fails is not reported: the file stays as written, and the disk's own
  /// write-back takes it from there.
  func flushAndClose(_ descriptor: Int32) {
    let queued = waiting.withLock { (count: inout Int) -> Bool in
      guard count < Self.limit else { return false }
      count += 1
      return true
    }
    guard queued else {
      flush(descriptor)
      close(descriptor)
      return
    }
    queue.async {
      flush(descriptor)
      close(descriptor)
      self.waiting.withLock { $0 -= 1 }
    }
  }

  /// Returns once every photo handed over so far is flushed and closed, for tests.
  func waitUntilIdle() {
    queue.sync {}
  }
}

/// Flushes a file's bytes (and the size that finds them) to the disk. On Linux `fdatasync` skips
/// the times and permissions that `fsync` also writes and the journal does not need.
private func flush(_ descriptor: Int32) {
  #if os(Linux) || os(Android)
    _ = fdatasync(descriptor)
  #else
    try? FileDurability.syncToStorage(descriptor)
  #endif
}
