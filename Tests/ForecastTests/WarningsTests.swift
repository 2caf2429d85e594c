import Foundation
import HaruForecastTesting
import HaruModels
import Testing

@_spi(Benchmarks) @testable import HaruForecast

/// An instant given as KMA's `YYYYMMDDHHmm` in Korea Standard Time.
private func korean(_ minute: Int64, sourceLocation: SourceLocation = #_sourceLocation) throws
  -> Date
{
  try #require(WarningTime.date(kmaMinute: minute), sourceLocation: sourceLocation)
}

private func events(_ body: String) throws -> [WarningEvent] {
  let read = try WarningRowsReading.events(decoding: Data(body.utf8))
  #expect(read.unreadable == 0)
  return read.events
}

private func issue(
  _ zone: String, kind: Int64 = 2, level: Int64 = 0, at minute: Int64, number: Int64 = 1,
  command: Int64 = 1, startsAt: Int64? = nil, name: String? = nil, cancelled: Bool = false
) throws -> WarningEvent {
  WarningEvent(
    announcement: WarningAnnouncement(issuedAt: try korean(minute), number: number),
    zoneCode: zone, zoneName: name, kind: WarningKind(code: kind),
    level: WarningLevel(code: level), command: WarningCommand(code: command),
    startsAt: try startsAt.map { try korean($0) }, isCancelled: cancelled)
}

struct WarningReplayTests {
  @Test func theRealRowsOfSeptember26HaveHeavyRainInJejuAt1130AndNoneAt1230() throws {
    let rows = try events(KMAWarningsFixtures.eventsSeptember26)
    #expect(rows.count == 10)
    let at1130 = try korean(2026_09_26_1130)
    let morning = WarningReplay.warnings(from: rows, at: at1130).filter {
      $0.isInForce(at: at1130)
    }
    let rain = morning.filter { $0.kind == .heavyRain }
    #expect(rain.map(\.zoneCode) == ["L1090500", "L1091440"])
    #expect(rain.map(\.level) == [.warning, .advisory])
    #expect(rain.map(\.zoneName) == ["제주도산지", "서귀포시중산간"])
    #expect(rain.first?.command == .change)
    // The high-seas advisory was released at 10:30 from 12:00: still in force at 11:30.
    #expect(morning.contains { $0.kind == .highSeas && $0.zoneCode == "S1322200" })
    let at1230 = try korean(2026_09_26_1230)
    #expect(WarningReplay.warnings(from: rows, at: at1230).isEmpty)
  }

  @Test func aCancelledRowIsIgnoredAndARowTwiceCountsOnce() throws {
    let row = try issue("L1011900", at: 2026_07_01_1000)
    #expect(WarningReplay.warnings(from: [row, row], at: try korean(2026_07_01_1100)).count == 1)
    let cancelled = try issue("L1011900", at: 2026_07_01_1000, cancelled: true)
    #expect(WarningReplay.warnings(from: [cancelled], at: try korean(2026_07_01_1100)).isEmpty)
  }

  @Test func aStartLaterThanTheAnnouncementIsIssuedButNotYetInForce() throws {
    // The real 풍랑주의보 of 남해서부동쪽먼바다: announced 08:00, in force from 10:00.
    let rows = try events(KMAWarningsFixtures.eventsSeptember26)
    let at0900 = try korean(2026_09_26_0900)
    let seas = try #require(
      WarningReplay.warnings(from: rows, at: at0900).first { $0.zoneCode == "S1322200" })
    #expect(seas.issuedAt == (try korean(2026_09_26_0800)))
    #expect(seas.effectiveAt == (try korean(2026_09_26_1000)))
    #expect(!seas.isInForce(at: at0900))
    #expect(seas.isInForce(at: try korean(2026_09_26_1000)))
  }

  @Test func withinOneAnnouncementAReleaseAppliesBeforeAnIssue() throws {
    let release = try issue("L1011900", level: 0, at: 2026_07_01_1000, number: 5, command: 2)
    let raise = try issue("L1011900", level: 1, at: 2026_07_01_1000, number: 5, command: 7)
    for order in [[release, raise], [raise, release]] {
      let found = WarningReplay.warnings(from: order, at: try korean(2026_07_01_1100))
      #expect(found.map(\.level) == [.warning])
    }
  }

  @Test func anAnnouncementAfterTheInstantIsNotKnownYetAndTheNumberRestartsEachMonth() throws {
    let july = try issue("L1011900", at: 2026_07_31_2300, number: 453)
    let august = try issue("L1011900", at: 2026_08_01_0100, number: 1, command: 2)
    let rows = [august, july]
    #expect(WarningReplay.warnings(from: rows, at: try korean(2026_08_01_0030)).count == 1)
    #expect(WarningReplay.warnings(from: rows, at: try korean(2026_08_01_0130)).isEmpty)
  }

  @Test func allEndTimeEndsNothingElse() throws {
    let wind = try issue("L1090500", kind: 1, at: 2026_09_26_0600)
    let rain = try issue("L1090500", kind: 2, at: 2026_09_26_0600)
    var release = try issue("L1090500", kind: 2, at: 2026_09_26_0900, command: 2)
    release = WarningEvent(
      announcement: release.announcement, zoneCode: release.zoneCode, kind: release.kind,
      level: release.level, command: release.command, endsAt: try korean(2026_09_26_0900),
      allEndsAt: try korean(2026_09_26_0900))
    let found = WarningReplay.warnings(
      from: [wind, rain, release], at: try korean(2026_09_26_1000))
    #expect(found.map(\.kind) == [.strongWind])
  }

  @Test func anUnknownCommandDecidesNothing() throws {
    let issued = try issue("L1011900", at: 2026_07_01_1000)
    let odd = try issue("L1011900", at: 2026_07_01_1100, number: 2, command: 5)
    #expect(
      WarningReplay.warnings(from: [issued, odd], at: try korean(2026_07_01_1200)).count == 1)
  }
}

