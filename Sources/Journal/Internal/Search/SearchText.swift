import HaruShared

/// The text rules of search, shared by the stores: folding, the three ways a term matches a
/// field, and the tokens the SQLite index is built from.
///
/// Text is folded by ``KoreanText/normalized(_:)`` (NFKC, full case folding, combining marks
/// removed, NFC) and compared as UTF-16 code units. Every store matches with this code, so they
/// agree unit for unit.
enum SearchText {
  /// One term of a query, folded, with what its other two ways of matching need.
  struct Term: Hashable, Sendable {
    /// The folded characters as UTF-16 code units; never empty.
    let units: [UInt16]
    /// For a term of consonant letters only (초성): the consonants, as compatibility letters.
    let initials: [UInt16]?
    /// For the last term of a query that does not end in whitespace, when its last character is
    /// Hangul: the keys that type that character, which may still be being typed.
    let unfinishedKeys: [UInt16]?

    init(_ units: [UInt16], mayBeUnfinished: Bool) {
      self.units = units
      let initials = units.map { unit in
        KoreanText.isSyllable(unit) ? nil : KoreanText.initialConsonant(of: unit)
      }
      self.initials = initials.allSatisfy { $0 != nil } ? initials.compactMap(\.self) : nil
      if mayBeUnfinished, let last = units.last, KoreanText.isHangul(last) {
        unfinishedKeys = SearchText.keys(of: last)
      } else {
        unfinishedKeys = nil
      }
    }

    /// The characters before the one that may still be being typed.
    var finished: ArraySlice<UInt16> { units.dropLast() }
  }

  /// The terms of a search box's text: folded, split at whitespace; the last one may be
  /// unfinished when the text does not end in whitespace.
  static func terms(_ text: String) -> [Term] {
    let folded = KoreanText.normalized(text)
    let endsOpen = folded.last.map { !$0.isWhitespace } ?? false
    let parts = folded.split(whereSeparator: \.isWhitespace)
    return parts.enumerated().map { index, part in
      Term(Array(part.utf16), mayBeUnfinished: endsOpen && index == parts.count - 1)
    }
  }

