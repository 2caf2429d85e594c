import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import HaruShared
import HaruTesting
import Testing

@testable import HaruForecast

/// Each part of the outlook fetched once per issuance and kept in the disk cache the app, its
/// widget and the CLI share; and the widget's read of it.
@Suite struct PartsTests {
  /// A stand-in for KMA's short-term, nowcast, ultra-short and mid-term operations and its UV and
  /// pollen indices, with a switch per
  /// operation that makes it refuse.
  final class KMAStandIn: Sendable {
    let transport: StubTransport
    private let refusals = LockedFlag()

    init() {
      let refusals = refusals
      transport = StubTransport { request in
        let operation = request.url.lastPathComponent
        if let answer = refusals.answer(for: operation) { return answer }
        if let area = request.queryValue(named: "areaNo"),
          let time = request.queryValue(named: "time")
        {
          let body = KMALivingFixtures.answer(operation: operation, areaCode: area, time: time)
          return .json(body ?? KMAFixtures.noData)
        }
        if let issued = request.queryValue(named: "tmFc") {
          let evening = issued.hasSuffix("1800")
          switch operation {
          case "getMidLandFcst":
            return .json(evening ? KMAMidTermFixtures.land1800 : KMAMidTermFixtures.land0600)
          case "getMidTa":
            return .json(
              evening ? KMAMidTermFixtures.temperature1800 : KMAMidTermFixtures.temperature0600)
          default: return .json(KMAFixtures.noData)
          }
        }
        guard let date = request.queryValue(named: "base_date"),
          let time = request.queryValue(named: "base_time"),
          let baseDay = try? CalendarDay(parsing: date), let hour = Int(time.prefix(2)),
          let kind = KMAOperation.all.first(where: { $0.name == operation }),
          let run = try? KMARun(operation: kind, baseDate: baseDay, baseHour: hour)
        else { return .json(KMAFixtures.noData) }
        switch kind {
        case .nowcast: return .json(KMAFixtures.nowcast(for: run, at: seoul))
        case .ultraShortForecast: return .json(KMAFixtures.ultraShortForecast(for: run, at: seoul))
        default: return .json(KMAFixtures.shortTermForecast(for: run, at: seoul))
        }
      }
    }

    /// Makes an operation answer with a body from now on; `nil` lets it answer again.
    func refuse(_ operation: String, with body: HTTPResponse?) {
      refusals.set(operation, body)
    }

    var asked: [String] { transport.askedOperations }

    func count(_ operation: String) -> Int {
      transport.requests.filter { $0.url.lastPathComponent == operation }.count
    }
  }

  final class LockedFlag: Sendable {
    private let state = LockedState([String: HTTPResponse]())
    func set(_ operation: String, _ body: HTTPResponse?) {
      state.withLock { $0[operation] = body }
    }
    func answer(for operation: String) -> HTTPResponse? { state.withLock { $0[operation] } }
  }