struct WarningCodesTests {
  @Test func tropicalNightSevereWarningAndAnUnknownKindAreRead() throws {
    #expect(WarningKind(code: 13) == .tropicalNight)
    #expect(WarningKind(code: 13).name(in: .korean) == "열대야")
    #expect(WarningKind(code: 13).name(in: .english) == "tropical night")
    #expect(WarningLevel(code: 2) == .severeWarning)
    #expect(WarningLevel(code: 2).name(in: .korean) == "중대경보")
    #expect(WarningKind(code: 10) == .unknown(code: 10))
    #expect(WarningKind(code: 10).code == 10)
    #expect(WarningLevel(code: 7) > .severeWarning)
    let rows = try events(KMAWarningsFixtures.eventsGarbledName)
    #expect(rows.map(\.kind) == [.heatWave, .tropicalNight, .heatWave])
    let heat = try issue("L1082700", kind: 12, level: 2, at: 2026_08_02_1600)
    let found = WarningReplay.warnings(from: [heat], at: try korean(2026_08_02_1700))
    #expect(found.first?.title(in: .korean) == "폭염중대경보")
  }

  @Test(arguments: [
    ("1", 1 as Int64), ("1 ", 1), (" 13", 13), ("202609261200", 202_609_261_200),
  ])
  func numbersArriveAsStringsOrNumbers(text: String, value: Int64) {
    #expect(WarningTime.number(text) == value)
  }

  @Test func zeroIsNoTime() {
    #expect(WarningTime.date(text: "0") == nil)
    #expect(WarningTime.date(text: "202613011200") == nil)
    #expect(
      WarningTime.kmaMinute(of: WarningTime.date(kmaMinute: 2026_02_28_2359) ?? .distantPast)
        == 2026_02_28_2359)
  }

  @Test func aGarbledZoneNameGivesWayToTheTablesName() throws {
    let rows = try events(KMAWarningsFixtures.eventsGarbledName)
    let busan = try #require(rows.first { $0.zoneCode == "L1082700" })
    #expect(busan.zoneName == nil)
    #expect(rows.first { $0.zoneCode == "L1072620" }?.zoneName == "김천시남부")
    let issued = try issue("L1082700", kind: 13, at: 2026_09_01_1600, name: busan.zoneName)
    let found = WarningReplay.warnings(from: [issued], at: try korean(2026_09_01_1700))
    #expect(found.first?.zoneName == "부산서부")
  }
}

struct WarningAnswersTests {
  @Test func noDataWithNoBodyIsNoEvents() throws {
    #expect(try events(KMAWarningsFixtures.noData).isEmpty)
  }

  @Test func aRangeOlderThanTheServiceKeepsIsATypedError() throws {
    let error = #expect(throws: ForecastError.self) {
      try WarningRowsReading.events(decoding: Data(KMAWarningsFixtures.rangeTooOld.utf8))
    }
    #expect(error?.code == .kmaResult)
    #expect(error?.kmaResultCode == .unknownError)
  }

  @Test func theStatusSaysNoneWithASpace() throws {
    let status = try #require(
      try WarningRowsReading.status(decoding: Data(KMAWarningsFixtures.statusNone.utf8)))
    #expect(status.inForce.isEmpty)
    #expect(status.preliminary.isEmpty)
    #expect(status.announcement.number == 130)
    #expect(status.effectiveAt == (try korean(2026_09_26_1200)))
  }

  @Test func statusLinesAndPreliminaryWarningsAreRead() {
    let lines = WarningRows.lines(
      "o 폭염중대경보 : 경상남도(양산, 김해)\r\no 호우경보 : 제주도(제주도산지,\r\n 제주시중산간)")
    let status = WarningText.statusLines(lines)
    #expect(status.map(\.kind) == [.heatWave, .heavyRain])
    #expect(status.map(\.level) == [.severeWarning, .warning])
    #expect(status.last?.areas == "제주도(제주도산지, 제주시중산간)")
    let preliminary = WarningText.preliminary(
      WarningRows.lines(
        "(1) 풍랑 예비특보\\no 09월 26일 새벽(00시~06시) : 남해서부서쪽먼바다, 제주도남쪽바깥먼바다"),
      announcement: nil)
    #expect(preliminary.map(\.kind) == [.highSeas])
    #expect(preliminary.first?.expected == "09월 26일 새벽(00시~06시)")
    #expect(preliminary.first?.areas == "남해서부서쪽먼바다, 제주도남쪽바깥먼바다")
    #expect(WarningText.isNone("o 없음") && WarningText.isNone("o 없 음"))
  }
}

