import HaruShared
import HaruTestSupport
import Testing

@testable import HaruPlaces

/// The table of the Korean query rules that the journal's tests run too, run against the place
/// directory's search: one area whose name is the row's text.
struct KoreanQueryTableTests {
  @Test(arguments: KoreanQueryCases.all)
  func theDirectoryMatchesAsTheSharedRuleSays(_ row: KoreanQueryCase) {
    let index = SearchIndex(names: [
      SearchIndex.Name(area: 0, rank: 0, parts: [KoreanText.fold(row.text)], shortForms: [])
    ])
    let found = index.search(PlaceQuery(row.query), limit: 1)
    #expect(found.isEmpty == !row.matches)
  }

  /// A name below a 시도 that holds a letter written alone (ㄳ types ㄱ then ㅅ): each way of
  /// reading the query finds it through the index's lists, as the shared rule reads it.
  @Test(arguments: [
    ("가ㄱ", true), ("가ㄳ", true), ("ㄳ", true), ("가", true), ("ㄱ", true), ("가ㄱ동", false),
    ("가ㅅ", false), ("나ㄱ", false),
  ])
  func aLetterInANameIsTypedByItsKeys(_ query: String, _ matches: Bool) {
    let names = [["서울특별시", "가ㄳ동"], ["서울특별시", "나동"]].enumerated().map { area, parts in
      SearchIndex.Name(area: area, rank: 0, parts: parts, shortForms: ["서울"])
    }
    let index = SearchIndex(names: names)
    let parsed = PlaceQuery(query)
    let found = index.search(parsed, limit: 20).map(\.area)
    #expect(found.contains(0) == matches, "\(query)")
    // The reference, which reads the rule from the name itself, agrees.
    let name = Array("가ㄳ동".utf16)
    let byRule = parsed.terms.allSatisfy { SearchReferenceTests.meet($0, name) != nil }
    #expect(byRule == matches, "\(query)")
  }
}
