// Fuzz target: journal import data of any content, split into lines and read as entry fields, then
// validated as the import does. Compiled into HaruJournal by run.sh.

import Foundation
import HaruModels

/// Runs one input; the entry point in `Entry/` calls it for every input libFuzzer tries.
///
/// - Parameters:
///   - start: The input's first byte, or `nil` when it is empty.
///   - count: The input's length in bytes.
/// - Returns: 0, as libFuzzer requires; a problem shows as a crash or a sanitizer report.
public func fuzzJournalImport(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let data = start.map { Data(bytes: $0, count: count) } ?? Data()
  let (rows, _) = TSVImport.parse(data)
  for row in rows {
    _ = try? JournalEntry(id: row.id, draft: row.draft, createdAt: Date())
  }
  return 0
}
