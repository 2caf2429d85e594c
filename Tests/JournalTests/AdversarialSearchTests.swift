import Foundation
import HaruJournal
import HaruModels
import Testing

@testable import HaruJournal

/// Search over the journals `haru-bench` measures as `journal.search.adversarial.*`
/// (``AdversarialJournal``), where every piece of a query's term is common and the term is rare:
/// the generator makes what it says, and every store finds exactly what ``SearchReference``
/// finds, for each query and each text typed on the way to it.
struct AdversarialSearchTests {
  /// Entries of the journal searched: 2,000, or `HARU_ADVERSARIAL_SIZE` in the environment (the
  /// sanitized runs take fewer).
  static let size =
    ProcessInfo.processInfo.environment["HARU_ADVERSARIAL_SIZE"].flatMap { Int($0) } ?? 2_000

  static func entries(
    size: Int = size, family: AdversarialJournal.Family = .main
  ) throws -> [JournalEntry] {
    var random = SeededGenerator(seed: 0x4144_5645)  // "ADVE"
    let rows = AdversarialJournal.rows(size: size, family: family, using: &random)
    return try rows.enumerated().map { index, row in
      try JournalEntry(
        id: JournalEntry.ID(row.id), day: row.day, brand: row.brand,
        perfumeName: row.name, notes: row.notes, sentence: row.sentence,
        isFavorite: row.isFavorite, createdAt: Fixture.time(Double(index % 7)))
    }
  }

