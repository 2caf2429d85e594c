import Foundation
import HaruForecastTesting
import HaruModels
import HaruShared
import HaruTesting
import Testing

@testable import HaruForecast

struct ServiceOutlookTests {
  @Test func outlookShowsYesterdayTodayTomorrowAndTheDaysAfter() async throws {
    let morning = try serviceMorning()
    let provider = StubForecastProvider { _, date in .canned(around: date) }
    let service = ForecastService(provider: provider, clock: ManualClock(), now: { morning })

    let outlook = try await service.outlook(for: .seoulCityHall)

    #expect(outlook.yesterday?.day == (try day(2026, 11, 29)))
    #expect(outlook.today?.day == (try day(2026, 11, 30)))
    #expect(outlook.tomorrow?.day == (try day(2026, 12, 1)))
    #expect(outlook.laterDays.map(\.day) == [try day(2026, 12, 2), try day(2026, 12, 3)])
    #expect(outlook.current?.temperature != nil)
    #expect(outlook.hourly.first?.time == (try kst(2026, 11, 30, 10)))
    #expect(outlook.provider == "stub")
    #expect(outlook.fetchedAt == morning)
    #expect(outlook.issuedAt == (try kst(2026, 11, 30, 10)))
    #expect(!outlook.isStale)
    #expect(outlook.staleReason == nil)
  }

  @Test func todayIsComparedWithYesterday() async throws {
    let morning = try serviceMorning()
    let provider = StubForecastProvider { _, date in .canned(around: date) }
    let service = ForecastService(provider: provider, clock: ManualClock(), now: { morning })

    let change = try #require(try await service.outlook(for: .seoulCityHall).comparedWithYesterday)

    #expect(change.degrees(in: .celsius) == 2)
    #expect(change.degrees(in: .fahrenheit) == 4)
    #expect(change.sentence(in: .celsius, language: .english) == "2° warmer than yesterday")
    #expect(change.sentence(in: .celsius, language: .korean) == "어제보다 2° 높아요")
  }

  @Test(arguments: [
    (19.0, 17.0, TemperatureUnit.celsius, "2° colder than yesterday"),
    (19.0, 19.4, .celsius, "The same as yesterday"),
    (10.0, 15.0, .celsius, "5° warmer than yesterday"),
    (10.0, 15.0, .fahrenheit, "9°F warmer than yesterday"),
    (-3.0, -5.0, .fahrenheit, "4°F colder than yesterday"),
    // Both days read "18°": the same, though 0.8° apart.
    (17.6, 18.4, .celsius, "The same as yesterday"),
    // "17°" then "19°": two degrees, though 1.1° apart.
    (17.4, 18.5, .celsius, "2° warmer than yesterday"),
  ])
  func temperatureChangeReadsAsTheShownTemperaturesDo(
    old: Double, new: Double, unit: TemperatureUnit, sentence: String
  ) throws {
    let change = TemperatureChange(
      from: try Temperature(celsius: old), to: try Temperature(celsius: new))
    #expect(change.sentence(in: unit, language: .english) == sentence)
  }

  @Test func aKoreanSentenceNamesTheUnitToo() throws {
    let change = TemperatureChange(
      from: try Temperature(celsius: 10), to: try Temperature(celsius: 8))
    #expect(change.sentence(in: .fahrenheit, language: .korean) == "어제보다 4°F 낮아요")
    #expect(change.sentence(in: .celsius, language: .korean) == "어제보다 2° 낮아요")
    #expect(abs(change.celsiusDegrees + 2) < 1e-9)
  }

  @Test func kmaOutlookCarriesTheRunsAndTheAttribution() async throws {
    let morning = try serviceMorning()
    let transport = shortTermStub()
    let service = ForecastService(
      provider: try kmaProvider(transport), clock: ManualClock(), now: { morning })

    let outlook = try await service.outlook(for: .seoulCityHall)

    #expect(outlook.provider == "kma")
    #expect(outlook.attribution.text == "기상청 제공")
    #expect(outlook.attribution.link.host() == "www.data.go.kr")
    #expect(outlook.issuedAt == (try kst(2026, 11, 30, 8)))
    #expect(outlook.yesterday != nil)
    #expect(outlook.today?.hourly.first?.time == (try kst(2026, 11, 30, 0)))
    #expect(outlook.tomorrow != nil)
    #expect(outlook.current?.temperature != nil)
    #expect(outlook.comparedWithYesterday != nil)
  }