struct WarningZonesTests {
  private let zones = WarningZones.bundled

  @Test func yongInBeforeTheResplitHasTheZonesOfThatTime() throws {
    let before = zones.zones(
      province: "경기도", district: "용인시수지구", neighborhood: "성복동", at: try korean(2026_05_01_1200))
    #expect(before.map(\.zone.code) == ["L1010000", "L1012900"])
    #expect(before.allSatisfy { !$0.isPartOfTown })
    let after = zones.zones(
      province: "경기도", district: "용인시수지구", neighborhood: "성복동", at: try korean(2026_06_01_1200))
    #expect(after.map(\.zone.code) == ["L1010000", "L1013800", "L1013810", "L1013820", "L1013830"])
    #expect(after.map(\.isPartOfTown) == [false, false, true, true, true])
  }

  @Test func aWarningOnOneSubZoneOfASplitCityCoversPartOfTheTown() throws {
    let now = try korean(2026_07_29_1200)
    let town = zones.zones(
      province: "경기도", district: "용인시수지구", neighborhood: "성복동", at: now)
    let heat = try issue("L1013820", kind: 12, level: 1, at: 2026_07_29_1000)
    let found = WarningReplay.warnings(from: [heat], at: now)
    let match = try #require(town.first { $0.zone.code == found.first?.zoneCode })
    #expect(match.isPartOfTown)
    #expect(match.zone.name == "용인시서북부")
  }

  @Test func metropolitanDistrictsProvincesAndIslandsMapToTheirZones() throws {
    let now = try korean(2026_09_26_1200)
    func codes(_ province: String, _ district: String?, _ neighborhood: String? = nil) -> [String] {
      zones.zones(province: province, district: district, neighborhood: neighborhood, at: now)
        .map(\.zone.code)
    }
    #expect(codes("서울특별시", "강남구") == ["L1100000", "L1100100"])
    #expect(codes("광주광역시", "광산구") == ["L1130000", "L1130110"])
    #expect(codes("대전광역시", "유성구") == ["L1120000", "L1030100"])
    #expect(codes("부산광역시", "해운대구") == ["L1150000", "L1082500", "L1082600", "L1082700"])
    #expect(codes("강원특별자치도", "강릉시") == ["L1020000", "L1022500", "L1022510", "L1022520"])
    #expect(codes("경상북도", "울릉군") == ["L1070000", "L1072100"])
    #expect(codes("전라남도", "신안군", "흑산면") == ["L1050000", "L1052500"])
    #expect(codes("제주특별자치도", "제주시", "추자면") == ["L1090000", "L1091000"])
    let jeju = zones.zones(province: "제주특별자치도", district: "서귀포시", neighborhood: nil, at: now)
    #expect(jeju.last?.zone.code == "L1090500")
    #expect(jeju.last?.isPartOfTown == true)
    #expect(codes("어딘가도", "시") == [])
  }
}

struct WarningDiagnosticTests {
  @Test func theRealStatusAgreesWithTheRealRowsAtNoon() throws {
    let status = try #require(
      try WarningRowsReading.status(decoding: Data(KMAWarningsFixtures.statusNone.utf8)))
    let rows = try events(KMAWarningsFixtures.eventsSeptember26)
    #expect(WarningReplay.disagreement(with: status, events: rows) == nil)
  }

  @Test func aStatusOfNoneWhileTheReplaySaysAWarningIsActiveIsReported() throws {
    let status = try #require(
      try WarningRowsReading.status(decoding: Data(KMAWarningsFixtures.statusNone.utf8)))
    let rain = try issue("L1090500", kind: 2, level: 1, at: 2026_09_26_1100)
    let diagnostic = try #require(WarningReplay.disagreement(with: status, events: [rain]))
    #expect(diagnostic.onlyReplayed == ["호우경보"])
    #expect(diagnostic.onlyInStatus.isEmpty)
    #expect(diagnostic.status.number == 130)
    #expect(diagnostic.message(in: .english).contains("호우경보"))
  }
}
