import Foundation
import HaruModels
import Testing

@testable import HaruJournal

/// Observed lists: the current first page, then a new page after every write that changes it.
@Suite(.timeLimit(.minutes(3)))
struct JournalObservationTests {
  @Test(arguments: StoreKind.allCases)
  func favoritesObservationDeliversTheNewListAfterEveryChangeToIt(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let clock = TestClock()
      let journal = try kind.makeRepository(in: directory, now: clock.now)
      let observation = try await journal.observation(of: .favorites)
      var favorites = observation.makeAsyncIterator()
      #expect(try await favorites.next()?.get().entries == [])

      clock.advance(by: 1)
      let rose = try await journal.add(Fixture.draft(perfumeName: "Rose 31", isFavorite: true))
      #expect(try await favorites.next()?.get().entries == [rose])

      // A change that leaves the favorites as they were delivers nothing…
      clock.advance(by: 1)
      let plain = try await journal.add(Fixture.draft(perfumeName: "Santal 33"))
      #expect(try observation.value.get().entries == [rose])

      // …so the next value is the next change to the favorites.
      clock.advance(by: 1)
      let santal = try await journal.setFavorite(true, for: plain.id)
      #expect(try await favorites.next()?.get().entries == [santal, rose])

      clock.advance(by: 1)
      var draft = rose.draft
      draft.sentence = "다시 맡아 보니 더 좋다"
      let edited = try await journal.update(rose.id, with: draft)
      #expect(try await favorites.next()?.get().entries == [santal, edited])

      _ = try await journal.delete(santal.id)
      #expect(try await favorites.next()?.get().entries == [edited])

      _ = try await journal.setFavorite(false, for: rose.id)
      #expect(try await favorites.next()?.get().entries == [])

      let imported = try await journal.importEntries(
        fromTSV: Data("\(UUID().uuidString)\t2026-12-01\tAesop\tHwyl\t\t숲\t1".utf8))
      #expect(imported.importedCount == 1)
      #expect(try await favorites.next()?.get().entries.map(\.perfumeName) == ["Hwyl"])
    }
  }

  @Test func aPerfumeObservationFollowsEntriesMovingInAndOut() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try StoreKind.sqlite.makeRepository(in: directory)
      let rose = Perfume(brand: "Le Labo", name: "Rose 31")
      let observation = try await journal.observation(of: .perfume(rose), limit: 2)
      let entry = try await journal.add(Fixture.draft(brand: "Le Labo", perfumeName: "Santal 33"))
      #expect(try observation.value.get().entries == [])
      var draft = entry.draft
      draft.perfumeName = "Rose 31"
      let moved = try await journal.update(entry.id, with: draft)
      #expect(try observation.value.get().entries == [moved])
      draft.perfumeName = "Another 13"
      _ = try await journal.update(entry.id, with: draft)
      #expect(try observation.value.get().entries == [])
    }
  }

  @Test func observationsOfTheSameListShareTheirValueAndManyConsumersSeeIt() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try StoreKind.inMemory.makeRepository(in: directory)
      let first = try await journal.observation(of: .all, limit: 3)
      let second = try await journal.observation(of: .all, limit: 3)
      let added = try await journal.add(Fixture.draft())
      #expect(try first.value.get().entries == [added])
      #expect(try second.value.get().entries == [added])
      await withTaskGroup(of: [JournalEntry]?.self) { group in
        for _ in 0..<5 {
          group.addTask {
            for await page in first {
              return try? page.get().entries
            }
            return nil
          }
        }
        for await seen in group {
          #expect(seen == [added])
        }
      }
    }
  }

  @Test func aFailedRefreshIsDeliveredAsAValue() async throws {
    try await withTemporaryDirectory { directory in
      let store = FailingReadsStore()
      let journal = try JournalRepository(store: store, directory: directory, now: { Fixture.now })
      let observation = try await journal.observation(of: .all)
      guard case .failure(let error) = observation.value else {
        Issue.record("a failed read was delivered as a page")
        return
      }
      #expect(error.code == .databaseFailure)
    }
  }
}

/// What one repository sees of another's writes on the same folder: the same as of another
/// process's, since only the file connects them.
@Suite(.timeLimit(.minutes(3)))
struct JournalSharedObservationTests {
  @Test func observationsAndTheChangeSignalFollowAnotherRepositorysCommits() async throws {
    try await withTemporaryDirectory { directory in
      let watching = try JournalRepository(directory: directory)
      let writing = try JournalRepository(directory: directory)
      let changes = watching.changes
      let before = changes.value
      let pages = try await watching.observation(of: .favorites)
      #expect(try pages.value.get().entries.isEmpty)
      let entry = try await writing.add(Fixture.draft(isFavorite: true))
      for await page in pages where (try? page.get().entries) == [entry] { break }
      for await count in changes where count > before { break }
      // A change of a field elsewhere reaches the page too.
      try await writing.update(entry.id) { $0.notes = "비 온 뒤" }
      for await page in pages where (try? page.get().entries.first?.notes) == "비 온 뒤" { break }
    }
  }

  @Test func withoutAFileWatchATimerStillBringsAnotherRepositorysCommits() async throws {
    try await withTemporaryDirectory { directory in
      var options = JournalRepository.Options()
      // As when the user's inotify instances are used up.
      options.watchesFileEvents = false
      let watching = try JournalRepository(directory: directory, options: options)
      let writing = try JournalRepository(directory: directory)
      let changes = watching.changes
      let before = changes.value
      let pages = try await watching.observation(of: .favorites)
      let entry = try await writing.add(Fixture.draft(isFavorite: true))
      for await page in pages where (try? page.get().entries) == [entry] { break }
      for await count in changes where count > before { break }
    }
  }

  @Test func aReadOnlyRepositoryFollowsAnotherRepositorysCommits() async throws {
    try await withTemporaryDirectory { directory in
      let writing = try JournalRepository(directory: directory)
      let reading = try JournalRepository(directory: directory, options: .init(readOnly: true))
      let changes = reading.changes
      let before = changes.value
      let pages = try await reading.observation(of: .all)
      let entry = try await writing.add(Fixture.draft())
      for await page in pages where (try? page.get().entries) == [entry] { break }
      for await count in changes where count > before { break }
    }
  }

  @Test func aCommitElsewhereJustBeforeAWriteHereStillReachesObservers() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try JournalRepository(directory: directory)
      let favorites = try await journal.observation(of: .favorites)
      #expect(try favorites.value.get().entries.isEmpty)
      let other = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent(JournalRepository.databaseFileName))
      let elsewhere = try Fixture.entry(perfumeName: "Elsewhere", isFavorite: true)
      let here = try Fixture.entry(perfumeName: "Here")
      // On the repository's write queue, where its folder watcher's wake waits behind this: the
      // other connection commits a favorite, then this repository commits an entry that the
      // favorites do not show.
      try journal.writes.sync { () throws in
        _ = try other.insert([elsewhere])
        _ = try journal.write { () throws(JournalError) in
          (try journal.store.insert([here]), .entries([here]))
        }
      }
      for await page in favorites where (try? page.get().entries) == [elsewhere] { break }
    }
  }

  @Test func ownWritesMoveTheChangeSignalOnce() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try JournalRepository(directory: directory)
      let changes = journal.changes
      let before = changes.value
      _ = try await journal.add(Fixture.draft())
      #expect(changes.value == before + 1)
    }
  }
}