  @Test func kmaOutlookWithoutYesterdaysRunStillShowsToday() async throws {
    let morning = try serviceMorning()
    let transport = shortTermStub(noDataFor: ["20261128 2300", "20261128 2000"])
    let service = ForecastService(
      provider: try kmaProvider(transport), clock: ManualClock(), now: { morning })

    let outlook = try await service.outlook(for: .seoulCityHall)

    #expect(outlook.yesterday == nil)
    #expect(outlook.comparedWithYesterday == nil)
    #expect(outlook.today != nil)
    #expect(!outlook.isStale)
  }

  @Test func switchingProviderIsOneLine() async throws {
    let morning = try serviceMorning()
    let kma = ForecastService(
      provider: try kmaProvider(shortTermStub()), clock: ManualClock(), now: { morning })
    let openMeteo = ForecastService(
      provider: OpenMeteoProvider(transport: openMeteoStub(at: morning)), clock: ManualClock(),
      now: { morning })

    let fromKMA = try await kma.outlook(for: .seoulCityHall)
    let fromOpenMeteo = try await openMeteo.outlook(for: .seoulCityHall)

    #expect(fromKMA.today?.day == fromOpenMeteo.today?.day)
    #expect(fromOpenMeteo.attribution.text == "Weather data by Open-Meteo.com")
    #expect(fromOpenMeteo.attribution.license == "CC BY 4.0")
    #expect(fromOpenMeteo.yesterday != nil)
  }
}

struct ServiceCoalescingTests {
  @Test(.timeLimit(.minutes(3)))
  func hundredConcurrentCallsMakeTheRequestsOfOne() async throws {
    let morning = try serviceMorning()
    let single = shortTermStub()
    _ = try await ForecastService(
      provider: try kmaProvider(single), clock: ManualClock(), now: { morning }
    ).outlook(for: .seoulCityHall)
    let clock = ManualClock()
    let answers = shortTermStub()
    // Every request waits a second on the manual clock, so all callers arrive while it is out.
    let transport = StubTransport { request throws(ForecastError) in
      do {
        try await clock.sleep(for: .seconds(1))
      } catch {
        throw ForecastError(.cancelled, message: "cancelled")
      }
      return try await answers.send(request)
    }
    let service = ForecastService(
      provider: try kmaProvider(transport), clock: clock, now: { morning }, attemptTimeout: nil)

    let outlooks = try await withThrowingTaskGroup(of: ForecastOutlook.self) { group in
      for _ in 0..<100 {
        group.addTask { try await service.outlook(for: .seoulCityHall) }
      }
      await eventually { service.waitingCallers == 100 }
      await clock.waitForSleepers(count: single.requests.count)
      await clock.advance(by: .seconds(1))
      return try await group.reduce(into: []) { $0.append($1) }
    }

    #expect(outlooks.count == 100)
    #expect(Set(outlooks).count == 1)
    #expect(transport.requests.count == single.requests.count)
    #expect(Set(transport.askedOperations).count == transport.requests.count)
    #expect(Set(transport.askedOperations) == Set(single.askedOperations))
  }

  @Test(.timeLimit(.minutes(3)))
  func everyWaitingCallerGetsTheSameError() async throws {
    let morning = try serviceMorning()
    let clock = ManualClock()
    let quota = ForecastError(.kmaResult, message: "quota", kmaResultCode: .requestLimitExceeded)
    let provider = StubForecastProvider { (_, _) throws(ForecastError) -> ProviderForecast in
      try? await clock.sleep(for: .seconds(1))
      throw quota
    }
    let service = ForecastService(
      provider: provider, clock: clock, now: { morning }, attemptTimeout: nil)

    let errors = await withTaskGroup(of: ForecastError?.self) { group in
      for _ in 0..<10 {
        group.addTask { () async -> ForecastError? in
          do throws(ForecastError) {
            _ = try await service.outlook(for: .seoulCityHall)
            return nil
          } catch {
            return error
          }
        }
      }
      await eventually { service.waitingCallers == 10 }
      await clock.waitForSleepers(count: 1)
      await clock.advance(by: .seconds(1))
      return await group.reduce(into: []) { $0.append($1) }
    }

    #expect(errors.count == 10)
    #expect(errors.allSatisfy { $0 == quota })
    #expect(provider.callCount == 1)
  }
}

