public import HaruModels
import HaruShared

/// What to search the journal for: the terms of a search box's text, matched as a Korean user
/// types.
///
/// Text and query are folded alike: NFKC, full Unicode case folding, combining marks removed,
/// then NFC — so `hermes` finds "Hermès", `chanel` finds "ＣＨＡＮＥＬ", and text pasted
/// decomposed finds and is found by the same text composed. The folded text is split at
/// whitespace into terms; an entry matches when every term matches its brand, perfume name,
/// notes or sentence, in one of three ways:
///
/// 1. the term occurs in the field, anywhere, also inside a word (`목서` finds "금목서향");
/// 2. the term is only consonant letters (초성), and they are the initial consonants of
///    consecutive characters of the field (`ㄱㅁㅅ` finds "금목서향", `ㅋㅋ` finds "ㅋㅋㅋ");
/// 3. the term is the last of a text that does not end in whitespace and ends in Hangul that may
///    still be being typed: the field holds the rest of the term followed by text whose keys
///    begin with that character's keys, compound letters split as a keyboard types them
///    (`금몫` and `금목ㅅ` find "금목서향", `포근하` finds "포근한", `목` finds "모기").
///
/// Nothing in the text is an operator: `"`, `*`, `-`, `AND`, `NOT`, `brand:x` or `NEAR(` are
/// searched for as they are written. Stored text is returned as it was written; folding is for
/// matching only.
///
/// ```swift
/// let query = JournalSearchQuery("Hermès 금몫")
/// query.terms            // ["hermes", "금몫"]
/// query.matches(entry)   // true for an entry of "HERMÈS" that says "금목서향"
/// ```
public struct JournalSearchQuery: Hashable, Sendable, CustomStringConvertible {
  /// The text the query was made from, as typed.
  public let text: String

  /// The terms, folded as they are matched, in the order typed, a term given twice only once;
  /// each is non-empty and holds no whitespace.
  public var terms: [String] {
    foldedTerms.map { String(decoding: $0.units, as: UTF16.self) }
  }

  /// The folded terms, with what their other ways of matching need.
  let foldedTerms: [SearchText.Term]

  /// Makes a query from the text of a search box.
  ///
  /// - Parameter text: Any text. Whitespace separates terms, and whether the text ends in
  ///   whitespace decides whether its last character may still be being typed. Text that is
  ///   empty or folds to only whitespace makes a query that finds nothing.
  public init(_ text: String) {
    self.text = text
    foldedTerms = SearchText.terms(text)
  }

  /// Whether the query has no terms and so finds nothing.
  public var isEmpty: Bool { foldedTerms.isEmpty }

  /// The terms separated by single spaces.
  public var description: String { terms.joined(separator: " ") }

  /// Whether an entry matches: every term matches its brand, perfume name, notes or sentence.
  ///
  /// - Parameter entry: The entry to test.
  /// - Returns: `true` when every term matches at least one of the four fields; `false` for an
  ///   empty query.
  /// - Complexity: O(*t* × *n*) for *t* terms and fields of *n* characters, after folding the
  ///   fields.
  public func matches(_ entry: JournalEntry) -> Bool {
    guard !isEmpty else { return false }
    let fields = [entry.brand, entry.perfumeName, entry.notes, entry.sentence].map {
      SearchText.folded($0)
    }
    return SearchText.matches(foldedTerms, in: fields)
  }
}