  /// A field folded as search compares it, from its UTF-8 bytes. ASCII and Hangul syllables, what
  /// entries mostly hold, are folded here; anything else goes through
  /// ``KoreanText/normalized(_:)``.
  static func folded(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt16] {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count)
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte < 0x80 {
        units.append(UInt16(byte &- 0x41 < 26 ? byte | 0x20 : byte))
        index += 1
        continue
      }
      // A Hangul syllable is three bytes: 0xEA 0xB0 0x80 (U+AC00) to 0xED 0x9E 0xA3 (U+D7A3).
      if byte >= 0xEA, byte <= 0xED, index + 2 < count {
        let second = bytes[index + 1]
        let third = bytes[index + 2]
        if second & 0xC0 == 0x80, third & 0xC0 == 0x80 {
          let unit =
            UInt16(byte & 0x0F) << 12 | UInt16(second & 0x3F) << 6 | UInt16(third & 0x3F)
          if KoreanText.isSyllable(unit) {
            units.append(unit)
            index += 3
            continue
          }
        }
      }
      return Array(KoreanText.normalized(String(decoding: bytes, as: UTF8.self)).utf16)
    }
    return units
  }

  /// A string folded as search compares it.
  static func folded(_ text: String) -> [UInt16] {
    Array(KoreanText.normalized(text).utf16)
  }

  // MARK: - Matching

  /// Whether every term matches at least one of the folded fields.
  static func matches(_ terms: [Term], in fields: [[UInt16]]) -> Bool {
    guard !terms.isEmpty else { return false }
    return terms.allSatisfy { term in fields.contains { matches(term, in: $0) } }
  }

  /// Whether a term matches a folded field: it occurs in it; or it is 초성 and its consonants
  /// begin consecutive characters of the field; or its last character may still be being typed
  /// and the field holds the rest followed by text whose keys begin with that character's keys.
  static func matches(_ term: Term, in field: [UInt16]) -> Bool {
    if contains(term.units[...], in: field, from: 0) != nil { return true }
    if let initials = term.initials, matchesInitials(initials, in: field) { return true }
    if let keys = term.unfinishedKeys {
      let finished = term.finished
      var start = 0
      while let found = contains(finished, in: field, from: start) {
        if textBegins(with: keys, in: field, at: found + finished.count) { return true }
        start = found + 1
      }
    }
    return false
  }

  /// The first position at or after `start` where `units` occurs in `field`.
  static func contains(_ units: ArraySlice<UInt16>, in field: [UInt16], from start: Int) -> Int? {
    let count = units.count
    guard count > 0 else { return start <= field.count ? start : nil }
    guard field.count >= count, start <= field.count - count else { return nil }
    let first = units[units.startIndex]
    var position = start
    let last = field.count - count
    while position <= last {
      if field[position] == first {
        var offset = 1
        while offset < count, field[position + offset] == units[units.startIndex + offset] {
          offset += 1
        }
        if offset == count { return position }
      }
      position += 1
    }
    return nil
  }

  /// Whether the consonants begin consecutive characters of the field.
  static func matchesInitials(_ initials: [UInt16], in field: [UInt16]) -> Bool {
    guard field.count >= initials.count else { return false }
    for start in 0...(field.count - initials.count) {
      var offset = 0
      while offset < initials.count,
        KoreanText.initialConsonant(of: field[start + offset]) == initials[offset]
      {
        offset += 1
      }
      if offset == initials.count { return true }
    }
    return false
  }

  /// Whether the keys that type the field's characters from `position` on begin with `keys`.
  static func textBegins(with keys: [UInt16], in field: [UInt16], at position: Int) -> Bool {
    var matched = 0
    var index = position
    while matched < keys.count {
      guard index < field.count else { return false }
      let typed = KoreanText.keys(of: field[index])
      var offset = 0
      while offset < typed.count, matched < keys.count {
        guard typed[offset] == keys[matched] else { return false }
        offset += 1
        matched += 1
      }
      index += 1
    }
    return true
  }

  /// The keys that type one character (compound letters split, letters in compatibility form);
  /// anything that is not Hangul as itself.
  static func keys(of unit: UInt16) -> [UInt16] {
    let keys = KoreanText.keys(of: unit)
    return (0..<keys.count).map { keys[$0] }
  }

  // MARK: - Index tokens

  /// Whether a character takes part in bigrams: ASCII letters and digits, and every character
  /// outside ASCII that is not whitespace. The index's `ascii` tokenizer keeps exactly these
  /// together, so a bigram is always one token.
  @inline(__always)
  static func isIndexed(_ unit: UInt16) -> Bool {
    if unit < 0x80 {
      return (unit >= 0x30 && unit <= 0x39) || (unit >= 0x61 && unit <= 0x7A)
    }
    // Whitespace outside ASCII never survives as a term character: terms are split at it.
    switch unit {
    case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return false
    default: return true
    }
  }

  /// The runs of indexed characters in folded text; adds the ASCII punctuation characters met
  /// (`!` to `~`) to the bit set `punctuation`.
  static func runs(_ units: ArraySlice<UInt16>, punctuation: inout UInt128) -> [[UInt16]] {
    var runs: [[UInt16]] = []
    var current: [UInt16] = []
    for unit in units {
      if isIndexed(unit) {
        current.append(unit)
        continue
      }
      if unit > 0x20, unit < 0x7F {
        punctuation |= 1 << unit
      }
      if !current.isEmpty {
        runs.append(current)
        current.removeAll(keepingCapacity: true)
      }
    }
    if !current.isEmpty { runs.append(current) }
    return runs
  }

  /// The prefix of a lead token: a private-use character the `ascii` tokenizer keeps in a token.
  static let leadMark: UInt16 = 0xE001

  /// The index text of some folded fields, as UTF-8: for every run of indexed characters, each
  /// pair of neighbours and the run's last character alone; for every run of Hangul characters,
  /// each character's first key (a syllable's initial consonant) after ``leadMark``, alone and
  /// paired with the next one's; then one ``mark(_:)`` token for each distinct ASCII punctuation
  /// character; all separated by spaces.
  ///
  /// Any text found inside a field has its pairs among the field's; a single character is the
  /// first of a pair or the last of a run, so a prefix query on it finds it; a term of
  /// punctuation alone, such as `"` or `:)`, finds its characters' marks; and 초성 or a
  /// half-typed syllable finds the first keys of the characters it stands for.
  ///
  /// The bytes are those of the tokens' code units decoded as UTF-16 (a surrogate that a pair
  /// split from its partner becomes U+FFFD, as Swift's decoding makes it), written straight into
  /// one buffer: an index built by an earlier version holds the same tokens, so its rows can
  /// still be deleted. Every entry added or imported goes through here.
  static func indexText(_ fields: [[UInt16]]) -> [UInt8] {
    var text = IndexTextBuilder()
    text.bytes.reserveCapacity(fields.reduce(0) { $0 + $1.count } * 12)
    var punctuation: UInt128 = 0
    for field in fields {
      // Each pair of neighbours in a run of indexed characters, then the run's last one.
      var previous: UInt16?
      for unit in field {
        if isIndexed(unit) {
          if let previous { text.append(previous, unit) }
          previous = unit
          continue
        }
        if unit > 0x20, unit < 0x7F {
          punctuation |= 1 << unit
        }
        if let last = previous {
          text.append(last)
          previous = nil
        }
      }
      if let previous { text.append(previous) }
      // Each Hangul character's first key alone, and paired with the next one's.
      var previousKey: UInt16?
      for unit in field {
        guard KoreanText.isHangul(unit) else {
          previousKey = nil
          continue
        }
        let key = firstKey(of: unit)
        if let previousKey { text.appendLead(previousKey, key) }
        text.appendLead(key)
        previousKey = key
      }
    }
    for byte in UInt8(0x21)..<0x7F where punctuation & (1 << byte) != 0 {
      text.bytes += mark(byte).utf8
      text.bytes.append(0x20)
    }
    return text.bytes
  }

  /// The first key that types a Hangul character: a syllable's initial consonant.
  @inline(__always)
  static func firstKey(of unit: UInt16) -> UInt16 {
    guard KoreanText.isSyllable(unit) else { return KoreanText.keys(of: unit)[0] }
    return KoreanText.initials[Int(unit - KoreanText.syllableBase) / (21 * 28)]
  }

  /// The token standing for an ASCII punctuation character: a private-use character and the
  /// character's code in hexadecimal, which the `ascii` tokenizer keeps as one token.
  static func mark(_ byte: UInt8) -> String {
    "\u{E000}" + String(byte, radix: 16)
  }

  // MARK: - Index queries

  /// What the index is asked for one way a term can match: tokens that must all be present
  /// (each quoted, or a quoted prefix), and groups of which one must be.
  struct Conjunction: Hashable {
    var tokens: [String] = []
    var groups: [[String]] = []

    var isEmpty: Bool { tokens.isEmpty && groups.isEmpty }

    var expression: String {
      let parts = tokens + groups.map { "(" + $0.joined(separator: " OR ") + ")" }
      return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " AND ") + ")"
    }
  }

  /// The most pairs one plain term asks for: more narrow the candidates little and cost a pass
  /// over one more list of rows each.
  static let indexQueryTokenLimit = 4

  /// The most terms an index query combines.
  static let indexQueryTermLimit = 4

  /// The index query for some terms, or `nil` when the index cannot narrow them (only a walk of
  /// the list can answer then). A term narrows when every way it can match asks the index for
  /// something; the query asks for every term that narrows, the plainest first.
  ///
  /// A match is a superset of the entries the terms match; the caller checks each candidate.
  static func indexQuery(_ terms: [Term]) -> String? {
    var seen: Set<[Conjunction]> = []
    var alternatives: [[Conjunction]] = []
    for term in terms {
      guard let ways = conjunctions(for: term), seen.insert(ways).inserted else { continue }
      alternatives.append(ways)
    }
    guard !alternatives.isEmpty else { return nil }
    // Plain terms first, those with characters outside ASCII first among them.
    let ordered = alternatives.enumerated().sorted { a, b in
      let aRank = rank(a.element)
      let bRank = rank(b.element)
      return aRank != bRank ? aRank < bRank : a.offset < b.offset
    }
    let parts = ordered.prefix(indexQueryTermLimit).map { _, ways in
      ways.count == 1
        ? ways[0].expression : "(" + ways.map(\.expression).joined(separator: " OR ") + ")"
    }
    return parts.joined(separator: " AND ")
  }

  private static func rank(_ ways: [Conjunction]) -> Int {
    guard ways.count == 1 else { return 2 + ways.count }
    let latin = ways[0].tokens.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    return ways[0].groups.isEmpty ? (latin ? 1 : 0) : 2
  }

  /// Every way a term can match, as what each asks of the index; `nil` when one of them asks
  /// for nothing.
  static func conjunctions(for term: Term) -> [Conjunction]? {
    var ways: [Conjunction] = []
    guard let plain = occurrence(of: term.units[...]) else { return nil }
    ways.append(plain)
    if let initials = term.initials {
      ways.append(leadQuery(initials))
    }
    if let keys = term.unfinishedKeys {
      guard let unfinished = unfinishedQuery(finished: term.finished, keys: keys) else {
        return nil
      }
      ways.append(unfinished)
    }
    var unique: [Conjunction] = []
    for way in ways where !unique.contains(way) { unique.append(way) }
    return unique
  }

  /// What text occurring in a field asks of the index: its pairs, else a prefix query for each
  /// of its single characters, else the marks of its punctuation; `nil` for none of these.
  static func occurrence(of units: ArraySlice<UInt16>) -> Conjunction? {
    var pairs: Set<String> = []
    var singles: Set<String> = []
    var punctuation: UInt128 = 0
    for run in runs(units, punctuation: &punctuation) {
      if run.count == 1 {
        singles.insert(quoted(run) + "*")
      } else {
        // Pairs that do not overlap, and the last one, are enough to narrow the candidates;
        // the check against the entry does the rest.
        var starts = Array(stride(from: 0, to: run.count - 1, by: 2))
        if !run.count.isMultiple(of: 2) { starts.append(run.count - 2) }
        for index in starts {
          pairs.insert(quoted(run[index...index + 1]))
        }
      }
    }
    var tokens = pairs.isEmpty ? Array(singles) : narrowest(pairs)
    // Punctuation is rarer than letter pairs: its marks narrow a term like `NEAR(` to the
    // entries that hold a `(` at all.
    for byte in UInt8(0x21)..<0x7F where punctuation & (1 << byte) != 0 {
      tokens.append(quoted(mark(byte)))
    }
    guard !tokens.isEmpty else { return nil }
    return Conjunction(tokens: tokens.sorted())
  }

  /// What consecutive characters with these first keys ask of the index.
  static func leadQuery(_ keys: [UInt16]) -> Conjunction {
    guard keys.count > 1 else { return Conjunction(tokens: [quoted([leadMark] + keys)]) }
    var starts = Array(stride(from: 0, to: keys.count - 1, by: 2))
    if !keys.count.isMultiple(of: 2) { starts.append(keys.count - 2) }
    let tokens = Set(starts.map { quoted([leadMark, keys[$0], keys[$0 + 1]]) })
    return Conjunction(tokens: Array(narrowest(tokens)).sorted())
  }

  /// What a term whose last character may still be being typed asks of the index: the finished
  /// characters' pairs, and a character after them that can begin the keys; `nil` when that
  /// asks for nothing.
  static func unfinishedQuery(finished: ArraySlice<UInt16>, keys: [UInt16]) -> Conjunction? {
    // The characters that can begin text whose keys begin with `keys`, when a vowel follows the
    // first consonant: a syllable on the way to the keys or past them, or the consonant alone
    // as a letter (the vowel then written as a letter after it).
    var starters: [UInt16] = []
    if keys.count >= 2, (0x314F...0x3163).contains(keys[1]),
      let initial = KoreanText.initials.firstIndex(of: keys[0])
    {
      starters = KoreanText.syllables(compatibleWith: keys)
      starters.append(0x1100 + UInt16(initial))
      if let final = KoreanText.finals.firstIndex(of: keys[0]), final > 0 {
        starters.append(0x11A8 + UInt16(final - 1))
      }
    }
    if finished.isEmpty {
      guard !starters.isEmpty else {
        // Any character whose first key is the first key.
        return Conjunction(tokens: [quoted([leadMark, keys[0]])])
      }
      return Conjunction(groups: [starters.map { quoted([$0]) + "*" }])
    }
    var conjunction = occurrence(of: finished) ?? Conjunction()
    // The characters that may follow are a hundred or more tokens, and the index looks up every
    // one of them before it reads a candidate: worth it only while the finished characters give
    // fewer than two tokens. Leaving them out widens the candidates, never the matches.
    if conjunction.tokens.count < 2, let last = finished.last, isIndexed(last), !starters.isEmpty {
      conjunction.groups.append(starters.map { quoted([last, $0]) })
    }
    return conjunction.isEmpty ? nil : conjunction
  }

  /// At most ``indexQueryTokenLimit`` tokens, those with characters outside ASCII (such as
  /// Hangul, which is more selective than Latin letters) first.
  static func narrowest(_ tokens: Set<String>) -> [String] {
    let ordered = tokens.sorted { a, b in
      let aLatin = a.utf8.allSatisfy { $0 < 0x80 }
      let bLatin = b.utf8.allSatisfy { $0 < 0x80 }
      return aLatin != bLatin ? !aLatin : a < b
    }
    return Array(ordered.prefix(indexQueryTokenLimit))
  }

  /// A string in FTS5 query syntax that matches exactly the token spelled by `units`.
  static func quoted<Units: Collection<UInt16>>(_ units: Units) -> String {
    quoted(String(decoding: Array(units), as: UTF16.self))
  }

  /// A string in FTS5 query syntax that matches exactly `token`: quoted, inner quotes doubled.
  static func quoted(_ token: String) -> String {
    "\"" + token.replacing("\"", with: "\"\"") + "\""
  }
}

