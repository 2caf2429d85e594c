import Testing

@testable import HaruShared

struct LockedStateTests {
  @Test func concurrentIncrementsAreNotLost() async {
    let counter = LockedState(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
      }
    }
    #expect(counter.withLock { $0 } == 80_000)
  }

  @Test func bodyResultAndErrorsPassThrough() {
    struct Refused: Error {}
    let state = LockedState([1, 2, 3])
    #expect(state.withLock { $0.removeLast() } == 3)
    #expect(throws: Refused.self) {
      try state.withLock { (_: inout [Int]) throws -> Void in throw Refused() }
    }
    // The lock is released after a throw: this would deadlock otherwise.
    #expect(state.withLock { $0 } == [1, 2])
  }
}
