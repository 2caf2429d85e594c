public import HaruModels

/// What to search the journal for: the terms of a search box's text.
///
/// The text is trimmed and split at whitespace; every term must occur somewhere in an entry's
/// brand, perfume name, notes or sentence — anywhere, also in the middle of a word, so `장미`
/// finds `들장미향`. Latin letters `A`–`Z` match either case; every other character matches only
/// itself. Nothing in the text is an operator: `"`, `*`, `-`, `AND`, `NOT`, `brand:x` or `NEAR(`
/// are searched for as they are written.
///
/// ```swift
/// let query = JournalSearchQuery("장미 rose")
/// query.terms            // ["장미", "rose"]
/// query.matches(entry)   // true when both occur in the entry
/// ```
public struct JournalSearchQuery: Hashable, Sendable, CustomStringConvertible {
  /// The terms, in the order typed; each is non-empty and holds no whitespace.
  public let terms: [String]

  /// The terms as UTF-8 bytes with `A`–`Z` folded to lower case, as they are matched.
  let foldedTerms: [[UInt8]]

  /// Makes a query from the text of a search box.
  ///
  /// - Parameter text: Any text. Leading and trailing whitespace is ignored, and whitespace
  ///   separates terms; text that is empty or only whitespace makes a query that finds nothing.
  public init(_ text: String) {
    terms = text.split(whereSeparator: \.isWhitespace).map(String.init)
    foldedTerms = terms.map(SearchText.folded)
  }

  /// Whether the query has no terms and so finds nothing.
  public var isEmpty: Bool { terms.isEmpty }

  /// The terms separated by single spaces.
  public var description: String { terms.joined(separator: " ") }

  /// Whether an entry matches: every term occurs in its brand, perfume name, notes or sentence.
  ///
  /// - Parameter entry: The entry to test.
  /// - Returns: `true` when every term occurs in at least one of the four fields; `false` for an
  ///   empty query.
  public func matches(_ entry: JournalEntry) -> Bool {
    guard !isEmpty else { return false }
    var brand = entry.brand
    var name = entry.perfumeName
    var notes = entry.notes
    var sentence = entry.sentence
    return brand.withUTF8 { brand in
      name.withUTF8 { name in
        notes.withUTF8 { notes in
          sentence.withUTF8 { sentence in
            SearchText.matches(foldedTerms, in: [brand, name, notes, sentence])
          }
        }
      }
    }
  }
}

/// Which entries a search looks at.
public enum JournalSearchScope: Hashable, Sendable, CaseIterable {
  /// Every entry.
  case all
  /// Only the entries marked as favorites.
  case favorites

  /// Whether an entry is in the scope.
  ///
  /// - Parameter entry: The entry to test.
  /// - Returns: `true` for every entry in ``all``, and for favorites in ``favorites``.
  public func contains(_ entry: JournalEntry) -> Bool {
    switch self {
    case .all: true
    case .favorites: entry.isFavorite
    }
  }
}
