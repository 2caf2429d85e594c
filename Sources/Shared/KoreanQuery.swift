/// The Korean query model shared by the journal's search and the place directory: what one term
/// of a query is, and the three ways it matches text.
///
/// A term matches text when
/// 1. **it occurs in it**;
/// 2. **it is 초성**: every character is one of the 19 consonants that begin a syllable (ㄱ … ㅎ,
///    ㄲ ㄸ ㅃ ㅆ ㅉ, typed as compatibility or conjoining letters), and they are the initial
///    consonants of consecutive characters of the text (``initials``);
/// 3. **its last character is still being typed**: it is the last term of a query that does not
///    end in whitespace, that character is Hangul, and the text holds the term's other characters
///    followed by text whose keys begin with that character's keys (``unfinishedKeys``,
///    ``KoreanText/keysBegin(_:in:at:upTo:)``). Keys are the jamo a keyboard types, compound
///    letters split (ㄳ → ㄱㅅ, ㅘ → ㅗㅏ), so a final consonant may go on as the next syllable's
///    initial: `닭` finds `달걀`.
///
/// Compound letters (ㄳ ㄵ ㄶ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅄ) are **not** 초성 letters. No syllable begins
/// with one, so a 초성 term holding one could match only that letter written alone, which the
/// first way already finds; typed alone, such a letter is a half-typed character (ㄺ is the keys
/// ㄹ ㄱ) and matches text that types those keys, as every other half-typed character does.
/// Compound vowels (ㅘ ㅢ …) are vowels and never 초성.
package enum KoreanQuery {
  /// One whitespace-separated term of a query, already folded by the caller.
  package struct Term: Hashable, Sendable {
    /// The folded characters as UTF-16 code units; never empty for a term made by ``terms(_:)``.
    package let units: [UInt16]
    /// For a term of 초성 letters only: the consonants, as compatibility letters; `nil` otherwise.
    package let initials: [UInt16]?
    /// For the last term of a query that does not end in whitespace, when its last character is
    /// Hangul: the keys that type that character, which may still be being typed.
    package let unfinishedKeys: [UInt16]?

    /// A term of folded characters.
    ///
    /// - Parameters:
    ///   - units: The folded characters.
    ///   - mayBeUnfinished: Whether the term ends the query with no whitespace after it.
    package init(_ units: [UInt16], mayBeUnfinished: Bool) {
      self.units = units
      initials = KoreanQuery.initials(of: units)
      if mayBeUnfinished, let last = units.last, KoreanText.isHangul(last) {
        unfinishedKeys = KoreanQuery.keys(of: last)
      } else {
        unfinishedKeys = nil
      }
    }

    /// The characters before the one that may still be being typed.
    package var finished: ArraySlice<UInt16> { units.dropLast() }
  }

  /// The terms of folded text, split at whitespace, each once; the last one may be unfinished
  /// when the text does not end in whitespace.
  ///
  /// - Parameter folded: Text folded as the caller matches it.
  /// - Returns: The terms in the order typed, a term given twice kept once.
  package static func terms(_ folded: String) -> [Term] {
    let endsOpen = folded.last.map { !$0.isWhitespace } ?? false
    let parts = folded.split(whereSeparator: \.isWhitespace)
    var seen: Set<Term> = []
    return parts.enumerated().compactMap { index, part in
      let term = Term(Array(part.utf16), mayBeUnfinished: endsOpen && index == parts.count - 1)
      return seen.insert(term).inserted ? term : nil
    }
  }

  /// The 초성 a term stands for: its characters as compatibility consonants when every one of
  /// them is one of the 19 consonants that begin a syllable, written as a letter in either form;
  /// `nil` otherwise (a syllable, a vowel, a compound consonant, anything else).
  ///
  /// - Parameter units: A term's folded characters.
  /// - Returns: The consonants, or `nil` when the term is not 초성.
  package static func initials(of units: [UInt16]) -> [UInt16]? {
    guard !units.isEmpty else { return nil }
    var letters: [UInt16] = []
    letters.reserveCapacity(units.count)
    for unit in units {
      guard !KoreanText.isSyllable(unit), let letter = KoreanText.initialConsonant(of: unit) else {
        return nil
      }
      letters.append(letter)
    }
    return letters
  }

  /// The keys that type one character (compound letters split, letters in compatibility form);
  /// anything that is not Hangul as itself.
  ///
  /// - Parameter unit: A folded character.
  /// - Returns: One to five keys.
  package static func keys(of unit: UInt16) -> [UInt16] {
    let keys = KoreanText.keys(of: unit)
    return (0..<keys.count).map { keys[$0] }
  }

  /// Whether a term of 초성 matches text at `offset`: each of its consonants is the initial
  /// consonant of the character at its place.
  ///
  /// - Parameters:
  ///   - initials: A term's ``Term/initials``.
  ///   - text: Folded text.
  ///   - offset: Where in `text` the first consonant is compared; `text` must hold
  ///     `initials.count` characters from there.
  /// - Returns: Whether the consonants begin the characters from `offset` on.
  package static func initialsBegin(
    _ initials: [UInt16], in text: UnsafeBufferPointer<UInt16>, at offset: Int
  ) -> Bool {
    var index = offset
    for letter in initials {
      guard KoreanText.initialConsonant(of: text[index]) == letter else { return false }
      index += 1
    }
    return true
  }
}

extension KoreanText {
  /// Whether the keys that type the characters of `text` from `offset` on, before `end`, begin
  /// with `keys`: the half-typed way of matching (``KoreanQuery/Term/unfinishedKeys``).
  ///
  /// - Parameters:
  ///   - keys: The keys typed so far of a character.
  ///   - text: Folded text.
  ///   - offset: Where the keys must begin.
  ///   - end: Where the text that may hold them ends.
  /// - Returns: Whether the text's keys from `offset` on begin with `keys`.
  package static func keysBegin(
    _ keys: [UInt16], in text: UnsafeBufferPointer<UInt16>, at offset: Int, upTo end: Int
  ) -> Bool {
    var matched = 0
    var index = offset
    while matched < keys.count {
      guard index < end else { return false }
      let typed = KoreanText.keys(of: text[index])
      var key = 0
      while key < typed.count, matched < keys.count {
        guard typed[key] == keys[matched] else { return false }
        key += 1
        matched += 1
      }
      index += 1
    }
    return true
  }
}
