import Foundation
import HaruJournal
import HaruModels
import Testing

/// The contract of `JournalStore`, run against every implementation.
struct JournalStoreContractTests {
  @Test(arguments: StoreKind.allCases)
  func anInsertedEntryReadsBackExactly(kind: StoreKind) throws {
    try withStore(kind) { store in
      let plain = try Fixture.entry()
      let full = try Fixture.entry(
        day: -3, created: 12.345_678, brand: "딥티크", perfumeName: "Philosykos 🌿",
        notes: "첫 줄\n둘째 줄\t탭\n\"quoted\" 'single' \\ backslash", sentence: "무화과 잎, 초록",
        isFavorite: true, photo: "6f9619ff-8b86-d011-b42d-00cf4fc964ff.jpg")
      #expect(try store.insert([plain, full]).isEmpty)
      #expect(try store.entry(plain.id) == plain)
      #expect(try store.entry(full.id) == full)
      #expect(try store.entry(JournalEntry.ID()) == nil)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func insertSkipsIdentitiesAlreadyStoredOrRepeatedAndAddsTheRest(kind: StoreKind) throws {
    try withStore(kind) { store in
      let first = try Fixture.entry(perfumeName: "first")
      #expect(try store.insert([first]).isEmpty)
      let again = try Fixture.entry(id: first.id, perfumeName: "first again")
      let new = try Fixture.entry(created: 1, perfumeName: "new")
      let repeated = try Fixture.entry(id: new.id, created: 2, perfumeName: "new repeated")
      let skipped = try store.insert([again, new, repeated])
      #expect(skipped == [first.id, new.id])
      #expect(try store.entry(first.id) == first)
      #expect(try store.entry(new.id) == new)
      #expect(try store.count(in: .all) == 2)
      #expect(try store.insert([]).isEmpty)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func updateRunsTheChangeOnceOnTheStoredEntry(kind: StoreKind) throws {
    try withStore(kind) { store in
      let entry = try Fixture.entry(isFavorite: false)
      _ = try store.insert([entry])
      var calls = 0
      let changed = try Fixture.entry(
        id: entry.id, day: -1, created: 0, brand: "Byredo", perfumeName: "Gypsy Water",
        isFavorite: true)
      let result = try store.update(entry.id) { (old) throws(JournalError) in
        calls += 1
        #expect(old == entry)
        return changed
      }
      #expect(calls == 1)
      #expect(result.old == entry)
      #expect(result.new == changed)
      #expect(try store.entry(entry.id) == changed)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func updateOfAMissingEntryThrowsWithoutCallingTheChange(kind: StoreKind) throws {
    try withStore(kind) { store in
      let id = JournalEntry.ID()
      var calls = 0
      let error = #expect(throws: JournalError.self) {
        _ = try store.update(id) { (old) throws(JournalError) in
          calls += 1
          return old
        }
      }
      #expect(error?.code == .entryNotFound)
      #expect(error?.entryID == id)
      #expect(calls == 0)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aFailedUpdateChangesNothing(kind: StoreKind) throws {
    try withStore(kind) { store in
      let entry = try Fixture.entry()
      _ = try store.insert([entry])
      let thrown = #expect(throws: JournalError.self) {
        _ = try store.update(entry.id) { (_) throws(JournalError) -> JournalEntry in
          throw JournalError(.invalidEntry, message: "no")
        }
      }
      #expect(thrown?.message == "no")
      let other = try Fixture.entry(brand: "Other")
      let renamed = #expect(throws: JournalError.self) {
        _ = try store.update(entry.id) { (_) throws(JournalError) in other }
      }
      #expect(renamed?.code == .invalidEntry)
      #expect(try store.entry(entry.id) == entry)
      #expect(try store.entry(other.id) == nil)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func deleteReturnsTheEntryAndForgetsIt(kind: StoreKind) throws {
    try withStore(kind) { store in
      let entry = try Fixture.entry(isFavorite: true)
      _ = try store.insert([entry])
      #expect(try store.delete(entry.id) == entry)
      #expect(try store.entry(entry.id) == nil)
      #expect(try store.count(in: .favorites) == 0)
      let error = #expect(throws: JournalError.self) { try store.delete(entry.id) }
      #expect(error?.code == .entryNotFound)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func listsAreNewestFirstByDayThenCreationThenIdentity(kind: StoreKind) throws {
    try withStore(kind) { store in
      let low = JournalEntry.ID(
        try #require(UUID(uuidString: "00000000-0000-4000-8000-000000000001")))
      let high = JournalEntry.ID(
        try #require(UUID(uuidString: "ffffffff-0000-4000-8000-000000000001")))
      let entries = [
        try Fixture.entry(day: -2, created: 100, perfumeName: "older day, created last"),
        try Fixture.entry(day: 0, created: 1, perfumeName: "today, created first"),
        try Fixture.entry(day: 0, created: 5, perfumeName: "today, created later"),
        try Fixture.entry(id: low, day: -1, created: 3, perfumeName: "tie, low id"),
        try Fixture.entry(id: high, day: -1, created: 3, perfumeName: "tie, high id"),
      ]
      _ = try store.insert(entries.shuffled())
      let names = try store.entries(in: .all, after: nil, limit: 10).map(\.perfumeName)
      #expect(
        names == [
          "today, created later", "today, created first", "tie, high id", "tie, low id",
          "older day, created last",
        ])
    }
  }

  @Test(arguments: StoreKind.allCases)
  func listsHoldExactlyTheirEntriesAndCountsAgree(kind: StoreKind) throws {
    try withStore(kind) { store in
      let rose = Perfume(brand: "Le Labo", name: "Rose 31")
      let entries = [
        try Fixture.entry(day: 0, brand: rose.brand, perfumeName: rose.name, isFavorite: true),
        try Fixture.entry(day: -1, brand: rose.brand, perfumeName: rose.name),
        try Fixture.entry(day: -2, brand: "Le Labo", perfumeName: "Santal 33", isFavorite: true),
        try Fixture.entry(day: -3, brand: "le labo", perfumeName: "Rose 31"),
        try Fixture.entry(day: -4, brand: "탬버린즈", perfumeName: "카모"),
      ]
      _ = try store.insert(entries)
      for list in [
        JournalList.all, .favorites, .perfume(rose), .perfume(Perfume(brand: "x", name: "y")),
      ] {
        let expected = entries.filter(list.contains)
        let listed = try store.entries(in: list, after: nil, limit: 100)
        #expect(listed == expected, "\(list)")
        #expect(try store.count(in: list) == expected.count, "\(list)")
      }
      #expect(try store.entries(in: .all, after: nil, limit: 2) == Array(entries.prefix(2)))
    }
  }

  @Test(arguments: StoreKind.allCases)
  func pagingWithCursorsVisitsEveryEntryOnceInOrder(kind: StoreKind) throws {
    try withStore(kind) { store in
      var generator = SeededGenerator(seed: 7)
      let entries = try (0..<120).map { index in
        try Fixture.entry(
          day: -Int.random(in: 0..<10, using: &generator),
          created: Double(Int.random(in: 0..<5, using: &generator)),
          perfumeName: "P\(index % 4)", isFavorite: Bool.random(using: &generator))
      }
      _ = try store.insert(entries)
      for list in [JournalList.all, .favorites, .perfume(Perfume(brand: "Le Labo", name: "P1"))] {
        let expected = Reference.list(entries, list)
        for pageSize in [1, 7, 50] {
          var visited: [JournalEntry] = []
          var cursor: JournalCursor?
          while true {
            let page = try store.entries(in: list, after: cursor, limit: pageSize)
            visited += page
            guard page.count == pageSize, let last = page.last else { break }
            cursor = JournalCursor(after: last)
          }
          #expect(visited == expected, "\(list), pages of \(pageSize)")
        }
      }
    }
  }

  @Test(arguments: StoreKind.allCases)
  func searchesLookOnlyInTheirListAndPageWithCursors(kind: StoreKind) throws {
    try withStore(kind) { store in
      var generator = SeededGenerator(seed: 16)
      let rose = Perfume(brand: "Le Labo", name: "Rose 31")
      // Look-alikes of the rose that are other perfumes: another case, another name, the same
      // name decomposed (NFD) — all of them found by the same query in every entry.
      let perfumes = [
        rose, Perfume(brand: "le labo", name: "Rose 31"), Perfume(brand: "Le Labo", name: "Rose"),
        Perfume(brand: "딥티크", name: "장미"),
        Perfume(brand: "딥티크", name: "\u{110C}\u{1161}\u{11BC}\u{1106}\u{1175}"),
      ]
      let entries = try (0..<90).map { index in
        let perfume = perfumes[index % perfumes.count]
        return try Fixture.entry(
          day: -Int.random(in: 0..<6, using: &generator),
          created: Double(Int.random(in: 0..<3, using: &generator)), brand: perfume.brand,
          perfumeName: perfume.name, notes: index.isMultiple(of: 3) ? "머스크" : "장미 비누향",
          sentence: "오후", isFavorite: Bool.random(using: &generator))
      }
      _ = try store.insert(entries)
      let lists = [JournalList.all, .favorites] + perfumes.map(JournalList.perfume)
      for list in lists + [.perfume(Perfume(brand: "Le Labo", name: "Another 13"))] {
        for text in ["장미", "ㅂㄴ", "비누햐", "rose", "머스크 오후"] {
          let expected = SearchReference.search(text, in: list, limit: .max, among: entries)
          #expect(expected.allSatisfy { Reference.contains(list, $0) })
          for pageSize in [1, 4, 100] {
            var found: [JournalEntry] = []
            var cursor: JournalCursor?
            var pages = 0
            while pages <= entries.count {
              let page = try store.search(
                JournalSearchQuery(text), in: list, after: cursor, limit: pageSize)
              pages += 1
              #expect(page.count <= pageSize)
              found += page
              guard page.count == pageSize, let last = page.last else { break }
              cursor = JournalCursor(after: last)
            }
            #expect(found == expected, "\(text) in \(list), pages of \(pageSize)")
          }
        }
      }
      // Each of the lists has matches, and a perfume's are only its own.
      for list in lists {
        #expect(
          !(try store.search(JournalSearchQuery("장미"), in: list, after: nil, limit: 90)).isEmpty)
      }
      let roseMatches = try store.search(
        JournalSearchQuery("장미"), in: .perfume(rose), after: nil, limit: 90)
      #expect(roseMatches.allSatisfy { $0.brand == "Le Labo" && $0.perfumeName == "Rose 31" })
      #expect(roseMatches.count == entries.count { Perfume(of: $0) == rose && $0.notes != "머스크" })
    }
  }

  @Test(arguments: StoreKind.allCases)
  func searchInAPerfumeComparesItsBrandAndNameScalarForScalar(kind: StoreKind) throws {
    try withStore(kind) { store in
      let composed = "\u{D55C}\u{AE00}"  // 한글 as two syllables
      let decomposed = "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}"  // the same, in jamo
      let first = try Fixture.entry(day: -1, brand: composed, perfumeName: "No. 1")
      let second = try Fixture.entry(day: -2, brand: decomposed, perfumeName: "No. 1")
      _ = try store.insert([first, second])
      // Search folds, so the query finds both in every entry; the perfume's list holds one each.
      let query = JournalSearchQuery("한글")
      #expect(try store.search(query, in: .all, after: nil, limit: 10) == [first, second])
      #expect(
        try store.search(query, in: .perfume(Perfume(of: first)), after: nil, limit: 10) == [first])
      #expect(
        try store.search(query, in: .perfume(Perfume(of: second)), after: nil, limit: 10) == [
          second
        ])
      #expect(
        try store.search(
          query, in: .perfume(Perfume(brand: composed, name: "No. 1 ")), after: nil, limit: 10
        ).isEmpty)
      #expect(
        try store.search(
          JournalSearchQuery(""), in: .perfume(Perfume(of: first)), after: nil, limit: 10
        ).isEmpty)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aCursorStaysValidWhenItsEntryIsDeletedOrMoved(kind: StoreKind) throws {
    try withStore(kind) { store in
      let entries = try (0..<6).map { try Fixture.entry(day: -$0, perfumeName: "P\($0)") }
      _ = try store.insert(entries)
      let cursor = JournalCursor(after: entries[2])
      _ = try store.delete(entries[2].id)
      #expect(try store.entries(in: .all, after: cursor, limit: 10) == Array(entries[3...]))
      let moved = try Fixture.entry(id: entries[4].id, day: 5, perfumeName: "moved to the top")
      _ = try store.update(entries[4].id) { (_) throws(JournalError) in moved }
      #expect(try store.entries(in: .all, after: cursor, limit: 10) == [entries[3], entries[5]])
    }
  }

  @Test(arguments: StoreKind.allCases)
  func perfumeSummariesCountEntriesAndKeepTheLastDay(kind: StoreKind) throws {
    try withStore(kind) { store in
      _ = try store.insert([
        try Fixture.entry(day: -10, brand: "Le Labo", perfumeName: "Rose 31"),
        try Fixture.entry(day: -2, brand: "Le Labo", perfumeName: "Rose 31"),
        try Fixture.entry(day: -5, brand: "Le Labo", perfumeName: "Rose 31"),
        try Fixture.entry(day: -2, brand: "Aesop", perfumeName: "Hwyl"),
        try Fixture.entry(day: -1, brand: "논픽션", perfumeName: "젠틀 나잇"),
        try Fixture.entry(day: -2, brand: "Aesop", perfumeName: "Eidesis"),
      ])
      let summaries = try store.perfumes()
      #expect(
        summaries == [
          PerfumeSummary(
            perfume: Perfume(brand: "논픽션", name: "젠틀 나잇"), entryCount: 1,
            lastDay: Fixture.day(-1)),
          PerfumeSummary(
            perfume: Perfume(brand: "Aesop", name: "Eidesis"), entryCount: 1,
            lastDay: Fixture.day(-2)),
          PerfumeSummary(
            perfume: Perfume(brand: "Aesop", name: "Hwyl"), entryCount: 1, lastDay: Fixture.day(-2)),
          PerfumeSummary(
            perfume: Perfume(brand: "Le Labo", name: "Rose 31"), entryCount: 3,
            lastDay: Fixture.day(-2)),
        ])
    }
  }

