import HaruShared

/// A search query, folded and split into terms.
struct PlaceQuery: Sendable {
  /// One whitespace-separated part of the query: the model the journal's search uses too
  /// (``KoreanQuery``), so that 초성 and half-typed syllables mean the same in both.
  typealias Term = KoreanQuery.Term

  /// The terms, in the order typed; empty when the query has nothing to look for.
  let terms: [Term]
  /// The terms written together, as one more way to match a name (`용인시 수지구` for
  /// `용인시수지구`); `nil` for a query of one term.
  let joined: Term?
  /// The characters of all the terms written together, to compare with a whole full name.
  let whole: [UInt16]

  /// The longest query, in folded characters, that can match anything: longer than any area's
  /// names put together, so a longer one is answered at once with nothing.
  static let maximumLength = 100

  /// Folds and splits a query.
  ///
  /// A term with no letter and no digit (punctuation alone) is dropped.
  init(_ text: String) {
    // Cheap refusal before folding: folding never shortens text by more than a few times.
    guard text.utf8.count <= Self.maximumLength * 16 else {
      terms = []
      joined = nil
      whole = []
      return
    }
    let folded = KoreanText.fold(text)
    let endsOpen = folded.last.map { !$0.isWhitespace } ?? false
    let parts = folded.split(whereSeparator: \.isWhitespace)
    let total = parts.reduce(0) { $0 + $1.unicodeScalars.count }
    guard total <= Self.maximumLength else {
      terms = []
      joined = nil
      whole = []
      return
    }
    var terms: [Term] = []
    for (index, part) in parts.enumerated() {
      let hasContent = part.unicodeScalars.contains {
        $0.properties.isAlphabetic || $0.properties.numericType != nil
      }
      guard hasContent else { continue }
      let units = part.unicodeScalars.map { scalar -> UInt16 in
        scalar.value <= 0xFFFF ? UInt16(scalar.value) : 0xFFFF
      }
      terms.append(Term(units, mayBeUnfinished: endsOpen && index == parts.count - 1))
    }
    self.terms = terms
    whole = terms.flatMap(\.units)
    if terms.count > 1 {
      joined = Term(
        terms.flatMap(\.units), mayBeUnfinished: terms.last?.unfinishedKeys != nil)
    } else {
      joined = nil
    }
  }
}
