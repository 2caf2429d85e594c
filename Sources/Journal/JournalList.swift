public import HaruModels

/// Which entries to look at: every entry, the favorites, or one perfume's entries.
///
/// One scope serves every way of reading the journal: a page of a list, a search, a count and an
/// observation take the same value, and so does the journal list's view model. Entries come
/// newest first: by day, latest first, then by creation time, latest first.
///
/// ```swift
/// let favorites = try await journal.entries(in: .favorites)
/// let rose = JournalList.perfume(Perfume(of: entry))
/// let roseCount = try await journal.count(in: rose)
/// let roseAndMusk = try await journal.search("머스크", in: rose)
/// ```
public enum JournalList: Hashable, Sendable {
  /// Every entry.
  case all
  /// The entries marked as favorites.
  case favorites
  /// The entries about one perfume: those with exactly its brand and perfume name.
  case perfume(Perfume)

  /// Whether an entry belongs in this list.
  ///
  /// - Parameter entry: Any entry.
  /// - Returns: `true` for every entry in ``all``, for favorites in ``favorites``, and for entries
  ///   with exactly the same brand and perfume name (the same Unicode scalars, as the database
  ///   compares them) in ``perfume(_:)``.
  public func contains(_ entry: JournalEntry) -> Bool {
    switch self {
    case .all: true
    case .favorites: entry.isFavorite
    case .perfume(let perfume):
      entry.brand.utf8.elementsEqual(perfume.brand.utf8)
        && entry.perfumeName.utf8.elementsEqual(perfume.name.utf8)
    }
  }
}
