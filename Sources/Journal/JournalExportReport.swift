public import Foundation

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
