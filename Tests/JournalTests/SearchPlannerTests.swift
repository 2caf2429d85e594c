import Foundation
import HaruModels
import HaruShared
import Testing

@testable import HaruJournal

/// What the planner asks the index for, from the query's structure: tokens every match holds,
/// and for a half-typed syllable, tokens only its matches hold.
struct SearchPlannerTests {
  @Test func aRarePairIsAskedForRatherThanTheCommonOnesAroundIt() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      // "roes" has the pairs ro, oe and es; 300 entries hold ro and es, one holds oe.
      let common = try (0..<300).map { index in
        try Fixture.entry(day: -index, notes: "roses and vanilla \(index)")
      }
      let rare = try Fixture.entry(day: 1, notes: "a typo: roes")
      _ = try store.insert(common + [rare])
      #expect(try candidates(for: "roes", in: store) == 1)
      #expect(
        try store.search(JournalSearchQuery("roes"), in: .all, after: nil, limit: 5) == [rare])
    }
  }

  @Test func aHalfTypedConsonantAfterACommonWordAsksWhatFollowsIt() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      let common = try (0..<300).map { index in
        try Fixture.entry(day: -index, notes: "장미향이 좋다 \(index)", sentence: "오후")
      }
      // 향 followed by a character that begins with ㅁ.
      let match = try Fixture.entry(day: 1, notes: "장미향만 남는다", sentence: "오후")
      _ = try store.insert(common + [match])
      let query = JournalSearchQuery("장미향ㅁ")
      #expect(try candidates(for: "장미향ㅁ", in: store) == 1)
      #expect(try store.search(query, in: .all, after: nil, limit: 5) == [match])
    }
  }

  /// 닭 is typed ㄷ ㅏ ㄹ ㄱ: 다 and 달 are on the way to it. After 다, no syllable can go on with
  /// ㄹ ㄱ, so 다리 never matches; after 달, any ㄱ syllable does (달걀).
  @Test func aDoubleFinalAsksForNothingThatItsTypingStatesAloneHold() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      let common = try (0..<300).map { index in
        try Fixture.entry(day: -index, notes: "다리 위 달빛 \(index)")
      }
      let matches = try [
        Fixture.entry(day: 1, notes: "닭"), Fixture.entry(day: 2, notes: "달걀"),
        Fixture.entry(day: 3, notes: "다\u{1105}\u{1100}"),
      ]
      _ = try store.insert(common + matches)
      #expect(try candidates(for: "닭", in: store) == 3)
      let found = try store.readableSearch(
        JournalSearchQuery("닭"), in: .all, after: nil, limit: 50, interrupter: nil)
      #expect(Set(found.entries.map(\.id)) == Set(matches.map(\.id)))
      // The walk of the first pages, then the three candidates.
      #expect(found.examined <= SearchPlanner.walkPages * 50 + 3)
    }
  }

  @Test(arguments: ["닭", "값", "없", "삶", "앉", "많", "와", "의", "왁", "ㄳ", "ㄺ", "ㅘ"])
  func everyFollowTokenAHalfTypedCharacterAsksForCanBeFollowedByAMatch(_ text: String) {
    let terms = JournalSearchQuery(text).foldedTerms
    let ways = terms.flatMap { SearchText.conjunctions(for: $0) ?? [] }
    #expect(!ways.isEmpty)
    for way in ways {
      for requirement in way.requirements {
        for tokens in requirement.alternatives {
          for token in tokens where token.text.unicodeScalars.first?.value == 0xE001 {
            // A follow token: the syllable on the way, then the first key of what follows. Some
            // syllable beginning with that key must be able to go on with the keys left.
            let units = Array(token.text.utf16)
            let typed = KoreanQuery.keys(of: units[1])
            let keys = terms[terms.count - 1].unfinishedKeys ?? []
            let rest = Array(keys.dropFirst(typed.count))
            #expect(SearchText.canBeginSyllable(rest) || rest.first.map(isVowel) == true, "\(text)")
          }
        }
      }
    }
  }

  private func isVowel(_ key: UInt16) -> Bool { (0x314F...0x3163).contains(key) }

  /// 머스트 may end half-typed: it matches written whole (머스, 스트) or as 머스 followed by a
  /// syllable that begins with ㅌ and whose vowel begins with ㅡ (the lead token of 스 before a ㅌ
  /// syllable). Both ways ask for 머스, which FTS5 would read once for each.
  @Test func aPartThatEveryWayOfATermAsksForIsAskedForOnce() {
    let musk = "\"머스\""
    let whole = "\"스트\""
    let lead = "\"ㅅㅌㅡ\""
    #expect(
      SearchPlanner.any(of: [[musk, whole], [musk, lead]])
        == "(\"머스\" AND (\"스트\" OR \"ㅅㅌㅡ\"))")
    // A way that asks for the common part alone makes the rest of the OR always true.
    #expect(SearchPlanner.any(of: [[musk, lead], [musk]]) == musk)
    // The same way twice is asked for once; ways with nothing in common are joined as they are.
    #expect(SearchPlanner.any(of: [[whole], [whole]]) == whole)
    #expect(SearchPlanner.any(of: [[whole], [lead]]) == "(\"스트\" OR \"ㅅㅌㅡ\")")
    #expect(SearchPlanner.any(of: []) == nil)
  }

  /// A half-typed `수` may become any of 112 syllables after 향: the search first reads what the
  /// requirements without them list, and a term of one syllable, which asks for nothing else,
  /// keeps its whole plan.
  @Test func aHalfTypedSyllableAfterOthersFirstReadsWhatItsOtherRequirementsList() throws {
    let terms = try #require(SearchPlanner.Plan(JournalSearchQuery("ㅇㄴ 향수").foldedTerms))
    #expect(terms.hasAlternatives && terms.expression().contains("\"향숙\""))
    let coarse = try #require(terms.withoutAlternatives())
    #expect(!coarse.contains(" OR ") && !coarse.contains("\"향수\""))
    #expect(coarse.contains("ㅇㄴ\"") && coarse.contains("향ㅅ\""))
    for text in ["닭", "오늘 닭", "ㅇㄴ", "rose"] {
      let plan = try #require(SearchPlanner.Plan(JournalSearchQuery(text).foldedTerms))
      #expect(plan.withoutAlternatives() == nil, "\(text)")
    }
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      // Two terms common alone and rare together: the first reading is the answer.
      let apart = try (0..<120).map { index in
        try Fixture.entry(day: -index, notes: index % 2 == 0 ? "오늘 맑음" : "향수 가게")
      }
      // 향 before an ㅅ syllable and 오늘 together, but not 수: checked, then the whole plan.
      let near = try (0..<120).map { index in
        try Fixture.entry(day: -200 - index, notes: "오늘 향신료")
      }
      let matches = try [
        Fixture.entry(day: -150, notes: "오늘 향수"), Fixture.entry(day: -400, notes: "오늘 향숙이"),
      ]
      _ = try store.insert(apart + near + matches)
      for (text, expected) in [("ㅇㄴ 향수", matches), ("ㅇㄴ 향숙", [matches[1]]), ("ㅇㄴ 향숲", [])] {
        let found = try store.readableSearch(
          JournalSearchQuery(text), in: .all, after: nil, limit: 10, interrupter: nil)
        #expect(found.entries == expected, "\(text)")
        // The first reading stops after 16 candidates that do not match and 8 for each match.
        #expect(
          found.examined <= SearchPlanner.walkProbe + 1 + 9 * expected.count + expected.count,
          "\(text): \(found.examined)")
      }
    }
  }

  @Test func aLongTermAsksForAFewOfItsPairsSpreadOverIt() throws {
    let long = String(repeating: "가나다라마바사아자차카타파하", count: 15)
    let terms = JournalSearchQuery(long + " ").foldedTerms
    let way = try #require(SearchText.conjunctions(for: terms[0])?.first)
    #expect(way.requirements.count > SearchPlanner.requirementLimit)
    let chosen = SearchPlanner.chosenRequirements(of: way)
    #expect(chosen.count == SearchPlanner.requirementLimit)
    #expect(chosen.first == way.requirements.first && chosen.last == way.requirements.last)
  }

  @Test func aQueryOfManyTermsAsksAboutTheFirstSixteen() throws {
    // 가나, 개나, 갸나, …: each term asks for its one pair.
    let words = (0..<50).map {
      String(decoding: [0xAC00 + UInt16($0) * 28, 0xB098], as: UTF16.self)
    }
    let match = try #require(
      SearchPlanner.indexQuery(JournalSearchQuery(words.joined(separator: " ") + " ").foldedTerms))
    #expect(match.components(separatedBy: "나\"").count - 1 == SearchPlanner.termLimit)
    #expect(match.contains(words[15]) && !match.contains(words[16]))
  }
}

