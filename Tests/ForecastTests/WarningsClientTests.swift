import Foundation
import HaruForecastTesting
import HaruModels
import HaruShared
import Testing

@testable import HaruForecast

/// An instant given as KMA's `YYYYMMDDHHmm` in Korea Standard Time.
private func korean(_ minute: Int64, sourceLocation: SourceLocation = #_sourceLocation) throws
  -> Date
{
  try #require(WarningTime.date(kmaMinute: minute), sourceLocation: sourceLocation)
}

/// A `getPwnCd` answer holding rows written as `(zone, warnVar, warnStress, command, tmFc,
/// tmSeq, startTime)`.
private func eventsBody(_ rows: [(String, Int, Int, Int, Int64, Int, Int64)]) -> String {
  let items = rows.map { row in
    #"{"stnId":"108","tmFc":\#(row.4),"tmSeq":\#(row.5),"areaCode":"\#(row.0)","areaName":"","#
      + #""warnVar":\#(row.1),"warnStress":\#(row.2),"command":"\#(row.3)","startTime":\#(row.6),"#
      + #""endTime":0,"allEndTime":0,"cancel":"0"}"#
  }
  return #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"#
    + #""dataType":"JSON","items":{"item":[\#(items.joined(separator: ","))]},"pageNo":1,"#
    + #""numOfRows":1000,"totalCount":\#(rows.count)}}}"#
}

/// A `getPwnStatus` answer of one announcement.
private func statusBody(tmFc: Int64, tmSeq: Int, t6: String = "o 없 음", t7: String = "o 없음")
  -> String
{
  #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"#
    + #""dataType":"JSON","items":{"item":[{"tmFc":\#(tmFc),"tmSeq":\#(tmSeq),"#
    + #""tmEf":"\#(tmFc)","t6":"\#(t6)","t7":"\#(t7)","other":"o 없음"}]},"pageNo":1,"#
    + #""numOfRows":10,"totalCount":1}}}"#
}

/// A client over a stub transport whose clock the test sets.
private struct Harness {
  let transport: StubTransport
  let clock: LockedState<Date>
  let client: KMAWarningsClient

  init(
    pageSize: Int = 1000, cacheDirectory: URL? = nil,
    _ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws {
    let clock = LockedState(Date(timeIntervalSince1970: 0))
    self.clock = clock
    transport = StubTransport { request in respond(request) }
    client = try KMAWarningsClient(
      serviceKey: "test+key/==", baseURL: KMAWarningsClient.dataGoKr, transport: transport,
      timeout: .seconds(5), cacheDirectory: cacheDirectory, now: { clock.withLock { $0 } },
      pageSize: pageSize)
  }

  func report(
    at minute: Int64, province: String = "제주특별자치도", district: String? = "서귀포시",
    neighborhood: String? = nil
  ) async throws -> WarningsReport {
    let date = try korean(minute)
    clock.withLock { $0 = date }
    return await client.report(province: province, district: district, neighborhood: neighborhood)
  }

  func requests(_ operation: String) -> [HTTPRequest] {
    transport.requests.filter { $0.url.path().hasSuffix(operation) }
  }
}

/// Answers `getPwnCd` for 2026-09-26 with the real rows, other days with `03`, and the status
/// with the real `o 없 음` of 12:00.
@Sendable private func september26(_ request: HTTPRequest) -> HTTPResponse {
  if request.url.path().hasSuffix("getPwnStatus") { return .json(KMAWarningsFixtures.statusNone) }
  if request.queryValue(named: "fromTmFc") == "20260926" {
    return .json(KMAWarningsFixtures.eventsSeptember26)
  }
  return .json(KMAWarningsFixtures.noData)
}

struct WarningsClientTests {
  @Test func theRealRowsOfSeptember26ShowHeavyRainInJejuAt1130AndNoneAt1230() async throws {
    let harness = try Harness(september26)
    let morning = try await harness.report(at: 2026_09_26_1130)
    #expect(morning.missingReason == nil)
    #expect(morning.active.map { $0.warning.title(in: .korean) } == ["호우경보", "호우주의보"])
    #expect(morning.active.map { $0.warning.zoneCode } == ["L1090500", "L1091440"])
    #expect(morning.active.map { $0.warning.level } == [.warning, .advisory])
    #expect(morning.active.allSatisfy { $0.warning.kind == .heavyRain })
    #expect(morning.active.map(\.isPartOfTown) == [true, true])
    let noon = try await harness.report(at: 2026_09_26_1230)
    #expect(noon.active.isEmpty)
    #expect(noon.missingReason == nil)
  }

  @Test func eachDayIsAskedOnItsOwnWithTheKeyEncodedOnce() async throws {
    let harness = try Harness(september26)
    _ = try await harness.report(at: 2026_09_26_1130)
    let days = harness.requests("getPwnCd")
    #expect(days.count == KMAWarningsClient.windowDays)
    #expect(days.allSatisfy { $0.queryValue(named: "fromTmFc") == $0.queryValue(named: "toTmFc") })
    let asked = Set(days.compactMap { $0.queryValue(named: "fromTmFc") })
    #expect(asked.count == 60 && asked.contains("20260926") && asked.contains("20260729"))
    #expect(!asked.contains("20260728"))
    #expect(days.allSatisfy { $0.queryValue(named: "dataType") == "JSON" })
    #expect(days.first?.url.absoluteString.contains("serviceKey=test%2Bkey%2F%3D%3D") == true)
    #expect(harness.requests("getPwnStatus").count == 1)
  }

  @Test func onlyNewDaysAreAskedForAndTodayAndYesterdayAgain() async throws {
    let harness = try Harness(september26)
    _ = try await harness.report(at: 2026_09_26_1130)
    #expect(harness.transport.requests.count == 61)
    // Five minutes on: the status and every day are kept.
    _ = try await harness.report(at: 2026_09_26_1135)
    #expect(harness.transport.requests.count == 61)
    // An hour and a quarter on: the status is asked again, and today and yesterday.
    _ = try await harness.report(at: 2026_09_26_1245)
    let later = harness.transport.requests.dropFirst(61)
    #expect(later.count == 3)
    #expect(
      Set(later.compactMap { $0.queryValue(named: "fromTmFc") }) == ["20260925", "20260926"])
    // The next day: the new day, yesterday (last asked as today) and the day before (last
    // asked while it was yesterday); nothing older.
    _ = try await harness.report(at: 2026_09_27_0030)
    let nextDay = harness.transport.requests.dropFirst(64).compactMap {
      $0.queryValue(named: "fromTmFc")
    }
    #expect(Set(nextDay) == ["20260925", "20260926", "20260927"])
    #expect(nextDay.count == 3)
  }

  @Test func settledDaysKeptInTheCacheDirectoryAreNotAskedForByTheNextProcess() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "haru-warning-days-\(UUID().uuidString)", directoryHint: .isDirectory)
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try Harness(cacheDirectory: directory, september26)
    _ = try await first.report(at: 2026_09_26_1130)
    #expect(first.transport.requests.count == 61)
    // A new client, as a new process would make: 09-24 and before are settled and kept; today
    // and yesterday were asked less than an hour ago, and the status less than ten minutes ago,
    // by the first.
    let second = try Harness(cacheDirectory: directory, september26)
    let report = try await second.report(at: 2026_09_26_1135)
    #expect(second.transport.requests.isEmpty)
    // Eleven minutes on, the status is asked again; today and yesterday are still kept.
    let fourth = try Harness(cacheDirectory: directory, september26)
    _ = try await fourth.report(at: 2026_09_26_1141)
    #expect(fourth.requests("getPwnStatus").count == 1)
    #expect(fourth.requests("getPwnCd").isEmpty)
    // An hour on, today and yesterday are asked again.
    let fifth = try Harness(cacheDirectory: directory, september26)
    _ = try await fifth.report(at: 2026_09_26_1231)
    let asked = fifth.requests("getPwnCd").compactMap { $0.queryValue(named: "fromTmFc") }
    #expect(Set(asked) == ["20260925", "20260926"])
    #expect(asked.count == 2)
    #expect(report.active.map { $0.warning.zoneCode } == ["L1090500", "L1091440"])
    // The real rows are on 09-26, asked again; a settled day's rows come back from the file.
    let third = try Harness(cacheDirectory: directory, september26)
    _ = try await third.report(at: 2026_09_28_1130)
    let events = try await third.client.events(at: try korean(2026_09_28_1130), signal: nil).get()
    #expect(events.count == 10)
    #expect(
      Set(third.requests("getPwnCd").compactMap { $0.queryValue(named: "fromTmFc") })
        == ["20260925", "20260926", "20260927", "20260928"])
  }

  @Test func aNewerAnnouncementInTheStatusAsksTodayAndYesterdayAgain() async throws {
    let sequence = LockedState<Int>(130)
    let harness = try Harness { request in
      if request.url.path().hasSuffix("getPwnStatus") {
        return .json(statusBody(tmFc: 202_609_261_200, tmSeq: sequence.withLock { $0 }))
      }
      return .json(KMAWarningsFixtures.noData)
    }
    _ = try await harness.report(at: 2026_09_26_1200)
    sequence.withLock { $0 = 131 }
    // Past the status's ten minutes, within the days' hour.
    _ = try await harness.report(at: 2026_09_26_1215)
    let again = harness.transport.requests.dropFirst(61)
    #expect(again.count == 3)
    #expect(
      Set(again.compactMap { $0.queryValue(named: "fromTmFc") }) == ["20260925", "20260926"])
  }

  @Test func aRowTwiceAcrossAPageBoundaryCountsOnce() async throws {
    let rows: [(String, Int, Int, Int, Int64, Int, Int64)] = [
      ("L1090500", 2, 1, 1, 202_609_260_600, 20, 0),
      ("L1091440", 2, 0, 1, 202_609_260_600, 20, 0),
      ("L1091430", 2, 0, 1, 202_609_260_600, 20, 0),
      ("L1091420", 2, 0, 1, 202_609_260_700, 21, 0),
    ]
    let harness = try Harness(pageSize: 3) { request in
      if request.url.path().hasSuffix("getPwnStatus") {
        return .json(KMAWarningsFixtures.noData)
      }
      guard request.queryValue(named: "fromTmFc") == "20260926" else {
        return .json(KMAWarningsFixtures.noData)
      }
      // Page 2 repeats page 1's last row, as the service does.
      return request.queryValue(named: "pageNo") == "1"
        ? .json(eventsBody(Array(rows[0..<3]))) : .json(eventsBody(Array(rows[2..<4])))
    }
    let date = try korean(2026_09_26_0800)
    harness.clock.withLock { $0 = date }
    let events = try await harness.client.events(at: date, signal: nil).get()
    #expect(events.count == 4)
    #expect(Set(events.map(\.zoneCode)).count == 4)
    let pages = harness.requests("getPwnCd").filter {
      $0.queryValue(named: "fromTmFc") == "20260926"
    }
    #expect(pages.compactMap { $0.queryValue(named: "pageNo") }.sorted() == ["1", "2"])
  }

  @Test func noDataWithNoBodyOnEveryDayIsNoWarnings() async throws {
    let harness = try Harness { request in
      request.url.path().hasSuffix("getPwnStatus")
        ? .json(KMAWarningsFixtures.statusNone) : .json(KMAWarningsFixtures.noData)
    }
    let report = try await harness.report(at: 2026_09_26_1130)
    #expect(report.active.isEmpty && report.upcoming.isEmpty)
    #expect(report.missingReason == nil)
    #expect(report.diagnostics.isEmpty)
    #expect(!report.zones.isEmpty)
  }

  @Test func aRangeTheServiceNoLongerKeepsIsATypedErrorAndNothingIsShownAsCurrent() async throws {
    let tooOld = LockedState(false)
    let harness = try Harness { request in
      if tooOld.withLock({ $0 }), request.url.path().hasSuffix("getPwnCd") {
        return .json(KMAWarningsFixtures.rangeTooOld)
      }
      return september26(request)
    }
    let before = try await harness.report(at: 2026_09_26_1050)
    #expect(!before.active.isEmpty)
    tooOld.withLock { $0 = true }
    // The kept days would still replay to warnings in force at 11:55; none is shown.
    let after = try await harness.report(at: 2026_09_26_1155)
    #expect(after.active.isEmpty)
    let reason = try #require(after.missingReason)
    #expect(reason.service == .kmaWarnings)
    #expect(reason.error.code == .kmaResult)
    #expect(reason.error.kmaResultCode == .unknownError)
  }

  @Test func aRefusedKeyRemovesOnlyTheWarningsAndStopsAsking() async throws {
    let harness = try Harness { _ in .json(KMAWarningsFixtures.keyNotRegistered) }
    let report = try await harness.report(at: 2026_09_26_1130)
    #expect(report.active.isEmpty)
    let reason = try #require(report.missingReason)
    #expect(reason.service == .kmaWarnings)
    #expect(reason.isRefusal)
    #expect(reason.error.kmaResultCode == .serviceKeyNotRegistered)
    #expect(reason.message(in: .korean).contains("기상청_기상특보 조회서비스"))
    #expect(report.preliminaryMissingReason?.error.kmaResultCode == .serviceKeyNotRegistered)
    // Once a day is refused the rest of the window is not asked for.
    #expect(harness.requests("getPwnCd").count <= KMAWarningsClient.parallelRequests)
  }

  @Test func aQuotaRefusedInXMLClosesTheServiceUntilMidnight() async throws {
    let quota = """
      <OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg>\
      <returnAuthMsg>LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR</returnAuthMsg>\
      <returnReasonCode>22</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>
      """
    let harness = try Harness { _ in .text(quota, contentType: "text/xml;charset=UTF-8") }
    let first = try await harness.report(at: 2026_09_26_1130)
    #expect(first.missingReason?.error.kmaResultCode == .requestLimitExceeded)
    #expect(first.missingReason?.message(in: .english).contains("quota") == true)
    let sent = harness.transport.requests.count
    let second = try await harness.report(at: 2026_09_26_2330)
    #expect(second.missingReason?.error.kmaResultCode == .requestLimitExceeded)
    #expect(harness.transport.requests.count == sent)
    _ = try await harness.report(at: 2026_09_27_0005)
    #expect(harness.transport.requests.count > sent)
  }

  @Test func aWarningOnOneSubZoneOfASplitCityIsShownAsPartOfTheTown() async throws {
    let harness = try Harness { request in
      if request.url.path().hasSuffix("getPwnStatus") { return .json(KMAWarningsFixtures.noData) }
      guard request.queryValue(named: "fromTmFc") == "20260729" else {
        return .json(KMAWarningsFixtures.noData)
      }
      return .json(eventsBody([("L1013820", 12, 1, 1, 202_607_291_000, 300, 0)]))
    }
    let report = try await harness.report(
      at: 2026_07_29_1200, province: "경기도", district: "용인시수지구", neighborhood: "성복동")
    let found = try #require(report.active.first)
    #expect(report.active.count == 1)
    #expect(found.isPartOfTown)
    #expect(found.warning.zoneName == "용인시서북부")
    #expect(found.warning.title(in: .korean) == "폭염경보")
  }

  @Test func aStartLaterThanTheAnnouncementIsUpcomingNotActive() async throws {
    let harness = try Harness { request in
      if request.url.path().hasSuffix("getPwnStatus") { return .json(KMAWarningsFixtures.noData) }
      guard request.queryValue(named: "fromTmFc") == "20260926" else {
        return .json(KMAWarningsFixtures.noData)
      }
      return .json(eventsBody([("L1090500", 1, 0, 1, 202_609_260_800, 40, 202_609_261_000)]))
    }
    let early = try await harness.report(at: 2026_09_26_0900)
    #expect(early.active.isEmpty)
    #expect(early.upcoming.map(\.warning.kind) == [.strongWind])
    #expect(early.upcoming.first?.warning.effectiveAt == (try korean(2026_09_26_1000)))
    let later = try await harness.report(at: 2026_09_26_1015)
    #expect(later.active.map(\.warning.kind) == [.strongWind])
  }

  @Test func aStatusOfNoneWhileTheEventsHoldAWarningIsReported() async throws {
    let harness = try Harness { request in
      if request.url.path().hasSuffix("getPwnStatus") {
        return .json(statusBody(tmFc: 202_609_261_100, tmSeq: 125))
      }
      guard request.queryValue(named: "fromTmFc") == "20260926" else {
        return .json(KMAWarningsFixtures.noData)
      }
      return .json(eventsBody([("L1090500", 2, 1, 1, 202_609_261_000, 120, 0)]))
    }
    let report = try await harness.report(at: 2026_09_26_1130)
    #expect(report.active.count == 1)
    let diagnostic = try #require(report.diagnostics.first)
    #expect(diagnostic.onlyReplayed == ["호우경보"])
    #expect(diagnostic.onlyInStatus.isEmpty)
  }

  @Test func preliminaryWarningsOfTheTownAreListedAndNeverInForce() async throws {
    let t7 =
      #"(1) 호우 예비특보\r\no 09월 27일 오후(12시~18시) : 제주도(제주도산지)\r\n(2) 풍랑 예비특보\r\no 09월 27일 밤(18시~24시) : 동해중부바깥먼바다"#
    let harness = try Harness { request in
      if request.url.path().hasSuffix("getPwnStatus") {
        return .json(statusBody(tmFc: 202_609_261_100, tmSeq: 125, t7: t7))
      }
      return .json(KMAWarningsFixtures.noData)
    }
    let report = try await harness.report(at: 2026_09_26_1130)
    #expect(report.active.isEmpty)
    #expect(report.preliminary.map(\.kindText) == ["호우"])
    #expect(report.preliminary.first?.expected == "09월 27일 오후(12시~18시)")
    #expect(report.preliminary.first?.areas == "제주도(제주도산지)")
  }

  @Test func aStatusThatFailsLeavesTheWarningsAndSaysWhyThePreliminaryAreMissing() async throws {
    let harness = try Harness { request in
      if request.url.path().hasSuffix("getPwnStatus") {
        return HTTPResponse(status: 503, headers: [:], body: Data())
      }
      return september26(request)
    }
    let report = try await harness.report(at: 2026_09_26_1130)
    #expect(report.active.count == 2)
    #expect(report.missingReason == nil)
    #expect(report.preliminaryMissingReason?.error.httpStatus == 503)
  }

  @Test func aStatusThatFailsIsAskedAgainOnlyAfterItsBackoffInEveryProcess() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "haru-warnings-\(UUID().uuidString)", directoryHint: .isDirectory)
    defer { try? FileManager.default.removeItem(at: directory) }
    let failing: @Sendable (HTTPRequest) -> HTTPResponse = { request in
      if request.url.path().hasSuffix("getPwnStatus") {
        return HTTPResponse(status: 503, headers: [:], body: Data())
      }
      return september26(request)
    }
    let app = try Harness(cacheDirectory: directory, failing)
    _ = try await app.report(at: 2026_09_26_1130)
    #expect(app.requests("getPwnStatus").count == 1)

    // Within the five minutes of the first failure's backoff: not asked, in this process or in
    // another on the same folder, and the reason is still given.
    _ = try await app.report(at: 2026_09_26_1132)
    let widget = try Harness(cacheDirectory: directory, failing)
    let report = try await widget.report(at: 2026_09_26_1134)
    #expect(app.requests("getPwnStatus").count == 1)
    #expect(widget.requests("getPwnStatus").isEmpty)
    #expect(report.preliminaryMissingReason?.error.httpStatus == 503)
    #expect(report.active.count == 2)

    // After it, asked again; a second failure doubles the wait to ten minutes.
    _ = try await app.report(at: 2026_09_26_1136)
    #expect(app.requests("getPwnStatus").count == 2)
    _ = try await app.report(at: 2026_09_26_1145)
    #expect(app.requests("getPwnStatus").count == 2)
    _ = try await app.report(at: 2026_09_26_1147)
    #expect(app.requests("getPwnStatus").count == 3)
  }

  @Test func aStatusThatAnswersAgainClearsItsBackoff() async throws {
    let failing = LockedState(true)
    let harness = try Harness { request in
      if request.url.path().hasSuffix("getPwnStatus"), failing.withLock({ $0 }) {
        return HTTPResponse(status: 503, headers: [:], body: Data())
      }
      return september26(request)
    }
    _ = try await harness.report(at: 2026_09_26_1130)
    failing.withLock { $0 = false }
    let answered = try await harness.report(at: 2026_09_26_1136)
    #expect(answered.preliminaryMissingReason == nil)
    failing.withLock { $0 = true }
    // A failure after an answer starts again at five minutes, not ten.
    _ = try await harness.report(at: 2026_09_26_1147)
    _ = try await harness.report(at: 2026_09_26_1153)
    #expect(harness.requests("getPwnStatus").count == 4)
  }
}
