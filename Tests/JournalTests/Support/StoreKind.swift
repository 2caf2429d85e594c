import Foundation
import HaruJournal
import HaruJournalTesting
import Testing

/// The implementations of `JournalStore`: every contract test runs against each of them.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case inMemory
  case sqlite

  var testDescription: String {
    switch self {
    case .inMemory: "in-memory store"
    case .sqlite: "SQLite store"
    }
  }

  /// A new, empty store; a SQLite store keeps its file in `directory`.
  func makeStore(in directory: URL) throws -> any JournalStore {
    switch self {
    case .inMemory:
      InMemoryJournalStore()
    case .sqlite:
      try SQLiteJournalStore(fileURL: directory.appendingPathComponent("journal.sqlite"))
    }
  }

  /// A repository over a new, empty store of this kind, with its photos in `directory`.
  func makeRepository(
    in directory: URL, options: JournalRepository.Options = .init(),
    now: @escaping @Sendable () -> Date = { Fixture.now }
  ) throws -> JournalRepository {
    try JournalRepository(
      store: makeStore(in: directory), directory: directory, options: options, now: now)
  }
}

/// Runs `body` with a new store of a kind, in a temporary folder.
func withStore<Result>(
  _ kind: StoreKind, _ body: (any JournalStore) throws -> Result
) throws -> Result {
  try withTemporaryDirectory { directory in try body(kind.makeStore(in: directory)) }
}
