import Foundation
import HaruModels
import HaruPlaces
import Testing

/// A town made from an area keeps the area's cell, code and regions.
struct TownFromPlaceTests {
  let places = PlaceDirectory()

  @Test func aTownKeepsTheOfficialCellAndRegionIDs() throws {
    let place = try #require(places.uniquePlace(for: "성복동"))
    let town = try Town(place)
    #expect(town.name == "성복동")
    #expect(town.gridPoint == place.gridPoint)
    #expect(town.coordinate == place.coordinate)
    #expect(town.areaCode == "4146559000")
    #expect(town.midTermRegions?.temperature == "11B20612")
    #expect(town.midTermRegions?.land == "11B00000")
    #expect(try Town(place, name: "집").name == "집")
  }

  @Test func everyAreaMakesATownWithItsOwnCell() throws {
    // Including the 43 areas whose cell is a neighbour of their point's, and 이어도 (no point).
    for place in places.places {
      let town = try Town(place)
      #expect(town.gridPoint == place.gridPoint, "\(place.fullName)")
      #expect(town.areaCode == place.code)
    }
  }

  /// The first example of "Getting started", as it prints.
  @Test func theGettingStartedExampleFindsSeongbokByItsInitials() throws {
    let names = places.search("용인 ㅅㅂㄷ", limit: 3).map(\.fullName)
    #expect(names == ["경기도 용인시수지구 신봉동", "경기도 용인시수지구 성복동"])
    let town = try Town(try #require(places.uniquePlace(for: "성복동")))
    #expect("\(town.name) \(town.gridPoint)" == "성복동 62,121")
  }

  /// The number "Getting started" gives for why a town is made from an area first.
  @Test func theProjectionMissesTheOfficialCellOf43Areas() throws {
    var missed = 0
    for place in places.places {
      guard let coordinate = place.coordinate else { continue }
      if try GridPoint(containing: coordinate) != place.gridPoint { missed += 1 }
    }
    #expect(missed == 43)
    #expect(places.places.count == 3_838)
  }

  @Test func aTownFromAPlaceSurvivesARoundTrip() throws {
    for query in ["성복동", "대전광역시 유성구 관평동", "이어도"] {
      let place = try #require(places.search(query).first)
      let town = try Town(place)
      let data = try JSONEncoder().encode(town)
      let decoded = try JSONDecoder().decode(Town.self, from: data)
      #expect(decoded == town, "\(query)")
      #expect(decoded.midTermRegions == place.midTermRegions)
    }
  }

  @Test func aTownSavedBeforeAreaCodesLoadsUnchanged() throws {
    let json =
      #"{"name":"우리 집","coordinate":{"latitude":37.5665,"longitude":126.978},"gridPoint":{"nx":60,"ny":127}}"#
    let town = try JSONDecoder().decode(Town.self, from: Data(json.utf8))
    #expect(town.areaCode == nil)
    #expect(town.midTermRegions == nil)
    #expect(town.gridPoint == (try GridPoint(nx: 60, ny: 127)))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let again = String(decoding: try encoder.encode(town), as: UTF8.self)
    #expect(!again.contains("areaCode"))
    #expect(!again.contains("midTermRegions"))
  }
}
