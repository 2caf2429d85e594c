import Foundation
import HaruJournal
import HaruModels
import HaruShared
import Testing

/// The repository's writes and reads, over every store.
struct JournalRepositoryTests {
  @Test(arguments: StoreKind.allCases)
  func addTrimsTheFieldsAndStampsTheTime(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      let entry = try await journal.add(
        Fixture.draft(brand: "  Le Labo ", perfumeName: "\tRose 31\n", sentence: " 한 줄 "))
      #expect(entry.brand == "Le Labo")
      #expect(entry.perfumeName == "Rose 31")
      #expect(entry.sentence == "한 줄")
      #expect(entry.createdAt == Fixture.now)
      #expect(entry.updatedAt == Fixture.now)
      #expect(entry.photo == nil)
      #expect(try await journal.entry(entry.id) == entry)
      #expect(try await journal.count(in: .all) == 1)
    }
  }

  /// The bad-input rows for entry fields: each is refused naming the field, and nothing is saved.
  static let invalidDrafts: [(String, JournalEntryDraft, String, ModelError.Code)] = [
    (
      "a brand of 10 MB", Fixture.draft(brand: String(repeating: "b", count: 10_000_000)), "brand",
      .fieldTooLong
    ),
    (
      "a control character in the brand", Fixture.draft(brand: "Le\u{7}Labo"), "brand",
      .invalidCharacters
    ),
    (
      "a NUL in the perfume name", Fixture.draft(perfumeName: "Rose\u{0}31"), "perfumeName",
      .invalidCharacters
    ),
    (
      "an escape sequence in the notes", Fixture.draft(notes: "\u{1B}[31m red"), "notes",
      .invalidCharacters
    ),
    (
      "a zero-width space in the sentence", Fixture.draft(sentence: "장미\u{200B}향"), "sentence",
      .invalidCharacters
    ),
    (
      "a line break in the sentence", Fixture.draft(sentence: "첫 줄\n둘째 줄"), "sentence",
      .invalidCharacters
    ),
    ("an empty brand", Fixture.draft(brand: "   "), "brand", .emptyField),
    ("an empty sentence", Fixture.draft(sentence: ""), "sentence", .emptyField),
  ]

  @Test(arguments: StoreKind.allCases, invalidDrafts.indices)
  func addRefusesInvalidFieldsNamingTheFieldAndSavesNothing(kind: StoreKind, row: Int) async throws
  {
    let (label, draft, field, code) = Self.invalidDrafts[row]
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      let error = await #expect(throws: JournalError.self, "\(label)") {
        try await journal.add(draft, photo: Fixture.jpeg)
      }
      #expect(error?.code == .invalidEntry, "\(label)")
      #expect(error?.field == field, "\(label)")
      #expect(error?.validationError?.code == code, "\(label)")
      #expect(error?.message.isEmpty == false)
      #expect(try await journal.count(in: .all) == 0)
      #expect(fileNames(in: directory.appendingPathComponent("photos")).isEmpty)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func updateChangesTheFieldsKeepsTheCreationTimeAndStampsTheUpdate(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let clock = TestClock()
      let journal = try kind.makeRepository(in: directory, now: clock.now)
      let entry = try await journal.add(Fixture.draft(), photo: Fixture.png)
      clock.advance(by: 90)
      var draft = entry.draft
      draft.brand = "Byredo"
      draft.isFavorite = true
      let updated = try await journal.update(entry.id, with: draft)
      #expect(updated.brand == "Byredo")
      #expect(updated.isFavorite)
      #expect(updated.photo == entry.photo)
      #expect(updated.createdAt == entry.createdAt)
      #expect(updated.updatedAt == Fixture.time(90))
      #expect(try await journal.entry(entry.id) == updated)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func updateRefusesAnInvalidDraftAndChangesNothing(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      let entry = try await journal.add(Fixture.draft(), photo: Fixture.jpeg)
      var draft = entry.draft
      draft.perfumeName = ""
      let error = await #expect(throws: JournalError.self) {
        try await journal.update(entry.id, with: draft, photo: .replace(Fixture.png))
      }
      #expect(error?.code == .invalidEntry)
      #expect(error?.field == "perfumeName")
      #expect(try await journal.entry(entry.id) == entry)
      let photos = fileNames(in: directory.appendingPathComponent("photos"))
      #expect(photos == [try #require(entry.photo).rawValue])
    }
  }

  @Test(arguments: StoreKind.allCases)
  func writesToAMissingEntryThrowEntryNotFound(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      let id = JournalEntry.ID()
      let update = await #expect(throws: JournalError.self) {
        try await journal.update(id, with: Fixture.draft(), photo: .replace(Fixture.jpeg))
      }
      #expect(update?.code == .entryNotFound)
      let favorite = await #expect(throws: JournalError.self) {
        try await journal.setFavorite(true, for: id)
      }
      #expect(favorite?.code == .entryNotFound)
      let delete = await #expect(throws: JournalError.self) { try await journal.delete(id) }
      #expect(delete?.code == .entryNotFound)
      #expect(try await journal.entry(id) == nil)
      #expect(fileNames(in: directory.appendingPathComponent("photos")).isEmpty)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func setFavoriteFlipsTheFlagAndLeavesAnUnchangedEntryAlone(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let clock = TestClock()
      let journal = try kind.makeRepository(in: directory, now: clock.now)
      let entry = try await journal.add(Fixture.draft())
      clock.advance(by: 10)
      let favorite = try await journal.setFavorite(true, for: entry.id)
      #expect(favorite.isFavorite)
      #expect(favorite.updatedAt == Fixture.time(10))
      clock.advance(by: 10)
      let again = try await journal.setFavorite(true, for: entry.id)
      #expect(again == favorite)
      #expect(try await journal.count(in: .favorites) == 1)
      _ = try await journal.setFavorite(false, for: entry.id)
      #expect(try await journal.count(in: .favorites) == 0)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func anUpdateTimeNeverGoesBackWhenTheClockDoes(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let clock = TestClock()
      let journal = try kind.makeRepository(in: directory, now: clock.now)
      let entry = try await journal.add(Fixture.draft())
      clock.advance(by: -3600)
      let updated = try await journal.setFavorite(true, for: entry.id)
      #expect(updated.updatedAt == entry.updatedAt)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func deleteRemovesTheEntryAndItsPhoto(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      let entry = try await journal.add(Fixture.draft(), photo: Fixture.jpeg)
      let deleted = try await journal.delete(entry.id)
      #expect(deleted == entry)
      #expect(try await journal.entry(entry.id) == nil)
      #expect(fileNames(in: directory.appendingPathComponent("photos")).isEmpty)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func pagesFollowEachOtherToTheEnd(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let clock = TestClock()
      let journal = try kind.makeRepository(in: directory, now: clock.now)
      var added: [JournalEntry] = []
      for index in 0..<7 {
        clock.advance(by: 1)
        added.append(
          try await journal.add(
            Fixture.draft(day: -(index / 2), isFavorite: index.isMultiple(of: 2))))
      }
      var page = try await journal.entries(in: .all, limit: 3)
      var seen = page.entries
      while let next = page.nextCursor {
        page = try await journal.entries(in: .all, after: next, limit: 3)
        seen += page.entries
      }
      #expect(seen == Reference.list(added, .all))
      let exact = try await journal.entries(in: .favorites, limit: 4)
      #expect(exact.entries.count == 4)
      #expect(exact.nextCursor == nil)
    }
  }

  @Test(arguments: [0, -1, 1001])
  func aPageSizeOutsideTheRangeIsRefused(limit: Int) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try StoreKind.inMemory.makeRepository(in: directory)
      let error = await #expect(throws: JournalError.self) {
        try await journal.entries(in: .all, limit: limit)
      }
      #expect(error?.code == .invalidPageSize)
      let observation = await #expect(throws: JournalError.self) {
        try await journal.observation(of: .favorites, limit: limit)
      }
      #expect(observation?.code == .invalidPageSize)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func perfumesSummariseTheJournal(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      _ = try await journal.add(Fixture.draft(day: -3, brand: "Le Labo", perfumeName: "Rose 31"))
      _ = try await journal.add(Fixture.draft(day: -1, brand: "Le Labo", perfumeName: "Rose 31"))
      let santal = try await journal.add(
        Fixture.draft(day: -2, brand: "Le Labo", perfumeName: "Santal 33"))
      #expect(
        try await journal.perfumes() == [
          PerfumeSummary(
            perfume: Perfume(brand: "Le Labo", name: "Rose 31"), entryCount: 2,
            lastDay: Fixture.day(-1)),
          PerfumeSummary(perfume: Perfume(of: santal), entryCount: 1, lastDay: Fixture.day(-2)),
        ])
      let page = try await journal.entries(in: .perfume(Perfume(of: santal)))
      #expect(page.entries == [santal])
    }
  }

  @Test func twoRepositoriesOnOneFolderWriteConcurrentlyWithoutLockErrors() async throws {
    try await withTemporaryDirectory { directory in
      let first = try JournalRepository(directory: directory)
      let second = try JournalRepository(directory: directory)
      let writers = 8
      let addsPerWriter = 25
      try await withThrowingTaskGroup(of: Void.self) { group in
        for writer in 0..<writers {
          let journal = writer.isMultiple(of: 2) ? first : second
          group.addTask {
            for index in 0..<addsPerWriter {
              let entry = try await journal.add(
                Fixture.draft(perfumeName: "writer \(writer) add \(index)"),
                photo: index.isMultiple(of: 5) ? Fixture.jpeg : nil)
              if index.isMultiple(of: 3) {
                try await journal.setFavorite(true, for: entry.id)
              }
            }
          }
        }
        group.addTask {
          let lines = (0..<200).map { index in
            "\(UUID().uuidString)\t2026-11-0\(index % 9 + 1)\tImport\tBatch \(index)\t\t한 줄\t0"
          }
          let report = try await second.importEntries(
            fromTSV: Data(lines.joined(separator: "\n").utf8))
          #expect(report.importedCount == 200)
        }
        try await group.waitForAll()
      }
      #expect(try await first.count(in: .all) == writers * addsPerWriter + 200)
      #expect(try await second.count(in: .favorites) == writers * 9)
    }
  }
}

/// A settable `now` for repositories: starts at ``Fixture/now``.
final class TestClock: Sendable {
  private let offset = LockedState<Double>(0)

  var now: @Sendable () -> Date {
    { [offset] in Fixture.time(offset.withLock { $0 }) }
  }

  func advance(by seconds: Double) {
    offset.withLock { $0 += seconds }
  }
}