/// Folding a field character by character, as search does for ASCII, Hangul syllables and the
/// Latin letters up to U+024F, gives what folding it whole does.
struct SearchFoldingTests {
  @Test func everyLatinLetterFoldsAloneAsItDoesInCompany() {
    let neighbours = ["", "a", "Z", "가", "é", "ß", " "]
    for value in UInt32(0xA0)..<0x250 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let letter = String(Character(scalar))
      for before in neighbours {
        for after in neighbours {
          let text = before + letter + after + letter
          #expect(
            folded(text) == Array(KoreanText.normalized(text).utf16), "\(text.debugDescription)")
        }
      }
    }
  }

  @Test func randomFieldsOfTheFastCharactersFoldAsTheyDoWhole() {
    var random = SeededGenerator(seed: 7)
    let alphabet: [UInt32] =
      Array(0x41...0x5A) + Array(0x61...0x7A) + [0x20, 0x2E]
      + Array(0xA0..<0x250) + [0xAC00, 0xAC01, 0xB098, 0xD7A3, 0xC7A5]
    for _ in 0..<2_000 {
      let count = Int(random.next() % 12) + 1
      let scalars = (0..<count).compactMap { _ in
        Unicode.Scalar(alphabet[Int(random.next() % UInt64(alphabet.count))])
      }
      let text = String(String.UnicodeScalarView(scalars))
      #expect(folded(text) == Array(KoreanText.normalized(text).utf16), "\(text.debugDescription)")
    }
  }

  @Test func aReusedFoldBufferFoldsEachFieldAsAFreshFoldDoes() {
    let buffer = SearchText.FoldBuffer()
    let fields = [
      "금목서향", "",
      // Decomposed Hangul and ligatures take the whole-text path; 3,000 of them outgrow the
      // buffer's first storage, and U+FDFA folds into six times as many units as its bytes.
      String(repeating: "\u{1100}\u{1161}\u{FB03}", count: 3_000),
      String(repeating: "\u{FDFA}", count: 200), "짧은",
      "HERMÈS ＣＨＡＮＥＬ", String(repeating: "장미 Rose ", count: 400), "ㄱ",
    ]
    for text in fields {
      var utf8 = Array(text.utf8)
      let units = utf8.withUnsafeMutableBufferPointer { bytes in
        Array(buffer.fold(UnsafeBufferPointer(bytes)))
      }
      #expect(
        units == Array(KoreanText.normalized(text).utf16), "\(text.prefix(20).debugDescription)")
      #expect(Array(buffer.units) == units)
    }
  }

  private func folded(_ text: String) -> [UInt16] {
    var utf8 = Array(text.utf8)
    return utf8.withUnsafeMutableBufferPointer { SearchText.folded(UnsafeBufferPointer($0)) }
  }
}

