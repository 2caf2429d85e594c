import Foundation
import HaruModels
import Testing

/// The UV index and the pollen risk: KMA's grades at every boundary, the readings of a forecast
/// by instant and by Korean day, the seasons, and what is stored. 출처: 기상청.
struct UVIndexTests {
  @Test(arguments: [
    (0, UVIndex.Grade.low), (2, .low), (3, .moderate), (5, .moderate), (6, .high), (7, .high),
    (8, .veryHigh), (10, .veryHigh), (11, .extreme), (15, .extreme),
  ])
  func gradesFollowKMAsBoundaries(value: Int, grade: UVIndex.Grade) throws {
    #expect(try UVIndex(value).grade == grade)
  }

  @Test func aNegativeIndexIsRefused() {
    let error = #expect(throws: ModelError.self) { try UVIndex(-1) }
    #expect(error?.code == .valueOutOfRange)
    #expect(error?.field == "value")
  }

  @Test func gradesHaveKMAsNamesAndEnglishOnes() {
    #expect(
      UVIndex.Grade.allCases.map { $0.displayName(in: .korean) } == [
        "낮음", "보통", "높음", "매우높음", "위험",
      ])
    #expect(
      UVIndex.Grade.allCases.map { $0.displayName(in: .english) } == [
        "Low", "Moderate", "High", "Very high", "Extreme",
      ])
    #expect(UVIndex.Grade.allCases == UVIndex.Grade.allCases.sorted())
  }

  @Test func aStoredNegativeIndexDoesNotDecode() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([UVIndex].self, from: Data("[-3]".utf8))
    }
  }
}

struct UVForecastTests {
  /// 2026-09-26 12:00 KST.
  private let issued = try? CalendarDay(year: 2026, month: 9, day: 26)
    .start(in: CalendarDay.koreaTimeZone).addingTimeInterval(12 * 3600)

  /// The first row of the real answer of 2026-09-26 12h, `h0`…`h57`; `h60`–`h75` were empty.
  private func realForecast() throws -> UVForecast {
    let issuedAt = try #require(issued)
    let values = [4, 3, 0, 0, 0, 0, 1, 5, 7, 3, 0, 0, 0, 0, 1, 5, 6, 3, 0, 0]
    return UVForecast(
      issuedAt: issuedAt,
      readings: try values.enumerated().reversed().map { slot, value in
        UVForecast.Reading(
          time: issuedAt.addingTimeInterval(Double(slot) * 3 * 3600), index: try UVIndex(value))
      })
  }

  @Test func theReadingsAreKeptEarliestFirst() throws {
    let forecast = try realForecast()
    #expect(forecast.readings.count == 20)
    #expect(forecast.readings.map(\.time) == forecast.readings.map(\.time).sorted())
  }

  @Test func theIndexAtAnInstantIsTheReadingWhoseThreeHoursHoldIt() throws {
    let forecast = try realForecast()
    let noon = try #require(issued)
    #expect(forecast.index(at: noon)?.value == 4)
    #expect(forecast.index(at: noon.addingTimeInterval(3 * 3600 - 1))?.value == 4)
    #expect(forecast.index(at: noon.addingTimeInterval(3 * 3600))?.value == 3)
    #expect(forecast.index(at: noon.addingTimeInterval(24 * 3600 + 60))?.value == 7)
    // Before the issuance, and after the last published slot (h57 holds until h60).
    #expect(forecast.index(at: noon.addingTimeInterval(-1)) == nil)
    #expect(forecast.index(at: noon.addingTimeInterval(60 * 3600 - 1))?.value == 0)
    #expect(forecast.index(at: noon.addingTimeInterval(60 * 3600)) == nil)
  }

  @Test func theDaysMaximumIsTheHighestReadingOfTheKoreanDay() throws {
    let forecast = try realForecast()
    let day = try CalendarDay(year: 2026, month: 9, day: 26)
    #expect(forecast.maximum(on: day)?.value == 4)
    #expect(forecast.maximum(on: day.adding(days: 1))?.value == 7)
    #expect(forecast.maximum(on: day.adding(days: 1))?.grade == .high)
    #expect(forecast.maximum(on: day.adding(days: 2))?.value == 6)
    #expect(forecast.maximum(on: day.adding(days: 3)) == nil)
    #expect(forecast.maximum(on: day.adding(days: -1)) == nil)
  }

