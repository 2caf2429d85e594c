import Foundation
import HaruJournal
import HaruModels
import Testing

@testable import HaruJournal

/// The issue's table of bad input: every row gives a result (often empty) on every store, the
/// same as the reference, and never reaches SQLite as SQL or MATCH syntax.
struct SearchBadInputTests {
  /// Stored texts, one of them empty once folded (only combining marks).
  static let notes = [
    "금목서향", "장미향이 난다", "Hermès", "ㅏ", "ㅏㅏ 아", "\u{301}\u{302}", "!!! ...", "ㅋㅋㅋ",
    String(repeating: "향", count: 3_000),
  ]

  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let query: String
    var testDescription: String { name }
  }

  static let rows: [Row] = [
    Row(name: "only whitespace", query: " \t\n\u{3000}\u{A0} "),
    Row(name: "only punctuation", query: "!!! ... \"*\" (NEAR( -"),
    Row(name: "only combining marks", query: "\u{301}\u{302}\u{303}"),
    Row(name: "combining marks between spaces", query: " \u{301} \u{308} "),
    Row(name: "a lone jamo vowel", query: "ㅏ"),
    Row(name: "a lone conjoining vowel", query: "\u{1161}"),
    Row(name: "10,000 characters", query: String(repeating: "향", count: 10_000)),
    Row(name: "10,000 mixed characters", query: String(repeating: "ㄱé\"*", count: 2_500)),
    Row(name: "5,000 terms", query: Array(repeating: "장미", count: 5_000).joined(separator: " ")),
    Row(
      name: "5,000 different terms",
      query: (0..<5_000).map { "t\($0)" }.joined(separator: " ")),
    Row(name: "the replacement character of invalid UTF-8", query: "\u{FFFD}\u{FFFD}"),
    Row(name: "U+0000", query: "장\u{0}미"),
    Row(name: "200 syllables", query: String(repeating: "금목서향", count: 50)),
    Row(name: "50 terms", query: (0..<50).map { "향\($0)" }.joined(separator: " ")),
    Row(name: "compound letters typed alone", query: "ㄳ"),
    Row(name: "a compound final letter", query: "ㄺ"),
    Row(name: "a compound vowel letter", query: "ㅘ"),
    Row(name: "compound letters as a 초성 run", query: "ㄳㄱ"),
  ]

  /// A long query and a query of many terms on a journal where their pieces are common: the
  /// search checks no more than its walk and the candidates holding the pieces it asks for.
  @Test(arguments: [
    String(repeating: "금목서향", count: 50), (0..<50).map { "향\($0)" }.joined(separator: " "),
  ])
  func aLongQueryChecksFewEntries(_ query: String) throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      let entries = try (0..<2_000).map { index in
        try Fixture.entry(day: -index, notes: "금목서향 향\(index % 50) 금목서 향수")
      }
      _ = try store.insert(entries)
      let rows = try store.readableSearch(
        JournalSearchQuery(query), in: .all, after: nil, limit: 50, interrupter: nil)
      #expect(rows.entries.isEmpty)
      #expect(rows.examined <= SearchPlanner.walkPages * 50, "\(rows.examined) checked")
    }
  }

  @Test(arguments: StoreKind.allCases, rows)
  func badInputGivesTheReferenceResult(kind: StoreKind, row: Row) throws {
    try withStore(kind) { store in
      let entries = try Self.notes.enumerated().map { index, notes in
        try Fixture.entry(
          created: Double(index), brand: "B", perfumeName: "P", notes: notes, sentence: "S")
      }
      _ = try store.insert(entries)
      let found = try store.search(JournalSearchQuery(row.query), in: .all, after: nil, limit: 50)
      #expect(found == SearchReference.search(row.query, in: .all, limit: 50, among: entries))
    }
  }

  @Test func aLoneVowelFindsTheVowelWrittenAsALetter() throws {
    try withStore(.sqlite) { store in
      let entries = try Self.notes.enumerated().map { index, notes in
        try Fixture.entry(
          created: Double(index), brand: "B", perfumeName: "P", notes: notes, sentence: "S")
      }
      _ = try store.insert(entries)
      let found = try store.search(JournalSearchQuery("ㅏ"), in: .all, after: nil, limit: 50)
      #expect(Set(found.map(\.notes)) == ["ㅏ", "ㅏㅏ 아"])
    }
  }

  @Test func textThatFoldsToNothingFindsNothingAndIsFoundByNothing() throws {
    #expect(JournalSearchQuery("\u{301}\u{302}").isEmpty)
    #expect(JournalSearchQuery(" \t ").isEmpty)
    let entry = try Fixture.entry(
      brand: "\u{301}", perfumeName: "\u{302}", notes: "\u{303}", sentence: "\u{304}")
    #expect(!JournalSearchQuery("a").matches(entry))
    #expect(!JournalSearchQuery("\u{301}").matches(entry))
  }

  /// Every index query is quoted tokens joined by AND, OR and parentheses: whatever the text,
  /// nothing of it is MATCH syntax. Checked for every token a term can ask for, and for what
  /// the planner makes of the query.
  @Test(arguments: rows.map(\.query) + ["\"a\" OR b", "NEAR(x y)", "x:y", "장ㅁ", "ㄱㅁㅅ", "금몫"])
  func indexQueriesHoldOnlyQuotedTokens(_ text: String) {
    let terms = JournalSearchQuery(text).foldedTerms
    let tokens = terms.flatMap { term in
      (SearchText.conjunctions(for: term) ?? []).flatMap { way in
        way.requirements.flatMap { $0.alternatives.flatMap(\.self) }
      }
    }
    for token in tokens { expectOnlyQuotedTokens(token.expression) }
    if let match = SearchPlanner.indexQuery(terms) {
      expectOnlyQuotedTokens(match)
    }
  }

  private func expectOnlyQuotedTokens(_ match: String) {
    var rest = Substring(match)
    while let first = rest.first {
      if first == "\"" {
        rest = rest.dropFirst()
        // A quoted token ends at a quote that is not doubled.
        while let next = rest.first {
          rest = rest.dropFirst()
          if next == "\"" {
            if rest.first == "\"" { rest = rest.dropFirst() } else { break }
          }
        }
        if rest.first == "*" { rest = rest.dropFirst() }
      } else if rest.hasPrefix(" AND ") {
        rest = rest.dropFirst(5)
      } else if rest.hasPrefix(" OR ") {
        rest = rest.dropFirst(4)
      } else if first == "(" || first == ")" {
        rest = rest.dropFirst()
      } else {
        Issue.record("unexpected \(rest.prefix(10)) in \(match.prefix(200))")
        return
      }
    }
  }
}