struct ServiceCacheTests {
  @Test func aFreshAnswerComesFromMemory() async throws {
    let now = TestNow(try serviceMorning())
    let provider = StubForecastProvider { _, date in .canned(around: date) }
    let service = ForecastService(provider: provider, clock: ManualClock(), now: now.closure)

    let first = try await service.outlook(for: .seoulCityHall)
    now.date = now.date.addingTimeInterval(20 * 60)
    let second = try await service.outlook(for: .seoulCityHall)

    #expect(second == first)
    #expect(provider.callCount == 1)
    #expect(service.cachedOutlook(for: .seoulCityHall) == first)
  }

  @Test func aNewRunIsFetched() async throws {
    let now = TestNow(try serviceMorning())
    let provider = StubForecastProvider { _, date in .canned(around: date) }
    let service = ForecastService(provider: provider, clock: ManualClock(), now: now.closure)

    let first = try await service.outlook(for: .seoulCityHall)
    now.date = now.date.addingTimeInterval(3600)
    let second = try await service.outlook(for: .seoulCityHall)

    #expect(provider.callCount == 2)
    #expect(second.run > first.run)
  }

  @Test func theCacheIsKeptPerGridPoint() async throws {
    let morning = try serviceMorning()
    let provider = StubForecastProvider { _, date in .canned(around: date) }
    let service = ForecastService(provider: provider, clock: ManualClock(), now: { morning })
    let busan = try Town(name: "Busan", gridPoint: GridPoint(nx: 98, ny: 76))

    _ = try await service.outlook(for: .seoulCityHall)
    let other = try await service.outlook(for: busan)

    #expect(provider.callCount == 2)
    #expect(other.town == busan)
  }

  @Test func townsInTheSameCellShareTheAnswerButKeepTheirNames() async throws {
    let morning = try serviceMorning()
    let provider = StubForecastProvider { _, date in .canned(around: date) }
    let service = ForecastService(provider: provider, clock: ManualClock(), now: { morning })
    let neighbour = try Town(name: "Jung-gu", gridPoint: Town.seoulCityHall.gridPoint)

    let first = try await service.outlook(for: .seoulCityHall)
    let second = try await service.outlook(for: neighbour)

    #expect(provider.callCount == 1)
    #expect(first.town == .seoulCityHall)
    #expect(second.town == neighbour)
    #expect(second.days == first.days)
    #expect(service.cachedOutlook(for: neighbour)?.town == neighbour)
    #expect(service.cachedOutlook(for: .seoulCityHall)?.town == .seoulCityHall)
  }

  @Test func aFailureWithCachedDataReturnsItMarkedStale() async throws {
    let now = TestNow(try serviceMorning())
    let failing = Switch()
    let provider = StubForecastProvider { (_, date) throws(ForecastError) -> ProviderForecast in
      if failing.isOn {
        throw ForecastError(.decoding, message: "The body is an HTML maintenance page.")
      }
      return .canned(around: date)
    }
    let service = ForecastService(provider: provider, clock: ManualClock(), now: now.closure)
    let fresh = try await service.outlook(for: .seoulCityHall)
    failing.isOn = true
    now.date = now.date.addingTimeInterval(3600)

    let stale = try await service.outlook(for: .seoulCityHall)

    #expect(stale.isStale)
    #expect(stale.staleReason?.error.code == .decoding)
    #expect(stale.staleReason?.code == .unreadable)
    #expect(stale.days == fresh.days)
    #expect(stale.fetchedAt == fresh.fetchedAt)
    #expect(stale.referenceTime == now.date)
    #expect(service.cachedOutlook(for: .seoulCityHall) == fresh)
  }

