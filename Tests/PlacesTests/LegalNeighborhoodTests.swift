import Foundation
import HaruModels
import HaruShared
import Testing

@testable import HaruPlaces

/// 법정동: the names people use, leading to the 행정동 of KMA's table.
struct LegalNeighborhoodTests {
  let places = PlaceDirectory()

  /// The codes of a query's 법정동, one list of 행정동 codes each.
  func legalCodes(_ query: String) -> [[String]] {
    places.legalNeighborhoods(named: query).map { $0.places.map(\.code) }
  }

  @Test func theSeedTownsAreFoundByTheirNames() throws {
    let sanghyeon = try #require(places.legalNeighborhoods(named: "상현동").only)
    #expect(sanghyeon.code == "4146510700")
    #expect(sanghyeon.fullName == "경기도 용인시수지구 상현동")
    #expect(sanghyeon.places.map(\.name) == ["상현1동", "상현2동", "상현3동"])
    #expect(sanghyeon.places.map(\.code) == ["4146557000", "4146558000", "4146558500"])
    #expect(legalCodes("풍덕천동") == [["4146551000", "4146552000"]])
    #expect(legalCodes("성복동") == [["4146559000"]])
    // All three lie in one grid cell, as the seed app's user found.
    let cells = Set(
      (sanghyeon.places + places.legalNeighborhoods(named: "풍덕천동")[0].places).map(\.gridPoint))
    #expect(cells == [try GridPoint(nx: 62, ny: 121)])
  }

  @Test func aLegalNeighborhoodInAnAreaOfAnotherName() {
    #expect(legalCodes("고기동") == [["4146556000"]])
    #expect(places.search("고기동").first?.name == "동천동")
    #expect(places.uniquePlace(for: "고기동")?.code == "4146556000")
    #expect(places.uniquePlace(for: "수지구 고기동")?.code == "4146556000")
  }

  @Test func searchListsTheAreasThatMakeUpALegalNeighborhood() {
    let found = places.search("상현동").map(\.code)
    #expect(Array(found.prefix(3)) == ["4146557000", "4146558000", "4146558500"])
    #expect(places.uniquePlace(for: "상현동") == nil)
    #expect(places.search("수지구 상현동").count == 3)
    // 초성 and the syllable being typed work on the 법정동's name as on any name.
    #expect(places.search("ㄱㄱㄷ", limit: 500).contains { $0.code == "4146556000" })
    #expect(places.search("용인 고기").contains { $0.code == "4146556000" })
  }

  @Test func aNameInTwoPlacesGivesBothWithTheirDistricts() throws {
    let sinsa = places.legalNeighborhoods(named: "신사동")
    let districts = Set(sinsa.compactMap(\.district))
    #expect(districts.isSuperset(of: ["강남구", "은평구"]))
    let gangnam = try #require(places.legalNeighborhoods(named: "강남구 신사동").only)
    #expect(gangnam.places.map(\.code) == ["1168051000", "1168054500"])  // 신사동, 압구정동
    #expect(legalCodes("강남 신사동") == [gangnam.places.map(\.code)])
    #expect(legalCodes("은평구 신사동") == [["1138063100", "1138063200"]])  // 신사제1동, 제2동
    #expect(legalCodes("서울 은평 신사동") == [["1138063100", "1138063200"]])
    #expect(legalCodes("부산 신사동").isEmpty)
    // 관악구's 행정동 신사동 lies in the 법정동 신림동: it is not a 법정동 named 신사동.
    #expect(!sinsa.contains { $0.district == "관악구" })
    #expect(places.search("신사동").contains { $0.code == "1162068500" })
  }

  @Test func areasRecodedSinceTheMappingAreMatchedByName() {
    // 화성시 was divided into 구 in 2026: its 진안동 is 4159551000 in 화성시병점구 now.
    #expect(legalCodes("화성시 진안동").contains(["4159551000"]))
    // 인천's 중구 became 제물포구: 연안동, one of 항동7가's two 행정동, is 2812552000 now.
    let hangdong = places.legalNeighborhoods(named: "항동7가")
    #expect(hangdong.count == 1)
    #expect(hangdong.first?.places.contains { $0.code == "2812552000" } == true)
    #expect(hangdong.first?.places.allSatisfy { $0.district == "제물포구" } == true)
  }

  @Test(arguments: ["", " ", "상현", "상현동동", "ㅅㅎㄷ", "중앙", String(repeating: "상현동 ", count: 40)])
  func aQueryThatNamesNoLegalNeighborhoodFindsNone(_ query: String) {
    #expect(places.legalNeighborhoods(named: query).isEmpty)
  }

  @Test func foldedTextFindsTheSameNeighborhood() {
    // Decomposed Hangul (NFD) and a trailing space.
    let decomposed = String("상현동".decomposedStringWithCanonicalMapping)
    #expect(legalCodes(decomposed) == legalCodes("상현동"))
    #expect(legalCodes("상현동 ") == legalCodes("상현동"))
  }

  /// Every 법정동 of the mapping whose 행정동 all have their codes in KMA's table leads to exactly
  /// those 행정동, read from the CSV independently of the generator.
  @Test func everyLegalNeighborhoodLeadsToItsAreas() throws {
    let mapping = try SourceTable.rows("mois-kikmix-20250701.csv")
    let known = Set(SourceTable.areas.map(\.code))
    var byLegal: [String: (name: String, codes: Set<String>)] = [:]
    for row in mapping {
      guard let legal = row["법정동코드"], legal.hasSuffix("00"), row["읍면동명"] != "",
        let code = row["행정동코드"], let name = row["동리명"]
      else { continue }
      byLegal[legal, default: (name, [])].codes.insert(code)
    }
    var checked = 0
    for (legal, entry) in byLegal where entry.codes.isSubset(of: known) {
      let found = places.legalNeighborhoods(named: entry.name).first { $0.code == legal }
      #expect(found.map { Set($0.places.map(\.code)) } == entry.codes, "\(legal) \(entry.name)")
      checked += 1
    }
    #expect(checked > 4_000)
    #expect(PlaceTable.shared.legal.count == 5_056)
  }

  @Test func theMappingIsTheOneTheTableWasGeneratedFrom() throws {
    let checksum = SHA256.hex(of: try SourceTable.bytes("mois-kikmix-20250701.csv"))
    // As 행정안전부's file was copied in (its PROVENANCE).
    #expect(checksum == "dfd7947cf469da7bab18c19f7e6240c934218ab4db98242d5156163bf93275d3")
    #expect(checksum == PlaceTableData.legalNeighborhoodsChecksum)
  }
}

extension Array {
  /// The one element of an array of one, else `nil`.
  fileprivate var only: Element? { count == 1 ? first : nil }
}
