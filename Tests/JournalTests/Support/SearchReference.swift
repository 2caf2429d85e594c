import Foundation
import HaruJournal
import HaruModels

@testable import HaruJournal

/// The meaning of search written as plainly as possible from its definition, to check the stores
/// against. Text and query are folded alike (NFKC, full case folding, combining marks removed,
/// NFC); the query is split at whitespace; every term must match one field, by occurring in it,
/// as 초성, or — the last term of a text not ending in whitespace — as a half-typed syllable.
/// Everything is compared character by character (Unicode scalars), by brute force.
enum SearchReference {
  static func search(
    _ text: String, in list: JournalList, after cursor: JournalCursor? = nil,
    limit: Int, among entries: [JournalEntry]
  ) -> [JournalEntry] {
    search(text, in: list, after: cursor, limit: limit, among: Prepared(entries))
  }

  /// Entries sorted newest first with their fields folded, prepared once for many searches.
  struct Prepared {
    let entries: [(entry: JournalEntry, fields: [[UInt32]])]

    init(_ entries: [JournalEntry]) {
      self.entries = entries.sorted(by: newestFirst).map { entry in
        (entry, [entry.brand, entry.perfumeName, entry.notes, entry.sentence].map(folded))
      }
    }
  }

  static func search(
    _ text: String, in list: JournalList, after cursor: JournalCursor? = nil,
    limit: Int, among prepared: Prepared
  ) -> [JournalEntry] {
    let query = folded(text)
    let endsOpen = query.last.map { !isWhitespace($0) } ?? false
    let terms = query.split(whereSeparator: isWhitespace).map(Array.init)
    guard !terms.isEmpty else { return [] }
    var found: [JournalEntry] = []
    for (entry, fields) in prepared.entries where found.count < limit {
      guard Reference.contains(list, entry) else { continue }
      if let cursor, !isNewer(cursor, than: entry) { continue }
      let all = terms.indices.allSatisfy { index in
        let open = endsOpen && index == terms.count - 1
        return fields.contains { matches(terms[index], open: open, field: $0) }
      }
      if all { found.append(entry) }
    }
    return found
  }

  // MARK: - Folding

