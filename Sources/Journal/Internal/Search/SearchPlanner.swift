import HaruShared

/// Chooses what a search asks the index for, from the query's structure alone.
///
/// Each term asks for tokens that every one of its matches holds (see
/// ``SearchText/conjunctions(for:)``), and a term of one Hangul syllable or one key asks for
/// tokens that only its matches hold: the syllable itself or a syllable its keys begin with
/// (a prefix query), a syllable on the way to it followed by a character that goes on with the
/// keys (a follow token, exact when one consonant is left to type: `달` before a ㄱ syllable for
/// `닭`), or, where no syllable can go on with what is left (two consonants, `다` for `닭`; a
/// vowel, `오` for `와`), the pairs of that syllable with each letter that can. So the candidates
/// the index returns for such a term are its matches, and a search reads, newest day first, no
/// more of them than its page and the rest of the page's last day.
///
/// Nothing here estimates how common a token is: the plan is the same on every journal, and the
/// bound holds on every journal (see ``walkPages``).
enum SearchPlanner {
  /// The most terms of a query the index is asked about; the others are only checked.
  static let termLimit = 16
  /// The most requirements one way of matching asks for: the first, the last and some spread
  /// between them. A term of 200 syllables asks for 8 of its pairs, not 199.
  static let requirementLimit = 8

  /// How many pages' worth of entries a query of short terms (one or two characters each) walks
  /// newest first before it asks the index, at most: such a term is often common (`e`, `향`,
  /// `ro`), and FTS5 answers its prefix query by merging every list that begins with it before
  /// returning the first candidate, where a walk of a common term fills its page at once. The
  /// walk goes past its first ``walkProbe`` entries only when at least a quarter of them
  /// matched, so a rare short term costs those few checks before the index answers it.
  ///
  /// So a search checks at most `walkPages × limit` entries walked, plus the candidates the index
  /// returns after them, newest day first, until the page is full: for a query of one syllable,
  /// alone or as the last of two terms, those are matches (the tokens list only matches), and
  /// once the page is full the rest of its last day's matches and one entry of an older day.
  /// The counter of a search (``JournalRows/examined``) therefore stays within
  /// `walkPages × limit + limit + (the matches of the page's last day) + 1`, which the
  /// all-syllable test checks for every Hangul syllable.
  static let walkPages = 4

  /// The entries a walk checks before it decides, from how many of them matched, whether to go
  /// on walking (see ``walkPages``).
  static let walkProbe = 16

  /// How a search finds its matches.
  enum Strategy: Equatable {
    /// Read the index's candidates for this MATCH expression, newest first, and check each;
    /// first, when `walkingFirst` is more than 0, walk that many entries of the list newest
    /// first and check each, going on through the index from where the walk stopped if the
    /// page is not full by then.
    case index(String, walkingFirst: Int)
    /// Walk the list newest first and check every entry until a page is full: only for terms
    /// the index cannot narrow (control characters alone).
    case walk
  }

  /// How to search for some terms, a page of `limit` at a time: through the index unless it
  /// cannot narrow the terms, walking first (see ``walkPages``) when every term is of one or two
  /// characters and the index would be asked for a prefix, the one thing FTS5 reads in full
  /// before its first candidate. A term the index answers exactly without a prefix (`ㅂㅈ`, `"`)
  /// does not walk.
  static func strategy(_ terms: [SearchText.Term], limit: Int) -> Strategy {
    guard let plan = Plan(terms) else { return .walk }
    return .index(plan.expression(), walkingFirst: plan.walkingFirst(terms, limit: limit))
  }

  /// The MATCH expression for some terms, or `nil` when the index cannot narrow any of them
  /// (only a walk of the list can answer then). A term that cannot be narrowed is left to the
  /// check of each candidate.
  static func indexQuery(_ terms: [SearchText.Term]) -> String? {
    Plan(terms)?.expression()
  }

  /// What a search asks the index for: for each term the index is asked about, the
  /// requirements of each of its ways of matching.
  struct Plan {
    /// Per term, per way of matching, the requirements asked for.
    private let terms: [[[SearchText.Requirement]]]
    /// Whether the plan asks for a prefix.
    let asksPrefix: Bool

    /// The plan for some terms; `nil` when the index cannot narrow any of them.
    init?(_ terms: [SearchText.Term]) {
      var seen: Set<[SearchText.Conjunction]> = []
      var asked: [[[SearchText.Requirement]]] = []
      for term in terms where asked.count < termLimit {
        guard let ways = SearchText.conjunctions(for: term), seen.insert(ways).inserted else {
          continue
        }
        let chosen = ways.map(chosenRequirements(of:))
        guard !chosen.isEmpty, chosen.allSatisfy({ !$0.isEmpty }) else { continue }
        asked.append(chosen)
      }
      guard !asked.isEmpty else { return nil }
      self.terms = asked
      asksPrefix = asked.joined().joined().contains { requirement in
        requirement.alternatives.contains { tokens in tokens.contains(where: \.isPrefix) }
      }
    }

