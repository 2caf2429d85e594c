import HaruShared

extension SearchText {
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
