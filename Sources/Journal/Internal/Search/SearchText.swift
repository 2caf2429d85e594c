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
  /// One term of a query, folded, with what its other two ways of matching need: the model
  /// the place directory uses too (``KoreanQuery``).
  typealias Term = KoreanQuery.Term

  /// The terms of a search box's text: folded, split at whitespace; the last one may be
  /// unfinished when the text does not end in whitespace.
  static func terms(_ text: String) -> [Term] {
    KoreanQuery.terms(KoreanText.normalized(text))
  }
}