/// When the planner walks the list before asking the index, and how far.
struct SearchStrategyTests {
  @Test func oneCommonCharacterWalksTheListAndOneRareCharacterAsksTheIndex() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      // Every entry holds e in four pairs, which the index would merge in full; one holds q.
      let entries = try (0..<1_000).map { index in
        try Fixture.entry(
          day: -index, notes: index == 7 ? "quiet evening" : "every evening ends well \(index)")
      }
      _ = try store.insert(entries)
      // Terms of one or two characters walk a few pages' worth first, whatever the journal
      // holds, then go on through the index if the page is not full by then.
      for text in ["e", "q", "e q"] {
        let strategy = SQLiteJournalStore.strategy(for: JournalSearchQuery(text), limit: 51)
        guard case .index(_, let walkingFirst) = strategy else {
          Issue.record("\(text) cannot use the index: \(strategy)")
          continue
        }
        #expect(walkingFirst == SearchPlanner.walkPages * 51)
      }
      let longer = SQLiteJournalStore.strategy(for: JournalSearchQuery("evening"), limit: 51)
      let evening = try #require(
        SearchPlanner.indexQuery(JournalSearchQuery("evening").foldedTerms))
      #expect(longer == .index(evening, walkingFirst: 0))
      for text in ["e", "q", "e q"] {
        let found = try store.search(JournalSearchQuery(text), in: .all, after: nil, limit: 1_000)
        #expect(found == entries.filter { JournalSearchQuery(text).matches($0) }, "\(text)")
      }
    }
  }

  /// The older half of the days holds every `e`, the newer half none: the walk finds none among
  /// the newest, stops at its budget, and the index goes on from where it stopped, within a day
  /// of several entries.
  @Test func aWalkThatFindsTooLittleGoesOnThroughTheIndexFromWhereItStopped() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      let entries = try (0..<3_000).map { index in
        try Fixture.entry(
          day: -(index / 3), created: Double(index % 3), brand: "Tom Ford",
          perfumeName: "Oud Wood",
          notes: index >= 1_500 ? "every evening \(index)" : "calm, soft \(index)")
      }
      _ = try store.insert(entries)
      let strategy = SQLiteJournalStore.strategy(for: JournalSearchQuery("e"), limit: 50)
      guard case .index(_, let walkingFirst) = strategy, walkingFirst > 0 else {
        Issue.record("expected a walk before the index: \(strategy)")
        return
      }
      #expect(walkingFirst < 1_500, "the walk would reach the first match: \(walkingFirst)")
      let reference = SearchReference.Prepared(entries)
      for limit in [1, 7, 50, 1_000] {
        var cursor: JournalCursor?
        for page in 1...3 {
          let found = try store.search(
            JournalSearchQuery("e"), in: .all, after: cursor, limit: limit)
          let expected = SearchReference.search(
            "e", in: .all, after: cursor, limit: limit, among: reference)
          #expect(found == expected, "page \(page) of \(limit)")
          if page == 1 { #expect(found.count == limit) }
          guard let last = found.last else { break }
          cursor = JournalCursor(after: last)
        }
      }
    }
  }
}
