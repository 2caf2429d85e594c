public import HaruModels

/// A perfume as the journal groups entries: a brand and a perfume name.
///
/// Entries belong to the same perfume when their brand and perfume name are exactly equal, as
/// stored (entries keep them trimmed of surrounding whitespace). Take a perfume from an entry with
/// ``init(of:)``, or from the journal's list of perfumes.
public struct Perfume: Hashable, Sendable, CustomStringConvertible {
  /// The brand, such as `"Le Labo"`.
  public let brand: String
  /// The perfume's name, such as `"Rose 31"`.
  public let name: String

  /// Creates a perfume.
  ///
  /// - Parameters:
  ///   - brand: The brand, as stored in entries.
  ///   - name: The perfume's name, as stored in entries.
  public init(brand: String, name: String) {
    self.brand = brand
    self.name = name
  }

  /// The perfume an entry is about: its brand and perfume name.
  ///
  /// - Parameter entry: A journal entry.
  public init(of entry: JournalEntry) {
    self.init(brand: entry.brand, name: entry.perfumeName)
  }

  /// The brand and the name, such as `"Le Labo Rose 31"`.
  public var description: String { "\(brand) \(name)" }

  /// Whether two perfumes have exactly the same brand and name: the same Unicode scalars, as the
  /// database compares them. (A composed and a decomposed spelling of the same Hangul are
  /// different perfumes, although `String` calls them equal.)
  ///
  /// - Parameters:
  ///   - lhs: A perfume.
  ///   - rhs: Another perfume.
  /// - Returns: Whether brand and name are equal scalar for scalar.
  public static func == (lhs: Perfume, rhs: Perfume) -> Bool {
    lhs.brand.utf8.elementsEqual(rhs.brand.utf8) && lhs.name.utf8.elementsEqual(rhs.name.utf8)
  }

  /// Hashes the brand's and the name's UTF-8 bytes, in line with ``==(_:_:)``.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    for byte in brand.utf8 { hasher.combine(byte) }
    hasher.combine(0xFF as UInt8)  // never part of UTF-8: separates brand from name
    for byte in name.utf8 { hasher.combine(byte) }
  }
}

/// What the journal knows about one perfume: how many entries it has and when it was last smelled.
public struct PerfumeSummary: Hashable, Sendable {
  /// The perfume.
  public let perfume: Perfume
  /// The number of entries about it; at least 1.
  public let entryCount: Int
  /// The latest day among its entries.
  public let lastDay: CalendarDay

  /// Creates a summary.
  ///
  /// - Parameters:
  ///   - perfume: The perfume.
  ///   - entryCount: The number of entries about it.
  ///   - lastDay: The latest day among its entries.
  public init(perfume: Perfume, entryCount: Int, lastDay: CalendarDay) {
    self.perfume = perfume
    self.entryCount = entryCount
    self.lastDay = lastDay
  }
}
