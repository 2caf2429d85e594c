import Foundation
import HaruShared
import Testing

@testable import HaruPlaces

/// The folding, 초성 and half-typed rules search shares with the journal, on the journal's own
/// examples: an index over a few names of any kind, searched as places are.
struct FoldingTests {
  static let names = [
    "금목서향", "서향", "포근한", "모기", "ㅋㅋㅋ", "Hermès", "ＣＨＡＮＥＬ", "장미", "장ㅁ", "햐 rose", "햐",
  ]

  /// The names each query finds, in the order given.
  func found(_ query: String, in names: [String] = Self.names) -> [String] {
    let index = SearchIndex(
      names: names.enumerated().map { area, name in
        SearchIndex.Name(
          area: area, rank: 0, parts: [KoreanText.fold(name).filter { !$0.isWhitespace }],
          shortForms: [])
      })
    return index.search(PlaceQuery(query), limit: 100).map { names[$0.area] }.sorted()
  }

  @Test(arguments: ["금목서", "ㄱㅁㅅ", "금목ㅅ", "금몫", "목서"])
  func geummokseohyangIsFoundAsItIsTyped(_ query: String) {
    #expect(found(query).contains("금목서향"), "\(query)")
  }

  @Test func unfinishedSyllablesGoOnIntoTheText() {
    #expect(found("서햐").contains("서향"))
    #expect(found("포근하").contains("포근한"))
    #expect(found("목").contains("모기"))
    #expect(found("ㅋㅋ").contains("ㅋㅋㅋ"))
  }

  @Test func accentsCaseAndWidthAreFolded() {
    #expect(found("hermes") == ["Hermès"])
    #expect(found("HERMÈS") == ["Hermès"])
    #expect(found("chanel") == ["ＣＨＡＮＥＬ"])
    #expect(KoreanText.fold("Straße") == "strasse")
  }

  @Test func decomposedAndComposedTextMatchEachOther() {
    let decomposed = "장미".decomposedStringWithCanonicalMapping
    #expect(found(decomposed).contains("장미"))
    #expect(found("장미", in: [decomposed]) == [decomposed])
  }

  @Test func anUnfinishedSyllableCountsOnlyAtTheVeryEnd() {
    // Ending in a space: only a literal 장ㅁ.
    #expect(found("장ㅁ ") == ["장ㅁ"])
    #expect(found("장ㅁ").contains("장미"))
    // Not the last term: only a literal 햐.
    #expect(found("햐 rose") == ["햐 rose"])
  }

  @Test func conjoiningJamoReadAsTheLettersAKeyboardTypes() {
    #expect(KoreanText.fold("\u{1100}\u{1161}") == "가")
    #expect(KoreanText.fold("\u{1100}") == "ㄱ")
    #expect(KoreanText.fold("\u{11A8}") == "ㄱ")
    #expect(KoreanText.fold("\u{1175}") == "ㅣ")
    #expect(KoreanText.fold("ㄳ") == "ㄳ")
  }

  @Test func keysSplitCompoundLettersAsAKeyboardTypesThem() {
    func keys(_ text: String) -> [UInt16] {
      var keys: [UInt16] = []
      for unit in text.utf16 { KoreanText.appendJamo(of: unit, to: &keys) }
      return keys
    }
    #expect(keys("몫") == keys("ㅁㅗㄱㅅ"))
    #expect(keys("ㄳ") == keys("ㄱㅅ"))
    #expect(keys("ㄺ") == keys("ㄹㄱ"))
    #expect(keys("와") == keys("ㅇㅗㅏ"))
    #expect(keys("의") == keys("ㅇㅡㅣ"))
    #expect(keys("ㄲ").count == 1)
    #expect(keys("ㅆ").count == 1)
  }
}