  /// NFKC, full case folding, combining marks removed, then NFC, as scalar values.
  static func folded(_ text: String) -> [UInt32] {
    let compatible = text.precomposedStringWithCompatibilityMapping
    let caseFolded = compatible.folding(options: [.caseInsensitive], locale: nil)
    var unmarked = String.UnicodeScalarView()
    for scalar in caseFolded.decomposedStringWithCanonicalMapping.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark: continue
      default: unmarked.append(scalar)
      }
    }
    return String(unmarked).precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value)
  }

  static func isWhitespace(_ value: UInt32) -> Bool {
    Unicode.Scalar(value)?.properties.isWhitespace ?? false
  }

  // MARK: - The three ways a term matches a field

  static func matches(_ term: [UInt32], open: Bool, field: [UInt32]) -> Bool {
    occurs(term, in: field) || matchesAsInitials(term, field)
      || (open && matchesUnfinished(term, field))
  }

  static func occurs(_ term: [UInt32], in field: [UInt32]) -> Bool {
    guard term.count <= field.count else { return false }
    return (0...(field.count - term.count)).contains { start in
      Array(field[start..<start + term.count]) == term
    }
  }

  /// A 초성 term is only consonant letters; each must be the initial consonant of the field's
  /// character at the same place: a syllable's initial, or a consonant letter itself.
  static func matchesAsInitials(_ term: [UInt32], _ field: [UInt32]) -> Bool {
    let wanted = term.map(consonantLetter)
    guard !wanted.contains(nil), term.count <= field.count else { return false }
    return (0...(field.count - term.count)).contains { start in
      (0..<term.count).allSatisfy { offset in
        initialOrLetter(field[start + offset]) == wanted[offset]
      }
    }
  }

  /// The last character of the term may still be being typed: the field holds the other
  /// characters followed by text whose jamo begin with that character's jamo.
  static func matchesUnfinished(_ term: [UInt32], _ field: [UInt32]) -> Bool {
    guard let last = term.last, isHangul(last) else { return false }
    let rest = Array(term.dropLast())
    let wanted = jamo(of: last)
    guard rest.count <= field.count else { return false }
    return (0...(field.count - rest.count)).contains { start in
      guard Array(field[start..<start + rest.count]) == rest else { return false }
      // Every character has at least one jamo: no more characters than jamo can take part.
      let following = field[(start + rest.count)...].prefix(wanted.count).flatMap(jamo(of:))
      return following.starts(with: wanted)
    }
  }

  // MARK: - Hangul, by Unicode's arithmetic and tables

  /// Letter names, one per letter a keyboard has, so that every form of a letter compares equal.
  /// Compatibility letters U+3131…U+3163 name themselves.
  static let initialLetters: [UInt32] = [
    0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146,
    0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
  ]
  static let finalLetters: [UInt32] = [
    0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313A, 0x313B, 0x313C,
    0x313D, 0x313E, 0x313F, 0x3140, 0x3141, 0x3142, 0x3144, 0x3145, 0x3146, 0x3147, 0x3148,
    0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
  ]

  /// A letter in any modern form (compatibility, initial, vowel or final conjoining jamo) as
  /// its compatibility letter; `nil` for anything else.
  static func letter(_ value: UInt32) -> UInt32? {
    switch value {
    case 0x3131...0x3163: value
    case 0x1100...0x1112: initialLetters[Int(value - 0x1100)]
    case 0x1161...0x1175: 0x314F + (value - 0x1161)
    case 0x11A8...0x11C2: finalLetters[Int(value - 0x11A8)]
    default: nil
    }
  }

  /// The 19 consonants that begin a syllable, as a letter the query can hold.
  static func consonantLetter(_ value: UInt32) -> UInt32? {
    guard let letter = letter(value), initialLetters.contains(letter) else { return nil }
    return letter
  }

  static func isSyllable(_ value: UInt32) -> Bool { (0xAC00...0xD7A3).contains(value) }

  static func isHangul(_ value: UInt32) -> Bool {
    isSyllable(value) || (0x1100...0x11FF).contains(value) || (0x3131...0x318E).contains(value)
      || (0xA960...0xA97F).contains(value) || (0xD7B0...0xD7FF).contains(value)
  }

  /// A character as 초성 sees it: a syllable's initial consonant, a consonant letter itself.
  static func initialOrLetter(_ value: UInt32) -> UInt32? {
    if isSyllable(value) { return initialLetters[Int((value - 0xAC00) / 588)] }
    return consonantLetter(value)
  }

  /// The two keys of a compound letter.
  static let compounds: [UInt32: [UInt32]] = [
    0x3133: [0x3131, 0x3145], 0x3135: [0x3134, 0x3148], 0x3136: [0x3134, 0x314E],
    0x313A: [0x3139, 0x3131], 0x313B: [0x3139, 0x3141], 0x313C: [0x3139, 0x3142],
    0x313D: [0x3139, 0x3145], 0x313E: [0x3139, 0x314C], 0x313F: [0x3139, 0x314D],
    0x3140: [0x3139, 0x314E], 0x3144: [0x3142, 0x3145], 0x3158: [0x3157, 0x314F],
    0x3159: [0x3157, 0x3150], 0x315A: [0x3157, 0x3163], 0x315D: [0x315C, 0x3153],
    0x315E: [0x315C, 0x3154], 0x315F: [0x315C, 0x3163], 0x3162: [0x3161, 0x3163],
  ]

  static func keys(ofLetter letter: UInt32) -> [UInt32] { compounds[letter] ?? [letter] }

  /// The jamo a keyboard types for one character, compound letters split; a character that is
  /// not a modern Hangul letter or syllable as itself.
  static func jamo(of value: UInt32) -> [UInt32] {
    if isSyllable(value) {
      let index = value - 0xAC00
      var typed = [initialLetters[Int(index / 588)]]
      typed += keys(ofLetter: 0x314F + (index % 588) / 28)
      if index % 28 != 0 { typed += keys(ofLetter: finalLetters[Int(index % 28) - 1]) }
      return typed
    }
    if let letter = letter(value) { return keys(ofLetter: letter) }
    return [value]
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
  /// Text that folding must see through: decomposed Hangul, compatibility and conjoining jamo,
  /// accented, full-width and compatibility letters, and letters whose case folds to more.
  static let folding = [
    "금목서향".decomposedStringWithCanonicalMapping, "장미".decomposedStringWithCanonicalMapping,
    "ㄱㅁㅅ", "ㅋㅋㅋ", "ㅠㅠ", "ㄳ", "ㅘ", "ㄱㅏ", "\u{1100}", "\u{1161}", "\u{11A8}",
    "\u{1100}\u{1161}\u{11A8}",
    "몫", "포근한", "모기", "서향", "Hermès", "HERMÈS", "Herme\u{300}s", "ＣＨＡＮＥＬ", "chanel", "Straße",
    "ﬁ", "Ⅻ", "ǅ", "İ", "ﾡ", "㉠", "Σς", "\u{301}", "ｶﾞ",
  ]

  mutating func word() -> String {
    let roll = Int.random(in: 0..<12, using: &random)
    let pool =
      roll < 6 ? Self.korean : roll < 9 ? Self.english : roll < 10 ? Self.syntax : Self.folding
    return pool.randomElement(using: &random) ?? "향"
  }

  /// Text as it may stand in a search box while a person types it: its 초성, its last syllable
  /// half typed (only the initial, or without its final), decomposed, or full-width.
  mutating func typing(_ text: String) -> String {
    var scalars = Array(text.unicodeScalars)
    switch Int.random(in: 0..<5, using: &random) {
    case 0:
      return String(
        String.UnicodeScalarView(
          scalars.map { scalar in
            let value = scalar.value
            guard (0xAC00...0xD7A3).contains(value) else { return scalar }
            return Unicode.Scalar(SearchReference.initialLetters[Int((value - 0xAC00) / 588)])
              ?? scalar
          }))
    case 1, 2:
      guard let last = scalars.last, (0xAC00...0xD7A3).contains(last.value) else { return text }
      let index = last.value - 0xAC00
      let replacement =
        Int.random(in: 0..<2, using: &random) == 0
        ? Unicode.Scalar(SearchReference.initialLetters[Int(index / 588)])
        : Unicode.Scalar(0xAC00 + index - index % 28)
      scalars[scalars.count - 1] = replacement ?? last
      return String(String.UnicodeScalarView(scalars))
    case 3:
      return text.decomposedStringWithCanonicalMapping
    default:
      return String(
        String.UnicodeScalarView(
          scalars.map { scalar in
            (0x21...0x7E).contains(scalar.value)
              ? Unicode.Scalar(scalar.value + 0xFEE0) ?? scalar : scalar
          }))
    }
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
      let text = String(piece)
      return Int.random(in: 0..<2, using: &random) == 0 ? flipCase(text) : typing(text)
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
    _ text: String, in list: JournalList, among prepared: Prepared
  ) -> [JournalEntry] {
    search(text, in: list, limit: .max, among: prepared)
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
