import Foundation
import HaruShared

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A claim, kept in a small file beside a cache file, that one process is refreshing what the
/// cache file holds: so that two processes refreshing at the same moment make the requests of
/// one, with no file lock held while a request is on its way.
///
/// A refresh claims the lease, reads the cache, asks what is due, writes the cache and ends the
/// lease. A second refresh that finds the lease held waits for it to end (or to expire, or for its
/// holder to die), then claims it and reads what the first one kept. The file lock
/// (`<name>.lock`, a ``FileLock``) is held only for the moment it takes to read or write the
/// lease file (`<name>.lease`), never across a request: iOS ends a suspended app that holds a lock
/// on a file in a shared container, and an app can be suspended in the middle of a refresh. A
/// lease whose holder was suspended or killed simply expires after ``lifetime``.
///
/// Lease files are read and written on the cache's file queue, never on Swift's cooperative
/// threads. The lease is best effort: when the folder cannot be written, or the wait runs out, the refresh
/// goes on without it (asking what it must, at worst twice).
struct RefreshLease: Sendable {
  let lockPath: String
  let file: URL

  /// How long a lease is good for; a refresh takes a few requests' time. It bounds how long
  /// another process waits, too.
  static let lifetime: TimeInterval = 20

  /// How often a waiting refresh looks whether the lease ended.
  static let pollInterval: Duration = .milliseconds(25)

  /// A lease for the cache file `<name>.json` in `directory`.
  init(directory: URL, name: String) {
    lockPath = directory.appending(path: "\(name).lock", directoryHint: .notDirectory).path
    file = directory.appending(path: "\(name).lease", directoryHint: .notDirectory)
  }

  /// A claim held by this refresh, for ``end(_:)``.
  struct Claim: Sendable, Equatable {
    let token: String
  }

  /// What a lease file holds.
  struct Holder: Codable, Sendable, Equatable {
    let pid: Int32
    let token: String
    let claimedAt: Date
    let until: Date
  }

  /// Claims the lease, waiting while another live refresh holds it, up to ``lifetime``.
  ///
  /// - Returns: The claim, or `nil` when the lease could not be had (a folder that cannot be
  ///   written, a wait that ran out, a cancelled task): the refresh goes on without it.
  func claim() async -> Claim? {
    let started = Date()
    while true {
      switch await attempt() {
      case .claimed(let claim): return claim
      case .unavailable: return nil
      case .held:
        let waited = Date().timeIntervalSince(started)
        guard waited >= 0, waited < Self.lifetime, !Task.isCancelled else { return nil }
        do {
          try await Task.sleep(for: Self.pollInterval)
        } catch {
          return nil
        }
      }
    }
  }

  /// Ends a claim: removes the lease file if it is still this claim's.
  func end(_ claim: Claim) async {
    let lockPath = lockPath
    let file = file
    await CellFiles.onQueue {
      guard
        case .success(let descriptor) = FileLock.acquire(
          path: lockPath, creating: false, timeout: .seconds(1))
      else { return }
      defer { FileLock.release(descriptor) }
      if Self.holder(in: file)?.token == claim.token {
        try? FileManager.default.removeItem(at: file)
      }
    }
  }

  enum Attempt: Equatable {
    case claimed(Claim)
    case held
    case unavailable
  }

  /// One look at the lease file under the lock: claims it when nobody live holds it.
  func attempt() async -> Attempt {
    let lockPath = lockPath
    let file = file
    return await CellFiles.onQueue { Self.attempt(lockPath: lockPath, file: file, at: Date()) }
  }

  private static func attempt(lockPath: String, file: URL, at date: Date) -> Attempt {
    try? FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    // Only other lease readers hold this lock, each for one small read or write.
    guard
      case .success(let descriptor) = FileLock.acquire(
        path: lockPath, creating: true, timeout: .seconds(1))
    else { return .unavailable }
    defer { FileLock.release(descriptor) }
    if let holder = holder(in: file), isLive(holder, at: date) { return .held }
    let claim = Claim(token: UUID().uuidString)
    let holder = Holder(
      pid: getpid(), token: claim.token, claimedAt: date,
      until: date.addingTimeInterval(lifetime))
    guard let data = try? JSONEncoder().encode(holder),
      (try? data.write(to: file, options: .atomic)) != nil
    else { return .unavailable }
    return .claimed(claim)
  }

  /// The lease file's holder; `nil` when there is none or the file cannot be read.
  static func holder(in file: URL) -> Holder? {
    guard let data = try? Data(contentsOf: file) else { return nil }
    return try? JSONDecoder().decode(Holder.self, from: data)
  }

  /// Whether a lease still holds at an instant: not expired, not claimed in the future (a clock
  /// set back counts it as expired), and its process is alive.
  static func isLive(_ holder: Holder, at date: Date) -> Bool {
    guard holder.claimedAt <= date.addingTimeInterval(1), date < holder.until,
      holder.until.timeIntervalSince(holder.claimedAt) <= lifetime
    else { return false }
    if holder.pid == getpid() { return true }
    // `kill` with no signal only asks whether the process exists; another app's process answers
    // EPERM, which means it does.
    return kill(holder.pid, 0) == 0 || errno == EPERM
  }
}
