import Dispatch
import Foundation
import HaruModels
import HaruShared
import Testing

@testable import HaruSettings

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `suspend()` and `resume()`: what an iOS app calls so that it is never suspended holding the
/// settings file's lock.
@Suite(.timeLimit(.minutes(3)))
struct SettingsSuspensionTests {
  /// A file backend whose next save stops inside the lock until the test lets it go, and that
  /// counts its saves.
  final class GatedBackend: PreferencesBackend {
    let file: FilePreferencesBackend
    private let gate = DispatchSemaphore(value: 0)
    private let state = LockedState((closed: false, saves: 0))
    private let entered: AsyncStream<Void>.Continuation
    let entries: AsyncStream<Void>

    init(file: FilePreferencesBackend) {
      self.file = file
      (entries, entered) = AsyncStream.makeStream(of: Void.self)
    }

    var location: String { file.location }
    var saves: Int { state.withLock { $0.saves } }

    /// Makes the next save wait, holding the lock, until ``open()``.
    func close() { state.withLock { $0.closed = true } }
    func open() { gate.signal() }

    func load() throws(SettingsError) -> StoredPreferences? { try file.load() }

    func modify(
      _ change: (StoredPreferences?) throws(SettingsError) -> StoredPreferences?
    ) throws(SettingsError) -> [SettingsError] {
      try file.modify { (newest) throws(SettingsError) -> StoredPreferences? in
        let mustWait = state.withLock { state -> Bool in
          state.saves += 1
          defer { state.closed = false }
          return state.closed
        }
        if mustWait {
          entered.yield()
          // On the store's writer queue, never on the test's cooperative threads.
          gate.wait()
        }
        return try change(newest)
      }
    }
  }

  /// Whether another open file description can take the lock at once, as another process
  /// would: `flock` locks belong to the description, so this process's store excludes it.
  static func lockIsFree(_ url: URL) throws -> Bool {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    try #require(descriptor >= 0, "the lock file exists")
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
    flock(descriptor, LOCK_UN)
    return true
  }

  static func stored(_ file: URL) throws -> [String: StoredValue] {
    try FilePreferencesBackend(fileURL: file).load()?.values ?? [:]
  }

  @Test func afterSuspendReturnsTheLockIsFreeAndPendingValuesAreOnDisk() async throws {
    let folder = try TemporaryFolder()
    let file = FilePreferencesBackend(fileURL: folder.file())
    let backend = GatedBackend(file: file)
    let store = try SettingsStore(backend: backend)

    // A save is running, holding the lock, when the app goes to the background.
    backend.close()
    try store.set(.cat, for: .petType)
    var entries = backend.entries.makeAsyncIterator()
    _ = await entries.next()
    #expect(try !Self.lockIsFree(file.lockFileURL), "the running save holds the lock")
    let suspension = Task { try await store.suspend() }
    // A write arriving while the store suspends is saved before suspend() returns too.
    try store.set(.dark, for: .themeMode)
    backend.open()
    try await suspension.value

    #expect(try Self.lockIsFree(file.lockFileURL), "no lock is held once suspend() returns")
    let values = try Self.stored(folder.file())
    #expect(values["petType"] == .string("cat"))
    #expect(values["themeMode"] == .string("dark"))
  }

  @Test func aWriteWhileSuspendedGoesToMemoryAndIsSavedAtResume() async throws {
    let folder = try TemporaryFolder()
    let file = FilePreferencesBackend(fileURL: folder.file())
    let backend = GatedBackend(file: file)
    let store = try SettingsStore(backend: backend)
    try store.set(.cat, for: .petType)
    try await store.suspend()
    let savesBefore = backend.saves
    let before = try Data(contentsOf: folder.file())

    try store.set(.fahrenheit, for: .temperatureUnit)
    #expect(store[.temperatureUnit] == .fahrenheit, "memory has it at once")
    let error = await #expect(throws: SettingsError.self) { try await store.flush() }
    #expect(error?.code == .suspended)
    // Anything the write had queued on the writer has run by now.
    await store.hub.writerIdle()
    #expect(backend.saves == savesBefore, "nothing was saved while suspended")
    #expect(try Data(contentsOf: folder.file()) == before)
    #expect(try Self.lockIsFree(file.lockFileURL))

    store.resume()
    try await store.flush()
    #expect(try Self.stored(folder.file())["temperatureUnit"] == .string("fahrenheit"))
    #expect(try Self.stored(folder.file())["petType"] == .string("cat"))
  }

  @Test func aSuspendedStoreWithNothingPendingFlushesAndSuspendingTwiceDoesNoHarm() async throws {
    let store = try SettingsStore(backend: InMemoryPreferencesBackend())
    try store.set(.dog, for: .petType)
    try await store.suspend()
    try await store.suspend()
    try await store.flush()
    store.resume()
    store.resume()
    try store.set(.cat, for: .petType)
    try await store.flush()
  }

  @Test func aFinalSaveThatFindsTheLockTakenThrowsBusyAndHoldsNothing() async throws {
    let folder = try TemporaryFolder()
    let file = FilePreferencesBackend(fileURL: folder.file(), lockTimeout: .milliseconds(200))
    let store = try SettingsStore(backend: file)
    try store.set(.cat, for: .petType)
    try await store.flush()

    // Another process (here, another open file description) holds the lock.
    let holder = open(file.lockFileURL.path, O_RDONLY | O_CLOEXEC)
    try #require(holder >= 0 && flock(holder, LOCK_EX) == 0)
    try store.set(.dog, for: .petType)
    let error = await #expect(throws: SettingsError.self) { try await store.suspend() }
    #expect(error?.code == .busy)
    flock(holder, LOCK_UN)
    close(holder)
    #expect(try Self.lockIsFree(file.lockFileURL))
    #expect(try Self.stored(folder.file())["petType"] == .string("cat"))
    #expect(store[.petType] == .dog, "memory keeps the value")

    store.resume()
    try await store.flush()
    #expect(try Self.stored(folder.file())["petType"] == .string("dog"))
  }

  @Test func anotherWritersSaveReachesTheStoreAfterResume() async throws {
    let folder = try TemporaryFolder()
    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file()))
    try await store.suspend()
    let other = try SettingsStore(backend: FilePreferencesBackend(fileURL: folder.file()))
    try other.set(.dog, for: .petType)
    try await other.flush()
    store.resume()
    #expect(await store.waitUntil(.petType) { $0 == .dog } == .dog)
  }
}
