import Foundation
import HaruJournal
import HaruModels
import Testing

/// One search case for every store: query text, the notes that must be found, and notes that
/// must not be.
struct SearchCase: Sendable, CustomTestStringConvertible {
  let query: String
  let found: [String]
  let notFound: [String]

  var testDescription: String { "search for \(query)" }

  /// Text that means something in SQL or FTS5 syntax is searched for as it is written.
  static let syntax: [SearchCase] = [
    SearchCase(query: "\"", found: ["그는 \"좋다\"고"], notFound: ["따옴표 없음"]),
    SearchCase(query: "say \"hello", found: ["say \"hello world"], notFound: ["say hello"]),
    SearchCase(query: "*", found: ["별점 *****"], notFound: ["별점 다섯"]),
    SearchCase(query: "장미*", found: ["장미* 표시"], notFound: ["장미향"]),
    SearchCase(query: "AND", found: ["rose AND musk", "sandalwood"], notFound: ["rose musk"]),
    SearchCase(query: "NOT", found: ["NOT sweet", "notes"], notFound: ["sweet"]),
    SearchCase(query: "OR", found: ["floral"], notFound: ["musk"]),
    SearchCase(query: "NEAR(", found: ["NEAR(rose, musk)"], notFound: ["near rose"]),
    SearchCase(query: "brand:x", found: ["brand:x label"], notFound: ["brand x"]),
    SearchCase(query: "-", found: ["half-dry"], notFound: ["half dry"]),
    SearchCase(query: "-rose", found: ["wild-rose"], notFound: ["rose"]),
    SearchCase(query: ")", found: [":)"], notFound: [":"]),
    SearchCase(query: "(", found: ["(괄호"], notFound: ["괄호"]),
    SearchCase(
      query: "'); DROP TABLE entry; --", found: ["'); DROP TABLE entry; --"], notFound: ["DROP"]),
    SearchCase(query: "%", found: ["100%"], notFound: ["100"]),
    SearchCase(query: "_", found: ["a_b"], notFound: ["ab"]),
    SearchCase(query: "^", found: ["^^"], notFound: ["캐럿"]),
  ]

  /// Korean and Latin words are found anywhere, also inside a word.
  static let words: [SearchCase] = [
    SearchCase(query: "장미", found: ["장미향이 난다", "들장미", "장미"], notFound: ["장마"]),
    SearchCase(query: "목서", found: ["금목서향"], notFound: ["목요일 서점"]),
    SearchCase(query: "향", found: ["비누향", "향수를", "금목서향"], notFound: ["냄새"]),
    SearchCase(query: "비누향", found: ["비누향이 좋다"], notFound: ["비누 향", "향비누"]),
    SearchCase(query: "오스만투스", found: ["오스만투스와 차"], notFound: ["오스만 투스"]),
    SearchCase(query: "rose", found: ["Rose 31", "ROSE", "primrose"], notFound: ["ro se"]),
    SearchCase(query: "ROSE", found: ["rose"], notFound: ["rosa"]),
    SearchCase(query: "o", found: ["Oud", "wood"], notFound: ["장미"]),
    SearchCase(query: "장미 머스크", found: ["장미와 머스크"], notFound: ["장미만", "머스크만"]),
    SearchCase(query: "  장미\t", found: ["장미"], notFound: ["머스크"]),
    SearchCase(query: "é", found: ["café", "cafe"], notFound: ["caf"]),
    SearchCase(query: "🌿", found: ["초록 🌿 잎"], notFound: ["초록 잎"]),
  ]

  /// The examples of search as a Korean user types: folded text, 초성, a half-typed last
  /// syllable, and where a half-typed syllable does not count.
  static let typing: [SearchCase] = [
    SearchCase(query: "금목서", found: ["금목서향"], notFound: ["금목", "목서향"]),
    SearchCase(query: "ㄱㅁㅅ", found: ["금목서향", "ㄱㅁㅅ"], notFound: ["목서향", "금 목서"]),
    SearchCase(query: "금목ㅅ", found: ["금목서향"], notFound: ["금목향"]),
    SearchCase(query: "금몫", found: ["금목서향", "금몫"], notFound: ["금모서", "금목"]),
    SearchCase(query: "목서", found: ["금목서향"], notFound: ["목요일 서점"]),
    SearchCase(query: "서햐", found: ["서향"], notFound: ["서하"]),
    SearchCase(query: "포근하", found: ["포근한"], notFound: ["포근해"]),
    SearchCase(query: "목", found: ["모기", "목"], notFound: ["모자"]),
    SearchCase(query: "ㅋㅋ", found: ["ㅋㅋㅋ", "크크"], notFound: ["ㅋ"]),
    SearchCase(query: "hermes", found: ["Hermès", "HERMES"], notFound: ["Herm"]),
    SearchCase(query: "HERMÈS", found: ["Hermès", "hermes"], notFound: ["Herm"]),
    SearchCase(query: "chanel", found: ["ＣＨＡＮＥＬ"], notFound: ["chane"]),
    SearchCase(
      query: "장미", found: ["장미".decomposedStringWithCanonicalMapping], notFound: ["장마"]),
    SearchCase(
      query: "장미".decomposedStringWithCanonicalMapping, found: ["장미"], notFound: ["장마"]),
    SearchCase(query: "장ㅁ ", found: ["장ㅁ"], notFound: ["장미"]),
    SearchCase(query: "햐 rose", found: ["햐 rose"], notFound: ["향 rose"]),
    SearchCase(query: "Straße", found: ["STRASSE"], notFound: ["strase"]),
  ]
}

