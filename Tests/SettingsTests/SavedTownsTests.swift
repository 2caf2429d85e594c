import Foundation
import HaruModels
import HaruSettings
import Testing

struct SavedTownsTests {
  let seoul = Town.seoulCityHall
  let busan: Town
  let jeju: Town
  let daegu: Town

  init() throws {
    busan = try Town(name: "부산", gridPoint: GridPoint(nx: 98, ny: 76))
    jeju = try Town(name: "제주", gridPoint: GridPoint(nx: 53, ny: 38))
    daegu = try Town(name: "대구", gridPoint: GridPoint(nx: 89, ny: 90))
  }

  @Test func aNewTownBecomesCurrentUnlessToldOtherwise() throws {
    var towns = SavedTowns(seoul)
    try towns.add(busan)
    #expect(towns.current == busan)
    try towns.add(jeju, makeCurrent: false)
    #expect(towns.current == busan)
    #expect(Array(towns) == [seoul, busan, jeju])
    #expect(!towns.canAdd)
  }

  /// Each change that would break the rules, with the error it must give; the value stays as it was.
  @Test func invalidChangesAreTypedErrorsThatChangeNothing() throws {
    var full = try SavedTowns([seoul, busan, jeju], currentIndex: 1)
    let before = full
    let cases: [(String, SettingsError.Code, (inout SavedTowns) throws -> Void)] = [
      ("a fourth town", .tooManyTowns, { try $0.add(daegu) }),
      ("select past the end", .noSuchTown, { try $0.select(at: 3) }),
      ("select a negative position", .noSuchTown, { try $0.select(at: -1) }),
      ("remove past the end", .noSuchTown, { try $0.remove(at: 7) }),
    ]
    for (label, code, change) in cases {
      let error = #expect(throws: SettingsError.self, "\(label)") { try change(&full) }
      #expect(error?.code == code, "\(label)")
      #expect(full == before, "\(label) left the towns as they were")
    }

    var none = SavedTowns()
    let error = #expect(throws: SettingsError.self) { try none.select(at: 0) }
    #expect(error?.code == .noSuchTown)
    #expect(none == SavedTowns())

    var withBusan = SavedTowns(busan)
    let duplicate = #expect(throws: SettingsError.self) { try withBusan.add(busan) }
    #expect(duplicate?.code == .duplicateTown)
  }

  @Test(arguments: [
    // (current before, removed position, current after: the same town, or the one before)
    (0, 1, 0), (1, 0, 0), (2, 2, 1), (1, 1, 0), (0, 0, 0), (2, 0, 1),
  ])
  func removingKeepsACurrentTown(current: Int, removed: Int, expected: Int) throws {
    var towns = try SavedTowns([seoul, busan, jeju], currentIndex: current)
    let currentTown = towns.current
    try towns.remove(at: removed)
    #expect(towns.currentIndex == expected)
    #expect(towns.indices.contains(towns.currentIndex ?? -1))
    if removed != current {
      #expect(towns.current == currentTown)
    }
  }

  @Test func listsThatBreakTheRulesCannotBeMade() {
    let cases: [([Town], Int, SettingsError.Code)] = [
      ([], 1, .noSuchTown),
      ([seoul, busan, jeju, daegu], 0, .tooManyTowns),
      ([seoul, seoul], 0, .duplicateTown),
      ([seoul, busan], 2, .noSuchTown),
    ]
    for (towns, current, code) in cases {
      let error = #expect(throws: SettingsError.self) {
        try SavedTowns(towns, currentIndex: current)
      }
      #expect(error?.code == code)
    }
  }

  @Test func storedTownsRoundTripAndInvalidOnesAreRefused() throws {
    let towns = try SavedTowns([seoul, busan], currentIndex: 1)
    let data = try JSONEncoder().encode(towns)
    #expect(try JSONDecoder().decode(SavedTowns.self, from: data) == towns)
    for invalid in [
      #"{"towns": [], "current": 2}"#, #"{"current": 0}"#,
      #"{"towns": [{"name": "부산", "gridPoint": {"nx": 98, "ny": 76}}]}"#,
    ] {
      #expect(throws: DecodingError.self, "\(invalid)") {
        try JSONDecoder().decode(SavedTowns.self, from: Data(invalid.utf8))
      }
    }
  }

  @Test func noTownIsSavedAtFirstAndSeoulIsCurrentWithoutTakingAPlace() throws {
    var towns = SavedTowns()
    #expect(towns.isEmpty)
    #expect(towns.currentIndex == nil)
    #expect(towns.current == seoul)
    #expect(towns.canAdd)
    // The first town added becomes current even when asked not to: one town is always current.
    try towns.add(busan, makeCurrent: false)
    #expect(towns.current == busan)
    #expect(towns.currentIndex == 0)
    try towns.add(jeju)
    try towns.add(daegu, makeCurrent: false)
    #expect(Array(towns) == [busan, jeju, daegu])
    #expect(towns.current == jeju)
    #expect(!towns.canAdd)
    // Removing every town brings the default back.
    try towns.remove(at: 2)
    try towns.remove(at: 0)
    try towns.remove(at: 0)
    #expect(towns == SavedTowns())
    #expect(towns.current == seoul)
  }

  @Test func seoulCanBeSavedAsATownOfItsOwn() throws {
    var towns = SavedTowns()
    try towns.add(seoul)
    try towns.add(busan)
    try towns.add(jeju)
    #expect(Array(towns) == [seoul, busan, jeju])
  }

  @Test func aDefaultTownOfTheAppsOwnIsKept() throws {
    var towns = SavedTowns(defaultTown: jeju)
    #expect(towns.current == jeju)
    let data = try JSONEncoder().encode(towns)
    #expect(try JSONDecoder().decode(SavedTowns.self, from: data) == towns)
    try towns.add(busan)
    try towns.remove(at: 0)
    #expect(towns.current == jeju)
  }

  /// What an older version wrote: the towns and the position of the current one, 서울특별시청
  /// among them when it was the default the person added to. It reads as the person's towns.
  @Test func townsWrittenByAnOlderVersionKeepSeoulAsASavedTown() throws {
    let older = try String(
      decoding: JSONEncoder().encode(SavedTowns([seoul, busan], currentIndex: 1)), as: UTF8.self
    )
    .replacingOccurrences(of: #","default":"#, with: #","ignored":"#)
    let read = try JSONDecoder().decode(SavedTowns.self, from: Data(older.utf8))
    #expect(Array(read) == [seoul, busan])
    #expect(read.current == busan)
    #expect(read.defaultTown == seoul)
    let emptyList = #"{"towns": [], "current": 0}"#
    #expect(try JSONDecoder().decode(SavedTowns.self, from: Data(emptyList.utf8)) == SavedTowns())
  }
}
