public import Foundation
public import HaruModels

/// How ``JournalRepository/export(to:as:progress:)`` writes a journal archive.
public enum JournalArchiveFormat: Hashable, Sendable {
  /// A folder holding `manifest.json`, `entries.jsonl` and `photos/`.
  case folder
  /// One `.harujournal` file: a zip file holding the same files, stored without compression, so
  /// that any zip tool opens it. At most 4 GiB and 65,535 photos; larger journals export as a
  /// folder.
  case singleFile
}

/// How far an export or an import has come.
public struct JournalTransferProgress: Hashable, Sendable {
  /// The entries written or imported so far.
  public let completedEntries: Int
  /// The entries to write or import.
  public let totalEntries: Int
  /// The photos copied so far.
  public let completedPhotos: Int
  /// The photos to copy, once known; 0 before.
  public let totalPhotos: Int

  /// Creates a progress value.
  ///
  /// - Parameters:
  ///   - completedEntries: The entries done.
  ///   - totalEntries: The entries to do.
  ///   - completedPhotos: The photos done.
  ///   - totalPhotos: The photos to do.
  public init(completedEntries: Int, totalEntries: Int, completedPhotos: Int, totalPhotos: Int) {
    self.completedEntries = completedEntries
    self.totalEntries = totalEntries
    self.completedPhotos = completedPhotos
    self.totalPhotos = totalPhotos
  }

  /// The fraction done, from 0 to 1, counting an entry and a photo alike.
  public var fractionCompleted: Double {
    let total = totalEntries + totalPhotos
    guard total > 0 else { return 1 }
    return min(1, Double(completedEntries + completedPhotos) / Double(total))
  }
}

/// What an export wrote.
public struct JournalExportReport: Hashable, Sendable {
  /// The archive (or CSV file) written.
  public let location: URL
  /// The entries written.
  public let entryCount: Int
  /// The photo files written.
  public let photoCount: Int
  /// The entries whose photo file was missing from the journal's folder: each is exported with
  /// its photo's name but without the file, and an import reports it as missing again.
  public let missingPhotos: [JournalError]
  /// Stored rows that no longer read as entries, left out of the archive.
  public let unreadable: [JournalError]
}

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

/// What ``JournalStore/merge(_:)`` did with one entry.
public enum JournalMergeOutcome: Hashable, Sendable {
  /// No entry had its identity: it was added.
  case added
  /// It replaced the stored entry given here, which was updated earlier.
  case replaced(JournalEntry)
  /// The stored entry given here was updated at the same time or later, and was kept.
  case kept(JournalEntry)
}
