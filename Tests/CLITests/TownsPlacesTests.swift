import Foundation
import Testing

extension HaruCLI {
  /// `haru towns search`, `haru towns add QUERY` and `haru towns nearest`.
  @Suite(.timeLimit(.minutes(2)))
  struct TownsPlacesTests {
    @Test func searchPrintsTheAreasAsJSON() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["towns", "search", "용인 성복", "--json"])
      #expect(result.status == 0, "\(result)")
      let places = try #require(try result.json() as? [[String: Any]])
      let place = try #require(places.first)
      #expect(places.count == 1)
      #expect(Set(place.keys) == ["name", "fullName", "code", "grid", "coordinate", "midTerm"])
      #expect(place["name"] as? String == "성복동")
      #expect(place["fullName"] as? String == "경기도 용인시수지구 성복동")
      #expect(place["code"] as? String == "4146559000")
      let grid = try #require(place["grid"] as? [String: Int])
      #expect(grid == ["nx": 62, "ny": 121])
      let coordinate = try #require(place["coordinate"] as? [String: Double])
      #expect(coordinate == ["latitude": 37.310331, "longitude": 127.083233])
      let midTerm = try #require(place["midTerm"] as? [String: String])
      #expect(midTerm == ["land": "11B00000", "temperature": "11B20612"])
      // Nothing was written: search needs no settings.
      #expect(!FileManager.default.fileExists(atPath: haru.dataDirectory.path))
    }

    @Test func searchHonoursTheLimitAndPrintsLines() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let json = try await haru.run(["towns", "search", "중앙동", "--limit", "3", "--json"])
      #expect(try #require(try json.json() as? [[String: Any]]).count == 3)
      let text = try await haru.run(["towns", "search", "ㅅㅂㄷ", "--limit", "50"])
      #expect(text.status == 0, "\(text)")
      #expect(text.standardOutput.contains("경기도 용인시수지구 성복동"))
      #expect(text.standardOutput.contains("grid 62,121"))
      #expect(text.standardOutput.contains("mid 11B00000/11B20612"))
      let ieodo = try await haru.run(["towns", "search", "이어도", "--json"])
      let first = try #require(try ieodo.json() as? [[String: Any]]).first
      #expect(first?["coordinate"] is NSNull)
      #expect((first?["midTerm"] as? [String: Any])?["land"] is NSNull)
      let nothing = try await haru.run(["towns", "search", "!!!", "--json"])
      #expect(nothing.status == 0)
      #expect(try #require(try nothing.json() as? [Any]).isEmpty)
    }

    @Test(
      "Bad searches are usage errors",
      arguments: [
        ["towns", "search"], ["towns", "search", ""], ["towns", "search", "   "],
        ["towns", "search", "성복", "--limit", "0"], ["towns", "search", "성복", "--limit", "x"],
        ["towns", "search", "a", "b"], ["towns", "add", ""], ["towns", "add", "  "],
        ["towns", "list", "--limit", "3"], ["towns", "nearest"],
        ["towns", "nearest", "--lat", "37"],
        ["towns", "nearest", "--lat", "nan", "--lon", "127"],
        ["towns", "nearest", "--lat", "37", "--lon", "inf"],
        ["towns", "nearest", "--lat", "37", "--lon", "-inf"],
      ])
    func badSearchesAreUsageErrors(arguments: [String]) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(arguments)
      #expect(result.status == 2, "\(result)")
      #expect(result.standardError.contains("usage:"), "\(result)")
      #expect(result.standardOutput.isEmpty)
    }

    @Test func aLongQueryFindsNothingAndDoesNotCrash() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let query = String(repeating: "성", count: 1000)
      let result = try await haru.run(["towns", "search", query, "--json"])
      #expect(result.status == 0, "\(result)")
      #expect(try #require(try result.json() as? [Any]).isEmpty)
      let vowel = try await haru.run(["towns", "search", "ㅏ", "--json"])
      #expect(try #require(try vowel.json() as? [Any]).isEmpty)
    }

    @Test func addingAnAmbiguousNameListsTheCandidates() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let ambiguous = try await haru.run(["towns", "add", "중앙동"])
      #expect(ambiguous.status == 2, "\(ambiguous)")
      let candidates = ambiguous.standardError.split(separator: "\n").filter {
        // An area named otherwise says the 법정동 중앙동 it serves: `… 남포동  (중앙동)`.
        $0.hasPrefix("  ") && $0.contains("중앙동")
      }
      #expect(candidates.count == 10, "\(ambiguous)")
      #expect(!FileManager.default.fileExists(atPath: haru.dataDirectory.path))

      let added = try await haru.run(["towns", "add", "여주시 중앙동", "--json"])
      #expect(added.status == 0, "\(added)")
      let towns = try #require(try added.json() as? [[String: Any]])
      #expect(towns.count == 1)
      #expect(towns.last?["name"] as? String == "중앙동")
      #expect(towns.last?["current"] as? Bool == true)

      // The saved town keeps the area's code and regions.
      let file = haru.dataDirectory.appendingPathComponent("settings.json")
      let saved = try String(contentsOf: file, encoding: .utf8)
      #expect(saved.contains("areaCode"), "\(saved)")
      #expect(saved.contains("midTermRegions"), "\(saved)")
      // And they load again: the next run reads the same two towns, not the defaults.
      let list = try await haru.run(["towns", "list", "--json"])
      let listed = try #require(try list.json() as? [[String: Any]])
      #expect(listed.map { $0["name"] as? String } == ["중앙동"])
    }

    @Test func addingAnUnknownNameIsAUsageError() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["towns", "add", "없는동네이름"])
      #expect(result.status == 2, "\(result)")
      #expect(result.standardError.contains("towns search"), "\(result)")
    }

    @Test func addingByCoordinatesStillWorks() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(
        ["towns", "add", "성복동", "--lat", "37.310331", "--lon", "127.083233", "--json"])
      #expect(result.status == 0, "\(result)")
      let towns = try #require(try result.json() as? [[String: Any]])
      #expect(towns.last?["nx"] as? Int == 62)
    }

    @Test func nearestPrintsTheNearestArea() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(
        ["towns", "nearest", "--lat", "37.3103", "--lon", "127.0832", "--json"])
      #expect(result.status == 0, "\(result)")
      let place = try #require(try result.json() as? [String: Any])
      #expect(place["fullName"] as? String == "경기도 용인시수지구 성복동")
      #expect(place["grid"] as? [String: Int] == ["nx": 62, "ny": 121])
      let text = try await haru.run(["towns", "nearest", "--lat", "37.5665", "--lon", "126.978"])
      #expect(text.standardOutput.hasPrefix("서울특별시 중구 소공동"), "\(text)")
    }

    @Test(
      "A point outside the grid is a data error",
      arguments: [["0", "0"], ["48.8566", "2.3522"], ["95", "127"], ["37", "200"]])
    func nearestOutsideTheGridIsADataError(point: [String]) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["towns", "nearest", "--lat", point[0], "--lon", point[1]])
      #expect(result.status == 3, "\(result)")
      #expect(result.standardOutput.isEmpty)
      #expect(!result.standardError.isEmpty)
    }
  }
}