  func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appending(
      path: "haru-parts-\(UUID().uuidString)", directoryHint: .isDirectory)
  }

  /// One refresh as a new process makes it: a new service on the shared folder.
  @discardableResult
  func refresh(
    _ standIn: KMAStandIn, at date: Date, in directory: URL, town: Town = .seoulCityHall
  ) async throws -> ForecastOutlook {
    try await ForecastService(
      provider: try KMAProvider(serviceKey: sentinelKey, transport: standIn.transport),
      clock: ManualClock(), now: { date }, retryPolicy: .never, cacheDirectory: directory
    ).outlook(for: town)
  }

  // MARK: - Once per issuance

  @Test func aFreshCacheAsksEachPartOnce() async throws {
    let standIn = KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }

    try await refresh(standIn, at: try serviceMorning(), in: directory)

    #expect(
      standIn.asked.sorted() == [
        "getMidLandFcst ? ?", "getMidTa ? ?", "getUltraSrtFcst 20261130 0930",
        "getUltraSrtNcst 20261130 1000", "getVilageFcst 20261128 2300",
        "getVilageFcst 20261129 2300", "getVilageFcst 20261130 0800",
      ])
  }

  @Test func aRefreshWithNothingNewlyPublishedSendsNoRequest() async throws {
    let standIn = KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try await refresh(standIn, at: try kst(2026, 11, 30, 10, 50), in: directory)
    let asked = standIn.asked.count

    let second = try await refresh(standIn, at: try kst(2026, 11, 30, 11, 5), in: directory)

    #expect(standIn.asked.count == asked)
    #expect(second.days == first.days)
    #expect(second.current?.time == first.current?.time)
    #expect(second.current?.temperature == first.current?.temperature)
    #expect(second.nextHours == first.nextHours && second.nextHours.count == 6)
  }

  @Test func onlyThePartsWhoseIssuanceIsDueAreAsked() async throws {
    let standIn = KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await refresh(standIn, at: try kst(2026, 11, 30, 10, 30), in: directory)
    let before = standIn.asked.count

    try await refresh(standIn, at: try kst(2026, 11, 30, 11, 10), in: directory)
    #expect(
      Array(standIn.asked.dropFirst(before)).sorted() == [
        "getUltraSrtFcst 20261130 1030", "getUltraSrtNcst 20261130 1100",
        "getVilageFcst 20261130 1100",
      ])

    try await refresh(standIn, at: try kst(2026, 11, 30, 11, 40), in: directory)
    #expect(standIn.asked.count == before + 3)

    try await refresh(standIn, at: try kst(2026, 11, 30, 11, 45), in: directory)
    #expect(Array(standIn.asked.dropFirst(before + 3)) == ["getUltraSrtFcst 20261130 1130"])

    try await refresh(standIn, at: try kst(2026, 11, 30, 12, 10), in: directory)
    #expect(Array(standIn.asked.dropFirst(before + 4)) == ["getUltraSrtNcst 20261130 1200"])
  }

  /// The simulated day, every 30 minutes from 00:10 to 23:40 after a first refresh the evening
  /// before: each issuance KMA publishes is asked once — 24 nowcasts, 24 ultra-short runs, 8
  /// short-term runs, 2 mid-term issuances of two operations — and yesterday's run, kept as last
  /// evening's, never.
  @Test func aDayOfRefreshesAsksEachIssuanceOnce() async throws {
    let standIn = KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await refresh(standIn, at: try kst(2026, 11, 29, 23, 40), in: directory)
    #expect(standIn.asked.count == 7)
    let start = try kst(2026, 11, 30, 0, 10)

    for step in 0..<48 {
      let date = start.addingTimeInterval(Double(step) * 1800)
      for town in [Town.seoulCityHall, Town.seoulCityHall, Town.seoulCityHall] {
        try await refresh(standIn, at: date, in: directory, town: town)
      }
    }

    let day = standIn.asked.dropFirst(7)
    #expect(day.filter { $0.hasPrefix("getUltraSrtNcst") }.count == 24)
    #expect(day.filter { $0.hasPrefix("getUltraSrtFcst") }.count == 24)
    #expect(day.filter { $0.hasPrefix("getVilageFcst") }.count == 8)
    #expect(day.filter { $0.hasPrefix("getMidLandFcst") }.count == 2)
    #expect(day.filter { $0.hasPrefix("getMidTa") }.count == 2)
    let runs = day.filter { !$0.hasPrefix("getMid") }
    #expect(Set(runs).count == runs.count)
  }

  @Test func twoServicesRefreshingTheSameCellAtOnceMakeTheRequestsOfOne() async throws {
    let standIn = KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let date = try serviceMorning()

    async let first = refresh(standIn, at: date, in: directory)
    async let second = refresh(standIn, at: date, in: directory)
    let (a, b) = try await (first, second)

    #expect(standIn.asked.count == 7)
    #expect(a.days == b.days)
  }

  // MARK: - Failures

  @Test func aRefusedPartIsNotAskedAgainUntilItsBackoff() async throws {
    let standIn = KMAStandIn()
    standIn.refuse("getMidLandFcst", with: .json(KMAMidTermFixtures.keyNotRegistered, status: 403))
    standIn.refuse("getMidTa", with: .json(KMAMidTermFixtures.keyNotRegistered, status: 403))
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }

    let first = try await refresh(standIn, at: try kst(2026, 11, 30, 10, 30), in: directory)
    let midTermAsked = standIn.count("getMidLandFcst") + standIn.count("getMidTa")
    #expect(first.missing.contains(.midTerm))
    #expect(first.missingReasons[.midTerm]?.service == .kmaMidTerm)
    #expect(first.today != nil)

    let second = try await refresh(standIn, at: try kst(2026, 11, 30, 11, 10), in: directory)
    #expect(standIn.count("getMidLandFcst") + standIn.count("getMidTa") == midTermAsked)
    #expect(second.missing.contains(.midTerm))
    #expect(second.current != nil)

    // An hour after the refusal, it is asked again.
    standIn.refuse("getMidLandFcst", with: nil)
    standIn.refuse("getMidTa", with: nil)
    let third = try await refresh(standIn, at: try kst(2026, 11, 30, 11, 40), in: directory)
    #expect(standIn.count("getMidLandFcst") + standIn.count("getMidTa") > midTermAsked)
    #expect(!third.missing.contains(.midTerm))
  }

  @Test func aQuotaUsedUpClosesThePartUntilMidnight() async throws {
    let standIn = KMAStandIn()
    standIn.refuse(
      "getUltraSrtNcst", with: .text(KMAFixtures.gatewayError(.requestLimitExceeded), status: 200))
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }

    let first = try await refresh(standIn, at: try kst(2026, 11, 30, 10, 30), in: directory)
    #expect(first.missing.contains(.current))
    let asked = standIn.count("getUltraSrtNcst")

    for hour in [11, 15, 23] {
      try await refresh(standIn, at: try kst(2026, 11, 30, hour, 30), in: directory)
    }
    #expect(standIn.count("getUltraSrtNcst") == asked)

    standIn.refuse("getUltraSrtNcst", with: nil)
    let next = try await refresh(standIn, at: try kst(2026, 12, 1, 0, 20), in: directory)
    #expect(standIn.count("getUltraSrtNcst") == asked + 1)
    #expect(next.current != nil)
  }

  @Test func aFailingShortTermRunIsServedStaleAndNotAskedUntilItsBackoff() async throws {
    let standIn = KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await refresh(standIn, at: try kst(2026, 11, 30, 10, 30), in: directory)
    standIn.refuse("getVilageFcst", with: .text("Service unavailable", status: 503))

    let failed = try await refresh(standIn, at: try kst(2026, 11, 30, 11, 10), in: directory)
    let asked = standIn.count("getVilageFcst")
    let held = try await refresh(standIn, at: try kst(2026, 11, 30, 11, 13), in: directory)

    #expect(failed.isStale)
    #expect(held.isStale)
    #expect(standIn.count("getVilageFcst") == asked)
    standIn.refuse("getVilageFcst", with: nil)
    let fresh = try await refresh(standIn, at: try kst(2026, 11, 30, 11, 16), in: directory)
    #expect(!fresh.isStale)
    #expect(fresh.issuedAt == (try kst(2026, 11, 30, 11)))
  }

  // MARK: - The clock

  @Test func theClockSetBackADayCountsTheFutureIssuancesAsMissing() async throws {
    let standIn = KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await refresh(standIn, at: try kst(2026, 11, 30, 10, 30), in: directory)
    let before = standIn.asked.count
    let back = try kst(2026, 11, 29, 10, 30)

    // The widget does not show tomorrow's forecast as today's.
    #expect(
      await ForecastService.storedOutlook(for: .seoulCityHall, cacheDirectory: directory, at: back)
        == nil)
    let outlook = try await refresh(standIn, at: back, in: directory)

    #expect(standIn.asked.dropFirst(before).contains("getVilageFcst 20261129 0800"))
    #expect(standIn.asked.dropFirst(before).contains("getUltraSrtNcst 20261129 1000"))
    #expect(outlook.issuedAt == (try kst(2026, 11, 29, 8)))
  }

  @Test func theClockSetForwardAsksForWhatIsDueThen() async throws {
    let standIn = KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await refresh(standIn, at: try kst(2026, 11, 30, 10, 30), in: directory)
    let ahead = try kst(2026, 12, 1, 10, 30)

    let stored = await ForecastService.storedOutlook(
      for: .seoulCityHall, cacheDirectory: directory, at: ahead)
    #expect(stored?.parts.allSatisfy(\.isStale) == true)
    let outlook = try await refresh(standIn, at: ahead, in: directory)

    #expect(outlook.issuedAt == (try kst(2026, 12, 1, 8)))
    #expect(standIn.asked.contains("getUltraSrtNcst 20261201 1000"))
  }

  // MARK: - The widget's read

  @Test func theWidgetReadGivesWhatWasFetchedWithNoRequestAndNoWrite() async throws {
    let standIn = KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fetched = try await refresh(standIn, at: try kst(2026, 11, 30, 10, 30), in: directory)
    let asked = standIn.asked.count
    let files = try snapshot(directory)

    let later = try kst(2026, 11, 30, 10, 40)
    let town = try Town(name: "시청 옆", gridPoint: Town.seoulCityHall.gridPoint)
    let stored = try #require(
      await ForecastService.storedOutlook(for: town, cacheDirectory: directory, at: later))

    #expect(standIn.asked.count == asked)
    #expect(try snapshot(directory) == files)
    #expect(stored.outlook.town == town)
    #expect(stored.outlook.days == fetched.days)
    #expect(stored.outlook.referenceTime == later)
    #expect(
      stored.parts.map(\.part) == [.shortTerm, .yesterday, .current, .nextHours, .midTerm])
    #expect(stored.part(.current)?.issuedAt == (try kst(2026, 11, 30, 10)))
    #expect(stored.part(.current)?.age == .seconds(40 * 60))
    #expect(stored.part(.shortTerm)?.nextIssueAt == (try kst(2026, 11, 30, 11, 10)))
    // The next ultra-short run (10:30) is out at 10:45: the first thing a refresh would fetch.
    #expect(stored.part(.nextHours)?.issuedAt == (try kst(2026, 11, 30, 9, 30)))
    #expect(stored.nextIssueAt == (try kst(2026, 11, 30, 10, 45)))
    #expect(stored.outlook.nextHours == fetched.nextHours && fetched.nextHours.count == 6)
    #expect(!stored.isStale)

    let afterTheNextRun = try #require(
      await ForecastService.storedOutlook(
        for: town, cacheDirectory: directory, at: try kst(2026, 11, 30, 11, 10)))
    #expect(afterTheNextRun.part(.current)?.isStale == true)
    #expect(afterTheNextRun.part(.midTerm)?.isStale == false)
  }

  @Test func theWidgetReadOfAnEmptyFolderSaysNothingIsStoredAndCreatesNothing() async throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }

    let stored = await ForecastService.storedOutlook(
      for: .seoulCityHall, cacheDirectory: directory, at: try serviceMorning())

    #expect(stored == nil)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  @Test func theNextPublicationFollowsKMAsSchedule() throws {
    let provider = try KMAProvider(serviceKey: sentinelKey)
    #expect(
      provider.nextPublication(after: try kst(2026, 11, 30, 10, 40))
        == (try kst(2026, 11, 30, 10, 45)))
    #expect(
      provider.nextPublication(after: try kst(2026, 11, 30, 10, 45))
        == (try kst(2026, 11, 30, 11, 10)))
    #expect(
      provider.nextPublication(after: try kst(2026, 11, 30, 11, 10))
        == (try kst(2026, 11, 30, 11, 45)))
  }

  // MARK: - Bad files

  @Test(arguments: [
    "{\"version\":2,\"runs\":[{\"day\":", "garbage \u{FEFF}", "{\"version\":1,\"days\":[]}",
  ])
  func aDamagedOrOlderCacheFileIsIgnoredAndReplaced(contents: String) async throws {
    let standIn = KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let files = cacheFiles(directory)
    for file in files { try Data(contents.utf8).write(to: file) }
    let date = try serviceMorning()

    #expect(
      await ForecastService.storedOutlook(for: .seoulCityHall, cacheDirectory: directory, at: date)
        == nil)
    let outlook = try await refresh(standIn, at: date, in: directory)

    #expect(standIn.asked.count == 7)
    let stored = await ForecastService.storedOutlook(
      for: .seoulCityHall, cacheDirectory: directory, at: date)
    #expect(stored?.outlook.days == outlook.days)
    try await refresh(standIn, at: date, in: directory)
    #expect(standIn.asked.count == 7)
  }

  /// The hours of the widget's file are columns of comma-separated values; a column that does not
  /// fit the others, or holds what is not a number, makes the file damaged, not half-read.
  @Test(arguments: [
    (#""humidity":""#, #""humidity":"1,"#),
    (#""temperature":""#, #""temperature":"x"#),
    (#""time":""#, #""time":"inf,"#),
    (#""windSpeed":""#, #""windSpeed":"nan,"#),
  ])
  func aDamagedColumnOfHoursMakesTheStoredOutlookUnreadable(field: String, damaged: String)
    async throws
  {
    let standIn = KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let date = try serviceMorning()
    let outlook = try await refresh(standIn, at: date, in: directory)
    let file = cacheFiles(directory)[0]
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(outlook.days.contains { !$0.hourly.isEmpty })
    #expect(text.contains(field))

    try text.replacingOccurrences(of: field, with: damaged).write(
      to: file, atomically: true, encoding: .utf8)

    #expect(
      await ForecastService.storedOutlook(for: .seoulCityHall, cacheDirectory: directory, at: date)
        == nil)
  }

  @Test func aCacheFileOfANewerVersionIsNeitherReadNorReplaced() async throws {
    let standIn = KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let newer = Data(#"{"version":99,"somethingNew":true}"#.utf8)
    for file in cacheFiles(directory) { try newer.write(to: file) }
    let date = try serviceMorning()

    #expect(
      await ForecastService.storedOutlook(for: .seoulCityHall, cacheDirectory: directory, at: date)
        == nil)
    let outlook = try await refresh(standIn, at: date, in: directory)

    #expect(outlook.today != nil)
    #expect(standIn.asked.count == 7)
    for file in cacheFiles(directory) { #expect(try Data(contentsOf: file) == newer) }
  }

  @Test func aWriteCutShortLeavesThePreviousCacheWhole() async throws {
    // An atomic replace writes a temporary file and renames it over the old one: a process
    // killed before the rename leaves a stray temporary file and the old file whole.
    let standIn = KMAStandIn()
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fetched = try await refresh(standIn, at: try serviceMorning(), in: directory)
    for file in cacheFiles(directory) {
      let contents = try Data(contentsOf: file)
      try contents.prefix(contents.count / 2).write(
        to: directory.appending(path: ".dat.nosync\(UUID().uuidString).tmp"))
    }
    let asked = standIn.asked.count

    let stored = await ForecastService.storedOutlook(
      for: .seoulCityHall, cacheDirectory: directory, at: try serviceMorning())
    let again = try await refresh(standIn, at: try serviceMorning(), in: directory)

    #expect(stored?.outlook.days == fetched.days)
    #expect(again.days == fetched.days)
    #expect(standIn.asked.count == asked)
  }

  /// The two files of Seoul City Hall's cell: the outlook a widget reads and the kept parts.
  func cacheFiles(_ directory: URL) -> [URL] {
    [
      OutlookDiskCache(directory: directory).fileURL(provider: "kma", gridPoint: seoul),
      CellFiles(directory: directory, provider: "kma", gridPoint: seoul).partsFile,
    ]
  }

  /// Every file's name, size and modification time.
  func snapshot(_ directory: URL) throws -> [String: String] {
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: directory.appending(path: name).path)
      files[name] =
        "\(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? Date.distantPast)"
    }
    return files
  }
}