/// The UTF-8 bytes of index tokens, each followed by a space.
private struct IndexTextBuilder {
  var bytes: [UInt8] = []

  /// A token of one character.
  @inline(__always)
  mutating func append(_ unit: UInt16) {
    appendUnit(unit)
    bytes.append(0x20)
  }

  /// A token of two neighbouring characters.
  @inline(__always)
  mutating func append(_ first: UInt16, _ second: UInt16) {
    if UTF16.isLeadSurrogate(first), UTF16.isTrailSurrogate(second) {
      let scalar = 0x10000 + (UInt32(first - 0xD800) << 10) + UInt32(second - 0xDC00)
      bytes.append(UInt8(0xF0 | scalar >> 18))
      bytes.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
      bytes.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    } else {
      appendUnit(first)
      appendUnit(second)
    }
    bytes.append(0x20)
  }

  /// A lead token: ``SearchText/leadMark`` and one or two first keys (letters, never surrogates).
  @inline(__always)
  mutating func appendLead(_ key: UInt16, _ next: UInt16? = nil) {
    appendUnit(SearchText.leadMark)
    appendUnit(key)
    if let next { appendUnit(next) }
    bytes.append(0x20)
  }

  /// One code unit that is not part of a surrogate pair; a lone surrogate becomes U+FFFD.
  @inline(__always)
  private mutating func appendUnit(_ unit: UInt16) {
    switch unit {
    case 0..<0x80:
      bytes.append(UInt8(unit))
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | unit >> 6))
      bytes.append(UInt8(0x80 | unit & 0x3F))
    case 0xD800...0xDFFF:
      bytes += [0xEF, 0xBF, 0xBD]
    default:
      bytes.append(UInt8(0xE0 | unit >> 12))
      bytes.append(UInt8(0x80 | (unit >> 6) & 0x3F))
      bytes.append(UInt8(0x80 | unit & 0x3F))
    }
  }
}
