import Foundation
import HaruJournal
import HaruModels

@testable import HaruJournal

/// The meaning of search written as plainly as possible, to check the stores against: split the
/// text at whitespace, fold `A`–`Z`, and look for every term's bytes at every position of every
/// field.
enum SearchReference {
  static func search(
    _ text: String, in scope: JournalSearchScope, after cursor: JournalCursor? = nil,
    limit: Int, among entries: [JournalEntry]
  ) -> [JournalEntry] {
    search(text, in: scope, after: cursor, limit: limit, among: Prepared(entries))
  }

  /// Entries sorted newest first with their fields folded, prepared once for many searches.
  struct Prepared {
    let entries: [(entry: JournalEntry, fields: [[UInt8]])]

    init(_ entries: [JournalEntry]) {
      self.entries = entries.sorted(by: newestFirst).map { entry in
        (entry, [entry.brand, entry.perfumeName, entry.notes, entry.sentence].map(folded))
      }
    }
  }

  static func search(
    _ text: String, in scope: JournalSearchScope, after cursor: JournalCursor? = nil,
    limit: Int, among prepared: Prepared
  ) -> [JournalEntry] {
    let terms = text.split(whereSeparator: \.isWhitespace).map { folded(String($0)) }
    guard !terms.isEmpty else { return [] }
    var found: [JournalEntry] = []
    for (entry, fields) in prepared.entries where found.count < limit {
      guard scope == .all || entry.isFavorite else { continue }
      if let cursor, !isNewer(cursor, than: entry) { continue }
      if terms.allSatisfy({ term in fields.contains { occurs(term, in: $0) } }) {
        found.append(entry)
      }
    }
    return found
  }

  static func folded(_ text: String) -> [UInt8] {
    text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
  }

  static func occurs(_ term: [UInt8], in field: [UInt8]) -> Bool {
    guard term.count <= field.count else { return false }
    return field.withUnsafeBufferPointer { field in
      term.withUnsafeBufferPointer { term in
        guard let f = field.baseAddress, let t = term.baseAddress else { return true }
        for start in 0...(field.count - term.count)
        where memcmp(f + start, t, term.count) == 0 {
          return true
        }
        return false
      }
    }
  }

  static func newestFirst(_ a: JournalEntry, _ b: JournalEntry) -> Bool {
    if a.day != b.day { return a.day > b.day }
    if a.createdAt != b.createdAt { return a.createdAt > b.createdAt }
    return a.id.description > b.id.description
  }

  static func isNewer(_ cursor: JournalCursor, than entry: JournalEntry) -> Bool {
    if cursor.day != entry.day { return cursor.day > entry.day }
    if cursor.createdAt != entry.createdAt { return cursor.createdAt > entry.createdAt }
    return cursor.id.description > entry.id.description
  }
}

