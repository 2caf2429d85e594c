import Foundation
import HaruJournal
import HaruJournalTesting
import HaruModels
import Testing

@testable import HaruJournal

/// Random queries over generated entries, compared with ``SearchReference`` for every store and
/// for both ways the SQLite store can answer. Every query is paged to its end, in every entry, the
/// favorites and one perfume's entries.
struct SearchAgreementTests {
  /// The stores compared: the SQLite store reading its index, and made to walk the newest-first
  /// list instead, so both ways are checked on every kind of query.
  enum Store: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory
    case sqlite
    case sqliteScanOnly

    var testDescription: String { rawValue }

    func make(in directory: URL) throws -> any JournalStore {
      let url = directory.appendingPathComponent("journal.sqlite")
      switch self {
      case .inMemory: return InMemoryJournalStore()
      case .sqlite: return try SQLiteJournalStore(fileURL: url)
      case .sqliteScanOnly: return try SQLiteJournalStore(fileURL: url, searchUsesIndex: false)
      }
    }

    /// Queries per store: 10,002 over the three together, fewer for the in-memory store, which
    /// checks every entry and sorts the matches again for each page. `HARU_SEARCH_QUERIES` in
    /// the environment asks for more (or fewer) per store, for a longer check.
    var queryCount: Int {
      if let count = ProcessInfo.processInfo.environment["HARU_SEARCH_QUERIES"].flatMap({ Int($0) })
      {
        return count
      }
      return self == .inMemory ? 1_000 : 4_501
    }
  }

  @Test(arguments: Store.allCases)
  func randomQueriesFindWhatTheReferenceFindsInTheSameOrder(store kind: Store) throws {
    try withTemporaryDirectory { directory in
      let store = try kind.make(in: directory)
      var generator = SearchDataGenerator(seed: 2026)
      // Identities from their own seed, so that entries sharing a day and a creation time come
      // in the same order on every run, and the texts stay those of seed 2026.
      var identities = SearchDataGenerator(seed: 0x4944)
      let entries = try generator.entries(count: 250).map { entry in
        try JournalEntry(id: identities.id(), draft: entry.draft, createdAt: entry.createdAt)
      }
      #expect(try store.insert(entries).isEmpty)
      let reference = SearchReference.Prepared(entries)
      var nonEmpty = 0
      var pages = 0
      for _ in 0..<kind.queryCount {
        let text = generator.query(from: entries)
        let limit = Int.random(in: 1...30, using: &generator.random)
        for result in try Self.searchEveryList(store, text, limit: limit, reference: reference) {
          pages += result.pages
          if result.list == .all, !result.expected.isEmpty { nonEmpty += 1 }
        }
      }
      // The generated queries are a mix: most find something, some find nothing.
      #expect(nonEmpty > kind.queryCount / 2)
      #expect(nonEmpty < kind.queryCount)
      // Many queries take more than one page in a list.
      #expect(pages > 3 * kind.queryCount)
    }
  }

  /// A change made to the journal between searches.
  enum Change: CaseIterable, Hashable {
    case moveToAnotherDay
    case rewriteTexts
    case toggleFavorite
    case changeEverything
    case changeNothing
    case delete
    case insertOne
    case insertOnOneDay
    case insertAgainAfterDelete
    case insertExistingIdentity
  }

  @Test(arguments: Store.allCases)
  func searchAgreesWithTheReferenceWhileEntriesChange(store kind: Store) throws {
    try withTemporaryDirectory { directory in
      let store = try kind.make(in: directory)
      var generator = SearchDataGenerator(seed: 0x4348_414E_4745)
      let first = try CalendarDay(year: 1, month: 1, day: 1)
      let last = try CalendarDay(year: 9999, month: 12, day: 31)
      var journal = ChangingJournal()
      var initial = try (0..<120).map { index in
        try generator.entry(
          day: generator.day(first: first, last: last), created: Double(index % 5))
      }
      // The first and last days of the calendar, several entries each, one a favorite.
      for (index, day) in [first, first, first.adding(days: 1), last, last, last.adding(days: -1)]
        .enumerated()
      {
        initial.append(
          try generator.entry(day: day, created: Double(index % 2), isFavorite: index % 3 == 0))
      }
      #expect(try store.insert(initial).isEmpty)
      initial.forEach { journal.add($0) }

      var made: [Change: Int] = [:]
      var foundOnEdgeDays = 0
      var updateTime = 1_000.0
      for step in 1...200 {
        let change = Change.allCases.randomElement(using: &generator.random) ?? .insertOne
        updateTime += 1
        if try apply(
          change, to: store, journal: &journal, generator: &generator, first: first, last: last,
          updatedAt: updateTime)
        {
          made[change, default: 0] += 1
        }
        if step.isMultiple(of: 4) {
          foundOnEdgeDays += try check(
            store, against: &journal, generator: &generator, first: first, last: last,
            note: "after \(step) changes, the last \(change)")
        }
      }
      for change in Change.allCases {
        #expect(made[change, default: 0] >= 5, "\(change) made \(made[change, default: 0]) times")
      }
      #expect(foundOnEdgeDays > 0)
      // Entries stay on both edge days to the end, and the lists see them where they belong.
      #expect(journal.entries.contains { $0.day == first })
      #expect(journal.entries.contains { $0.day == last })
      #expect(try store.entries(in: .all, after: nil, limit: 1).first?.day == last)
      if let sqlite = store as? SQLiteJournalStore {
        #expect(try sqlite.integrityCheck() == "ok")
      }
    }
  }

  /// Makes one change through the store and the same change in `journal`.
  ///
  /// - Returns: Whether the change could be made (a delete needs an entry, for example).
  private func apply(
    _ change: Change, to store: any JournalStore, journal: inout ChangingJournal,
    generator: inout SearchDataGenerator, first: CalendarDay, last: CalendarDay,
    updatedAt: Double
  ) throws -> Bool {
    switch change {
    case .moveToAnotherDay, .rewriteTexts, .toggleFavorite, .changeEverything, .changeNothing:
      guard let old = journal.randomEntry(using: &generator.random) else { return false }
      var day = old.day
      var texts = (old.brand, old.perfumeName, old.notes, old.sentence)
      var isFavorite = old.isFavorite
      if change == .moveToAnotherDay || change == .changeEverything {
        day = generator.day(first: first, last: last)
      }
      if change == .rewriteTexts || change == .changeEverything {
        texts = generator.texts()
      }
      if change == .toggleFavorite || change == .changeEverything {
        isFavorite.toggle()
      }
      let new = try JournalEntry(
        id: old.id, day: day, brand: texts.0, perfumeName: texts.1, notes: texts.2,
        sentence: texts.3, photo: old.photo, isFavorite: isFavorite, createdAt: old.createdAt,
        updatedAt: Fixture.time(updatedAt))
      let result = try store.update(old.id) { _ in new }
      #expect(result.old == old, "update of \(old.id) read another entry")
      #expect(result.new == new)
      #expect(try store.entry(old.id) == new)
      journal.replace(old, with: new)
    case .delete:
      guard let old = journal.randomEntry(using: &generator.random) else { return false }
      #expect(try store.delete(old.id) == old)
      journal.remove(old)
    case .insertOne:
      let entry = try generator.entry(
        day: generator.day(first: first, last: last),
        created: Double(Int.random(in: 0..<5, using: &generator.random)))
      #expect(try store.insert([entry]).isEmpty)
      journal.add(entry)
    case .insertOnOneDay:
      // Several entries of one day: all created at the same time, or given newest first, and
      // added in one call or one at a time.
      let day = generator.day(first: first, last: last)
      let count = Int.random(in: 2...5, using: &generator.random)
      let sameTime = Bool.random(using: &generator.random)
      let entries = try (0..<count).map { index in
        try generator.entry(day: day, created: sameTime ? 2 : Double(count - index))
      }
      if Bool.random(using: &generator.random) {
        #expect(try store.insert(entries).isEmpty)
      } else {
        for entry in entries {
          #expect(try store.insert([entry]).isEmpty)
        }
      }
      entries.forEach { journal.add($0) }
    case .insertAgainAfterDelete:
      guard let entry = journal.deleted.popLast() else { return false }
      #expect(try store.insert([entry]).isEmpty)
      journal.add(entry)
    case .insertExistingIdentity:
      // Another entry with a stored identity is skipped, and the stored one keeps its texts.
      guard let old = journal.randomEntry(using: &generator.random) else { return false }
      let other = try generator.entry(
        id: old.id, day: generator.day(first: first, last: last), created: 3)
      #expect(try store.insert([other]) == [old.id])
      #expect(try store.entry(old.id) == old)
    }
    return true
  }

  /// Random queries, paged to their end in every list, with texts of all entries, of entries
  /// changed lately (before and after the change), and of entries on the calendar's edge days.
  ///
  /// - Returns: How many matches were on the first or last two days of the calendar.
  private func check(
    _ store: any JournalStore, against journal: inout ChangingJournal,
    generator: inout SearchDataGenerator, first: CalendarDay, last: CalendarDay, note: String
  ) throws -> Int {
    let entries = journal.entries
    #expect(try store.count(in: .all) == entries.count, "\(note)")
    let reference = SearchReference.Prepared(entries)
    let edge = entries.filter { $0.day <= first.adding(days: 1) || $0.day >= last.adding(days: -1) }
    var onEdgeDays = 0
    for index in 0..<12 {
      let pool =
        switch index % 3 {
        case 0: journal.recent.isEmpty ? entries : journal.recent
        case 1: edge.isEmpty ? entries : edge
        default: entries
        }
      let text = generator.query(from: pool)
      let limit = Int.random(in: 1...30, using: &generator.random)
      let results = try Self.searchEveryList(
        store, text, limit: limit, reference: reference, note: note)
      for expected in results.map(\.expected) {
        onEdgeDays += expected.count { $0.day <= first.adding(days: 1) }
        onEdgeDays += expected.count { $0.day >= last.adding(days: -1) }
      }
    }
    journal.recent.removeAll()
    return onEdgeDays
  }

  /// Searches `text` in all entries, in favorites and in the entries of the perfume of the
  /// newest match (when there is one), each page by page to its end, and checks each against the
  /// reference.
  ///
  /// - Returns: For each list, the reference's matches and the number of pages read.
  static func searchEveryList(
    _ store: any JournalStore, _ text: String, limit: Int, reference: SearchReference.Prepared,
    note: String = ""
  ) throws -> [(list: JournalList, expected: [JournalEntry], pages: Int)] {
    var lists = [JournalList.all, .favorites]
    // A perfume that has a match, so that its list is seldom empty.
    if let newest = SearchReference.search(text, in: .all, limit: 1, among: reference).first {
      lists.append(.perfume(Perfume(of: newest)))
    }
    return try lists.map { list in
      let expected = SearchReference.searchAll(text, in: list, among: reference)
      let found = try pageToEnd(store, text, in: list, limit: limit, expecting: expected.count)
      #expect(
        found.entries == expected,
        "\(text.debugDescription) in \(list), \(limit) a page: \(found.pages) pages \(note)")
      return (list, expected, found.pages)
    }
  }

  /// Reads a search page by page, each after the last entry of the one before, until a page is
  /// shorter than `limit`.
  ///
  /// - Parameters:
  ///   - store: The store searched.
  ///   - text: The search box's text.
  ///   - list: Which entries are searched.
  ///   - limit: The most entries a page may hold.
  ///   - expectedCount: How many matches there should be; a store that returns more full pages
  ///     than that allows is stopped and reported, instead of being followed forever.
  /// - Returns: The pages' entries one after the other, and how many pages were read.
  /// - Throws: What the store's search throws.
  static func pageToEnd(
    _ store: any JournalStore, _ text: String, in list: JournalList, limit: Int,
    expecting expectedCount: Int
  ) throws -> (entries: [JournalEntry], pages: Int) {
    var entries: [JournalEntry] = []
    var cursor: JournalCursor?
    var pages = 0
    while true {
      let page = try store.search(JournalSearchQuery(text), in: list, after: cursor, limit: limit)
      pages += 1
      #expect(page.count <= limit, "\(text.debugDescription): a page longer than \(limit)")
      entries += page
      guard page.count >= limit, let last = page.last else { break }
      guard pages <= expectedCount else {
        Issue.record(
          "\(text.debugDescription) in \(list): still full pages after \(pages) pages of \(limit)")
        break
      }
      cursor = JournalCursor(after: last)
    }
    return (entries, pages)
  }
}

/// The entries a store should hold while the test changes it, in a seeded order so that a
/// random pick is the same on every run.
struct ChangingJournal {
  private(set) var entries: [JournalEntry] = []
  /// Entries deleted, to add again.
  var deleted: [JournalEntry] = []
  /// Entries changed since the last check, as they were and as they are.
  var recent: [JournalEntry] = []

  mutating func add(_ entry: JournalEntry) {
    entries.append(entry)
    recent.append(entry)
  }

  mutating func replace(_ old: JournalEntry, with new: JournalEntry) {
    guard let index = entries.firstIndex(where: { $0.id == old.id }) else { return }
    entries[index] = new
    recent += [old, new]
  }

  mutating func remove(_ old: JournalEntry) {
    entries.removeAll { $0.id == old.id }
    deleted.append(old)
    recent.append(old)
  }

  func randomEntry(using random: inout SeededGenerator) -> JournalEntry? {
    entries.randomElement(using: &random)
  }
}