extension JournalStoreContractTests {
  @Test(arguments: StoreKind.allCases, SearchCase.syntax + SearchCase.words + SearchCase.typing)
  func searchFindsExactlyTheEntriesHoldingEveryTerm(kind: StoreKind, searchCase: SearchCase) throws
  {
    try withStore(kind) { store in
      let found = try searchCase.found.enumerated().map { index, notes in
        try Fixture.entry(
          created: Double(index), brand: "B", perfumeName: "P", notes: notes, sentence: "S")
      }
      let notFound = try searchCase.notFound.enumerated().map { index, notes in
        try Fixture.entry(
          created: Double(100 + index), brand: "B", perfumeName: "P", notes: notes, sentence: "S")
      }
      _ = try store.insert(found + notFound)
      let results = try store.search(
        JournalSearchQuery(searchCase.query), in: .all, after: nil, limit: 50)
      #expect(Set(results.map(\.id)) == Set(found.map(\.id)))
      #expect(
        results
          == SearchReference.search(searchCase.query, in: .all, limit: 50, among: found + notFound))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func searchLooksAtBrandNameNotesAndSentenceButNotAcrossThem(kind: StoreKind) throws {
    try withStore(kind) { store in
      let entry = try Fixture.entry(
        brand: "Diptyque", perfumeName: "Philosykos", notes: "무화과 잎", sentence: "초록 오후")
      _ = try store.insert([entry])
      for text in ["dipty", "SYKOS", "화과", "잎 초록", "diptyque 무화과 오후"] {
        #expect(
          try store.search(JournalSearchQuery(text), in: .all, after: nil, limit: 10) == [entry],
          "\(text)")
      }
      for text in ["DiptyquePhilosykos", "잎초록", "무화과 zzz", "과잎"] {
        #expect(
          try store.search(JournalSearchQuery(text), in: .all, after: nil, limit: 10).isEmpty,
          "\(text)")
      }
    }
  }

  @Test(arguments: StoreKind.allCases, ["", " ", "\t\n", "\u{3000}"])
  func anEmptyQueryFindsNothing(kind: StoreKind, text: String) throws {
    try withStore(kind) { store in
      _ = try store.insert([try Fixture.entry()])
      let query = JournalSearchQuery(text)
      #expect(query.isEmpty)
      #expect(try store.search(query, in: .all, after: nil, limit: 10).isEmpty)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func searchPagesFollowTheCursorNewestFirstWithinTheScope(kind: StoreKind) throws {
    try withStore(kind) { store in
      var generator = SeededGenerator(seed: 7)
      let entries = try (0..<40).map { index in
        try Fixture.entry(
          day: -Int.random(in: 0..<5, using: &generator), created: Double(index % 3),
          notes: index.isMultiple(of: 4) ? "머스크" : "장미향", isFavorite: index.isMultiple(of: 3))
      }
      _ = try store.insert(entries)
      for scope in [JournalList.all, .favorites] {
        var collected: [JournalEntry] = []
        var cursor: JournalCursor?
        repeat {
          let page = try store.search(JournalSearchQuery("장미"), in: scope, after: cursor, limit: 7)
          #expect(page.count <= 7)
          collected += page
          cursor = page.count == 7 ? page.last.map(JournalCursor.init(after:)) : nil
        } while cursor != nil
        let expected = SearchReference.search("장미", in: scope, limit: 100, among: entries)
        #expect(collected == expected)
        #expect(!expected.isEmpty)
      }
    }
  }

  @Test(arguments: StoreKind.allCases)
  func searchSeesEveryAddEditAndDelete(kind: StoreKind) throws {
    try withStore(kind) { store in
      let entry = try Fixture.entry(notes: "금목서향")
      _ = try store.insert([entry])
      #expect(try store.search(JournalSearchQuery("목서"), in: .all, after: nil, limit: 5) == [entry])
      let replacement = try Fixture.entry(id: entry.id, notes: "바닐라", isFavorite: true)
      let edited = try store.update(entry.id) { (_) throws(JournalError) in replacement }.new
      #expect(try store.search(JournalSearchQuery("목서"), in: .all, after: nil, limit: 5).isEmpty)
      #expect(
        try store.search(JournalSearchQuery("바닐"), in: .favorites, after: nil, limit: 5) == [edited]
      )
      _ = try store.delete(entry.id)
      #expect(try store.search(JournalSearchQuery("바닐"), in: .all, after: nil, limit: 5).isEmpty)
    }
  }
}
