// The entry point of the fuzz executable compiled into HaruJournal. run.sh builds it once and
// links it under each target's name (fuzz-journal-import, fuzz-search-query); the name it runs
// under picks the target.

import Foundation

private let target = (CommandLine.arguments.first ?? "").split(separator: "/").last.map(String.init)

/// Runs one input through the target the executable's name picks; libFuzzer calls this for every
/// input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournalInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  switch target {
  case "fuzz-journal-import": return fuzzJournalImport(start, count)
  case "fuzz-search-query": return fuzzSearchQuery(start, count)
  default: fatalError("no fuzz target of HaruJournal is named \(target ?? "")")
  }
}