  @Test func aFailureWithoutCachedDataThrowsTheTypedError() async throws {
    let morning = try serviceMorning()
    let provider = StubForecastProvider(
      error: ForecastError(.decoding, message: "The body is an HTML maintenance page."))
    let service = ForecastService(provider: provider, clock: ManualClock(), now: { morning })

    let error = await #expect(throws: ForecastError.self) {
      try await service.outlook(for: .seoulCityHall)
    }

    #expect(error?.code == .decoding)
  }

  @Test func yesterdayIsKeptFromTheCacheWhenTheProviderNoLongerHasIt() async throws {
    let now = TestNow(try kst(2026, 11, 29, 22, 30))
    let provider = StubForecastProvider { _, date in
      let canned = ProviderForecast.canned(around: date)
      // Like KMA once the old run is gone: no yesterday.
      let today = CalendarDay(containing: date, in: CalendarDay.koreaTimeZone)
      return ProviderForecast(
        days: canned.days.filter { $0.day >= today }, current: canned.current,
        issuedAt: canned.issuedAt)
    }
    let service = ForecastService(provider: provider, clock: ManualClock(), now: now.closure)
    let evening = try await service.outlook(for: .seoulCityHall)
    now.date = try kst(2026, 11, 30, 9)

    let morning = try await service.outlook(for: .seoulCityHall)

    #expect(morning.yesterday == evening.today)
    #expect(morning.comparedWithYesterday != nil)
  }
}

struct ServiceKMAFaultTests {
  @Test(.timeLimit(.minutes(3)))
  func quotaExceededIsNotRetriedAndThrowsWithoutCache() async throws {
    let morning = try serviceMorning()
    let transport = StubTransport { _ in
      .text(KMAFixtures.gatewayError(.requestLimitExceeded), contentType: "text/xml")
    }
    let service = ForecastService(
      provider: try kmaProvider(transport), clock: ManualClock(), now: { morning })

    let error = await #expect(throws: ForecastError.self) {
      try await service.outlook(for: .seoulCityHall)
    }

    #expect(error?.kmaResultCode == .requestLimitExceeded)
    #expect(error?.isTransient == false)
    #expect(!transport.requests.isEmpty)
    #expect(Set(transport.askedOperations).count == transport.requests.count)
    #expect(error.map { !$0.description.contains(sentinelKey) } ?? false)
  }

  @Test(.timeLimit(.minutes(3)))
  func quotaExceededIsThrownEvenWhenAForecastIsKept() async throws {
    let now = TestNow(try serviceMorning())
    let quota = Switch()
    let answers = shortTermStub()
    let transport = StubTransport { request throws(ForecastError) in
      if quota.isOn {
        return .text(KMAFixtures.gatewayError(.requestLimitExceeded), contentType: "text/xml")
      }
      return try await answers.send(request)
    }
    let service = ForecastService(
      provider: try kmaProvider(transport), clock: ManualClock(), now: now.closure)
    let fresh = try await service.outlook(for: .seoulCityHall)
    let requestsWhenFresh = transport.requests.count
    quota.isOn = true
    now.date = now.date.addingTimeInterval(3600)

    // Asking again will not help today: the error is thrown, not hidden behind the kept answer,
    // which stays available beside it.
    let error = await #expect(throws: ForecastError.self) {
      try await service.outlook(for: .seoulCityHall)
    }

    #expect(error?.kmaResultCode == .requestLimitExceeded)
    #expect(service.cachedOutlook(for: .seoulCityHall)?.days == fresh.days)
    let failedAsks = transport.askedOperations.dropFirst(requestsWhenFresh)
    #expect(!failedAsks.isEmpty)
    #expect(Set(failedAsks).count == failedAsks.count)
  }
}

