import Dispatch
public import Foundation
import HaruModels
import HaruShared

// Importing tab-separated text, in transactions of `importBatchSize` lines.
extension JournalRepository {
  /// How many lines of an import are written in one transaction: an import lets other processes'
  /// writes in between two (a suspension does not wait: it stops the transaction that runs). At
  /// a few thousand lines a second, another process waits about a second at most.
  static let importBatchSize = 5_000

  /// Imports entries from tab-separated text, in transactions of 5,000 lines.
  ///
  /// Each line is one entry: `id` (a UUID, which the entry keeps), `date` (`YYYY-MM-DD`),
  /// `brand`, `name`, `content` (the notes), `sentence` and `favorite` (`0` or `1`), separated by
  /// tabs, without a header. In the text fields, `\t`, `\n`, `\r` and `\\` stand for a tab, a
  /// line break, a carriage return and a backslash. Entries get increasing creation times in file
  /// order.
  ///
  /// Lines that cannot be imported do not stop the others: each one is reported with its line
  /// number and reason (not UTF-8, wrong number of fields, a field that cannot be read, a field
  /// that fails validation, or an identity used earlier in the file). A line whose identity is
  /// already in the journal is skipped and counted in ``JournalImportReport/skippedLines``, so
  /// running an interrupted import again adds nothing twice. All other lines are added, 5,000 to a
  /// transaction, so that other processes can write in between; a ``suspend()`` stops the
  /// transaction that runs and rolls it back, and the import writes it again, and the rest, after
  /// ``resume()``.
  ///
  /// - Parameter data: The file's bytes, UTF-8 text.
  /// - Returns: How many entries were added, which lines were skipped and which were refused.
  /// - Throws: ``JournalError/Code/diskFull``, ``JournalError/Code/readOnly``,
  ///   ``JournalError/Code/busy`` or ``JournalError/Code/databaseFailure`` when a transaction
  ///   fails; then the lines of the transactions before were added, and running the same import
  ///   again adds the rest.
  @concurrent
  public func importEntries(fromTSV data: Data) async throws(JournalError) -> JournalImportReport {
    try await onWrites { () throws(JournalError) in try self.importNow(data) }
  }

  /// Runs the import on ``writes``.
  private func importNow(_ data: Data) throws(JournalError) -> JournalImportReport {
    dispatchPrecondition(condition: .onQueue(writes))
    try checkWritable()
    let parsed = TSVImport.parse(data)
    var rejected = parsed.rejected
    var firstLine: [JournalEntry.ID: Int] = [:]
    var entries: [JournalEntry] = []
    entries.reserveCapacity(parsed.rows.count)
    let start = JournalTime.microseconds(now())
    for row in parsed.rows {
      if let first = firstLine[row.id] {
        rejected.append(
          JournalError(
            .duplicateEntry, message: "The identity \(row.id) is already used on line \(first).",
            field: "id", line: row.line, entryID: row.id))
        continue
      }
      let createdAt = JournalTime.date(microseconds: start + Int64(entries.count))
      do {
        entries.append(try JournalEntry(id: row.id, draft: row.draft, createdAt: createdAt))
        firstLine[row.id] = row.line
      } catch {
        rejected.append(JournalError(invalid: error, line: row.line, entryID: row.id))
      }
    }
    var skipped: Set<JournalEntry.ID> = []
    var next = 0
    while next < entries.count {
      let batch = Array(entries[next..<min(next + Self.importBatchSize, entries.count)])
      try skipped.formUnion(
        writeWhenRunning { () throws(JournalError) in
          try write { () throws(JournalError) in
            (try capabilities.insertImported(batch), Touched.everything)
          }
        })
      next += batch.count
    }
    mergeSearchIndexNow(afterImportOf: entries.count - skipped.count)
    rejected.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    return JournalImportReport(
      importedCount: entries.count - skipped.count,
      skippedLines: skipped.compactMap { firstLine[$0] }.sorted(), rejectedLines: rejected)
  }
}
