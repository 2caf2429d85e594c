import HaruJournal
import HaruModels

/// A store whose lists and searches cannot be read, for the repository's error paths.
final class FailingReadsStore: JournalStore {
  func insert(_ entries: [JournalEntry]) -> Set<JournalEntry.ID> { [] }
  func update(
    _ id: JournalEntry.ID, _ change: (JournalEntry) throws(JournalError) -> JournalEntry
  ) throws(JournalError) -> (old: JournalEntry, new: JournalEntry) {
    throw JournalError(.entryNotFound, message: "none")
  }
  func delete(_ id: JournalEntry.ID) throws(JournalError) -> JournalEntry {
    throw JournalError(.entryNotFound, message: "none")
  }
  func entry(_ id: JournalEntry.ID) -> JournalEntry? { nil }
  func entries(
    in list: JournalList, after cursor: JournalCursor?, limit: Int
  ) throws(JournalError) -> [JournalEntry] {
    throw JournalError(.databaseFailure, message: "the disk is gone")
  }
  func search(
    _ query: JournalSearchQuery, in list: JournalList, after cursor: JournalCursor?, limit: Int
  ) throws(JournalError) -> [JournalEntry] {
    throw JournalError(.databaseFailure, message: "the disk is gone")
  }
  func count(in list: JournalList) -> Int { 0 }
  func perfumes() -> [PerfumeSummary] { [] }
  func referencedPhotos(among names: Set<PhotoName>) -> Set<PhotoName> { names }
}