  @Test func eachQueryMatchesAsManyEntriesAsTheGeneratorPlanted() throws {
    let entries = try Self.entries()
    #expect(AdversarialJournal.matchesPerKind(size: 2_000) == 5)
    for family in AdversarialJournal.Family.allCases {
      let entries = try Self.entries(family: family)
      for kind in AdversarialJournal.kinds where kind.family == family {
        let query = JournalSearchQuery(kind.query)
        let found = entries.filter { query.matches($0) }.count
        #expect(found == kind.matches(size: Self.size), "\(kind.name) \(kind.query)")
      }
    }
    // Every compound final and compound vowel has a kind of its own.
    let compound = AdversarialJournal.compoundKinds.compactMap { kind -> UInt32? in
      guard let syllable = kind.query.unicodeScalars.first?.value else { return nil }
      let index = syllable - 0xAC00
      let compoundFinals: Set<UInt32> = [3, 5, 6, 9, 10, 11, 12, 13, 14, 15, 18]
      return compoundFinals.contains(index % 28) ? 100 + index % 28 : (index / 28) % 21
    }
    #expect(
      Set(compound) == [
        9, 10, 11, 14, 15, 16, 19, 103, 105, 106, 109, 110, 111, 112, 113, 114, 115, 118,
      ])
    // The syllables on the way to each compound kind's syllable are common in its journal.
    let compoundEntries = try Self.entries(family: .compound)
    for piece in ["다리", "달빛", "가방", "오후", "으뜸"] {
      let holding = compoundEntries.filter { JournalSearchQuery(piece + " ").matches($0) }.count
      #expect(holding > Self.size / 40, "\(piece) is held by \(holding) entries")
    }
    // Half the entries are decomposed; the pieces of each term are common.
    let decomposed = entries.filter {
      $0.notes.unicodeScalars.count
        > $0.notes.precomposedStringWithCanonicalMapping.unicodeScalars.count
    }
    #expect(decomposed.count > Self.size / 3 && decomposed.count < Self.size * 2 / 3)
    let pieces = ["모든", "몸과", "장미꽃", "가마", "머스크", "사랑", "나무", "오늘", "향수", "door", "coin"]
    for piece in pieces {
      let holding = entries.filter { JournalSearchQuery(piece + " ").matches($0) }.count
      #expect(holding > Self.size / 10, "\(piece) is held by \(holding) entries")
    }
  }

  @Test func theLargerJournalsAreSparser() {
    #expect(AdversarialJournal.matchesPerKind(size: 10_000) == 12)
    #expect(AdversarialJournal.matchesPerKind(size: 100_000) == 37)
    #expect(AdversarialJournal.matchesPerKind(size: 1_000_000) == 120)
    #expect(AdversarialJournal.matchesPerKind(size: 40) == 1)
  }

  @Test func theSameSeedMakesTheSameJournal() throws {
    var first = SeededGenerator(seed: 7)
    var second = SeededGenerator(seed: 7)
    let a = AdversarialJournal.tsv(AdversarialJournal.rows(size: 300, using: &first))
    let b = AdversarialJournal.tsv(AdversarialJournal.rows(size: 300, using: &second))
    #expect(a == b)
    // Five years of days from 2025-01-01, in the import's format.
    var random = SeededGenerator(seed: 7)
    let days = AdversarialJournal.rows(size: 300, using: &random).map(\.day)
    let start = try CalendarDay(year: 2025, month: 1, day: 1)
    #expect(days.allSatisfy { $0 >= start && start.days(until: $0) < 1_825 })
    #expect(String(decoding: a.prefix(60), as: UTF8.self).contains("\t\(days[0])\t"))
  }

  @Test(arguments: SearchAgreementTests.Store.allCases, AdversarialJournal.Family.allCases)
  func everyStoreFindsWhatTheReferenceFinds(
    store kind: SearchAgreementTests.Store, family: AdversarialJournal.Family
  ) throws {
    try withTemporaryDirectory { directory in
      let store = try kind.make(in: directory)
      let entries = try Self.entries(family: family)
      #expect(try store.insert(entries).isEmpty)
      let reference = SearchReference.Prepared(entries)
      var checked = 0
      let kinds = AdversarialJournal.kinds.filter { $0.family == family }
      for adversarial in kinds {
        // The query, and each text typed on the way to it, jamo by jamo for the last syllable.
        var texts = [adversarial.query, adversarial.query + " "]
        let characters = Array(adversarial.query)
        for count in 1..<characters.count {
          texts.append(String(characters.prefix(count)))
        }
        if let last = characters.last?.unicodeScalars.first,
          (0xAC00...0xD7A3).contains(last.value)
        {
          let index = last.value - 0xAC00
          let initial = Unicode.Scalar(0x1100 + index / 588).map(String.init) ?? ""
          texts.append(String(characters.dropLast()) + initial)
          if index % 28 != 0, let open = Unicode.Scalar(last.value - index % 28) {
            texts.append(String(characters.dropLast()) + String(open))
          }
        }
        for text in texts {
          for list in [JournalList.all, .favorites] {
            for limit in [1, 7, 50] {
              // The queries themselves to the last page; the texts on the way to them, which
              // match far more, as far as a person scrolls.
              let whole = text.trimmingCharacters(in: .whitespaces) == adversarial.query
              try Self.comparePages(
                store, text, in: list, limit: limit, upTo: whole ? 1_000 : 4,
                reference: reference, note: adversarial.name)
              checked += 1
            }
          }
        }
      }
      #expect(checked > kinds.count * 6)
    }
  }

  /// Compares the pages of a search, each after the last entry of the one before, with the
  /// reference's, up to the last page or `pages` pages.
  static func comparePages(
    _ store: any JournalStore, _ text: String, in list: JournalList, limit: Int, upTo pages: Int,
    reference: SearchReference.Prepared, note: String
  ) throws {
    var cursor: JournalCursor?
    for page in 1...pages {
      let found = try store.search(JournalSearchQuery(text), in: list, after: cursor, limit: limit)
      let expected = SearchReference.search(
        text, in: list, after: cursor, limit: limit, among: reference)
      #expect(
        found == expected,
        "\(note): \(text.debugDescription) in \(list), page \(page) of \(limit)")
      guard found.count == limit, let last = found.last else { return }
      cursor = JournalCursor(after: last)
    }
  }
}
