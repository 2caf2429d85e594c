// Fuzz target: search box text of any content, run against a small real journal database through
// the bigram index and through the list walk, page after page. Every search must succeed (no SQL
// or full-text query error) and return exactly what `JournalSearchQuery.matches` accepts, newest
// first. Compiled into HaruJournal by run.sh.

import Foundation
import HaruModels

#if canImport(Glibc)
  import Glibc
#endif

/// The database's folder, deleted when the process exits.
private let fuzzFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
  "haru-fuzz-search-\(getpid())", isDirectory: true)

/// Text that looks like query syntax, Korean compounds, and characters that are easy to get wrong.
private let fuzzTexts = [
  "장미향이 은은하다", "금목서향", "\"quoted\" rose", "a*b AND c", "NOT NEAR(x, y)", "brand:x -y )",
  "Rose 31", "ROSE", "들장미 (두 번째)", "e\u{301}té", "🌹 emoji", "100% 비누향", "'; DROP TABLE entry; --",
  "tab\there", "x", "머스크", "ÉCLAT", "",
  // Folding: decomposed Hangul, compatibility and conjoining jamo, width, case that folds to more.
  "\u{1100}\u{1161}\u{11A8}목서", "ㅋㅋㅋ ㄳ ㅘ", "ＣＨＡＮＥＬ", "Hermès Straße", "포근한 모기", "\u{301}",
]

private struct FuzzFixture {
  let indexed: SQLiteJournalStore
  let walked: SQLiteJournalStore
  let entries: [JournalEntry]

  static let shared = FuzzFixture()

  init() {
    do {
      let url = fuzzFolder.appendingPathComponent("journal.sqlite")
      indexed = try SQLiteJournalStore(fileURL: url)
      walked = try SQLiteJournalStore(fileURL: url, searchUsesIndex: false)
      atexit { try? FileManager.default.removeItem(at: fuzzFolder) }
      let today = CalendarDay(containing: Date(timeIntervalSince1970: 1_796_000_000), in: .gmt)
      var entries: [JournalEntry] = []
      for (index, text) in fuzzTexts.enumerated() {
        let draft = JournalEntryDraft(
          day: today.adding(days: -(index % 5)),
          brand: fuzzTexts[(index + 3) % fuzzTexts.count] + "b",
          perfumeName: fuzzTexts[(index + 7) % fuzzTexts.count] + "n", notes: text,
          sentence: fuzzTexts[(index + 11) % fuzzTexts.count] + "s", isFavorite: index % 3 == 0)
        entries.append(
          try JournalEntry(
            draft: draft, createdAt: Date(timeIntervalSince1970: 1_796_000_000 + Double(index % 4)))
        )
      }
      _ = try indexed.insert(entries)
      self.entries = entries
    } catch {
      fatalError("the fuzz journal could not be made: \(error)")
    }
  }
}

/// Runs one input; the entry point in `Entry/` calls it for every input libFuzzer tries.
///
/// - Parameters:
///   - start: The input's first byte, or `nil` when it is empty.
///   - count: The input's length in bytes.
/// - Returns: 0, as libFuzzer requires; a problem shows as a crash or a sanitizer report.
public func fuzzSearchQuery(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let fixture = FuzzFixture.shared
  let data = start.map { Data(bytes: $0, count: count) } ?? Data()
  let text = String(decoding: data, as: UTF8.self)
  let query = JournalSearchQuery(text)
  let limit = 1 + count % 4
  // One perfume's list too, a different one from input to input.
  let perfume = Perfume(of: fixture.entries[count % fixture.entries.count])
  for scope in [JournalList.all, .favorites, .perfume(perfume)] {
    let expected = fixture.entries
      .filter { query.matches($0) && scope.contains($0) }
      .sorted(by: JournalOrder.isNewer)
    for store in [fixture.indexed, fixture.walked] {
      var found: [JournalEntry] = []
      var cursor: JournalCursor?
      repeat {
        let page: [JournalEntry]
        do {
          page = try store.search(query, in: scope, after: cursor, limit: limit)
        } catch {
          fatalError("search failed for \(text.debugDescription): \(error)")
        }
        found += page
        cursor = page.count == limit ? page.last.map { JournalCursor(after: $0) } : nil
      } while cursor != nil && found.count <= expected.count
      guard found == expected else {
        fatalError(
          "search for \(text.debugDescription) in \(scope) found \(found.count) entries, "
            + "\(expected.count) expected")
      }
    }
  }
  return 0
}