/// Journal-like entries and search box text made from a seeded generator: Korean words with
/// particles and compounds, English words in mixed case, and text that looks like query syntax.
struct SearchDataGenerator {
  var random: SeededGenerator

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
  }

  static let korean = [
    "장미", "장미향", "들장미", "머스크", "비누향", "금목서향", "목서", "오스만투스", "향수를", "나무",
    "냄새가", "오후", "바닐라", "시트러스", "무화과", "잎", "초록", "가을비", "흙", "향", "우디한", "파우더리",
    "이", "를", "같은", "남는다",
  ]
  static let english = [
    "rose", "Rose", "ROSE", "musk", "Musk", "soap", "vanilla", "iris", "Oud", "amber", "wood",
    "citrus", "and", "not", "near",
  ]
  static let syntax = [
    "\"", "*", "-", ")", "(", "AND", "NOT", "NEAR(", "brand:x", ":", "'", "…", "·", "🌿", "é",
    "e\u{301}", "OR", "^", "+",
  ]
  static let brands = ["Le Labo", "Diptyque", "딥티크", "Byredo", "조말론", "Aesop", "Maison-Margiela"]

  mutating func word() -> String {
    let roll = Int.random(in: 0..<10, using: &random)
    let pool = roll < 6 ? Self.korean : roll < 9 ? Self.english : Self.syntax
    return pool.randomElement(using: &random) ?? "향"
  }

  /// Words joined by spaces, or run together into compounds.
  mutating func phrase(words range: ClosedRange<Int>) -> String {
    let count = Int.random(in: range, using: &random)
    var text = ""
    for index in 0..<count {
      if index > 0, Bool.random(using: &random) { text += " " }
      text += word()
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  mutating func entries(count: Int) throws -> [JournalEntry] {
    try (0..<count).map { index in
      let sentence = phrase(words: 1...4)
      let name = phrase(words: 1...2)
      return try Fixture.entry(
        day: -Int.random(in: 0..<60, using: &random), created: Double(index % 7),
        brand: Self.brands.randomElement(using: &random) ?? "Aesop",
        perfumeName: name.isEmpty ? "Oud" : name,
        notes: phrase(words: 0...8),
        sentence: sentence.isEmpty ? "향" : sentence,
        isFavorite: Int.random(in: 0..<3, using: &random) == 0)
    }
  }

  /// A search box's text: a piece of an entry, a word, several words, or something absent.
  mutating func query(from entries: [JournalEntry]) -> String {
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<4:
      guard let entry = entries.randomElement(using: &random) else { return word() }
      let field =
        [entry.brand, entry.perfumeName, entry.notes, entry.sentence]
        .randomElement(using: &random) ?? entry.sentence
      let scalars = Array(field.unicodeScalars)
      guard !scalars.isEmpty else { return word() }
      let length = Int.random(in: 1...min(5, scalars.count), using: &random)
      let start = Int.random(in: 0...(scalars.count - length), using: &random)
      var piece = String.UnicodeScalarView()
      piece.append(contentsOf: scalars[start..<start + length])
      return flipCase(String(piece))
    case 4..<6:
      return flipCase(word())
    case 6..<8:
      return "  " + word() + " \t" + word() + (Bool.random(using: &random) ? " " + word() : "")
    case 8:
      return ["없는말", "zzq", "향수 zzq", "장미장미장미", "\u{3000}", " ", "", "ㅎ"]
        .randomElement(using: &random) ?? "zzq"
    default:
      return Self.syntax.randomElement(using: &random) ?? "\""
    }
  }

  private mutating func flipCase(_ text: String) -> String {
    switch Int.random(in: 0..<3, using: &random) {
    case 0: text.uppercased()
    case 1: text.lowercased()
    default: text
    }
  }
}

extension SearchReference {
  /// Every match, newest first: what paging a search to its end must put together.
  static func searchAll(
    _ text: String, in scope: JournalSearchScope, among prepared: Prepared
  ) -> [JournalEntry] {
    search(text, in: scope, limit: .max, among: prepared)
  }
}

extension SearchDataGenerator {
  /// An identity made from the seeded generator, so that the order of entries that share a day
  /// and a creation time is the same on every run.
  mutating func id() -> JournalEntry.ID {
    let high = random.next()
    let low = random.next()
    func byte(_ word: UInt64, _ index: UInt64) -> UInt8 {
      UInt8(truncatingIfNeeded: word >> (8 * index))
    }
    return JournalEntry.ID(
      UUID(
        uuid: (
          byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4),
          byte(high, 5), byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2),
          byte(low, 3), byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
        )))
  }

  /// An entry with generated text on `day`, created `seconds` after ``Fixture/now``.
  mutating func entry(
    id: JournalEntry.ID? = nil, day: CalendarDay, created seconds: Double,
    isFavorite: Bool? = nil
  ) throws -> JournalEntry {
    let texts = self.texts()
    return try JournalEntry(
      id: id ?? self.id(), day: day, brand: texts.brand, perfumeName: texts.perfumeName,
      notes: texts.notes, sentence: texts.sentence,
      isFavorite: isFavorite ?? (Int.random(in: 0..<3, using: &random) == 0),
      createdAt: Fixture.time(seconds))
  }

  /// The four searchable fields of an entry, generated.
  mutating func texts() -> (brand: String, perfumeName: String, notes: String, sentence: String) {
    let brand = Self.brands.randomElement(using: &random) ?? "Aesop"
    let name = phrase(words: 1...2)
    let notes = phrase(words: 0...8)
    let sentence = phrase(words: 1...4)
    return (brand, name.isEmpty ? "Oud" : name, notes, sentence.isEmpty ? "향" : sentence)
  }

  /// A day for a changing journal: mostly one of a few recent days, so that many entries share a
  /// day, sometimes a day years away, and sometimes one of the first or last two days the
  /// calendar allows (0001-01-01 and 9999-12-31).
  mutating func day(first: CalendarDay, last: CalendarDay) -> CalendarDay {
    switch Int.random(in: 0..<10, using: &random) {
    case 0: first.adding(days: Int.random(in: 0..<2, using: &random))
    case 1: last.adding(days: -Int.random(in: 0..<2, using: &random))
    case 2: Fixture.day(Int.random(in: -3_000...3_000, using: &random))
    default: Fixture.day(-Int.random(in: 0..<12, using: &random))
    }
  }
}
