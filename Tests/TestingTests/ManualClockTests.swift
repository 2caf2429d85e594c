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
    await waitForSleepers(clock, count: 1)
    await clock.advance(by: .seconds(4))
    #expect(woke.withLock { $0 } == false)
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    try await task.value
    #expect(woke.withLock { $0 })
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func sleepersWakeInDeadlineOrder() async throws {
    let clock = ManualClock()
    let order = LockedState<[Int]>([])
    var tasks: [Task<Void, any Error>] = []
    for seconds in [3, 1, 2] {
      tasks.append(
        Task {
          try await clock.sleep(for: .seconds(seconds))
          order.withLock { $0.append(seconds) }
        })
      await waitForSleepers(clock, count: tasks.count)
    }
    await clock.advance(by: .seconds(10))
    for task in tasks { try await task.value }
    #expect(order.withLock { $0 } == [1, 2, 3])
  }

  @Test func cancellingASleeperThrowsCancellationError() async {
    let clock = ManualClock()
    let task = Task { try await clock.sleep(for: .seconds(60)) }
    await waitForSleepers(clock, count: 1)
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

  private func waitForSleepers(_ clock: ManualClock, count: Int) async {
    while clock.sleeperCount < count {
      await Task.yield()
    }
  }
}
