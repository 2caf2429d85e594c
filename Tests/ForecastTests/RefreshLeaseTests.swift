import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import HaruShared
import HaruTesting
import Testing

@testable import HaruForecast

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The claim a refresh holds on a cell of the disk cache: no file lock while its requests are on
/// their way (iOS ends a suspended app that holds one), and a claim whose holder died, expired or
/// was made "in the future" does not hold another refresh back.
@Suite struct RefreshLeaseTests {
  /// A transport that holds every request until ``open()``, to look at the cache folder while a
  /// refresh's requests are on their way.
  final class HeldTransport: HTTPTransport {
    let inner: StubTransport
    let arrivals = AsyncStream<Void>.makeStream()
    private let gate = LockedState((open: false, waiting: [CheckedContinuation<Void, Never>]()))

    init(_ inner: StubTransport) { self.inner = inner }

    func send(_ request: HTTPRequest) async throws(ForecastError) -> HTTPResponse {
      arrivals.continuation.yield()
      await withCheckedContinuation { continuation in
        let resumeNow = gate.withLock { gate in
          if gate.open { return true }
          gate.waiting.append(continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
      return try await inner.send(request)
    }

    func open() {
      let waiting = gate.withLock { gate in
        gate.open = true
        defer { gate.waiting = [] }
        return gate.waiting
      }
      for continuation in waiting { continuation.resume() }
    }
  }

  func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appending(
      path: "haru-lease-\(UUID().uuidString)", directoryHint: .isDirectory)
  }

  func service(_ transport: any HTTPTransport, at date: Date, in directory: URL) throws
    -> ForecastService
  {
    ForecastService(
      provider: try KMAProvider(serviceKey: sentinelKey, transport: transport),
      clock: ManualClock(), now: { date }, retryPolicy: .never, cacheDirectory: directory)
  }

  var cell: (URL) -> CellFiles {
    { CellFiles(directory: $0, provider: "kma", gridPoint: seoul) }
  }

  /// The process id of a process that has ended.
  func endedProcess() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  func writeLease(_ holder: RefreshLease.Holder, in directory: URL) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try JSONEncoder().encode(holder).write(to: cell(directory).lease.file)
  }

  @Test func noFileLockIsHeldWhileTheRequestsAreOnTheirWay() async throws {
    let standIn = PartsTests.KMAStandIn()
    let held = HeldTransport(standIn.transport)
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let service = try service(held, at: try serviceMorning(), in: directory)
    let refresh = Task { try await service.outlook(for: .seoulCityHall) }

    var arrivals = held.arrivals.stream.makeAsyncIterator()
    await arrivals.next()
    let lease = cell(directory).lease
    // Another process could take the lock file at once: nobody holds it.
    let taken = FileLock.acquire(path: lease.lockPath, creating: false, timeout: .zero)
    let holder = RefreshLease.holder(in: lease.file)
    if case .success(let descriptor) = taken { FileLock.release(descriptor) }
    held.open()
    let outlook = try await refresh.value

    #expect((try? taken.get()) != nil)
    // What holds another refresh back is the lease, which names this process.
    #expect(holder?.pid == getpid())
    #expect(outlook.today != nil)
    #expect(RefreshLease.holder(in: lease.file) == nil)
  }

  @Test func aLeaseWhoseProcessEndedIsClaimedAtOnceAndOneOfALiveProcessIsNot() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let lease = cell(directory).lease
    let now = Date()
    func holder(_ pid: Int32) -> RefreshLease.Holder {
      RefreshLease.Holder(
        pid: pid, token: "other", claimedAt: now,
        until: now.addingTimeInterval(RefreshLease.lifetime))
    }

    // Process 1 (init) outlives every test: its lease holds.
    try writeLease(holder(1), in: directory)
    #expect(await lease.attempt() == .held)
    #expect(RefreshLease.holder(in: lease.file)?.token == "other")

    // A process that ended holds nothing: the first look claims the lease.
    try writeLease(holder(try endedProcess()), in: directory)
    guard case .claimed(let claim) = await lease.attempt() else {
      Issue.record("the lease of an ended process was not claimed")
      return
    }
    #expect(RefreshLease.holder(in: lease.file)?.pid == getpid())
    await lease.end(claim)
    #expect(RefreshLease.holder(in: lease.file) == nil)
  }

  @Test(arguments: [
    // expired a second ago
    (-21.0, -1.0, true, false),
    // claimed "in the future": the clock was set back
    (3600.0, 3620.0, true, false),
    // a lifetime longer than a lease has: not one this version wrote
    (0.0, 3600.0, true, false),
    // a live holder, within its lifetime
    (-1.0, 19.0, true, true),
    // the same, but its process ended
    (-1.0, 19.0, false, false),
  ])
  func aLeaseHoldsOnlyWhileItsProcessLivesWithinItsLifetime(
    claimedOffset: Double, untilOffset: Double, alive: Bool, holds: Bool
  ) throws {
    let now = Date()
    let holder = RefreshLease.Holder(
      pid: alive ? getpid() : try endedProcess(), token: "t",
      claimedAt: now.addingTimeInterval(claimedOffset), until: now.addingTimeInterval(untilOffset))
    #expect(RefreshLease.isLive(holder, at: now) == holds)
  }

  @Test func aLeaseFileThatCannotBeReadHoldsNothingBack() async throws {
    let standIn = PartsTests.KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("{\"pid\": ".utf8).write(to: cell(directory).lease.file)

    let outlook = try await service(standIn.transport, at: try serviceMorning(), in: directory)
      .outlook(for: .seoulCityHall)

    #expect(outlook.today != nil)
    #expect(RefreshLease.holder(in: cell(directory).lease.file) == nil)
  }

  @Test func aRefreshWaitsForALiveLeaseAndThenFindsWhatItsHolderKept() async throws {
    let standIn = PartsTests.KMAStandIn()
    let held = HeldTransport(standIn.transport)
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let date = try serviceMorning()
    let first = Task {
      try await service(held, at: date, in: directory).outlook(for: .seoulCityHall)
    }
    var arrivals = held.arrivals.stream.makeAsyncIterator()
    await arrivals.next()
    // The second refresh starts while the first one's requests are held.
    let second = Task {
      try await service(standIn.transport, at: date, in: directory).outlook(for: .seoulCityHall)
    }
    held.open()
    let (a, b) = try await (first.value, second.value)

    #expect(standIn.asked.count == 7)
    #expect(a.days == b.days)
  }
}
