import Foundation
import Testing

@testable import HaruShared

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one `flock` primitive of the settings and the forecast cache.
struct FileLockTests {
  func lockPath() -> String {
    FileManager.default.temporaryDirectory.appending(path: "haru-lock-\(UUID().uuidString)").path
  }

  @Test func aSecondHolderIsRefusedAsBusyUntilTheFirstReleases() throws {
    let path = lockPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let first = try FileLock.acquire(path: path, creating: true, timeout: .zero).get()
    // Another open file description, as another process has: `flock` excludes it.
    #expect(FileLock.acquire(path: path, creating: false, timeout: .zero) == .failure(.busy))
    #expect(
      FileLock.acquire(path: path, creating: false, timeout: .milliseconds(20))
        == .failure(.busy))
    FileLock.release(first)
    let second = try FileLock.acquire(path: path, creating: false, timeout: .zero).get()
    FileLock.release(second)
  }

  @Test func aMissingFileIsCreatedOnlyWhenAsked() throws {
    let path = lockPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(
      FileLock.acquire(path: path, creating: false, timeout: .zero) == .failure(.open(ENOENT)))
    #expect(!FileManager.default.fileExists(atPath: path))
    let descriptor = try FileLock.acquire(path: path, creating: true, timeout: .zero).get()
    FileLock.release(descriptor)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func aFolderThatIsMissingCannotHoldALock() {
    let path = lockPath() + "/missing/lock"
    #expect(FileLock.acquire(path: path, creating: true, timeout: .zero) == .failure(.open(ENOENT)))
  }
}
