import Foundation
import HaruModels
import HaruPlaces
import Testing

/// Finding areas by name, as the issue's examples and rules say.
struct SearchTests {
  let places = PlaceDirectory()

  // One test over every area rather than one test case per area: 3,838 cases would queue as
  // many tasks ahead of every other test's work on Swift's cooperative pool.
  @Test func everyAreaIsFoundByItsFullNameWithItsOwnCell() {
    var checked = 0
    for area in SourceTable.areas {
      let results = places.search(area.fullName, limit: 5)
      guard let first = results.first else {
        Issue.record("\(area.fullName) found nothing")
        continue
      }
      #expect(first.fullName == area.fullName, "\(area.code)")
      #expect(first.gridPoint.nx == area.nx && first.gridPoint.ny == area.ny, "\(area.code)")
      // Two rows share a full name (이어도): the row is among the results either way.
      #expect(results.contains { $0.code == area.code }, "\(area.code) \(area.fullName)")
      checked += 1
    }
    #expect(checked == SourceTable.areas.count)
    #expect(checked > 3_800)
  }

  @Test(arguments: ["성복동", "성복", "수지구 성복동", "용인 성복", "성복동 용인", "성보", "성복도", "용인시수지구성복동"])
  func seongbokIsFoundByAnyPartOfItsName(_ query: String) throws {
    let first = try #require(places.search(query).first)
    #expect(first.fullName == "경기도 용인시수지구 성복동")
    #expect(first.code == "4146559000")
    #expect(first.gridPoint == (try GridPoint(nx: 62, ny: 121)))
    #expect(first.coordinate == (try Coordinate(latitude: 37.310331, longitude: 127.083233)))
    #expect(first.midTermRegions == (try MidTermRegions(land: "11B00000", temperature: "11B20612")))
    #expect(first.level == .neighborhood)
    #expect(first.name == "성복동")
  }

  @Test func initialConsonantsFindEveryAreaTheyFit() throws {
    let results = places.search("ㅅㅂㄷ", limit: 100)
    #expect(results.contains { $0.code == "4146559000" })
    #expect(results.contains { $0.fullName == "서울특별시 성북구 성북동" })
    #expect(results.count > 10)
    // With the city, only the two 동 of 수지구 whose initials are ㅅㅂㄷ: 신봉동 and 성복동.
    let suji = places.search("수지구 ㅅㅂㄷ").map(\.name)
    #expect(suji == ["신봉동", "성복동"])
    // A 시도's own name by its initials.
    #expect(places.search("ㄱㄱㄷ", limit: 100).contains { $0.fullName == "경기도" })
  }

  @Test func aCityWrittenWithItsDistrictFindsTheDistrictFirst() throws {
    for query in ["용인시수지구", "용인시 수지구"] {
      let results = places.search(query, limit: 50)
      #expect(results.first?.fullName == "경기도 용인시수지구", "\(query)")
      #expect(results.dropFirst().allSatisfy { $0.district == "용인시수지구" }, "\(query)")
      #expect(results.count > 5)
    }
  }

