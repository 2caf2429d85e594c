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
    // A term given twice matches as once: checking it again for every candidate costs time.
    var seen: Set<Term> = []
    return parts.enumerated().compactMap { index, part in
      let term = Term(Array(part.utf16), mayBeUnfinished: endsOpen && index == parts.count - 1)
      return seen.insert(term).inserted ? term : nil
    }
  }

  /// A field folded as search compares it, from its UTF-8 bytes.
  static func folded(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt16] {
    let buffer = FoldBuffer()
    return withExtendedLifetime(buffer) { Array(buffer.fold(bytes)) }
  }

  /// The most UTF-16 units ``foldCommonText(_:into:)`` writes for one byte.
  static let maximumFoldGrowth = 2

  /// Folds text of ASCII, Hangul syllables and the Latin letters of ``latinFolds`` (what entries
  /// mostly hold) one character at a time into `target`, which has room for
  /// ``maximumFoldGrowth`` units per byte; `nil`, with `target` in any state, when the text
  /// holds anything else, which only ``KoreanText/normalized(_:)`` folds right, whole.
  ///
  /// - Returns: The number of units written.
  static func foldCommonText(
    _ bytes: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt16>
  ) -> Int? {
    let count = bytes.count
    guard count > 0, let source = bytes.baseAddress else { return 0 }
    var written = 0
    var index = 0
    while index < count {
      let byte = source[index]
      if byte < 0x80 {
        target[written] = UInt16(byte &- 0x41 < 26 ? byte | 0x20 : byte)
        written += 1
        index += 1
        continue
      }
      // A Hangul syllable is three bytes: 0xEA 0xB0 0x80 (U+AC00) to 0xED 0x9E 0xA3 (U+D7A3).
      if byte >= 0xEA, byte <= 0xED, index + 2 < count {
        let second = source[index + 1]
        let third = source[index + 2]
        if second & 0xC0 == 0x80, third & 0xC0 == 0x80 {
          let unit =
            UInt16(byte & 0x0F) << 12 | UInt16(second & 0x3F) << 6 | UInt16(third & 0x3F)
          if KoreanText.isSyllable(unit) {
            target[written] = unit
            written += 1
            index += 3
            continue
          }
        }
      }
      // U+00A0 to U+024F are two bytes: 0xC2 0xA0 to 0xC9 0x8F. One that folded into more units
      // than its two bytes have room for would take the whole-text path.
      if byte >= 0xC2, byte <= 0xC9, index + 1 < count {
        let second = source[index + 1]
        let value = Int(byte & 0x1F) << 6 | Int(second & 0x3F)
        if second & 0xC0 == 0x80, value >= latinFoldsStart, value < latinFoldsEnd {
          let start = latinFoldStarts[value - latinFoldsStart]
          let end = latinFoldStarts[value - latinFoldsStart + 1]
          guard end - start <= 2 * maximumFoldGrowth else { return nil }
          for position in start..<end {
            target[written] = latinFoldUnits[position]
            written += 1
          }
          index += 2
          continue
        }
      }
      return nil
    }
    return written
  }

  /// Storage that fields fold into, kept and reused from one checked row to the next (see
  /// `SearchFunctions`), or used once by ``folded(_:)-(UnsafeBufferPointer<UInt8>)``: a field's
  /// folded units stay valid until its next fold. Used by one thread at a time.
  final class FoldBuffer {
    private var storage: UnsafeMutablePointer<UInt16>
    private var capacity: Int
    /// The units of the last fold.
    private(set) var units: UnsafeBufferPointer<UInt16>

    /// Empty storage with room for a field of 256 bytes.
    init() {
      capacity = 512
      storage = .allocate(capacity: capacity)
      units = UnsafeBufferPointer(start: storage, count: 0)
    }

    /// Frees the storage.
    deinit {
      storage.deallocate()
    }

    /// Folds a field's UTF-8 bytes into the storage; the result is also kept in ``units``.
    @discardableResult
    func fold(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt16> {
      reserve(bytes.count * SearchText.maximumFoldGrowth)
      if let written = SearchText.foldCommonText(bytes, into: storage) {
        units = UnsafeBufferPointer(start: storage, count: written)
        return units
      }
      let folded = Array(KoreanText.normalized(String(decoding: bytes, as: UTF8.self)).utf16)
      reserve(folded.count)
      folded.withUnsafeBufferPointer { source in
        if let base = source.baseAddress { storage.initialize(from: base, count: source.count) }
      }
      units = UnsafeBufferPointer(start: storage, count: folded.count)
      return units
    }

    /// Makes room for `count` units, dropping what the storage held.
    private func reserve(_ count: Int) {
      guard count > capacity else { return }
      storage.deallocate()
      capacity = max(count, capacity * 2)
      storage = .allocate(capacity: capacity)
    }
  }

  private static let latinFoldsStart = 0xA0
  private static let latinFoldsEnd = 0x250

  /// How each character from U+00A0 to U+024F (Latin-1 Supplement, Latin Extended-A and -B)
  /// folds on its own. None of them is a combining mark or composes with a neighbour, and their
  /// folding does not depend on what is around them, so a field of these, ASCII and Hangul
  /// syllables folds character by character exactly as it does whole (`SearchFoldingTests`
  /// checks every one of them in company).
  static let latinFolds: [[UInt16]] = (latinFoldsStart..<latinFoldsEnd).map { value in
    guard let scalar = Unicode.Scalar(UInt32(value)) else { return [] }
    return Array(KoreanText.normalized(String(Character(scalar))).utf16)
  }

  /// ``latinFolds`` end to end, and where each character's units start in it (one more entry
  /// than characters, for the end of the last), for ``foldCommonText(_:into:)``.
  private static let latinFoldUnits: [UInt16] = latinFolds.flatMap(\.self)
  private static let latinFoldStarts: [Int] = latinFolds.reduce(into: [0]) { starts, units in
    starts.append((starts.last ?? 0) + units.count)
  }

  /// A string folded as search compares it.
  static func folded(_ text: String) -> [UInt16] {
    Array(KoreanText.normalized(text).utf16)
  }

  // MARK: - Matching

  /// Whether every term matches at least one of the folded fields.
  static func matches(_ terms: [Term], in fields: [[UInt16]]) -> Bool {
    guard !terms.isEmpty else { return false }
    return terms.allSatisfy { term in
      fields.contains { field in field.withUnsafeBufferPointer { matches(term, in: $0) } }
    }
  }

  /// Whether a term matches a folded field: it occurs in it; or it is 초성 and its consonants
  /// begin consecutive characters of the field; or its last character may still be being typed
  /// and the field holds the rest followed by text whose keys begin with that character's keys.
  static func matches(_ term: Term, in field: [UInt16]) -> Bool {
    field.withUnsafeBufferPointer { matches(term, in: $0) }
  }

  static func matches(_ term: Term, in field: UnsafeBufferPointer<UInt16>) -> Bool {
    term.units.withUnsafeBufferPointer { units in
      if firstPosition(of: units, in: field, from: 0) != nil { return true }
      if let initials = term.initials, matchesInitials(initials, in: field) { return true }
      if let keys = term.unfinishedKeys {
        let finished = UnsafeBufferPointer(rebasing: units.dropLast())
        var start = 0
        while let found = firstPosition(of: finished, in: field, from: start) {
          if textBegins(with: keys, in: field, at: found + finished.count) { return true }
          start = found + 1
        }
      }
      return false
    }
  }

  /// The first position at or after `start` where `units` occurs in `field`.
  private static func firstPosition(
    of units: UnsafeBufferPointer<UInt16>, in field: UnsafeBufferPointer<UInt16>, from start: Int
  ) -> Int? {
    let count = units.count
    guard count > 0 else { return start <= field.count ? start : nil }
    guard field.count >= count, start <= field.count - count,
      let needle = units.baseAddress, let haystack = field.baseAddress
    else { return nil }
    let first = needle[0]
    var position = start
    let last = field.count - count
    while position <= last {
      if haystack[position] == first {
        var offset = 1
        while offset < count, haystack[position + offset] == needle[offset] {
          offset += 1
        }
        if offset == count { return position }
      }
      position += 1
    }
    return nil
  }

  /// Whether the consonants begin consecutive characters of the field.
  private static func matchesInitials(
    _ initials: [UInt16], in field: UnsafeBufferPointer<UInt16>
  ) -> Bool {
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
  private static func textBegins(
    with keys: [UInt16], in field: UnsafeBufferPointer<UInt16>, at position: Int
  ) -> Bool {
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

  /// Whether a character takes part in bigrams: every character but whitespace and ASCII control
  /// characters. The index's `ascii` tokenizer keeps letters, digits and everything outside ASCII
  /// together; ASCII punctuation goes into tokens as ``tokenUnit(_:)``, so a bigram is always
  /// one token.
  @inline(__always)
  static func isIndexed(_ unit: UInt16) -> Bool {
    if unit < 0x80 { return unit > 0x20 && unit < 0x7F }
    // Whitespace outside ASCII never survives as a term character: terms are split at it.
    switch unit {
    case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return false
    default: return true
    }
  }

  /// Whether an indexed character is ASCII punctuation (`!` to `~` other than letters and
  /// digits), which the tokenizer would split tokens at.
  @inline(__always)
  static func isPunctuation(_ unit: UInt16) -> Bool {
    unit > 0x20 && unit < 0x7F && !(unit >= 0x30 && unit <= 0x39) && !(unit >= 0x61 && unit <= 0x7A)
      && !(unit >= 0x41 && unit <= 0x5A)
  }

  /// How a character is written in a token: ASCII punctuation as the private-use character
  /// U+E100 plus its code, which the tokenizer keeps; anything else as itself.
  @inline(__always)
  static func tokenUnit(_ unit: UInt16) -> UInt16 {
    isPunctuation(unit) ? punctuationBase + unit : unit
  }

  /// Where the private-use characters that stand for ASCII punctuation in tokens begin.
  static let punctuationBase: UInt16 = 0xE100

  /// The runs of indexed characters in folded text; adds the ASCII punctuation characters met
  /// (`!` to `~`) to the bit set `punctuation`.
  static func runs(_ units: ArraySlice<UInt16>, punctuation: inout UInt128) -> [[UInt16]] {
    var runs: [[UInt16]] = []
    var current: [UInt16] = []
    for unit in units {
      if isIndexed(unit) {
        if isPunctuation(unit) { punctuation |= 1 << unit }
        current.append(unit)
        continue
      }
      if !current.isEmpty {
        runs.append(current)
        current.removeAll(keepingCapacity: true)
      }
    }
    if !current.isEmpty { runs.append(current) }
    return runs
  }

  /// What begins a follow token: a private-use character the `ascii` tokenizer keeps in a
  /// token.
  static let followMark: UInt16 = 0xE001

  /// What begins an initials token: a private-use character the `ascii` tokenizer keeps in a
  /// token.
  static let initialsMark: UInt16 = 0xE002

  /// Whether a character, as written in a token, is narrow: ASCII (punctuation written as
  /// ``tokenUnit(_:)``) or Latin up to U+024F. Three narrow neighbours make a trigram.
  @inline(__always)
  static func isNarrow(_ written: UInt16) -> Bool {
    written < 0x250 || (written >= punctuationBase && written < punctuationBase + 0x80)
  }

  /// The index text of some folded fields, as UTF-8:
  /// - for every run of indexed characters (ASCII punctuation written as ``tokenUnit(_:)``),
  ///   each pair of neighbours; where both are narrow (``isNarrow(_:)``) and a third narrow one
  ///   follows, the three instead (`rose` gives `ros` and `ose`, then `se` unless another trigram
  ///   of the entry begins with it);
  /// - for every pair of neighbouring Hangul characters, a follow token: ``followMark``, the
  ///   first character, and the first key of the second (a syllable's initial consonant):
  ///   `금목` gives 금 ㅁ;
  /// - for every two and every three neighbouring Hangul characters, an initials token:
  ///   ``initialsMark`` and the first key of each (`금목서` gives ㄱ ㅁ, ㅁ ㅅ and ㄱ ㅁ ㅅ);
  /// - a character alone, and the first key of a run's last character after ``initialsMark``,
  ///   only when no token of the entry begins with it;
  /// - one ``mark(_:)`` token for each distinct ASCII punctuation character;
  /// all separated by spaces.
  ///
  /// Any text found inside a field has its pairs and trigrams among the entry's, or, for two
  /// narrow characters alone, a token that begins with them; a single character begins a token
  /// of the entry, so a prefix query on it finds it; a term of punctuation alone, such as `"` or
  /// `:)`, finds its characters' marks; 초성 of two letters or more finds its initials tokens,
  /// of one letter the initials tokens that begin with it; and a half-typed syllable finds the
  /// follow token of the character on the way to it (`모` before an ㄱ syllable for `목`).
  ///
  /// The bytes are those of the tokens' code units decoded as UTF-16 (a surrogate that a pair
  /// split from its partner becomes U+FFFD, as Swift's decoding makes it), written straight into
  /// one buffer. A contentless index deletes a row only with the tokens it was given, so these
  /// bytes stay the same from the schema step that last rebuilt the index (version 6) on; a
  /// change to them needs a step that rebuilds it again. Every entry added or imported goes
  /// through here.
  static func indexText(_ fields: [[UInt16]]) -> [UInt8] {
    var text = IndexTextBuilder()
    text.bytes.reserveCapacity(fields.reduce(0) { $0 + $1.count } * 12)
    var punctuation: UInt128 = 0
    // What begins a token, and what might stand alone, over every field.
    var pairStarts = UnitSet()
    var runEnds: [UInt16] = []
    var trigramStarts = NarrowPairSet()
    var narrowPairs: [UInt32] = []
    var keyStarts = UnitSet()
    var keysAlone: [UInt16] = []
    for field in fields {
      // The last two characters of the current run, written; the pair they make is written
      // once the character after it is known.
      var first: UInt16?
      var second: UInt16?
      func endPair(before next: UInt16?) {
        guard let a = first, let b = second else { return }
        pairStarts.insert(a)
        guard isNarrow(a), isNarrow(b) else {
          text.append(a, b)
          return
        }
        if let next, isNarrow(next) {
          text.append(a, b, next)
          trigramStarts.insert(UInt32(a) << 16 | UInt32(b))
        } else {
          narrowPairs.append(UInt32(a) << 16 | UInt32(b))
        }
      }
      for unit in field {
        if isIndexed(unit) {
          if isPunctuation(unit) { punctuation |= 1 << unit }
          let written = tokenUnit(unit)
          endPair(before: written)
          first = second
          second = written
          continue
        }
        endPair(before: nil)
        if let last = second { runEnds.append(last) }
        first = nil
        second = nil
      }
      endPair(before: nil)
      if let last = second { runEnds.append(last) }
      // Neighbouring Hangul characters: a follow token and the first keys of each pair, and the
      // first keys of each three; the first key of a run's last character is kept until the end,
      // to stand alone where no initials token of the entry begins with it.
      var previous: UInt16?
      var previousKey: UInt16 = 0
      var keyBefore: UInt16?
      for unit in field {
        guard KoreanText.isHangul(unit) else {
          if previous != nil { keysAlone.append(previousKey) }
          previous = nil
          keyBefore = nil
          continue
        }
        let key = firstKey(of: unit)
        if let previous {
          text.append(follow: previous, key)
          text.append(initials: previousKey, key)
          keyStarts.insert(previousKey)
          if let keyBefore {
            text.append(initials: keyBefore, previousKey, key)
          }
          keyBefore = previousKey
        }
        previous = unit
        previousKey = key
      }
      if previous != nil { keysAlone.append(previousKey) }
    }
    // Each kept once: a pair that no trigram begins with, in the order met.
    for pair in narrowPairs where trigramStarts.insert(pair) {
      text.append(UInt16(pair >> 16), UInt16(pair & 0xFFFF))
    }
    // A surrogate alone is written as U+FFFD, which no pair of it begins with: always kept.
    var surrogates: [UInt16] = []
    for unit in runEnds {
      let kept: Bool
      if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) {
        kept = !surrogates.contains(unit)
        if kept { surrogates.append(unit) }
      } else {
        kept = pairStarts.insert(unit)
      }
      if kept { text.append(unit) }
    }
    for key in keysAlone where keyStarts.insert(key) {
      text.append(initials: key)
    }
    for byte in UInt8(0x21)..<0x7F where punctuation & (1 << byte) != 0 {
      text.bytes += mark(byte).utf8
      text.bytes.append(0x20)
    }
    return text.bytes
  }

  /// The follow token of a Hangul character followed by one whose first key is `key`.
  static func followToken(_ unit: UInt16, followedBy key: UInt16) -> IndexToken {
    IndexToken([followMark, unit, key])
  }

  /// The initials token of neighbouring Hangul characters with these first keys (one to three);
  /// as a prefix, every initials token that begins with them.
  static func initialsToken<Keys: Collection<UInt16>>(_ keys: Keys, isPrefix: Bool = false)
    -> IndexToken
  {
    IndexToken([initialsMark] + keys, isPrefix: isPrefix)
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
  /// and the marks of its punctuation; `nil` for none of these.
  static func occurrence(of units: ArraySlice<UInt16>) -> Conjunction? {
    var tokens: [IndexToken] = []
    var punctuation: UInt128 = 0
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
            continue
          }
          if index + 2 < written.count, isNarrow(written[index + 2]) {
            tokens.append(IndexToken(written[index...index + 2]))
          } else if index == 0 || !isNarrow(written[index - 1]) {
            // Two narrow characters alone: in a field, a trigram or the pair begins with them.
            tokens.append(IndexToken(pair, isPrefix: true))
          }
        }
      }
    }
    for byte in UInt8(0x21)..<0x7F where punctuation & (1 << byte) != 0 {
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
    // Each starter as the tokens that find it: after `before`, the pair they make; with nothing
    // before it, a prefix of the starter. A starter whose keys are only a beginning of `keys` is
    // followed by a character that goes on with the rest: its follow token with that
    // character's first key, which alone finds it when nothing is before it.
    func alternatives(after before: UInt16?) -> [[IndexToken]] {
      starters.map { starter in
        let typed = KoreanText.keys(of: starter)
        let follow =
          typed.count < keys.count ? followToken(starter, followedBy: keys[typed.count]) : nil
        guard let before else { return [follow ?? IndexToken([starter], isPrefix: true)] }
        return [IndexToken([tokenUnit(before), starter])] + (follow.map { [$0] } ?? [])
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
    // The characters that may follow: a hundred tokens or more, each looked up before a
    // candidate is read, so the planner asks for them only when the rest leaves many candidates.
    if let last = finished.last, isIndexed(last), !starters.isEmpty {
      conjunction.requirements.append(Requirement(alternatives: alternatives(after: last)))
    }
    return conjunction.isEmpty ? nil : conjunction
  }

  private static func unique(_ tokens: [IndexToken]) -> [IndexToken] {
    var seen: Set<IndexToken> = []
    return tokens.filter { seen.insert($0).inserted }
  }
}

/// A set of code units, as a bitmap: what ``SearchText/indexText(_:)`` asks of every character
/// of an entry, without hashing.
private struct UnitSet {
  private var words = [UInt64](repeating: 0, count: 1 << 10)

  /// Adds a unit; whether it was not there before.
  @inline(__always)
  @discardableResult
  mutating func insert(_ unit: UInt16) -> Bool {
    let word = Int(unit >> 6)
    let bit: UInt64 = 1 << (unit & 63)
    defer { words[word] |= bit }
    return words[word] & bit == 0
  }
}

/// A set of pairs of narrow characters (``SearchText/isNarrow(_:)``), each as `first << 16 |
/// second`: a bitmap for pairs of ASCII characters, a list for the rest, which entries seldom
/// hold.
private struct NarrowPairSet {
  private var ascii = [UInt64](repeating: 0, count: 1 << 8)
  private var others: [UInt32] = []

  /// Adds a pair; whether it was not there before.
  @inline(__always)
  @discardableResult
  mutating func insert(_ pair: UInt32) -> Bool {
    guard pair & 0xFF80_FF80 == 0 else {
      if others.contains(pair) { return false }
      others.append(pair)
      return true
    }
    let index = Int(pair >> 16) << 7 | Int(pair & 0x7F)
    let bit: UInt64 = 1 << (index & 63)
    defer { ascii[index >> 6] |= bit }
    return ascii[index >> 6] & bit == 0
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

  /// A token of three neighbouring narrow characters (never surrogates).
  @inline(__always)
  mutating func append(_ first: UInt16, _ second: UInt16, _ third: UInt16) {
    appendUnit(first)
    appendUnit(second)
    appendUnit(third)
    bytes.append(0x20)
  }

  /// A follow token: ``SearchText/followMark``, a Hangul character and the first key of the
  /// one after it (never surrogates).
  @inline(__always)
  mutating func append(follow unit: UInt16, _ key: UInt16) {
    appendUnit(SearchText.followMark)
    appendUnit(unit)
    appendUnit(key)
    bytes.append(0x20)
  }

  /// An initials token: ``SearchText/initialsMark`` and the first keys of one to three
  /// neighbouring Hangul characters (letters, never surrogates).
  @inline(__always)
  mutating func append(initials first: UInt16, _ second: UInt16? = nil, _ third: UInt16? = nil) {
    appendUnit(SearchText.initialsMark)
    appendUnit(first)
    if let second { appendUnit(second) }
    if let third { appendUnit(third) }
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
