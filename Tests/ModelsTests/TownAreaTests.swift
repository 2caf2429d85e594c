import Foundation
import HaruModels
import Testing

/// A town's KMA area: its code and mid-term regions, checked and stored with the town.
struct TownAreaTests {
  static let regions = try? MidTermRegions(land: "11B00000", temperature: "11B20612")

  @Test func areaIdentifiersAreCheckedAndKept() throws {
    let town = try Town(name: "성복동", gridPoint: GridPoint(nx: 62, ny: 121))
      .withArea(code: "4146559000", midTermRegions: Self.regions)
    #expect(town.areaCode == "4146559000")
    #expect(town.midTermRegions?.land == "11B00000")
    #expect(town.midTermRegions?.temperature == "11B20612")
    let decoded = try JSONDecoder().decode(Town.self, from: JSONEncoder().encode(town))
    #expect(decoded == town)
  }

  @Test(arguments: ["", "414655900", "41465590000", "4146559OOO", "４１４６５５９０００"])
  func aMalformedAreaCodeIsRefused(_ code: String) throws {
    let town = try Town(name: "성복동", gridPoint: GridPoint(nx: 62, ny: 121))
    let error = #expect(throws: ModelError.self) {
      try town.withArea(code: code, midTermRegions: nil)
    }
    #expect(error?.code == .invalidCharacters)
    #expect(error?.field == "areaCode")
  }

  @Test(arguments: [("11b00000", "11B20612"), ("11B00000", "11B2061"), ("11B0000", "11B20612")])
  func aMalformedRegionIDIsRefused(_ land: String, _ temperature: String) {
    let error = #expect(throws: ModelError.self) {
      try MidTermRegions(land: land, temperature: temperature)
    }
    #expect(error?.code == .invalidCharacters)
  }

  @Test func aRegionWithoutLandForecastIsAllowed() throws {
    let ieodo = try MidTermRegions(land: nil, temperature: "11G00601")
    #expect(ieodo.land == nil)
    let json = String(decoding: try JSONEncoder().encode(ieodo), as: UTF8.self)
    #expect(!json.contains("land"))
    #expect(try JSONDecoder().decode(MidTermRegions.self, from: Data(json.utf8)) == ieodo)
  }

  @Test(arguments: [
    #"{"name": "집", "gridPoint": {"nx": 62, "ny": 121}, "areaCode": "12"}"#,
    #"{"name": "집", "gridPoint": {"nx": 62, "ny": 121}, "areaCode": "4146559000", "midTermRegions": {"temperature": "x"}}"#,
    #"{"name": "집", "gridPoint": {"nx": 62, "ny": 121}, "areaCode": "4146559000", "midTermRegions": {"land": "11B00000"}}"#,
  ])
  func aStoredTownWithBadAreaIdentifiersIsRefused(_ json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Town.self, from: Data(json.utf8))
    }
  }
}
