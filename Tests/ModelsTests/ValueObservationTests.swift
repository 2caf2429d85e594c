import HaruShared
import Testing

@testable import HaruModels

@Suite(.timeLimit(.minutes(3)))
struct ValueObservationTests {
  @Test func iterationStartsWithTheCurrentValue() async {
    let subject = ValueSubject("first")
    subject.send("current")
    var iterator = subject.observation.makeAsyncIterator()
    #expect(await iterator.next() == "current")
    subject.send("next")
    #expect(await iterator.next() == "next")
  }

  @Test func currentValueCanBeReadSynchronously() {
    let subject = ValueSubject(1)
    let observation = subject.observation
    #expect(observation.value == 1)
    subject.send(2)
    #expect(observation.value == 2)
    #expect(subject.value == 2)
  }

  @Test func manyConsumersSeeChangesInOrderAndEndOnTheLastValue() async {
    let subject = ValueSubject(0)
    let consumers = 20
    let last = 500
    let started = Counter()
    await withTaskGroup(of: [Int].self) { group in
      for _ in 0..<consumers {
        group.addTask {
          var seen: [Int] = []
          for await value in subject.observation {
            if seen.isEmpty { started.increment() }
            seen.append(value)
            if value == last { break }
          }
          return seen
        }
      }
      while started.value < consumers { await Task.yield() }
      for value in 1...last { subject.send(value) }
      for await seen in group {
        #expect(seen.last == last)
        #expect(seen.first == 0)
        // Values may be skipped (latest wins) but never reordered or repeated.
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 })
      }
    }
    #expect(subject.waiterCount == 0)
  }

  @Test func aSlowConsumerGetsTheLatestValueNotABacklog() async {
    let subject = ValueSubject(0)
    var iterator = subject.observation.makeAsyncIterator()
    for value in 1...10_000 { subject.send(value) }
    #expect(await iterator.next() == 10_000)
    subject.send(10_001)
    #expect(await iterator.next() == 10_001)
  }

  @Test func cancellingTheConsumerEndsTheSubscriptionAndFreesTheConsumer() async {
    let subject = ValueSubject(0)
    weak var weakConsumer: Consumer?
    let task: Task<Void, Never>
    do {
      let consumer = Consumer()
      weakConsumer = consumer
      let observation = subject.observation
      task = Task { await consumer.consume(observation) }
    }
    while subject.waiterCount < 1 { await Task.yield() }
    #expect(weakConsumer?.count == 1)
    task.cancel()
    await task.value
    #expect(weakConsumer == nil)
    #expect(subject.waiterCount == 0)
    subject.send(1)  // nobody is left to deliver to; this must not trap or leak
  }

  @Test func anIterationInACancelledTaskEndsAtOnce() async {
    let subject = ValueSubject(0)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var iterator = subject.observation.makeAsyncIterator()
      return await iterator.next()
    }
    #expect(await task.value == nil)
    #expect(subject.waiterCount == 0)
  }

  @Test func anObservationDoesNotKeepTheSubjectAlive() async {
    var subject: ValueSubject<Int>? = ValueSubject(1)
    weak let weakSubject = subject
    let observation = subject?.observation
    subject?.send(2)
    subject = nil
    #expect(weakSubject == nil)
    #expect(observation?.value == 2)
    var iterator = observation?.makeAsyncIterator()
    #expect(await iterator?.next() == 2)
    #expect(await iterator?.next() == nil)
  }

  @Test func waitingConsumersFinishWhenTheOwnerGoesAway() async {
    var subject: ValueSubject<Int>? = ValueSubject(0)
    let observation = subject?.observation
    let storage = Counter()
    let consumer = Task {
      guard let observation else { return }
      for await _ in observation { storage.increment() }
    }
    while subject?.waiterCount ?? 0 < 1 { await Task.yield() }
    #expect(storage.value == 1)
    subject = nil
    await consumer.value  // would hang if the parked consumer were never resumed
    #expect(storage.value == 1)
  }

  @Test func noWriteIsLostBetweenSubscribingAndTheFirstValue() async {
    // A writer races each subscription. If the subscriber were registered after reading the
    // current value, a write falling in between would never arrive and `next()` would hang.
    for _ in 0..<2_000 {
      let subject = ValueSubject(0)
      let writer = Task.detached { subject.send(1) }
      var iterator = subject.observation.makeAsyncIterator()
      var value = await iterator.next()
      await writer.value
      if value == 0 { value = await iterator.next() }
      #expect(value == 1)
    }
  }

  @Test func concurrentUpdatesAreAtomic() async {
    let subject = ValueSubject(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<1_000 { subject.update { $0 += 1 } }
        }
      }
    }
    #expect(subject.value == 8_000)
  }

  @Test func updateReturnsItsResult() {
    let subject = ValueSubject([1, 2, 3])
    let removed = subject.update { $0.removeLast() }
    #expect(removed == 3)
    #expect(subject.value == [1, 2])
  }

  @Test func sendIfChangedSkipsEqualValues() async {
    let subject = ValueSubject("a")
    let received = Counter()
    let seen = LockedState<[String]>([])
    let task = Task {
      for await value in subject.observation {
        seen.withLock { $0.append(value) }
        received.increment()
      }
    }
    while received.value < 1 { await Task.yield() }
    #expect(subject.sendIfChanged("a") == false)
    #expect(subject.sendIfChanged("b") == true)
    while received.value < 2 { await Task.yield() }
    #expect(subject.sendIfChanged("b") == false)
    subject.send("c")
    while received.value < 3 { await Task.yield() }
    task.cancel()
    await task.value
    #expect(seen.withLock { $0 } == ["a", "b", "c"])
  }
}

/// An object that iterates an observation, to show that cancellation releases it.
private final class Consumer: Sendable {
  private let received = Counter()

  var count: Int { received.value }

  func consume(_ observation: ValueObservation<Int>) async {
    for await _ in observation {
      received.increment()
    }
  }
}

/// A thread-safe counter for tests.
final class Counter: Sendable {
  private let storage = LockedState(0)

  var value: Int { storage.withLock { $0 } }

  func increment() {
    storage.withLock { $0 += 1 }
  }
}

struct ValueSubjectUpdateTests {
  @Test func anEquatableUpdateThatChangesNothingWakesNobody() async {
    let subject = ValueSubject([1, 2])
    let consumer = Task {
      var values: [[Int]] = []
      for await value in subject.observation {
        values.append(value)
        if values.count == 2 { break }
      }
      return values
    }
    while subject.waiterCount < 1 { await Task.yield() }
    subject.update { _ in }  // equal: the parked consumer stays parked
    #expect(subject.waiterCount == 1)
    subject.update { $0.append(3) }
    #expect(await consumer.value == [[1, 2], [1, 2, 3]])
  }
}
