public import HaruModels

/// What ``JournalRepository/import(archive:progress:)`` did with each entry of an archive.
///
/// Nothing is left out silently: every line of `entries.jsonl` was added, replaced a stored
/// entry, was kept out because the journal's own entry is as new or newer, or is in
/// ``rejectedLines``.
public struct JournalArchiveImportReport: Hashable, Sendable {
  /// The entries added: their identity was not in the journal.
  public let addedCount: Int
  /// The entries that replaced the journal's own, whose update time was earlier.
  public let replaced: [JournalEntry.ID]
  /// The entries left out because the journal's own entry was updated later.
  public let keptNewer: [JournalEntry.ID]
  /// The entries left out because the journal holds them already with the same update time.
  public let unchangedCount: Int
  /// One error per refused line, with its 1-based ``JournalError/line``, in line order.
  public let rejectedLines: [JournalError]
  /// One ``JournalError/Code/missingPhoto`` per entry imported without its photo, with the
  /// entry's identity and line.
  public let missingPhotos: [JournalError]
  /// The photo files written into the journal.
  public let photoCount: Int
}
