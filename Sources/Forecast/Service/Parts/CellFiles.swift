import Dispatch
import Foundation
import HaruModels
import HaruShared

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The files of one provider's grid cell in the cache directory: the kept parts
/// (`parts-<provider>-<nx>-<ny>.json`) and the lock a refresh holds while it reads, asks and
/// writes them (`parts-<provider>-<nx>-<ny>.lock`, never replaced), so that two processes
/// refreshing the same cell at the same moment make the requests of one.
///
/// Files are read and written, and the lock waited for, on queues of their own, never on Swift's
/// cooperative threads. Writes replace the file atomically (a temporary file renamed over it): a
/// process killed while writing leaves the previous file whole. A file that cannot be read counts
/// as empty and is replaced by the next write; one written by a newer version of Haru (a higher
/// `version`) is neither read nor replaced.
struct CellFiles: Sendable {
  let directory: URL
  let name: String

  /// How long a refresh waits for another process's refresh of the same cell before it goes on
  /// without the lock (asking what it must, at worst twice).
  static let lockTimeout: Duration = .seconds(20)

  private static let queue = DispatchQueue(label: "haru.forecast-parts", qos: .utility)
  /// Waiting for a lock blocks a thread: not the file queue's, so that other cells go on.
  private static let lockQueue = DispatchQueue(
    label: "haru.forecast-parts.lock", qos: .utility, attributes: .concurrent)

  init(directory: URL, provider: String, gridPoint: GridPoint) {
    self.directory = directory
    self.name = "parts-\(OutlookDiskCache.safeName(provider))-\(gridPoint.nx)-\(gridPoint.ny)"
  }

  var partsFile: URL { directory.appending(path: "\(name).json", directoryHint: .notDirectory) }
  var lockFile: URL { directory.appending(path: "\(name).lock", directoryHint: .notDirectory) }

  /// Takes the cell's lock, waiting for another holder up to ``lockTimeout``; `nil` when the lock
  /// cannot be had (a read-only folder, or the wait ran out).
  func lock() async -> CellLock? {
    let directory = directory
    let path = lockFile.path
    return await withCheckedContinuation { continuation in
      Self.lockQueue.async {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        continuation.resume(returning: CellLock(path: path, timeout: Self.lockTimeout))
      }
    }
  }

  /// Runs blocking file work on the cache's queue.
  static func onQueue<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: body()) }
    }
  }

  /// The kept parts; `nil` when there is no file, it cannot be read, or a newer version wrote it.
  func read() async -> PartContents? {
    let file = partsFile
    return await withCheckedContinuation { continuation in
      Self.queue.async {
        continuation.resume(returning: Self.decode(file))
      }
    }
  }

  /// Replaces the kept parts, unless a newer version of Haru wrote the file.
  func write(_ contents: PartContents) async {
    let file = partsFile
    let directory = directory
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Self.queue.async {
        defer { continuation.resume() }
        guard !Self.isNewer(file, than: PartContents.currentVersion),
          let data = try? JSONEncoder().encode(contents)
        else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
      }
    }
  }

  private static func decode(_ file: URL) -> PartContents? {
    guard let data = try? Data(contentsOf: file),
      let header = try? JSONDecoder().decode(VersionHeader.self, from: data),
      header.version == PartContents.currentVersion
    else { return nil }
    return try? JSONDecoder().decode(PartContents.self, from: data)
  }

  /// Whether a file holds a format newer than `version`.
  static func isNewer(_ file: URL, than version: Int) -> Bool {
    guard let data = try? Data(contentsOf: file),
      let header = try? JSONDecoder().decode(VersionHeader.self, from: data)
    else { return false }
    return header.version > version
  }
}

/// The `version` every cache file starts with.
struct VersionHeader: Decodable {
  let version: Int
}

/// An exclusive `flock(2)` on a cell's lock file, held until ``release()``.
///
/// `flock` rather than `fcntl`: an `fcntl` lock belongs to the process and is dropped when any
/// descriptor of the file is closed, while a `flock` lock belongs to its open file description,
/// so two services in one process exclude each other exactly as two processes do. The lock
/// vanishes with a process that dies holding it.
final class CellLock: Sendable {
  /// The open lock file; `nil` once released.
  private let descriptor: LockedState<Int32?>

  /// Opens and locks the file, waiting up to `timeout`; `nil` when it cannot be had. Blocks: call
  /// it on a queue of its own.
  init?(path: String, timeout: Duration) {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_RDONLY | O_CLOEXEC | O_CREAT, 0o644)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { return nil }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var pause: UInt32 = 200
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK || code == EAGAIN, clock.now < deadline else {
        close(descriptor)
        return nil
      }
      // Another process is refreshing this cell; its refresh takes a few requests' time.
      usleep(pause)
      pause = min(pause * 2, 20_000)
    }
    self.descriptor = LockedState(descriptor)
  }

  /// Releases the lock; once.
  func release() {
    guard let descriptor = descriptor.withLock({ $0.take() }) else { return }
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  deinit { release() }
}
