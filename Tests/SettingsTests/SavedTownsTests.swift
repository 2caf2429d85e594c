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

    var single = SavedTowns(seoul)
    let error = #expect(throws: SettingsError.self) { try single.remove(at: 0) }
    #expect(error?.code == .lastTown)
    #expect(single == SavedTowns(seoul))

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
    #expect(towns.indices.contains(towns.currentIndex))
    if removed != current {
      #expect(towns.current == currentTown)
    }
  }

  @Test func listsThatBreakTheRulesCannotBeMade() {
    let cases: [([Town], Int, SettingsError.Code)] = [
      ([], 0, .lastTown),
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
    let empty = #"{"towns": [], "current": 0}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(SavedTowns.self, from: Data(empty.utf8))
    }
  }
}