struct ServiceRetryTests {
  @Test(.timeLimit(.minutes(3)))
  func transportFailingTwiceThenSucceedingGivesOneAnswerFromThreeRequests() async throws {
    let morning = try serviceMorning()
    let clock = ManualClock()
    let body = OpenMeteoFixtures.forecast(around: morning)
    let sent = LockedState(0)
    let transport = StubTransport { _ throws(ForecastError) in
      let count = sent.withLock {
        $0 += 1
        return $0
      }
      if count <= 2 { throw connectionLost }
      return .json(body)
    }
    let policy = RetryPolicy(maximumAttempts: 4, jitter: 0)
    let service = ForecastService(
      provider: OpenMeteoProvider(transport: transport), clock: clock, now: { morning },
      retryPolicy: policy, attemptTimeout: nil)

    let call = Task { try await service.outlook(for: .seoulCityHall) }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .milliseconds(999))
    #expect(transport.requests.count == 1)
    await clock.advance(by: .milliseconds(1))
    await clock.waitForSleepers(count: 1)
    #expect(transport.requests.count == 2)
    await clock.advance(by: .seconds(2))
    let outlook = try await call.value

    #expect(transport.requests.count == 3)
    #expect(!outlook.isStale)
    #expect(outlook.today != nil)
  }

  @Test(.timeLimit(.minutes(3)))
  func retriesStopAtTheAttemptLimitAndReturnTheLastError() async throws {
    let morning = try serviceMorning()
    let clock = ManualClock()
    let transport = StubTransport { _ throws(ForecastError) in throw connectionLost }
    let service = ForecastService(
      provider: OpenMeteoProvider(transport: transport), clock: clock, now: { morning },
      retryPolicy: RetryPolicy(maximumAttempts: 3, jitter: 0), attemptTimeout: nil)

    let call = Task { () async throws(ForecastError) in
      try await service.outlook(for: .seoulCityHall)
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(2))

    let error = await #expect(throws: ForecastError.self) { try await call.value }
    #expect(error?.code == .transport)
    #expect(transport.requests.count == 3)
  }

  @Test(.timeLimit(.minutes(3)))
  func noRetryStartsAfterTheTotalTimeBound() async throws {
    let morning = try serviceMorning()
    let clock = ManualClock()
    let transport = StubTransport { _ throws(ForecastError) in throw connectionLost }
    let policy = RetryPolicy(
      maximumAttempts: 10, initialDelay: .seconds(4), jitter: 0, maximumTotalTime: .seconds(5))
    let service = ForecastService(
      provider: OpenMeteoProvider(transport: transport), clock: clock, now: { morning },
      retryPolicy: policy, attemptTimeout: nil)

    let call = Task { () async throws(ForecastError) in
      try await service.outlook(for: .seoulCityHall)
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(4))

    let error = await #expect(throws: ForecastError.self) { try await call.value }
    #expect(error?.code == .transport)
    // Waiting 8 s more would end after the 5 s bound, so the second failure is the last.
    #expect(transport.requests.count == 2)
  }

  @Test(arguments: [
    ForecastError(.kmaResult, message: "key", kmaResultCode: .serviceKeyNotRegistered),
    ForecastError(.kmaResult, message: "parameter", kmaResultCode: .invalidRequestParameter),
    ForecastError(.httpStatus, message: "not found", httpStatus: 404),
    ForecastError(.rateLimited, message: "limit", httpStatus: 429),
    ForecastError(.rejected, message: "bad", httpStatus: 400),
  ])
  func permanentFailuresAreNeverRetried(failure: ForecastError) async throws {
    let morning = try serviceMorning()
    let provider = StubForecastProvider(error: failure)
    let service = ForecastService(provider: provider, clock: ManualClock(), now: { morning })

    let error = await #expect(throws: ForecastError.self) {
      try await service.outlook(for: .seoulCityHall)
    }

    #expect(error == failure)
    #expect(provider.callCount == 1)
  }

  @Test(
    .timeLimit(.minutes(3)),
    arguments: [
      ForecastError(.timeout, message: "slow"),
      ForecastError(.transport, message: "connection lost"),
      ForecastError(.httpStatus, message: "unavailable", httpStatus: 503),
      ForecastError(.kmaResult, message: "application", kmaResultCode: .applicationError),
      ForecastError(.kmaResult, message: "database", kmaResultCode: .databaseError),
      ForecastError(.kmaResult, message: "http", kmaResultCode: .httpError),
      ForecastError(.kmaResult, message: "service time-out", kmaResultCode: .serviceTimeout),
    ])
  func transientFailuresAreRetried(failure: ForecastError) async throws {
    let morning = try serviceMorning()
    let clock = ManualClock()
    let calls = LockedState(0)
    let provider = StubForecastProvider { (_, date) throws(ForecastError) -> ProviderForecast in
      let call = calls.withLock {
        $0 += 1
        return $0
      }
      if call == 1 { throw failure }
      return .canned(around: date)
    }
    let service = ForecastService(
      provider: provider, clock: clock, now: { morning },
      retryPolicy: RetryPolicy(maximumAttempts: 2, jitter: 0), attemptTimeout: nil)

    let call = Task { try await service.outlook(for: .seoulCityHall) }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(1))
    let outlook = try await call.value

    #expect(!outlook.isStale)
    #expect(provider.callCount == 2)
  }

  @Test(.timeLimit(.minutes(3)))
  func kmaGatewayErrorZeroFourIsRetriedOverTheWire() async throws {
    let morning = try serviceMorning()
    let clock = ManualClock()
    let failing = Switch()
    failing.isOn = true
    let answers = shortTermStub()
    let transport = StubTransport { request throws(ForecastError) in
      if failing.isOn {
        return .text(KMAFixtures.gatewayError(.httpError), contentType: "text/xml")
      }
      return try await answers.send(request)
    }
    let service = ForecastService(
      provider: try kmaProvider(transport), clock: clock, now: { morning },
      retryPolicy: RetryPolicy(maximumAttempts: 2, jitter: 0), attemptTimeout: nil)

    let call = Task { try await service.outlook(for: .seoulCityHall) }
    await clock.waitForSleepers(count: 1)
    failing.isOn = false
    await clock.advance(by: .seconds(1))
    let outlook = try await call.value

    #expect(!outlook.isStale)
    #expect(outlook.today != nil)
    #expect(transport.askedOperations.filter { $0.hasPrefix("getUltraSrtNcst") }.count == 2)
  }

  @Test func backoffGrowsExponentiallyUpToTheCap() {
    let policy = RetryPolicy(
      maximumAttempts: 6, initialDelay: .seconds(1), maximumDelay: .seconds(5), multiplier: 2,
      jitter: 0.5)
    #expect(policy.delay(beforeRetry: 1, random: 0) == .seconds(1))
    #expect(policy.delay(beforeRetry: 2, random: 0) == .seconds(2))
    #expect(policy.delay(beforeRetry: 3, random: 0) == .seconds(4))
    #expect(policy.delay(beforeRetry: 4, random: 0) == .seconds(5))
    #expect(policy.delay(beforeRetry: 2, random: 1) == .seconds(1))
    #expect(policy.delay(beforeRetry: 3, random: 0.5) == .seconds(3))
  }
}

