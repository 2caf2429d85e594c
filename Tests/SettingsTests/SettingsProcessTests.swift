import Foundation
import HaruModels
import HaruSettings
import HaruShared
import HaruTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Several real processes on one settings file: each test spawns `HaruSettingsCrashHelper`
/// processes, many at once, as an app, its widget and its extensions would run.
@Suite(.timeLimit(.minutes(3)))
struct SettingsProcessTests {
  @Test func manyProcessesWritingDifferentKeysLoseNothingAndTheFileStaysValid() throws {
    let helper = try #require(SettingsCrashTests.helperExecutable())
    let folder = try TemporaryFolder()
    let file = folder.file()
    let writes = 40
    // Some flush after every write, some end without flushing, by exit() or by returning.
    let modes = ["flush", "flush", "flush", "flush", "return", "return", "exit", "exit"]
    let processes = try modes.enumerated().map { index, mode in
      try HelperProcess(helper, ["count", file.path, "writer.\(index)", String(writes), mode])
    }
    // While they write, every read of the file finds valid settings JSON.
    var reads = 0
    while processes.contains(where: \.isRunning) {
      usleep(500)  // leave the writers most of the processor
      if let data = try? Data(contentsOf: file) {
        reads += 1
        #expect(
          (try? JSONDecoder().decode(StoredPreferences.self, from: data)) != nil,
          "read \(reads) found a torn file")
      }
    }
    for (index, process) in processes.enumerated() {
      let run = process.finish()
      #expect(run.status == 0, "writer \(index): \(run.errors)")
    }
    let stored = try #require(try FilePreferencesBackend(fileURL: file).load())
    for index in modes.indices {
      #expect(stored.values["writer.\(index)"] == .integer(Int64(writes)), "writer \(index)")
    }
    #expect(try folder.contents() == ["settings.json"], "no temporary file left")
  }

  /// Starts helpers that open their stores, waits until every one is ready, then lets them all
  /// write at the same moment.
  static func startTogether(_ helper: URL, _ runs: [[String]]) throws -> [HelperProcess] {
    var environment = ProcessInfo.processInfo.environment
    environment["HARU_HELPER_READY"] = "1"
    let processes = try runs.map { try HelperProcess(helper, $0, environment: environment) }
    for process in processes {
      #expect(process.nextLine() == "ready")
    }
    for process in processes {
      process.sendLine("go")
    }
    return processes
  }

  @Test(arguments: 0..<3)
  func twoProcessesAddingTownsAtOnceBothWinAndAFourthIsATypedError(round: Int) async throws {
    let helper = try #require(SettingsCrashTests.helperExecutable())
    let folder = try TemporaryFolder()
    let file = folder.file()
    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))
    try store.update(.savedTowns) { try $0.add(Town.seoulCityHall) }
    try await store.flush()
    let adds = try Self.startTogether(
      helper,
      [("부산", 35.1770, 129.0770), ("제주", 33.4996, 126.5312)].map { name, lat, lon in
        ["add-town", file.path, name, "\(lat)", "\(lon)"]
      })
    for add in adds {
      let run = add.finish()
      #expect(run.status == 0 && run.lines == ["ready", "added"], "\(run.lines) \(run.errors)")
    }
    let towns = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))[.savedTowns]
    #expect(Set(towns.towns.map(\.name)) == ["서울특별시청", "부산", "제주"])

    let fourth = try HelperProcess(helper, ["add-town", file.path, "대구", "35.8714", "128.6014"])
      .finish()
    #expect(fourth.status == 1 && fourth.lines == ["too-many-towns"], "\(fourth.lines)")
    let after = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))[.savedTowns]
    #expect(after == towns, "the refused town changed nothing")
  }

  @Test(arguments: 0..<3)
  func twoProcessesRacingForTheLastPlaceGetOneTownAndOneTypedError(round: Int) async throws {
    let helper = try #require(SettingsCrashTests.helperExecutable())
    let folder = try TemporaryFolder()
    let file = folder.file()
    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))
    let busan = try Town(
      name: "부산", coordinate: Coordinate(latitude: 35.1770, longitude: 129.0770))
    try store.update(.savedTowns) { try $0.add(Town.seoulCityHall) }
    try store.update(.savedTowns) { try $0.add(busan) }
    try await store.flush()

    // Both open two saved towns; each adds a third, and the merge refuses the later one.
    let adds = try Self.startTogether(
      helper,
      [("제주", 33.4996, 126.5312), ("대구", 35.8714, 128.6014)].map { name, lat, lon in
        ["add-town", file.path, name, "\(lat)", "\(lon)"]
      })
    let outcomes = adds.map { $0.finish() }
    #expect(
      outcomes.map(\.lines).sorted { $0.last ?? "" < $1.last ?? "" } == [
        ["ready", "added"], ["ready", "too-many-towns"],
      ])
    let towns = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))[.savedTowns]
    #expect(towns.count == 3)
    #expect(towns.towns.prefix(2).map(\.name) == ["서울특별시청", "부산"])
  }

  @Test func aLockHeldByAnotherProcessIsABoundedWaitThenBusyAndLosesNothing() async throws {
    let helper = try #require(SettingsCrashTests.helperExecutable())
    let folder = try TemporaryFolder()
    let file = folder.file()
    let backend = FilePreferencesBackend(fileURL: file, lockTimeout: .milliseconds(300))
    let store = try SettingsStore(backend: backend)
    try store.set(.cat, for: .petType)
    try await store.flush()
    let before = try Data(contentsOf: file)

    // Held until this test stops it, however slowly the machine runs the test.
    let holder = try HelperProcess(helper, ["hold-lock", file.path, "600"])
    defer { holder.stop() }
    #expect(holder.nextLine() == "locked")
    try store.set(.dark, for: .themeMode)
    let clock = ContinuousClock()
    let start = clock.now
    let error = await #expect(throws: SettingsError.self) { try await store.flush() }
    #expect(error?.code == .busy)
    #expect(clock.now - start >= .milliseconds(300), "the writer waited for the lock")
    #expect(store[.themeMode] == .dark, "memory keeps the value")
    #expect(try Data(contentsOf: file) == before, "the file is untouched")
    #expect(store.diagnostics.value.map(\.code).contains(.busy))

    holder.stop()
    try await store.flush()
    #expect(try backend.load()?.values["themeMode"] == .string("dark"))
  }

  @Test(.enabled(if: Mounts.available, "needs root to mount"))
  func aReadOnlyFolderReadsAndRefusesWritesWithATypedError() async throws {
    let folder = try TemporaryFolder()
    let file = folder.file()
    try Data(#"{"schemaVersion": 1, "values": {"petType": "cat"}}"#.utf8).write(to: file)
    try Mounts.bindReadOnly(folder.url)
    defer { Mounts.unmount(folder.url) }

    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))
    #expect(store[.petType] == .cat, "reads work")
    try store.set(.dog, for: .petType)
    let error = await #expect(throws: SettingsError.self) { try await store.flush() }
    #expect(error?.code == .readOnly)
    #expect(error?.message.contains(folder.url.resolvingSymlinksInPath().path) == true)
    #expect(store[.petType] == .dog, "memory keeps the value")
    Mounts.unmount(folder.url)
    #expect(try Data(contentsOf: file).count > 0)
    #expect(try FilePreferencesBackend(fileURL: file).load()?.values["petType"] == .string("cat"))
  }

  @Test(.enabled(if: Mounts.available, "needs root to mount"))
  func aFullDiskIsATypedErrorKeepsTheFileAndIsRetried() async throws {
    let folder = try TemporaryFolder()
    try Mounts.tmpfs(folder.url, size: "64k")
    defer { Mounts.unmount(folder.url) }
    let file = folder.file()
    let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))
    try store.set(.cat, for: .petType)
    try await store.flush()
    let before = try Data(contentsOf: file)

    // Fill the disk, then write a value too big for what is left.
    let filler = folder.file("filler")
    #expect(FileManager.default.createFile(atPath: filler.path, contents: nil))
    let handle = try FileHandle(forWritingTo: filler)
    while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
    try handle.close()
    let note = SettingsKey<String>("note", default: "")
    let long = String(repeating: "향", count: 20_000)
    try store.set(long, for: note)
    let error = await #expect(throws: SettingsError.self) { try await store.flush() }
    #expect(error?.code == .diskFull)
    // The store retries a failed save on its own 250 ms later: held back while the folder is
    // looked at (a retry in the middle of its write would show its temporary file, and on a slow
    // machine it comes before the look), and let go once there is space.
    await #expect(throws: SettingsError.self) { try await store.suspend() }
    #expect(try Data(contentsOf: file) == before, "the previous file is intact")
    #expect(store[note] == long, "memory keeps the value")
    let left = try folder.contents()
    #expect(left == ["filler", "settings.json"], "no temporary file left: \(left)")

    try FileManager.default.removeItem(at: filler)
    store.resume()
    try await store.flush()
    #expect(try FilePreferencesBackend(fileURL: file).load()?.values["note"] == .string(long))
  }

  @Test func writersKilledDuringConcurrentWritesLoseNoFlushedValue() throws {
    let helper = try #require(SettingsCrashTests.helperExecutable())
    let folder = try TemporaryFolder()
    let file = folder.file()
    var seed: UInt64 = 0x4B49_4C4C  // "KILL"
    var flushed: [String: Int64] = [:]
    for round in 0..<4 {
      let kills = (0..<3).map { _ -> Int in
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(seed >> 33) % 60 + 2
      }
      let runs = Concurrently.run(
        kills.enumerated().map { index, afterLines in
          { () -> KilledRun? in
            try? KilledRun(
              helper,
              arguments: ["count", file.path, "killed.\(round).\(index)", "100000", "flush"],
              killedAfterLines: afterLines)
          }
        })
      for (index, run) in runs.enumerated() {
        let run = try #require(run)
        #expect(run.errors.isEmpty, "\(run.errors)")
        if let last = run.lines.last.flatMap({ Int64($0) }) {
          flushed["killed.\(round).\(index)"] = last
        }
      }
      let stored = try #require(try FilePreferencesBackend(fileURL: file).load(), "round \(round)")
      for (key, value) in flushed {
        guard case .integer(let found) = stored.values[key] else {
          Issue.record("round \(round): \(key) is missing")
          continue
        }
        // A value written after the last flush that printed may also have landed.
        #expect(found >= value, "round \(round): \(key) lost its flushed value \(value)")
      }
    }
    #expect(flushed.count == 12, "every writer flushed before it was killed")
    #expect(try folder.contents().filter { $0.contains("unreadable") }.isEmpty)
  }

  @Test func aTemporaryFileOfAKilledSaveIsRemovedOnTheNextOpenUnlessTheLockIsHeld() throws {
    let helper = try #require(SettingsCrashTests.helperExecutable())
    let folder = try TemporaryFolder()
    let file = folder.file()
    let leftover = folder.file(".settings.json.\(UUID().uuidString).tmp")
    let theirs = folder.file(".other.json.\(UUID().uuidString).tmp")
    // A file whose name starts like ours saves under its own lock: its temporary files are not ours.
    let alike = folder.file(".settings.json.widget.\(UUID().uuidString).tmp")
    for stray in [leftover, theirs, alike] {
      try Data("{".utf8).write(to: stray)
    }

    // While another process holds the lock, the file may be its save in progress: kept.
    let holder = try HelperProcess(helper, ["hold-lock", file.path, "600"])
    defer { holder.stop() }
    #expect(holder.nextLine() == "locked")
    _ = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))
    #expect(FileManager.default.fileExists(atPath: leftover.path))
    holder.stop()

    _ = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))
    #expect(!FileManager.default.fileExists(atPath: leftover.path), "the leftover is removed")
    #expect(FileManager.default.fileExists(atPath: theirs.path), "another file's is not ours")
    #expect(FileManager.default.fileExists(atPath: alike.path), "nor one of a look-alike name")
  }

  @Test func anExitWhileAnotherProcessHoldsTheLockBrieflyStillSaves() throws {
    let helper = try #require(SettingsCrashTests.helperExecutable())
    let folder = try TemporaryFolder()
    let file = folder.file()
    let holder = try HelperProcess(helper, ["hold-lock", file.path, "1"])
    #expect(holder.nextLine() == "locked")
    // Ends right after its writes, with the lock held elsewhere for about a second.
    let run = try HelperProcess(helper, ["count", file.path, "late", "20", "return"]).finish()
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.isEmpty, "nothing to report: \(run.errors)")
    _ = holder.finish()
    #expect(try FilePreferencesBackend(fileURL: file).load()?.values["late"] == .integer(20))
  }

  @Test func anExitThatCannotSaveSaysSoOnStandardError() throws {
    let helper = try #require(SettingsCrashTests.helperExecutable())
    let folder = try TemporaryFolder()
    let file = folder.file()
    let holder = try HelperProcess(helper, ["hold-lock", file.path, "600"])
    defer { holder.stop() }
    #expect(holder.nextLine() == "locked")
    var environment = ProcessInfo.processInfo.environment
    environment["HARU_LOCK_TIMEOUT_SECONDS"] = "1"
    let run = try HelperProcess(
      helper, ["count", file.path, "lost", "3", "exit"], environment: environment
    ).finish()
    #expect(run.errors.contains("were not saved before the process ended"), "\(run.errors)")
    #expect(run.errors.contains("locked"), "the reason is given: \(run.errors)")
  }

  @Test func nothingAcceptedIsLostAtANormalExit() throws {
    let helper = try #require(SettingsCrashTests.helperExecutable())
    for mode in ["return", "exit"] {
      let folder = try TemporaryFolder()
      let file = folder.file()
      let run = try HelperProcess(helper, ["count", file.path, "last", "500", mode]).finish()
      #expect(run.status == 0, "\(run.errors)")
      let stored = try FilePreferencesBackend(fileURL: file).load()
      #expect(stored?.values["last"] == .integer(500), "\(mode): the last write is on disk")
    }
  }
}