  @Test func aForecastRoundTripsAndDecodesSorted() throws {
    let forecast = try realForecast()
    let data = try JSONEncoder().encode(forecast)
    #expect(try JSONDecoder().decode(UVForecast.self, from: data) == forecast)
    let unsorted = #"{"issuedAt":0,"readings":[{"time":10800,"index":2},{"time":0,"index":1}]}"#
    let decoded = try JSONDecoder().decode(UVForecast.self, from: Data(unsorted.utf8))
    #expect(decoded.readings.map(\.index.value) == [1, 2])
  }
}

struct PollenTests {
  @Test(arguments: [
    (PollenKind.oak, 3...6, "참나무", "Oak"), (.pine, 3...6, "소나무", "Pine"),
    (.weeds, 8...10, "잡초류", "Weeds"),
  ])
  func kindsHaveTheirSeasonAndNames(
    kind: PollenKind, months: ClosedRange<Int>, korean: String, english: String
  ) throws {
    #expect(kind.months == months)
    #expect(kind.displayName(in: .korean) == korean)
    #expect(kind.displayName(in: .english) == english)
    for month in 1...12 {
      let day = try CalendarDay(year: 2026, month: month, day: month == 2 ? 28 : 30)
      #expect(kind.isInSeason(on: day) == months.contains(month), "\(kind) in \(month)")
    }
  }

  @Test func risksAreKMAsFourGrades() {
    #expect(PollenRisk.allCases.map(\.rawValue) == [0, 1, 2, 3])
    #expect(PollenRisk.allCases.map { $0.displayName(in: .korean) } == ["낮음", "보통", "높음", "매우높음"])
    #expect(
      PollenRisk.allCases.map { $0.displayName(in: .english) } == [
        "Low", "Moderate", "High", "Very high",
      ])
    #expect(PollenRisk(rawValue: 4) == nil)
    #expect(PollenRisk.low < .veryHigh)
  }

  @Test func aForecastGivesTheRiskOfEachDayItHolds() throws {
    let day = try CalendarDay(year: 2026, month: 8, day: 2)
    let forecast = PollenForecast(
      kind: .weeds, issuedAt: day.start(in: CalendarDay.koreaTimeZone),
      days: [.init(day: day.adding(days: 1), risk: .high), .init(day: day, risk: .moderate)])
    #expect(forecast.isInSeason)
    #expect(forecast.days.map(\.day) == [day, day.adding(days: 1)])
    #expect(forecast.risk(on: day) == .moderate)
    #expect(forecast.risk(on: day.adding(days: 1)) == .high)
    #expect(forecast.risk(on: day.adding(days: 2)) == nil)
  }

  @Test func outOfSeasonHasNoBulletinAndNoDays() throws {
    let pine = PollenForecast.notInSeason(.pine)
    #expect(!pine.isInSeason)
    #expect(pine.issuedAt == nil)
    #expect(pine.days.isEmpty)
    #expect(pine.risk(on: try CalendarDay(year: 2026, month: 7, day: 28)) == nil)
  }

  @Test func forecastsRoundTripAndAnInconsistentOneDoesNotDecode() throws {
    let day = try CalendarDay(year: 2026, month: 4, day: 10)
    let inSeason = PollenForecast(
      kind: .oak, issuedAt: day.start(in: CalendarDay.koreaTimeZone),
      days: [.init(day: day, risk: .veryHigh)])
    for forecast in [inSeason, .notInSeason(.weeds)] {
      let data = try JSONEncoder().encode(forecast)
      #expect(try JSONDecoder().decode(PollenForecast.self, from: data) == forecast)
    }
    let stored =
      try JSONSerialization.jsonObject(
        with: JSONEncoder().encode(PollenForecast.notInSeason(.oak))) as? [String: Any]
    #expect(stored?["isInSeason"] as? Bool == false)
    for bad in [
      #"{"kind":"oak","isInSeason":true,"days":[]}"#,
      #"{"kind":"oak","isInSeason":false,"issuedAt":0,"days":[]}"#,
    ] {
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(PollenForecast.self, from: Data(bad.utf8))
      }
    }
  }
}
