import HaruShared

extension SearchText {
  /// A token the index is asked for: exactly, or as the beginning of the tokens that begin with
  /// it (a prefix query, which FTS5 answers by merging their lists): one character, two narrow
  /// ones, or the lead mark and a first key.
  struct IndexToken: Hashable, Sendable {
    /// The token's characters.
    let text: String
    let isPrefix: Bool

    init<Units: Collection<UInt16>>(_ units: Units, isPrefix: Bool = false) {
      text = String(decoding: Array(units), as: UTF16.self)
      self.isPrefix = isPrefix
    }

    init(_ text: String) {
      self.text = text
      isPrefix = false
    }

    // Compared and hashed by their UTF-8 bytes, as the index compares tokens: a String's own
    // hashing normalizes Hangul first, which made planning a search measurably slower.
    static func == (a: IndexToken, b: IndexToken) -> Bool {
      a.isPrefix == b.isPrefix && a.text.utf8.elementsEqual(b.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(isPrefix)
      for byte in text.utf8 { hasher.combine(byte) }
    }

    /// The token in FTS5 query syntax: quoted, inner quotes doubled, a prefix followed by `*`.
    var expression: String {
      // Tokens write ASCII punctuation as private-use characters (``tokenUnit(_:)``), so a quote
      // to double is rare: look for one before rewriting the text.
      let quoted = text.utf8.contains(0x22) ? text.replacing("\"", with: "\"\"") : text
      return "\"" + quoted + "\"" + (isPrefix ? "*" : "")
    }
  }

  /// Something every match of one way of matching holds: all the tokens of at least one of the
  /// alternatives.
  struct Requirement: Hashable {
    var alternatives: [[IndexToken]]

    /// One token.
    init(_ token: IndexToken) {
      alternatives = [[token]]
    }

    init(alternatives: [[IndexToken]]) {
      self.alternatives = alternatives
    }

    /// The requirement in FTS5 query syntax.
    var expression: String {
      let parts = alternatives.map { tokens in
        tokens.count == 1
          ? tokens[0].expression : "(" + tokens.map(\.expression).joined(separator: " AND ") + ")"
      }
      return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " OR ") + ")"
    }
  }

  /// What the index can be asked for one way a term can match: requirements that every match
  /// meets. A search asks for some of them (see ``SearchPlanner``); whichever it asks for, the
  /// index lists every entry the way matches, and the check of each candidate does the rest.
  struct Conjunction: Hashable {
    var requirements: [Requirement] = []

    var isEmpty: Bool { requirements.isEmpty }
  }

  /// Every way a term can match that the index must be asked about, as what each can ask of it;
  /// `nil` when one of them can ask for nothing.
  ///
  /// A way whose matches another way's include is left out, as its candidates would be among the
  /// other's: text that holds a 초성 term's letters (`ㅇㄴ`), or its letters with a half-typed
  /// last one, holds them as the initial consonants of consecutive characters; text that holds a
  /// half-typed term whole holds its other characters followed by the keys of its last.
  static func conjunctions(for term: Term) -> [Conjunction]? {
    guard let plain = occurrence(of: term.units[...]) else { return nil }
    if let initials = term.initials {
      return [initialsQuery(initials)]
    }
    if let keys = term.unfinishedKeys {
      guard let unfinished = unfinishedQuery(finished: term.finished, keys: keys) else {
        return nil
      }
      return [unfinished]
    }
    return [plain]
  }

  /// What text occurring in a field can ask of the index: the pairs and trigrams of its runs,
  /// a prefix for two narrow characters that no trigram holds and for each run of one character,
  /// and the marks of the punctuation that no pair or trigram holds; `nil` for none of these.
  ///
  /// Every entry whose index lists a pair or trigram holding a punctuation character holds that
  /// character, so its mark would list no fewer candidates, only one more list for FTS5 to read
  /// (`#996` asks for `#99` and `996`, not for every entry with a `#`).
  static func occurrence(of units: ArraySlice<UInt16>) -> Conjunction? {
    var tokens: [IndexToken] = []
    var punctuation: UInt128 = 0
    var covered: UInt128 = 0
    func cover(_ written: ArraySlice<UInt16>) {
      for unit in written where unit >= punctuationBase && unit < punctuationBase + 0x80 {
        covered |= 1 << (unit - punctuationBase)
      }
    }
    for run in runs(units, punctuation: &punctuation) {
      let written = run.map(tokenUnit)
      if written.count == 1 {
        // A punctuation character alone is asked for by its mark below.
        if !isPunctuation(run[0]) { tokens.append(IndexToken(written, isPrefix: true)) }
      } else {
        for index in 0..<written.count - 1 {
          let pair = written[index...index + 1]
          guard isNarrow(written[index]), isNarrow(written[index + 1]) else {
            tokens.append(IndexToken(pair))
            cover(pair)
            continue
          }
          if index + 2 < written.count, isNarrow(written[index + 2]) {
            tokens.append(IndexToken(written[index...index + 2]))
            cover(written[index...index + 2])
          } else if index == 0 || !isNarrow(written[index - 1]) {
            // Two narrow characters alone: in a field, a trigram or the pair begins with them.
            tokens.append(IndexToken(pair, isPrefix: true))
          }
        }
      }
    }
    for byte in UInt8(0x21)..<0x7F where punctuation & ~covered & (1 << byte) != 0 {
      tokens.append(IndexToken(mark(byte)))
    }
    return tokens.isEmpty ? nil : Conjunction(requirements: unique(tokens).map(Requirement.init))
  }

