import Foundation
import HaruModels
import Testing

@testable import HaruJournal

/// `JournalRepository.entryIDs(startingWith:limit:)`, the command line's short IDs, on every
/// store.
struct JournalIDPrefixTests {
  static func id(_ text: String) throws -> JournalEntry.ID {
    JournalEntry.ID(try #require(UUID(uuidString: text)))
  }

  @Test(arguments: StoreKind.allCases)
  func thePrefixFindsTheIdentitiesThatStartWithIt(kind: StoreKind) async throws {
    try await withTemporaryDirectory { directory in
      let journal = try kind.makeRepository(in: directory)
      let first = try Self.id("1a2b3c4d-0000-4000-8000-000000000002")
      let second = try Self.id("1a2b3c4d-0000-4000-8000-000000000001")
      let other = try Self.id("1a2b3c4e-0000-4000-8000-000000000001")
      // Identities just past the prefix's range in either direction.
      let before = try Self.id("1a2b3c4c-ffff-4fff-bfff-ffffffffffff")
      let after = try Self.id("1a2b3c4f-0000-4000-8000-000000000000")
      for (offset, id) in [first, second, other, before, after].enumerated() {
        let entry = try Fixture.entry(id: id, created: Double(offset))
        #expect(try await journal.entryIDs(startingWith: id.description, limit: 2) == [])
        _ = try journal.store.insert([entry])
      }
      #expect(try await journal.entryIDs(startingWith: "1a2b3c4d", limit: 5) == [second, first])
      #expect(try await journal.entryIDs(startingWith: "1a2b3c4d", limit: 1) == [second])
      #expect(try await journal.entryIDs(startingWith: "1a2b3c4e", limit: 5) == [other])
      #expect(try await journal.entryIDs(startingWith: "1a2b3c4e-0000", limit: 5) == [other])
      #expect(try await journal.entryIDs(startingWith: first.description, limit: 5) == [first])
      #expect(try await journal.entryIDs(startingWith: "1a2b3c4", limit: 9).count == 5)
      #expect(try await journal.entryIDs(startingWith: "ffffffff", limit: 5) == [])
      // What an identity does not hold finds nothing: the caller lowercases.
      #expect(try await journal.entryIDs(startingWith: "1A2B3C4D", limit: 5) == [])
      #expect(try await journal.entryIDs(startingWith: "1a2b3c4d%", limit: 5) == [])
      #expect(try await journal.entryIDs(startingWith: "1a2b3c4d", limit: 0) == [])
    }
  }

  /// SQLite finds them in the identity's unique index, a range of it, never by a scan.
  @Test func sqliteReadsARangeOfTheIdentityIndex() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(fileURL: directory.appendingPathComponent("j.sqlite"))
      let plan = try store.database.read { connection in
        try connection.withStatement("EXPLAIN QUERY PLAN " + JournalIDPrefix.rangeSQL) {
          statement in
          var details: [String] = []
          while try statement.step() { details.append(statement.text(at: 3)) }
          return details
        }
      }
      #expect(plan.count == 1, "\(plan)")
      #expect(plan.first?.contains("USING COVERING INDEX") == true, "\(plan)")
      #expect(plan.first?.contains("(id>? AND id<?)") == true, "\(plan)")
    }
  }
}
