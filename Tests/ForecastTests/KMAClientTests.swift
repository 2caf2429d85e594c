import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import Testing

struct KMAClientTests {
  private let today: CalendarDay
  private let morning: Date

  init() throws {
    today = try day(2026, 11, 30)
    morning = try kst(2026, 11, 30, 10, 30)
  }

  // MARK: - Bad input

  @Test func theGatewayKeyErrorIsReportedWithoutRetryOrFallback() async throws {
    let transport = StubTransport(routes: [
      .init(response: .text(KMAFixtures.gatewayError(.serviceKeyNotRegistered)))
    ])
    let client = client(transport, at: morning)
    let error = await #expect(throws: ForecastError.self) {
      try await client.hourlyForecast(for: seoul)
    }
    #expect(error?.code == .kmaResult)
    #expect(error?.kmaResultCode == .serviceKeyNotRegistered)
    #expect(error?.isTransient == false)
    #expect(transport.requests.count == 1)

    let daily = await #expect(throws: ForecastError.self) {
      try await client.dailyForecast(for: seoul)
    }
    #expect(daily?.kmaResultCode == .serviceKeyNotRegistered)
    // One request for each of the two runs, none repeated.
    #expect(transport.requests.count == 3)
    #expect(Set(transport.askedRuns.dropFirst()).count == 2)
  }

  @Test func noDataFallsBackOneRunThenReportsNoData() async throws {
    let transport = StubTransport(routes: [.init(response: .json(KMAFixtures.noData))])
    let client = client(transport, at: morning)
    let error = await #expect(throws: ForecastError.self) {
      try await client.hourlyForecast(for: seoul)
    }
    #expect(error?.code == .noData)
    #expect(error?.kmaResultCode == .noData)
    #expect(transport.askedRuns == ["20261130 0930", "20261130 0830"])
    #expect(error?.message.contains("2026-11-30 08:30") == true)
  }

  @Test func anApplicationErrorForARunAskedTooEarlyFallsBackOneRun() async throws {
    let applicationError =
      #"{"response":{"header":{"resultCode":"01","resultMsg":"APPLICATION_ERROR"}}}"#
    let transport = StubTransport(routes: [.init(response: .json(applicationError))])
    let error = await #expect(throws: ForecastError.self) {
      try await client(transport, at: morning).hourlyForecast(for: seoul)
    }
    #expect(error?.kmaResultCode == .applicationError)
    #expect(transport.askedRuns == ["20261130 0930", "20261130 0830"])
  }

  @Test func noDataForTheNewestRunAnswersFromTheOneBefore() async throws {
    let transport = shortTermStub(noDataFor: ["20261130 0800"])
    let forecast = try await client(transport, at: morning).dailyForecast(for: seoul)
    #expect(forecast.run == (try run(.shortTermForecast, today, 5)))
    #expect(Set(transport.askedRuns) == ["20261130 0800", "20261130 0500", "20261129 2300"])
    #expect(transport.requests.count == 3)
  }

  @Test(arguments: [
    HTTPResponse.text("<html><body>Internal error</body></html>", status: 500),
    HTTPResponse.text("<html><body>점검 중입니다</body></html>", contentType: "text/html"),
    HTTPResponse.text(""),
    HTTPResponse.json(
      #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":{"item":[{"cat"#
    ),
    HTTPResponse.text("Service Temporarily Unavailable", status: 503),
  ])
  func brokenAnswersAreTypedErrors(response: HTTPResponse) async throws {
    let transport = StubTransport(routes: [.init(response: response)])
    let client = client(transport, at: morning)
    let error = await #expect(throws: ForecastError.self) {
      try await client.dailyForecast(for: seoul)
    }
    let code = try #require(error?.code)
    #expect([ForecastError.Code.httpStatus, .decoding].contains(code))
    #expect(error?.message.isEmpty == false)
  }

  @Test(arguments: [
    (35.6762, 139.6503),  // Tokyo
    (48.8566, 2.3522),  // Paris
    (-33.8688, 151.2093),  // Sydney
  ])
  func placesOutsideTheGridFailBeforeAnyRequest(latitude: Double, longitude: Double) async throws {
    let place = try Coordinate(latitude: latitude, longitude: longitude)
    let transport = shortTermStub()
    let client = client(transport, at: morning)
    let errors = [
      await result { () async throws(ForecastError) in try await client.dailyForecast(for: place) },
      await result { () async throws(ForecastError) in try await client.yesterday(for: place) },
      await result { () async throws(ForecastError) in try await client.hourlyForecast(for: place)
      },
      await result { () async throws(ForecastError) in
        try await client.currentConditions(for: place)
      },
    ]
    for error in errors {
      #expect(error?.code == .outsideGrid)
    }
    #expect(transport.requests.isEmpty)
  }

  @Test func aPlaceInsideTheGridIsAskedForItsCell() async throws {
    let transport = shortTermStub()
    let busan = try Coordinate(latitude: 35.1770194, longitude: 129.0769528)
    _ = try await client(transport, at: morning).currentConditions(for: busan)
    #expect(transport.requests.first?.queryValue(named: "nx") == "98")
    #expect(transport.requests.first?.queryValue(named: "ny") == "76")
  }

  @Test func transportFailuresPassThroughWithoutFallback() async throws {
    let timeout = ForecastError(.timeout, message: "The service did not answer in time.")
    let transport = StubTransport(routes: [.init(error: timeout)])
    let error = await #expect(throws: ForecastError.self) {
      try await client(transport, at: morning).currentConditions(for: seoul)
    }
    #expect(error == timeout)
    #expect(transport.requests.count == 1)
  }

  // MARK: - Days

  @Test func todayIsWholeFromMidnightAndRefinedByTheNewestRun() async throws {
    let transport = shortTermStub()
    let forecast = try await client(transport, at: morning).dailyForecast(for: seoul)
    #expect(Set(transport.askedRuns) == ["20261130 0800", "20261129 2300"])

    let newest = try KMAForecast(
      decoding: Data(
        KMAFixtures.shortTermForecast(for: try run(.shortTermForecast, today, 8), at: seoul).utf8),
      operation: .shortTermForecast)
    let overnight = try KMAForecast(
      decoding: Data(
        KMAFixtures.shortTermForecast(
          for: try run(.shortTermForecast, today.adding(days: -1), 23), at: seoul
        ).utf8),
      operation: .shortTermForecast)

    #expect(forecast.run == newest.run)
    #expect(forecast.days.first?.day == today)
    let todayForecast = try #require(forecast.day(today))
    #expect(todayForecast.hourly.count == 24)
    let fromOvernight = try #require(overnight.day(today)).hourly
    let fromNewest = try #require(newest.day(today)).hourly
    // Up to 08:00 from the 23:00 run, from 09:00 on from the 08:00 run.
    #expect(Array(todayForecast.hourly.prefix(9)) == Array(fromOvernight.prefix(9)))
    #expect(Array(todayForecast.hourly.suffix(15)) == fromNewest)
    #expect(todayForecast.hourly[12].temperature != fromOvernight[12].temperature)
    // TMN of today comes from the 23:00 run, TMX from the newest.
    #expect(todayForecast.minimum == overnight.day(today)?.minimum)
    #expect(todayForecast.minimum?.isDerived == false)
    #expect(todayForecast.maximum == newest.day(today)?.maximum)
    #expect(forecast.days.dropFirst().elementsEqual(newest.days.dropFirst()))
  }

  @Test func beforeTenPastTwoTodayComesFromYesterdaysLastRunAlone() async throws {
    let transport = shortTermStub()
    let early = try kst(2026, 11, 30, 1, 0)
    let forecast = try await client(transport, at: early).dailyForecast(for: seoul)
    #expect(transport.askedRuns == ["20261129 2300"])
    #expect(forecast.days.first?.day == today)
    #expect(forecast.days.first?.hourly.count == 24)
  }

  @Test func aFallbackToTheEveningBeforeKeepsOnlyTodayAndLater() async throws {
    let transport = shortTermStub(noDataFor: ["20261129 2300"])
    let early = try kst(2026, 11, 30, 1, 0)
    let forecast = try await client(transport, at: early).dailyForecast(for: seoul)
    #expect(transport.askedRuns == ["20261129 2300", "20261129 2000"])
    #expect(forecast.run.baseHour == 20)
    #expect(forecast.days.first?.day == today)
    #expect(forecast.days.allSatisfy { $0.day >= today })
  }

  @Test func lateInTheEveningTodayComesFromLastNightAndTomorrowFromTonight() async throws {
    let transport = shortTermStub()
    let late = try kst(2026, 11, 30, 23, 30)
    let forecast = try await client(transport, at: late).dailyForecast(for: seoul)
    #expect(Set(transport.askedRuns) == ["20261130 2300", "20261129 2300"])
    #expect(forecast.run == (try run(.shortTermForecast, today, 23)))
    #expect(forecast.days.first?.day == today)
    #expect(forecast.days.first?.hourly.count == 24)
    #expect(forecast.days.map(\.day).last == today.adding(days: 4))
  }

  @Test func whenTheOlderRunFailsTheNewestStillAnswers() async throws {
    let transport = shortTermStub(noDataFor: ["20261129 2300", "20261129 2000"])
    let forecast = try await client(transport, at: morning).dailyForecast(for: seoul)
    #expect(forecast.run.baseHour == 8)
    #expect(forecast.days.first?.hourly.first?.time == (try kst(2026, 11, 30, 9)))
  }

  @Test func yesterdayComesFromTheRunTheEveningBeforeIt() async throws {
    let transport = shortTermStub()
    let yesterday = try await client(transport, at: morning).yesterday(for: seoul)
    #expect(transport.askedRuns == ["20261128 2300"])
    #expect(yesterday.day == today.adding(days: -1))
    #expect(yesterday.hourly.count == 24)
    #expect(yesterday.maximum?.isDerived == false)
  }

  @Test func yesterdayNoLongerServedIsNoData() async throws {
    let transport = shortTermStub(noDataFor: ["20261128 2300", "20261128 2000"])
    let error = await #expect(throws: ForecastError.self) {
      try await client(transport, at: morning).yesterday(for: seoul)
    }
    #expect(error?.code == .noData)
  }

  @Test func currentConditionsComeFromTheNewestNowcast() async throws {
    let transport = shortTermStub()
    let now = try kst(2026, 11, 30, 9, 20)
    let conditions = try await client(transport, at: now).currentConditions(for: seoul)
    #expect(transport.askedRuns == ["20261130 0900"])
    #expect(conditions.observedAt == (try kst(2026, 11, 30, 9)))
    #expect(conditions.temperature == (try Temperature(celsius: -1.2)))
    #expect(conditions.humidity == 71)
    #expect(conditions.precipitationType == PrecipitationType.nothing)
    #expect(conditions.precipitation?.measure == PrecipitationAmount.Measure.nothing)
    #expect(conditions.windSpeed == 0.6)
    #expect(conditions.windDirection == 101)
    #expect(conditions.gridPoint == seoul)
  }

  @Test func currentConditionsFallBackOneRun() async throws {
    let transport = shortTermStub(noDataFor: ["20261130 0900"])
    let now = try kst(2026, 11, 30, 9, 20)
    let conditions = try await client(transport, at: now).currentConditions(for: seoul)
    #expect(transport.askedRuns == ["20261130 0900", "20261130 0800"])
    #expect(conditions.run.baseHour == 8)
  }

  @Test func aMissingObservationIsNil() async throws {
    let now = try kst(2026, 11, 30, 9, 20)
    let nowcast = try run(.nowcast, today, 9)
    let transport = StubTransport(routes: [
      .init(response: .json(KMAFixtures.nowcast(for: nowcast, at: seoul, temperature: "-999")))
    ])
    let conditions = try await client(transport, at: now).currentConditions(for: seoul)
    #expect(conditions.temperature == nil)
    #expect(conditions.humidity == 71)
  }

  @Test func operationsAndRunsMustMatch() async throws {
    let client = client(shortTermStub(), at: morning)
    let forecastError = await #expect(throws: ForecastError.self) {
      try await client.forecast(try run(.nowcast, today, 9), for: seoul)
    }
    #expect(forecastError?.code == .invalidRequest)
    let nowcastError = await #expect(throws: ForecastError.self) {
      try await client.currentConditions(try run(.shortTermForecast, today, 8), for: seoul)
    }
    #expect(nowcastError?.code == .invalidRequest)
  }

  // MARK: - Paging

  @Test func aRunLargerThanAPageIsReadPageByPage() async throws {
    let evening = try run(.shortTermForecast, today, 23)
    let all = KMAFixtures.shortTermForecastItems(for: evening, at: seoul)
    let transport = StubTransport { request in
      let page = Int(request.queryValue(named: "pageNo") ?? "") ?? 0
      let rows = Int(request.queryValue(named: "numOfRows") ?? "") ?? 0
      let slice = Array(all.dropFirst((page - 1) * rows).prefix(rows))
      return .json(
        KMAFixtures.json(
          items: slice, pageNumber: page, rowsPerPage: rows, totalCount: all.count))
    }
    var configuration = KMAConfiguration.dataGoKr
    configuration.rowsPerPage = 300
    let paged = try await client(transport, at: morning, configuration: configuration)
      .forecast(evening, for: seoul)
    #expect(transport.requests.map { $0.queryValue(named: "pageNo") } == ["1", "2", "3", "4"])
    let whole = try KMAForecast(
      decoding: Data(KMAFixtures.json(items: all).utf8), operation: .shortTermForecast)
    #expect(paged == whole)
  }

  @Test func anAnswerCutShortByThePageLimitIsAnErrorNotAPartialForecast() async throws {
    let evening = try run(.shortTermForecast, today, 23)
    let page = Array(KMAFixtures.shortTermForecastItems(for: evening, at: seoul).prefix(10))
    // A service that always announces more.
    let transport = StubTransport(routes: [
      .init(response: .json(KMAFixtures.json(items: page, totalCount: 1_000_000)))
    ])
    var configuration = KMAConfiguration.dataGoKr
    configuration.maximumPages = 3
    let error = await #expect(throws: ForecastError.self) {
      try await client(transport, at: morning, configuration: configuration)
        .forecast(evening, for: seoul)
    }
    #expect(error?.code == .decoding)
    #expect(error?.message.contains("30 of 1000000") == true)
    #expect(transport.requests.count == 3)
  }

  // MARK: - The key

  @Test func noErrorEverCarriesTheKey() async throws {
    let answers: [Result<HTTPResponse, ForecastError>] = [
      .success(.text(KMAFixtures.gatewayError(.serviceKeyNotRegistered))),
      .success(.json(KMAFixtures.noData)),
      .success(
        .json(
          #"{"response":{"header":{"resultCode":"99","resultMsg":"key SENTINEL+s3cr3t/KEY== bad"}}}"#
        )),
      .success(.text("<html>error</html>", status: 500)),
      .success(.json("{\"response\":")),
      .failure(ForecastError(.timeout, message: "Too slow.")),
    ]
    for answer in answers {
      let transport = StubTransport { (_: HTTPRequest) throws(ForecastError) -> HTTPResponse in
        try answer.get()
      }
      let error = await #expect(throws: ForecastError.self) {
        try await client(transport, at: morning).dailyForecast(for: seoul)
      }
      let texts = [error?.message, error?.description, error.map { "\($0)" }].compactMap { $0 }
      var dumped = ""
      dump(error, to: &dumped)
      for text in texts + [dumped] {
        #expect(!text.contains("s3cr3t"))
        #expect(!text.contains("SENTINEL"))
      }
    }
  }
}

/// The error an operation throws, or `nil` when it succeeds.
private func result<Value>(
  _ operation: () async throws(ForecastError) -> Value
) async -> ForecastError? {
  do {
    _ = try await operation()
    return nil
  } catch {
    return error
  }
}