struct ServiceTimeoutTests {
  /// A transport that answers after 20 s on the manual clock and records whether it was stopped.
  final class SlowTransport: HTTPTransport {
    let clock: ManualClock
    let body: String
    private let stopped = LockedState(0)

    init(clock: ManualClock, body: String) {
      self.clock = clock
      self.body = body
    }

    var stoppedCount: Int { stopped.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(ForecastError) -> HTTPResponse {
      do {
        try await clock.sleep(for: .seconds(20))
      } catch {
        stopped.withLock { $0 += 1 }
        throw ForecastError(.cancelled, message: "cancelled")
      }
      return .json(body)
    }
  }

  @Test(.timeLimit(.minutes(3)))
  func anAnswerAfterTwentySecondsWithATenSecondTimeoutIsATimeout() async throws {
    let morning = try serviceMorning()
    let clock = ManualClock()
    let transport = SlowTransport(
      clock: clock, body: OpenMeteoFixtures.forecast(around: morning))
    let service = ForecastService(
      provider: OpenMeteoProvider(transport: transport), clock: clock, now: { morning },
      retryPolicy: .never, attemptTimeout: .seconds(10))

    let call = Task { () async throws(ForecastError) in
      try await service.outlook(for: .seoulCityHall)
    }
    await clock.waitForSleepers(count: 2)
    await clock.advance(by: .seconds(10))

    let error = await #expect(throws: ForecastError.self) { try await call.value }
    #expect(error?.code == .timeout)
    #expect(error?.isTransient == true)
    #expect(clock.sleeperCount == 0)
    #expect(transport.stoppedCount == 1)
    #expect(service.waitingCallers == 0)
  }