  @Test(arguments: StoreKind.allCases)
  func perfumesAreComparedScalarForScalar(kind: StoreKind) throws {
    try withStore(kind) { store in
      let composed = "\u{D55C}\u{AE00}"  // 한글 as two syllables
      let decomposed = "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}"  // the same, in jamo
      #expect(composed == decomposed)  // String equality is canonical equivalence
      let first = try Fixture.entry(day: -1, brand: composed, perfumeName: "No. 1")
      let second = try Fixture.entry(day: -2, brand: decomposed, perfumeName: "No. 1")
      _ = try store.insert([first, second])
      let perfume = Perfume(of: first)
      #expect(perfume != Perfume(of: second))
      #expect(try store.entries(in: .perfume(perfume), after: nil, limit: 10) == [first])
      #expect(try store.count(in: .perfume(Perfume(of: second))) == 1)
      #expect(try store.perfumes().map(\.perfume) == [perfume, Perfume(of: second)])
    }
  }

  @Test(arguments: StoreKind.allCases)
  func referencedPhotosAreTheNamesSomeEntryUses(kind: StoreKind) throws {
    try withStore(kind) { store in
      let used = "aaaaaaaa-0000-4000-8000-000000000001.jpg"
      _ = try store.insert([try Fixture.entry(photo: used), try Fixture.entry()])
      let names = try Set(
        [used, "bbbbbbbb-0000-4000-8000-000000000002.png"].map { try PhotoName($0) })
      #expect(try store.referencedPhotos(among: names) == [try PhotoName(used)])
      #expect(try store.referencedPhotos(among: []).isEmpty)
    }
  }