  @Test func decomposedAndFullWidthQueriesAreFolded() throws {
    let decomposed = "성복동".decomposedStringWithCanonicalMapping
    #expect(decomposed.unicodeScalars.count == 9)
    #expect(places.search(decomposed).first?.code == "4146559000")
    // Conjoining jamo typed as such count as 초성.
    #expect(
      places.search("\u{1109}\u{1107}\u{1103}", limit: 100).map(\.code)
        == places.search("ㅅㅂㄷ", limit: 100).map(\.code))
    // Full-width digits: 종로1.2.3.4가동.
    let jongno = try #require(places.search("종로１.２.３.４가동").first)
    #expect(jongno.fullName == "서울특별시 종로구 종로1.2.3.4가동")
  }

  @Test func anUnfinishedSyllableCountsOnlyAtTheEnd() throws {
    #expect(places.search("성보").first?.code == "4146559000")
    // Ending in a space, the term is finished: no area has a literal 성보.
    #expect(!places.search("성보 ").contains { $0.code == "4146559000" })
    // Not the last term: only literally.
    #expect(!places.search("성보 용인").contains { $0.code == "4146559000" })
    // A final consonant may go on as the next syllable's initial: 수직 → 수지구.
    #expect(places.search("용인 수직").first?.fullName == "경기도 용인시수지구")
  }

  @Test(arguments: [
    ("광주광역시 서구", "전남광주통합특별시 서구"),
    ("광주광역시", "전남광주통합특별시"),
    ("전라남도 여수시", "전남광주통합특별시 여수시"),
    ("전라남도", "전남광주통합특별시"),
    ("강원도", "강원특별자치도"),
    ("강원도 춘천시", "강원특별자치도 춘천시"),
    ("전라북도", "전북특별자치도"),
    ("인천 중구", "인천광역시 제물포구"),
    ("인천광역시 서구", "인천광역시 서해구"),
    ("경상북도 군위군", "대구광역시 군위군"),
  ])
  func namesFromBeforeTheReformsLeadToTodaysAreas(_ query: String, _ today: String) {
    #expect(places.search(query).first?.fullName == today)
  }

  @Test(arguments: [
    ("서울", "서울특별시"), ("경기", "경기도"), ("충남", "충청남도"), ("제주", "제주특별자치도"),
    ("경북", "경상북도"), ("전북", "전북특별자치도"), ("부산", "부산광역시"),
  ])
  func shortFormsNameTheirProvince(_ query: String, _ province: String) {
    #expect(places.search(query).first?.fullName == province)
  }

  @Test func shortFormsCombineWithOtherTerms() throws {
    let results = places.search("충남 천안", limit: 100)
    #expect(!results.isEmpty)
    #expect(results.allSatisfy { $0.province == "충청남도" })
    #expect(results.first?.district?.hasPrefix("천안시") == true)
  }

  @Test func rankingIsExactThenPrefixThenSubstringThenLevelThenTableOrder() throws {
    // 고성: no area is named exactly that; 고성읍 (경남 고성군) and the two 고성군 start with it.
    let results = places.search("고성", limit: 100)
    let names = results.map(\.name)
    let prefixed = names.prefix { $0.hasPrefix("고성") }
    #expect(prefixed.count >= 3)
    #expect(names.dropFirst(prefixed.count).allSatisfy { !$0.hasPrefix("고성") })
    // Among the prefix matches, 읍면동 before 시군구.
    let levels = results.prefix(prefixed.count).map(\.level)
    let firstDistrict = try #require(levels.firstIndex(of: .district))
    #expect(levels[..<firstDistrict].allSatisfy { $0 == .neighborhood })
    #expect(levels[firstDistrict...].allSatisfy { $0 == .district })
    // Equal matches keep the table's order.
    let counties = results.filter { $0.name == "고성군" }
    let order = places.places.filter { $0.name == "고성군" }.map(\.code)
    #expect(counties.map(\.code) == order)

    // 중구: exact 시군구 matches come before any 동 that merely contains the name.
    let junggu = places.search("중구", limit: 200)
    // Five 중구 today, and 인천's old 중구, which leads to 제물포구.
    let exact = junggu.prefix(6)
    #expect(exact.filter { $0.name == "중구" }.count == 5)
    #expect(exact.contains { $0.fullName == "인천광역시 제물포구" })
    #expect(exact.allSatisfy { $0.level == .district })
    #expect(junggu.dropFirst(6).allSatisfy { $0.name != "중구" })
  }

  @Test func exactBeatsPrefixWhateverTheLevel() {
    // 서울특별시 itself, a 시도, before every 동 whose name starts with 서울.
    #expect(places.search("서울특별시").first?.level == .province)
    // 세종특별자치시 is both the 시도 and its one 시군구; the full name decides.
    #expect(places.search("세종특별자치시").first?.code == "3600000000")
    #expect(places.search("세종특별자치시 세종특별자치시").first?.code == "3611000000")
  }

  @Test func limitIsRespected() {
    #expect(places.search("동", limit: 7).count == 7)
    #expect(places.search("동", limit: 0).isEmpty)
    #expect(places.search("동", limit: -3).isEmpty)
    #expect(places.search("동").count == 20)
  }

  // MARK: - Bad input

  @Test(arguments: [
    "", " ", "   \t\n ", String(repeating: "성", count: 1000), "!!!", "...", "?!., ~", "ㅏ", "ㅢ",
    "\u{0301}", String(repeating: "a ", count: 5000), "\u{0}", "zzzz",
  ])
  func queriesWithNothingToFindHaveNoResults(_ query: String) {
    #expect(places.search(query).isEmpty)
    #expect(places.uniquePlace(for: query) == nil)
  }

  @Test func aNameInDozensOfCitiesIsNotUnique() throws {
    let results = places.search("중앙동", limit: 100)
    #expect(results.filter { $0.name == "중앙동" }.count == 31)
    #expect(places.uniquePlace(for: "중앙동") == nil)
    let yeoju = try #require(places.uniquePlace(for: "여주시 중앙동"))
    #expect(yeoju.fullName == "경기도 여주시 중앙동")
  }

  @Test func uniquePlaceRules() throws {
    #expect(places.uniquePlace(for: "성복동")?.code == "4146559000")
    #expect(places.uniquePlace(for: "경기도 용인시수지구 성복동")?.code == "4146559000")
    // Only one result at all, though not named exactly.
    #expect(places.search("용인 성복").count == 1)
    #expect(places.uniquePlace(for: "용인 성복")?.code == "4146559000")
    #expect(places.uniquePlace(for: "ㅅㅂㄷ") == nil)
    #expect(places.uniquePlace(for: "세종특별자치시")?.code == "3600000000")
    #expect(places.uniquePlace(for: "동") == nil)
  }
}