    /// Whether some requirement asks for one of several alternatives.
    var hasAlternatives: Bool {
      terms.joined().joined().contains { $0.alternatives.count > 1 }
    }

    /// The MATCH expression of the requirements that ask for one thing, without those that
    /// ask for one of several alternatives; `nil` when there are none of the latter, or when a
    /// way of matching would be left with nothing to ask for (a term of one syllable, whose
    /// alternatives are all it asks for).
    ///
    /// Its candidates hold every candidate of the whole plan. FTS5 answers an `AND` with an `OR`
    /// of many alternatives by moving each of them at every entry where the others meet, so two
    /// common terms (`ㅇㄴ 향수`: 50,018 and 25,015 entries of 100,000, 37 together) cost three
    /// times as long with the 112 syllables a half-typed `수` may become as without them.
    func withoutAlternatives() -> String? {
      guard hasAlternatives else { return nil }
      var asked: [[[String]]] = []
      for ways in terms {
        let kept = ways.map { way in way.filter { $0.alternatives.count == 1 } }
        guard kept.allSatisfy({ !$0.isEmpty }) else { return nil }
        asked.append(kept.map { way in way.map(\.expression) })
      }
      let parts = asked.compactMap(any(of:))
      return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " AND ") + ")"
    }

    /// How many entries a search for `terms` with a page of `limit` walks before it asks the
    /// index (see ``walkPages``).
    func walkingFirst(_ terms: [SearchText.Term], limit: Int) -> Int {
      let short = terms.allSatisfy { $0.units.count <= 2 }
      return short && asksPrefix ? walkPages * max(1, limit) : 0
    }

    /// The MATCH expression: each term's ways of matching joined by `OR` (see
    /// ``any(of:)``), the terms by `AND`.
    func expression() -> String {
      var parts: [String] = []
      for ways in terms {
        if let expression = any(of: ways.map { way in way.map(\.expression) }) {
          parts.append(expression)
        }
      }
      return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " AND ") + ")"
    }
  }

  /// The requirements of a way of matching that a search asks for: all of them, or, beyond
  /// ``requirementLimit``, the first, the last and others spread evenly between. A prefix (a
  /// character alone, `자` of `자ㅁ`) is left out when the way asks for anything else: FTS5 merges
  /// the lists of every token that begins with it, in full, before it returns a candidate, where
  /// the rest (`자` before an ㅁ syllable) narrows as much for a look-up.
  static func chosenRequirements(of way: SearchText.Conjunction) -> [SearchText.Requirement] {
    let exact = way.requirements.filter { requirement in
      !requirement.alternatives.contains { tokens in tokens.contains(where: \.isPrefix) }
    }
    let requirements = exact.isEmpty ? way.requirements : exact
    guard requirements.count > requirementLimit else { return requirements }
    let last = requirements.count - 1
    var indices: [Int] = []
    for step in 0..<requirementLimit {
      let index = step * last / (requirementLimit - 1)
      if indices.last != index { indices.append(index) }
    }
    return indices.map { requirements[$0] }
  }

  /// The ways of matching one term joined by OR, each the parts asked for it. A part that every
  /// way asks for is asked for once, outside the OR — `(A AND B) OR (A AND C)` as
  /// `A AND (B OR C)`, and `A OR (A AND C)` as `A` — and a way given twice is given once: the same
  /// candidates, with each token's list read once. `nil` for no ways.
  static func any(of ways: [[String]]) -> String? {
    // A few ways of a few parts each: compared byte for byte, which hashing a String is not.
    func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
    let common =
      ways.first?.filter { part in
        ways.dropFirst().allSatisfy { way in way.contains { same($0, part) } }
      } ?? []
    var rests: [String] = []
    for way in ways {
      let own = way.filter { part in !common.contains { same($0, part) } }
      if let rest = all(of: own) {
        if !rests.contains(where: { same($0, rest) }) { rests.append(rest) }
      } else if let plan = all(of: common) {
        // This way asks for nothing beyond the common parts, which every other way asks for.
        return plan
      }
    }
    guard let first = rests.first else { return all(of: common) }
    let alternatives = rests.count == 1 ? first : "(" + rests.joined(separator: " OR ") + ")"
    return all(of: common + [alternatives]) ?? alternatives
  }

  /// The parts joined by AND; `nil` for no parts.
  private static func all(of parts: [String]) -> String? {
    guard let first = parts.first else { return nil }
    return parts.count == 1 ? first : "(" + parts.joined(separator: " AND ") + ")"
  }
}
