import HaruShared
import HaruTesting
import Testing

struct ManualClockTests {
  @Test func startsAtZeroAndMovesOnlyWhenAdvanced() async {
    let clock = ManualClock()
    #expect(clock.now.offset == .zero)
    await clock.advance(by: .seconds(3))
    #expect(clock.now.offset == .seconds(3))
    await clock.advance(by: .seconds(-1))
    #expect(clock.now.offset == .seconds(3))
  }

  @Test func sleeperWakesExactlyAtItsDeadline() async throws {
    let clock = ManualClock()
    let woke = LockedState(false)
    let task = Task {
      try await clock.sleep(for: .seconds(5))
      woke.withLock { $0 = true }
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(4))
    #expect(woke.withLock { $0 } == false)
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    try await task.value
    #expect(woke.withLock { $0 })
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func eachAdvanceWakesExactlyTheSleepersItReaches() async throws {
    let clock = ManualClock()
    var tasks: [Int: Task<Void, any Error>] = [:]
    for seconds in [3, 1, 2] {
      tasks[seconds] = Task { try await clock.sleep(for: .seconds(seconds)) }
      await clock.waitForSleepers(count: tasks.count)
    }
    for seconds in 1...3 {
      await clock.advance(to: ManualClock.Instant(offset: .seconds(seconds)))
      try await tasks[seconds]?.value
      #expect(clock.sleeperCount == 3 - seconds)
      #expect(clock.now.offset == .seconds(seconds))
    }
  }

  @Test func waitingForSleepersReturnsOnceEnoughAreParked() async throws {
    let clock = ManualClock()
    await clock.waitForSleepers(count: 0)
    let first = Task { try await clock.sleep(for: .seconds(1)) }
    let second = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers(count: 2)
    #expect(clock.sleeperCount == 2)
    await clock.advance(by: .seconds(1))
    try await first.value
    try await second.value
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingASleeperThrowsCancellationError() async {
    let clock = ManualClock()
    let task = Task { try await clock.sleep(for: .seconds(60)) }
    await clock.waitForSleepers(count: 1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aDeadlineInThePastReturnsAtOnce() async throws {
    let clock = ManualClock()
    await clock.advance(by: .seconds(10))
    try await clock.sleep(until: ManualClock.Instant(offset: .seconds(5)))
    #expect(clock.sleeperCount == 0)
  }
}
