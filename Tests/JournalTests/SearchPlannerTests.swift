import Foundation
import HaruShared
import Testing

@testable import HaruJournal

/// What the planner asks the index for: of the tokens every match holds, the rare ones, judged
/// on a sample of the journal.
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

  @Test func aSampleTakenBeforeTheJournalGrewIsTakenAgain() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      _ = try store.insert([try Fixture.entry(day: -400, notes: "first")])
      // The first search samples a journal of one entry, which knows none of the pairs below.
      _ = try store.search(JournalSearchQuery("roes"), in: .all, after: nil, limit: 5)
      let common = try (0..<300).map { index in
        try Fixture.entry(day: -index, notes: "roses and vanilla \(index)")
      }
      _ = try store.insert(common + [try Fixture.entry(day: 1, notes: "roes")])
      #expect(try candidates(for: "roes", in: store) == 1)
    }
  }

  @Test func aSampleIsStaleOnceTheJournalHasChangedByHalf() {
    let small = TokenSample(indexTexts: [], journalEntries: 0)
    #expect(!small.isStale(entries: 256))
    #expect(small.isStale(entries: 257))
    let large = TokenSample(indexTexts: [], journalEntries: 10_000)
    #expect(!large.isStale(entries: 15_000))
    #expect(large.isStale(entries: 15_001))
    #expect(!large.isStale(entries: 5_000))
    #expect(large.isStale(entries: 4_999))
  }

  @Test func aSampleKnowsWhichEntriesHoldATokenAndAPrefix() {
    let sample = TokenSample(
      indexTexts: [Array("ab cd ab ".utf8), Array("ab ac".utf8), Array("".utf8)],
      journalEntries: 3)
    #expect(Array(sample.holders(of: SearchText.IndexToken("ab"))) == [0, 1])
    #expect(Array(sample.holders(of: SearchText.IndexToken("cd"))) == [0])
    #expect(Array(sample.holders(of: SearchText.IndexToken("zz"))).isEmpty)
    let prefix = SearchText.IndexToken(Array("a".utf16), isPrefix: true)
    #expect(Array(sample.holders(of: prefix)) == [0, 1])
    let other = SearchText.IndexToken(Array("c".utf16), isPrefix: true)
    #expect(Array(sample.holders(of: other)) == [0])
  }

  @Test func aSampleKnowsThePrefixesOfTwoNarrowCharactersAndOfInitialsTokens() {
    let initials = String(decoding: [SearchText.initialsMark], as: UTF16.self)
    let follow = String(decoding: [SearchText.followMark], as: UTF16.self)
    let sample = TokenSample(
      indexTexts: [
        Array("ros ose se \(initials)ㄱㅁㅅ \(follow)금ㅁ ".utf8),
        Array("roa oad ro \(initials)ㄱㅅ".utf8), Array("가나 \(initials)ㄴ \(follow)가ㄴ".utf8),
      ],
      journalEntries: 3)
    let narrow = SearchText.IndexToken(Array("ro".utf16), isPrefix: true)
    #expect(Array(sample.holders(of: narrow)) == [0, 1])
    #expect(sample.tokens(beginningWith: narrow) == (tokens: 3, listed: 3))
    let key = SearchText.initialsToken([0x3131], isPrefix: true)
    #expect(Array(sample.holders(of: key)) == [0, 1])
    #expect(sample.tokens(beginningWith: key) == (tokens: 2, listed: 2))
    #expect(Array(sample.holders(of: SearchText.initialsToken([0x3134]))) == [2])
    // A follow token is only ever asked for whole.
    #expect(Array(sample.holders(of: SearchText.followToken(0xAC00, followedBy: 0x3134))) == [2])
    let followPrefix = SearchText.IndexToken([SearchText.followMark, 0xAC00], isPrefix: true)
    #expect(sample.holders(of: followPrefix).isEmpty)
    // A pair that is not narrow is asked for by its first character only.
    let hangul = SearchText.IndexToken(Array("가나".utf16), isPrefix: true)
    #expect(sample.holders(of: hangul).isEmpty)
  }

  @Test func aCommonQueryInAnIndexOfManySegmentsAsksForFewerTokens() {
    // 40 of 512 sampled entries hold 르 라보; every one holds 라벤더, whose 라벤 makes the follow
    // token 라 before an ㅂ syllable, as 라보 does.
    let labo = SearchText.indexText(["르 라보", "라벤더 향"].map { SearchText.folded($0) })
    let lavender = SearchText.indexText(["딥티크", "라벤더 향"].map { SearchText.folded($0) })
    let sample = TokenSample(
      indexTexts: Array(repeating: labo, count: 40) + Array(repeating: lavender, count: 472),
      journalEntries: 100_000)
    let terms = JournalSearchQuery("라보").foldedTerms
    // Read in full, the candidates of the follow token cost more than looking up each syllable
    // that 보 may become (라복, 라본, …); with one segment, so do the few a page reads.
    #expect(SearchPlanner.indexQuery(terms, sample: sample)?.contains("라복") == true)
    let oneSegment = SearchPlanner.strategy(terms, sample: sample, limit: 50, segments: 1)
    #expect(oneSegment != .walk)
    if case .index(let match, _) = oneSegment { #expect(match.contains("라복")) }
    // Twenty segments make each look-up twenty times dearer: the follow token alone is cheaper.
    let manySegments = SearchPlanner.strategy(terms, sample: sample, limit: 50, segments: 20)
    #expect(manySegments != .walk)
    if case .index(let match, _) = manySegments {
      #expect(!match.contains("라복"))
      #expect(match.contains(SearchText.followToken(0xB77C, followedBy: 0x3142).expression))
    }
  }

  /// 머스트 may end half-typed: it matches written whole (머스, 스트) or as 머스 followed by a
  /// syllable that begins with ㅌ and whose vowel begins with ㅡ (the lead token of 스 before a ㅌ
  /// syllable). Both ways ask for 머스, which FTS5 would read once for each.
  @Test func aPartThatEveryWayOfATermAsksForIsAskedForOnce() {
    let musk = SearchPlanner.Plan(expression: "\"머스\"", holders: [1, 2, 3], cost: 10)
    let whole = SearchPlanner.Plan(expression: "\"스트\"", holders: [2], cost: 5)
    let lead = SearchPlanner.Plan(expression: "\"ㅅㅌㅡ\"", holders: [3], cost: 7)
    #expect(
      SearchPlanner.any(of: [[musk, whole], [musk, lead]])
        == SearchPlanner.Plan(
          expression: "(\"머스\" AND (\"스트\" OR \"ㅅㅌㅡ\"))", holders: [2, 3], cost: 22))
    // A way that asks for the common part alone makes the rest of the OR always true.
    #expect(SearchPlanner.any(of: [[musk, lead], [musk]]) == musk)
    // The same way twice is asked for once; ways with nothing in common are joined as they are.
    #expect(SearchPlanner.any(of: [[whole], [whole]]) == whole)
    #expect(
      SearchPlanner.any(of: [[whole], [lead]])?.expression == "(\"스트\" OR \"ㅅㅌㅡ\")")
    #expect(SearchPlanner.any(of: []) == nil)
  }

  @Test func sampledEntriesThatHoldTheTokensButDoNotMatchAreNotTakenToFillAPageEarly() throws {
    // 20 of 512 sampled entries hold 바닐라 in their notes and 라운지 in their sentence: the
    // tokens 바닐, 닐라, 닐 before an ㄹ syllable and 라 before an ㅇ syllable, which 바닐랑
    // (half-typed 바닐라 followed by an ㅇ syllable) asks for, though none of them matches it;
    // 80 more hold 바닐라 alone.
    let near = ["르 라보", "상탈 33", "바닐라가 좋다", "라운지에서 맡았다"].map { SearchText.folded($0) }
    let vanilla = ["르 라보", "상탈 33", "바닐라가 좋다", "오늘의 향"].map { SearchText.folded($0) }
    let other = ["딥티크", "도손", "장미향이 은은하다", "오늘의 향"].map { SearchText.folded($0) }
    let fields =
      Array(repeating: near, count: 20) + Array(repeating: vanilla, count: 80)
      + Array(repeating: other, count: 412)
    let texts = fields.map { SearchText.indexText($0) }
    let terms = JournalSearchQuery("바닐랑").foldedTerms
    let holding = (0..<20).map(UInt16.init)
    let withFields = TokenSample(
      indexTexts: texts, fields: fields, journalEntries: 100_000)
    #expect(withFields.matchingCount(of: terms, among: holding) == 0)
    #expect(
      withFields.matchingCount(of: JournalSearchQuery("바닐라").foldedTerms, among: holding) == 20)
    // Without the fields, holding the tokens is taken for matching: a page is expected to fill
    // early from the candidates of 바닐 alone, 19,000-odd. Knowing that none matches, the plan
    // asks for what narrows them to about 4,000.
    let tokensOnly = TokenSample(
      indexTexts: texts, journalEntries: 100_000)
    #expect(tokensOnly.matchingCount(of: terms, among: holding) == nil)
    let guessed = SearchPlanner.strategy(terms, sample: tokensOnly, limit: 50, segments: 20)
    let checked = SearchPlanner.strategy(terms, sample: withFields, limit: 50, segments: 20)
    guard case .index(let guessedMatch, _) = guessed, case .index(let checkedMatch, _) = checked
    else {
      Issue.record("expected the index: \(guessed), \(checked)")
      return
    }
    #expect(!guessedMatch.contains("닐라"), "\(guessedMatch)")
    #expect(checkedMatch.contains("닐라"), "\(checkedMatch)")
  }

  @Test func anEmptySampleStillAsksForOneToken() {
    let terms = JournalSearchQuery("roes").foldedTerms
    let match = SearchPlanner.indexQuery(terms, sample: .empty)
    #expect(match?.isEmpty == false)
    #expect(match?.contains(" AND ") == false)
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
      let strategies = try store.database.read { connection in
        try ["e", "q", "e q"].map { text in
          try store.strategy(for: JournalSearchQuery(text), limit: 51, on: connection)
        }
      }
      // A walk of a few pages' worth, then the index if the page is not full by then.
      guard case .index(_, let walkingFirst) = strategies[0] else {
        Issue.record("a common character cannot use the index: \(strategies[0])")
        return
      }
      #expect(walkingFirst >= 4 * 51 && walkingFirst <= 4 * 51 * 2, "\(walkingFirst)")
      guard case .index(_, walkingFirst: 0) = strategies[1] else {
        Issue.record("a rare character walks the list: \(strategies[1])")
        return
      }
      // Only 1 of 1,000 entries holds both, so walking would read them all.
      guard case .index(_, walkingFirst: 0) = strategies[2] else {
        Issue.record("two characters that meet once walk the list: \(strategies[2])")
        return
      }
      for text in ["e", "q", "e q"] {
        let found = try store.search(JournalSearchQuery(text), in: .all, after: nil, limit: 1_000)
        #expect(found == entries.filter { JournalSearchQuery(text).matches($0) }, "\(text)")
      }
    }
  }

  /// The sample is spread over the order entries were added in; here the older half of the days
  /// holds every `e`, the newer half none. The sample says a page of `e` takes a hundred entries,
  /// the walk finds none among the newest, stops at its budget, and the index goes on from where
  /// it stopped, within a day of several entries.
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
      let strategy = try store.database.read { connection in
        try store.strategy(for: JournalSearchQuery("e"), limit: 50, on: connection)
      }
      guard case .index(_, let walkingFirst) = strategy, walkingFirst > 0 else {
        Issue.record("expected a walk before the index: \(strategy)")
        return
      }
      #expect(walkingFirst <= SearchPlanner.walkLimit)
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
