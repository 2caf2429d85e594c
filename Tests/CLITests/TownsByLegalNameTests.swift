import Foundation
import Testing

extension HaruCLI {
  /// The seed app's towns by the names people use: 법정동 that lead to KMA's 행정동, and 서울특별시청
  /// as a default that takes none of the three places.
  @Suite(.timeLimit(.minutes(2)))
  struct TownsByLegalNameTests {
    @Test func theSeedTownsAreAddedToAFreshDataDirectory() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      for name in ["상현동", "성복동", "풍덕천동"] {
        let added = try await haru.run(["towns", "add", name])
        #expect(added.status == 0, "\(name): \(added)")
      }
      let list = try await haru.run(["towns", "list", "--json"])
      let towns = try #require(try list.json() as? [[String: Any]])
      #expect(towns.map { $0["name"] as? String } == ["상현동", "성복동", "풍덕천동"])
      #expect(towns.allSatisfy { $0["nx"] as? Int == 62 && $0["ny"] as? Int == 121 })
      #expect(towns.last?["current"] as? Bool == true)
      #expect(towns.allSatisfy { $0["default"] as? Bool == false })
    }

    @Test func searchListsTheAreasAndSaysTheyMakeUpTheName() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let english = try await haru.run(["towns", "search", "상현동"])
      #expect(english.status == 0, "\(english)")
      let lines = english.standardOutput.split(separator: "\n")
      #expect(lines.prefix(3).map { $0.hasPrefix("경기도 용인시수지구 상현") } == [true, true, true])
      #expect(lines.contains("경기도 용인시수지구 상현동 is made up of 상현1동, 상현2동, 상현3동."))
      let korean = try await haru.run(["--lang", "ko", "towns", "search", "상현동"])
      #expect(korean.standardOutput.contains("상현1동, 상현2동, 상현3동(으)로 이루어져 있습니다."))
      // JSON stays the array of areas.
      let json = try await haru.run(["towns", "search", "상현동", "--json"])
      let places = try #require(try json.json() as? [[String: Any]])
      #expect(
        places.prefix(3).map { $0["code"] as? String } == [
          "4146557000", "4146558000", "4146558500",
        ])
    }

    @Test func aLegalNeighborhoodInAnAreaOfAnotherNameIsAddedByItsName() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let added = try await haru.run(["towns", "add", "고기동", "--json"])
      #expect(added.status == 0, "\(added)")
      let towns = try #require(try added.json() as? [[String: Any]])
      #expect(towns.map { $0["name"] as? String } == ["고기동"])
      #expect(towns.first?["nx"] as? Int == 62 && towns.first?["ny"] as? Int == 122)  // 동천동's cell
    }

    @Test(arguments: [["상현1동", "상현동"], ["상현동", "상현2동"], ["풍덕천동", "풍덕천2동"]])
    func aPlaceAlreadyFollowedIsNotAddedAgain(names: [String]) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let first = try await haru.run(["towns", "add", names[0]])
      #expect(first.status == 0, "\(first)")
      let second = try await haru.run(["towns", "add", names[1]])
      #expect(second.status == 3, "\(second)")
      #expect(second.standardError.contains("already followed"), "\(second)")
      #expect(second.standardError.contains(names[0]), "\(second)")
      let list = try await haru.run(["towns", "list", "--json"])
      let towns = try #require(try list.json() as? [[String: Any]])
      #expect(towns.map { $0["name"] as? String } == [names[0]])
    }

    @Test func aLegalNeighborhoodInTwoCellsListsItsAreasWithTheirDistrict() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      // 수원시장안구 조원동 is served by 조원1동 (61,121) and 조원2동 (60,121); 관악구 has a 행정동
      // named 조원동 too, which the 시군구 leaves out.
      let result = try await haru.run(["towns", "add", "장안구 조원동"])
      #expect(result.status == 2, "\(result)")
      #expect(result.standardError.contains("different grid cells"), "\(result)")
      #expect(result.standardError.contains("경기도 수원시장안구 조원1동"), "\(result)")
      #expect(result.standardError.contains("경기도 수원시장안구 조원2동"), "\(result)")
      #expect(!FileManager.default.fileExists(atPath: haru.dataDirectory.path), "nothing written")
      let one = try await haru.run(["towns", "add", "수원시장안구 조원1동"])
      #expect(one.status == 0, "\(one)")
    }

    @Test func aNameInTwoDistrictsListsBothWithTheirDistricts() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["--lang", "ko", "towns", "add", "신사동"])
      #expect(result.status == 2, "\(result)")
      for area in ["서울특별시 강남구 신사동", "서울특별시 은평구 신사제1동", "서울특별시 관악구 신사동"] {
        #expect(result.standardError.contains(area), "\(area): \(result)")
      }
      #expect(result.standardError.contains("여럿"), "in Korean: \(result)")
      let gangnam = try await haru.run(["towns", "add", "강남구 신사동", "--json"])
      #expect(gangnam.status == 0, "\(gangnam)")
      let towns = try #require(try gangnam.json() as? [[String: Any]])
      #expect(towns.map { $0["name"] as? String } == ["신사동"])
    }

    @Test func initialsAndOldNamesKeepWorking() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let initials = try await haru.run(["towns", "search", "용인 ㅅㅂㄷ", "--json"])
      let places = try #require(try initials.json() as? [[String: Any]])
      #expect(places.contains { $0["fullName"] as? String == "경기도 용인시수지구 성복동" })
      let old = try await haru.run(["towns", "search", "광주광역시 서구", "--json"])
      let found = try #require(try old.json() as? [[String: Any]])
      #expect(found.first?["fullName"] as? String == "전남광주통합특별시 서구")
    }

    /// A settings file of an older version, which saved 서울특별시청 as the first town.
    @Test func seoulSavedByAnOlderVersionIsKeptAsTheUsersTown() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      try FileManager.default.createDirectory(
        at: haru.dataDirectory, withIntermediateDirectories: true)
      let older = """
        {
          "schemaVersion" : 1,
          "values" : {
            "savedTowns" : {
              "current" : 1,
              "towns" : [
                { "gridPoint" : { "nx" : 60, "ny" : 127 }, "name" : "서울특별시청" },
                { "gridPoint" : { "nx" : 98, "ny" : 76 }, "name" : "부산" }
              ]
            }
          }
        }
        """
      try Data(older.utf8).write(
        to: haru.dataDirectory.appendingPathComponent("settings.json"))
      let list = try await haru.run(["towns", "list", "--json"])
      #expect(list.status == 0, "\(list)")
      let towns = try #require(try list.json() as? [[String: Any]])
      #expect(towns.map { $0["name"] as? String } == ["서울특별시청", "부산"])
      #expect(towns.allSatisfy { $0["default"] as? Bool == false })
      #expect(list.standardError.isEmpty, "nothing reported lost: \(list)")
    }
  }
}
