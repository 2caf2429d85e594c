/// What an import did: how many entries it added and which lines it refused, and why.
///
/// An import never drops a line silently: every line that was not imported is in
/// ``rejectedLines``, as an error whose ``JournalError/line`` is its 1-based line number.
public struct JournalImportReport: Hashable, Sendable {
  /// The number of entries added.
  public let importedCount: Int
  /// One error per refused line, in line order.
  public let rejectedLines: [JournalError]

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - importedCount: The number of entries added.
  ///   - rejectedLines: One error per refused line, in line order.
  public init(importedCount: Int, rejectedLines: [JournalError]) {
    self.importedCount = importedCount
    self.rejectedLines = rejectedLines
  }
}
