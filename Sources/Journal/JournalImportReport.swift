/// What an import did: how many entries it added, how many it skipped because they were already
/// in the journal, and which lines it refused, and why.
///
/// An import never drops a line silently: every line that was neither imported nor skipped is in
/// ``rejectedLines``, as an error whose ``JournalError/line`` is its 1-based line number.
public struct JournalImportReport: Hashable, Sendable {
  /// The number of entries added.
  public let importedCount: Int
  /// The 1-based lines skipped because an entry with their identity is already in the journal,
  /// as after an interrupted import is run again; in line order.
  public let skippedLines: [Int]
  /// One error per refused line, in line order.
  public let rejectedLines: [JournalError]

  /// The number of lines skipped because their entries were already there.
  public var skippedCount: Int { skippedLines.count }

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - importedCount: The number of entries added.
  ///   - skippedLines: The lines whose entries were already in the journal.
  ///   - rejectedLines: One error per refused line, in line order.
  public init(importedCount: Int, skippedLines: [Int] = [], rejectedLines: [JournalError]) {
    self.importedCount = importedCount
    self.skippedLines = skippedLines
    self.rejectedLines = rejectedLines
  }
}
