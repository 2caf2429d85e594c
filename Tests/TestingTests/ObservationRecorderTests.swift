import HaruModels
import HaruTesting
import Testing

@Suite(.timeLimit(.minutes(3)))
struct ObservationRecorderTests {
  @Test func firstValueReturnsTheFirstValueThatMatches() async throws {
    let subject = ValueSubject(0)
    let waiting = Task { try await firstValue(of: subject.observation, where: { $0 >= 2 }) }
    subject.send(1)
    subject.send(2)
    subject.send(3)
    let found = try await waiting.value
    #expect(found >= 2)
    #expect(try await firstValue(of: subject.observation) == 3, "any value by default")
  }

  @Test func firstValueGivesUpOnTheClockAndNamesWhatItSaw() async throws {
    let subject = ValueSubject("서울")
    let clock = ManualClock()
    let waiting = Task {
      try await firstValue(
        of: subject.observation, where: { $0 == "부산" }, timeout: .seconds(2), clock: clock)
    }
    await clock.waitForSleepers(count: 1)
    subject.send("제주")
    await clock.advance(by: .seconds(2))
    let error = await #expect(throws: ObservationTimeout.self) { try await waiting.value }
    #expect(error?.timeout == .seconds(2))
    #expect(error?.seen.first == "서울")
    #expect(
      error?.description.contains("waited 2.0 seconds") == true, "\(String(describing: error))")
  }

  @Test func aRecorderWaitsForACountOrAConditionAndKeepsEveryValue() async throws {
    let subject = ValueSubject(0)
    let recorder = ObservationRecorder(subject.observation)
    try await recorder.waitForCount(1)
    subject.send(1)
    let two = try await recorder.waitForCount(2)
    #expect(two == [0, 1])
    subject.send(5)
    let seen = try await recorder.waitUntil { $0.last == 5 }
    #expect(seen == [0, 1, 5])
    #expect(recorder.values == [0, 1, 5])
  }

  @Test func aWaitOnASequenceThatEndsFailsAtOnceSayingSo() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let recorder = ObservationRecorder(stream)
    continuation.yield(7)
    continuation.finish()
    let error = await #expect(throws: ObservationTimeout.self) {
      try await recorder.waitForCount(2, timeout: .seconds(600))
    }
    #expect(error?.sequenceEnded == true)
    #expect(error?.seen == ["7"])
    #expect(error?.description.contains("ended") == true)
  }

  @Test func aStoppedRecorderEndsItsWaits() async throws {
    let subject = ValueSubject(0)
    let recorder = ObservationRecorder(subject.observation)
    try await recorder.waitForCount(1)
    recorder.stop()
    await #expect(throws: ObservationTimeout.self) {
      try await recorder.waitForCount(2, timeout: .seconds(600))
    }
  }
}