  @Test(.timeLimit(.minutes(3)))
  func aTimeoutWithCachedDataReturnsItMarkedStale() async throws {
    let now = TestNow(try serviceMorning())
    let clock = ManualClock()
    let slow = Switch()
    let fast = openMeteoStub(at: now.date)
    let transport = SlowTransport(
      clock: clock, body: OpenMeteoFixtures.forecast(around: now.date))
    let switching = StubTransport { request throws(ForecastError) in
      slow.isOn ? try await transport.send(request) : try await fast.send(request)
    }
    let service = ForecastService(
      provider: OpenMeteoProvider(transport: switching), clock: clock, now: now.closure,
      retryPolicy: .never, attemptTimeout: .seconds(10))
    _ = try await service.outlook(for: .seoulCityHall)
    slow.isOn = true
    now.date = now.date.addingTimeInterval(3600)

    let call = Task { try await service.outlook(for: .seoulCityHall) }
    await clock.waitForSleepers(count: 2)
    await clock.advance(by: .seconds(10))
    let outlook = try await call.value

    #expect(outlook.isStale)
    #expect(outlook.staleReason?.error.code == .timeout)
    #expect(outlook.staleReason?.code == .offline)
    #expect(clock.sleeperCount == 0)
  }
}

struct ServiceCancellationTests {
  @Test(.timeLimit(.minutes(3)))
  func aCancelledCallerLeavesTheOthersTheirAnswer() async throws {
    let morning = try serviceMorning()
    let clock = ManualClock()
    let provider = StubForecastProvider { _, date in
      try? await clock.sleep(for: .seconds(1))
      return .canned(around: date)
    }
    let service = ForecastService(
      provider: provider, clock: clock, now: { morning }, attemptTimeout: nil)

    let leaving = Task { () async throws(ForecastError) in
      try await service.outlook(for: .seoulCityHall)
    }
    let staying = (0..<5).map { _ in
      Task { () async throws(ForecastError) in try await service.outlook(for: .seoulCityHall) }
    }
    await eventually { service.waitingCallers == 6 }
    await clock.waitForSleepers(count: 1)
    leaving.cancel()
    let leftError = await #expect(throws: ForecastError.self) { try await leaving.value }
    #expect(leftError?.code == .cancelled)
    #expect(service.waitingCallers == 5)
    #expect(clock.sleeperCount == 1)

    await clock.advance(by: .seconds(1))
    var answers: [ForecastOutlook] = []
    for task in staying {
      answers.append(try await task.value)
    }

    #expect(answers.count == 5)
    #expect(Set(answers).count == 1)
    #expect(!answers[0].isStale)
    #expect(provider.callCount == 1)
  }

  @Test(.timeLimit(.minutes(3)))
  func theSharedRequestIsCancelledWhenNoCallerIsLeft() async throws {
    let morning = try serviceMorning()
    let clock = ManualClock()
    let stopped = Switch()
    let provider = StubForecastProvider { (_, date) throws(ForecastError) -> ProviderForecast in
      do {
        try await clock.sleep(for: .seconds(1))
      } catch {
        stopped.isOn = true
        throw ForecastError(.cancelled, message: "cancelled")
      }
      return .canned(around: date)
    }
    let service = ForecastService(
      provider: provider, clock: clock, now: { morning }, attemptTimeout: nil)

    let callers = (0..<2).map { _ in
      Task { () async throws(ForecastError) in try await service.outlook(for: .seoulCityHall) }
    }
    await eventually { service.waitingCallers == 2 }
    await clock.waitForSleepers(count: 1)
    for caller in callers {
      caller.cancel()
      let error = await #expect(throws: ForecastError.self) { try await caller.value }
      #expect(error?.code == .cancelled)
    }
    await eventually { stopped.isOn }

    #expect(clock.sleeperCount == 0)
    #expect(service.waitingCallers == 0)
    #expect(service.cachedOutlook(for: .seoulCityHall) == nil)
  }

