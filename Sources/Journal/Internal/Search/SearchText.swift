import HaruShared

/// The text rules of search, shared by the stores: folding, the three ways a term matches a
/// field, and the tokens the SQLite index is built from.
///
/// Text is folded by ``KoreanText/normalized(_:)`` (NFKC, full case folding, combining marks
/// removed, NFC) and compared as UTF-16 code units. Every store matches with this code, so they
/// agree unit for unit.
///
/// The rules live in one file per concern: folding (`SearchText+Folding.swift`), matching a term
/// against a field (`SearchText+Matching.swift`), the text written to the index
/// (`SearchText+IndexText.swift`) and what a term asks the index for
/// (`SearchText+IndexQueries.swift`).
///
/// ## Soundness
///
/// The index only narrows the candidates that matching checks, so every part must keep one rule:
/// **every requirement the index is asked for holds for every match.** A term asks the index only
/// for tokens that ``indexText(_:)`` writes for every entry that ``matches(_:in:)-(Term,[UInt16])``
/// accepts; a token asked for that one match lacks leaves that entry out of the candidates, and
/// search then misses it silently, with no error and no sign. So a change to how text folds, how a
/// term matches, what the index text holds or what a term asks for must keep the other three in
/// step, and the agreement tests (`SearchReference`, the adversarial journals) check it against a
/// brute-force search. Asking for fewer tokens is always sound; it only costs speed.
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
}