  /// Random inserts, updates and deletes, checked after every step against a plain array sorted by
  /// the documented order.
  @Test(arguments: StoreKind.allCases)
  func randomWritesAgreeWithAReferenceModel(kind: StoreKind) throws {
    try withStore(kind) { store in
      var generator = SeededGenerator(seed: 2026)
      var reference: [JournalEntry.ID: JournalEntry] = [:]
      let brands = ["Le Labo", "딥티크", "Aesop"]
      let names = ["Rose 31", "필로시코스", "Hwyl"]
      func randomEntry(id: JournalEntry.ID = JournalEntry.ID()) throws -> JournalEntry {
        try Fixture.entry(
          id: id, day: -Int.random(in: 0..<20, using: &generator),
          created: Double(Int.random(in: 0..<3, using: &generator)),
          brand: brands.randomElement(using: &generator) ?? "",
          perfumeName: names.randomElement(using: &generator) ?? "",
          isFavorite: Bool.random(using: &generator))
      }
      for step in 0..<150 {
        let ids = reference.keys.sorted { $0.description < $1.description }
        let roll = Int.random(in: 0..<10, using: &generator)
        switch ids.isEmpty ? 0 : roll {
        case 0..<5:
          let batch = try (0..<Int.random(in: 1...4, using: &generator)).map { _ in
            try randomEntry()
          }
          #expect(try store.insert(batch).isEmpty)
          for entry in batch { reference[entry.id] = entry }
        case 5..<8:
          let id = try #require(ids.randomElement(using: &generator))
          let new = try randomEntry(id: id)
          _ = try store.update(id) { (_) throws(JournalError) in new }
          reference[id] = new
        default:
          let id = try #require(ids.randomElement(using: &generator))
          _ = try store.delete(id)
          reference[id] = nil
        }
        let all = Array(reference.values)
        let perfume = Perfume(brand: brands[step % 3], name: names[step % 3])
        for list in [JournalList.all, .favorites, .perfume(perfume)] {
          #expect(
            try store.entries(in: list, after: nil, limit: 1000) == Reference.list(all, list),
            "step \(step), \(list)")
          #expect(try store.count(in: list) == Reference.list(all, list).count)
        }
      }
    }
  }
}

/// The documented order and membership, written out plainly.
enum Reference {
  static func list(_ entries: [JournalEntry], _ list: JournalList) -> [JournalEntry] {
    entries.filter { contains(list, $0) }
      .sorted { a, b in
        if a.day != b.day { return a.day > b.day }
        if a.createdAt != b.createdAt { return a.createdAt > b.createdAt }
        return a.id.description > b.id.description
      }
  }

  /// Whether an entry belongs in a list: a perfume's entries have its brand and name byte for
  /// byte.
  static func contains(_ list: JournalList, _ entry: JournalEntry) -> Bool {
    switch list {
    case .all: true
    case .favorites: entry.isFavorite
    case .perfume(let perfume):
      Array(entry.brand.utf8) == Array(perfume.brand.utf8)
        && Array(entry.perfumeName.utf8) == Array(perfume.name.utf8)
    }
  }
}