  @Test func aCallerCancelledBeforeAskingGetsCancelledWithoutAFetch() async throws {
    let morning = try serviceMorning()
    let provider = StubForecastProvider { _, date in .canned(around: date) }
    let service = ForecastService(provider: provider, clock: ManualClock(), now: { morning })

    let call = Task { () async throws(ForecastError) in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await service.outlook(for: .seoulCityHall)
    }

    let error = await #expect(throws: ForecastError.self) { try await call.value }
    #expect(error?.code == .cancelled)
    #expect(provider.callCount == 0)
  }
}

struct ServiceDiskCacheTests {
  func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appending(
      path: "haru-service-\(UUID().uuidString)", directoryHint: .isDirectory)
  }

  @Test func theDiskCacheSurvivesARestart() async throws {
    let morning = try serviceMorning()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = StubForecastProvider { _, date in .canned(around: date) }
    let fetched = try await ForecastService(
      provider: first, clock: ManualClock(), now: { morning }, cacheDirectory: directory
    ).outlook(for: .seoulCityHall)

    let second = StubForecastProvider { _, date in .canned(around: date) }
    let restored = try await ForecastService(
      provider: second, clock: ManualClock(), now: { morning }, cacheDirectory: directory
    ).outlook(for: .seoulCityHall)

    #expect(second.callCount == 0)
    #expect(restored.days == fetched.days)
    #expect(restored.current == fetched.current)
    #expect(restored.run == fetched.run)
    #expect(restored.issuedAt == fetched.issuedAt)
    #expect(!restored.isStale)
  }

  @Test func theDiskCacheServesStaleDataAfterARestartWhenTheNetworkFails() async throws {
    let morning = try serviceMorning()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = try await ForecastService(
      provider: StubForecastProvider { _, date in .canned(around: date) }, clock: ManualClock(),
      now: { morning }, cacheDirectory: directory
    ).outlook(for: .seoulCityHall)

    let later = morning.addingTimeInterval(3 * 3600)
    let offline = try await ForecastService(
      provider: StubForecastProvider(error: connectionLost), clock: ManualClock(),
      now: { later }, retryPolicy: .never, cacheDirectory: directory
    ).outlook(for: .seoulCityHall)

    #expect(offline.isStale)
    #expect(offline.staleReason?.error == connectionLost)
  }

  @Test(arguments: ["{not json", "", "{\"version\":1}", "\u{FEFF}[]"])
  func aCorruptCacheFileIsIgnoredAndReplaced(contents: String) async throws {
    let morning = try serviceMorning()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = OutlookDiskCache(directory: directory).fileURL(
      provider: "stub", gridPoint: Town.seoulCityHall.gridPoint)
    try Data(contents.utf8).write(to: file)

    let provider = StubForecastProvider { _, date in .canned(around: date) }
    let outlook = try await ForecastService(
      provider: provider, clock: ManualClock(), now: { morning }, cacheDirectory: directory
    ).outlook(for: .seoulCityHall)

    #expect(provider.callCount == 1)
    #expect(!outlook.isStale)
    let replaced = OutlookDiskCache(directory: directory).read(
      provider: "stub", town: .seoulCityHall)
    #expect(replaced?.days == outlook.days)
  }

  @Test func aCorruptCacheFileWithTheNetworkDownGivesTheTypedError() async throws {
    let morning = try serviceMorning()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = OutlookDiskCache(directory: directory).fileURL(
      provider: "stub", gridPoint: Town.seoulCityHall.gridPoint)
    try Data("{\"days\":[".utf8).write(to: file)

    let error = await #expect(throws: ForecastError.self) {
      try await ForecastService(
        provider: StubForecastProvider(error: connectionLost), clock: ManualClock(),
        now: { morning }, retryPolicy: .never, cacheDirectory: directory
      ).outlook(for: .seoulCityHall)
    }

    #expect(error == connectionLost)
  }
}
