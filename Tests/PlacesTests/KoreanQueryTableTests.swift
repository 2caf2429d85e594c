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
}