/// Runs blocking work on threads of its own, never on Swift's cooperative pool.
enum Concurrently {
  static func run<Result: Sendable>(_ bodies: [@Sendable () -> Result]) -> [Result] {
    let results = LockedState([Result?](repeating: nil, count: bodies.count))
    let group = DispatchGroup()
    for (index, body) in bodies.enumerated() {
      group.enter()
      Thread.detachNewThread {
        let result = body()
        results.withLock { $0[index] = result }
        group.leave()
      }
    }
    group.wait()
    return results.withLock { $0.compactMap { $0 } }
  }
}

/// Read-only bind mounts and small tmpfs mounts for fault tests; root only.
enum Mounts {
  static let available: Bool = {
    #if os(Linux)
      return geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")
    #else
      return false
    #endif
  }()

  static func bindReadOnly(_ folder: URL) throws {
    try run(["--bind", folder.path, folder.path])
    try run(["-o", "remount,ro,bind", folder.path])
  }

  static func tmpfs(_ folder: URL, size: String) throws {
    try run(["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path])
  }

  static func unmount(_ folder: URL) {
    _ = try? ChildProcess.run("/bin/umount", [folder.path])
  }

  private static func run(_ arguments: [String]) throws {
    guard try ChildProcess.run("/bin/mount", arguments).status == 0 else {
      throw CocoaError(.fileWriteNoPermission)
    }
  }
}
