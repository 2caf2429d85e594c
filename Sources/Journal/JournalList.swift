public import HaruModels

/// Which entries a list shows. Every list is ordered newest first: by day, latest first, then by
/// creation time, latest first.
///
/// ```swift
/// let favorites = try await journal.entries(in: .favorites)
/// let rose = try await journal.entries(in: .perfume(Perfume(of: entry)))
/// ```
public enum JournalList: Hashable, Sendable {
  /// Every entry.
  case all
  /// The entries marked as favorites.
  case favorites
  /// The entries about one perfume.
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