  /// What consecutive characters with these first keys can ask of the index: for two keys, their
  /// initials token; for three or more, the initials token of each three neighbours; for one,
  /// the initials tokens that begin with it (a prefix), which every character with that first
  /// key begins.
  static func initialsQuery(_ keys: [UInt16]) -> Conjunction {
    guard keys.count > 1 else {
      return Conjunction(requirements: [Requirement(initialsToken(keys, isPrefix: true))])
    }
    guard keys.count > 2 else {
      return Conjunction(requirements: [Requirement(initialsToken(keys))])
    }
    let tokens = (0..<keys.count - 2).map { initialsToken(keys[$0...$0 + 2]) }
    return Conjunction(requirements: unique(tokens).map(Requirement.init))
  }

  /// What a term whose last character may still be being typed can ask of the index: the
  /// finished characters' tokens, and a character after them that can begin the keys; `nil`
  /// when that is nothing.
  ///
  /// The characters that can begin text whose keys begin with `keys` (the *starters*) follow
  /// from the keys' structure:
  /// - a consonant then a vowel: the syllables whose keys begin with the keys (no final, a
  ///   single final, a double final, a compound vowel), the syllables on the way to them whose
  ///   keys are a shorter beginning (`다` and `달` for `닭`, `오` for `와`), and the consonant
  ///   written alone as a letter;
  /// - anything no syllable can begin with (two consonants, `ㄳ`; a vowel, `ㅘ`): the letters
  ///   written alone whose keys agree with them (``letters(agreeingWith:)``).
  ///
  /// A starter whose keys stop short of the keys is followed by a character that goes on with
  /// the rest. When a syllable can (one consonant is left: `달` then ㄱ for `닭`), that is its
  /// follow token, which lists exactly the text that goes on so. When none can (ㄹ ㄱ are left
  /// after `다`; ㅏ after `오`), only a letter written alone can, and the starter asks for its
  /// pair with each such letter: the follow token (`다` before any ㄹ syllable) would list every
  /// `다리` of the journal, none of which matches.
  static func unfinishedQuery(finished: ArraySlice<UInt16>, keys: [UInt16]) -> Conjunction? {
    var starters: [UInt16] = []
    let syllableCanBegin = canBeginSyllable(keys)
    if keys.count >= 2, syllableCanBegin, let initial = KoreanText.initials.firstIndex(of: keys[0])
    {
      starters = KoreanText.syllables(compatibleWith: keys)
      starters.append(0x1100 + UInt16(initial))
      if let final = KoreanText.finals.firstIndex(of: keys[0]), final > 0 {
        starters.append(0x11A8 + UInt16(final - 1))
      }
    } else if !syllableCanBegin {
      starters = letters(agreeingWith: keys)
    }
    // Each starter as the tokens that find it: after `before`, the pair they make; with nothing
    // before it, a prefix of the starter. A starter whose keys are only a beginning of `keys` is
    // followed by a character that goes on with the rest, as above.
    func alternatives(after before: UInt16?) -> [[IndexToken]] {
      starters.flatMap { starter -> [[IndexToken]] in
        let typed = KoreanText.keys(of: starter)
        let head = before.map { [IndexToken([tokenUnit($0), starter])] } ?? []
        guard typed.count < keys.count else {
          return [head.isEmpty ? [IndexToken([starter], isPrefix: true)] : head]
        }
        let rest = Array(keys[typed.count...])
        if canBeginSyllable(rest) {
          return [head + [followToken(starter, followedBy: rest[0])]]
        }
        return letters(agreeingWith: rest).map { head + [IndexToken([starter, $0])] }
      }
    }
    if finished.isEmpty {
      // Text that begins with a Hangul character whose first key is the first key: the initials
      // tokens that begin with it, unless the starters say more.
      guard !starters.isEmpty else {
        return Conjunction(requirements: [Requirement(initialsToken([keys[0]], isPrefix: true))])
      }
      return Conjunction(requirements: [Requirement(alternatives: alternatives(after: nil))])
    }
    var conjunction = occurrence(of: finished) ?? Conjunction()
    if let last = finished.last, KoreanText.isHangul(last) {
      conjunction.requirements.append(Requirement(followToken(last, followedBy: keys[0])))
    }
    if let last = finished.last, isIndexed(last), !starters.isEmpty {
      conjunction.requirements.append(Requirement(alternatives: alternatives(after: last)))
    }
    return conjunction.isEmpty ? nil : conjunction
  }

  /// Whether a syllable's keys can begin with `keys`: a consonant that begins syllables, then a
  /// vowel or nothing more.
  static func canBeginSyllable(_ keys: [UInt16]) -> Bool {
    guard let first = keys.first, KoreanText.initials.contains(first) else { return false }
    return keys.count == 1 || (0x314F...0x3163).contains(keys[1])
  }

  /// The Hangul letters, as folded text writes them alone (conjoining jamo: folding turns the
  /// compatibility letters a keyboard types into these), whose keys agree with `keys` as far as
  /// both go and begin with its first: the characters that can begin text whose keys begin
  /// with `keys` when no syllable can.
  static func letters(agreeingWith keys: [UInt16]) -> [UInt16] {
    guard let first = keys.first else { return [] }
    var letters: [UInt16] = []
    for letter in UInt16(0x1100)...0x11FF {
      let typed = KoreanText.keys(of: letter)
      guard typed.count > 0, typed[0] == first else { continue }
      var agree = true
      for index in 1..<min(typed.count, keys.count) where typed[index] != keys[index] {
        agree = false
      }
      if agree { letters.append(letter) }
    }
    return letters
  }

  private static func unique(_ tokens: [IndexToken]) -> [IndexToken] {
    var seen: Set<IndexToken> = []
    return tokens.filter { seen.insert($0).inserted }
  }
}
