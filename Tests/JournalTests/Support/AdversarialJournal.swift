import Foundation
import HaruModels

// This file is compiled twice: into the journal's tests and, through a symbolic link, into
// `haru-bench`, so that the benchmarks measure and the agreement tests check the same journals.
// It uses nothing but Foundation and HaruModels.

/// Journals built to make search slow: for each kind of query, the letters and pieces of its
/// term are common in the journal and the term itself is rare or absent.
///
/// Every entry is made of filler words that hold the pieces of every kind at once (`모든`, `몸과`
/// and `가을` for `목`; `가마` and `머스크` for `ㄱㅁㅅ`; `door` and `oral` for `ro`), in text
/// of which half is decomposed (NFD), so that checking a candidate costs what it costs with text
/// pasted from macOS. A few entries, spread over the journal, also hold a word that matches a
/// kind's query; no filler word matches any query. The journal is the same for the same seed
/// and size.
///
/// The kinds of one syllable with a compound final or a compound vowel have a journal of their
/// own (``Family/compound``), built the same way from words that hold the syllables on the way
/// to each (`다리` and `달빛` for `닭`, `오후` for `왜`), so that the first journal, and what it
/// measures, stays as it was.
enum AdversarialJournal {
  /// Which journal a kind is searched in.
  enum Family: Sendable, CaseIterable {
    /// The journal of the first kinds.
    case main
    /// The journal of the compound finals and compound vowels.
    case compound
  }

  /// One kind of query, with how many entries of a journal of `size` entries it matches.
  struct Kind: Sendable {
    /// The line's name: `journal.search.adversarial.<name>`.
    let name: String
    /// The search box text.
    let query: String
    /// The words that make an entry match, one of which each matching entry holds; none for a
    /// query that no entry matches.
    let matchingWords: [String]
    /// Words the matching entries of a query of several terms also hold.
    let companions: [String]
    /// The journal the kind is searched in.
    var family = Family.main

    /// How many entries match in a journal of `size` entries.
    func matches(size: Int) -> Int {
      matchingWords.isEmpty ? 0 : AdversarialJournal.matchesPerKind(size: size)
    }
  }

  /// Every kind: the first kinds, then the compound finals' and vowels'.
  static let kinds = firstKinds + compoundKinds

  /// The kinds of the first journal, each followed by a query of the same pieces that no entry
  /// matches.
  static let firstKinds: [Kind] = [
    // One syllable whose final consonant can go on as the next syllable's initial: 모 and the
    // syllables that 모 + ㄱ… would make are common, 목 and 모 before ㄱ are rare.
    Kind(name: "syllable", query: "목", matchingWords: ["목서", "모기", "몫"], companions: []),
    Kind(name: "syllable.none", query: "곡", matchingWords: [], companions: []),
    // A half-typed last syllable after a common word: 장미 and 향 are common, 장미향 is rare.
    Kind(name: "half-typed", query: "장미햐", matchingWords: ["장미향"], companions: []),
    Kind(name: "half-typed.none", query: "장미햑", matchingWords: [], companions: []),
    // 초성 whose neighbouring pairs are common and whose run is rare.
    Kind(name: "initials2", query: "ㅂㅈ", matchingWords: ["보조"], companions: []),
    Kind(name: "initials2.none", query: "ㅈㅂ", matchingWords: [], companions: []),
    Kind(name: "initials3", query: "ㄱㅁㅅ", matchingWords: ["가마솥"], companions: []),
    Kind(name: "initials3.none", query: "ㄱㅁㄷ", matchingWords: [], companions: []),
    Kind(name: "initials4", query: "ㅅㄹㄴㅁ", matchingWords: ["사랑나무"], companions: []),
    Kind(name: "initials4.none", query: "ㅅㄹㄴㄷ", matchingWords: [], companions: []),
    Kind(name: "initials5", query: "ㄴㅁㅅㄹㅎ", matchingWords: ["너무사랑해"], companions: []),
    Kind(name: "initials5.none", query: "ㄴㅁㅅㄹㄴ", matchingWords: [], companions: []),
    // A syllable and 초성 in one term, as typing 자몽 passes through: 자 and ㅁ syllables are
    // common, 자 before an ㅁ syllable is rare.
    Kind(name: "mixed", query: "자ㅁ", matchingWords: ["자몽", "자만"], companions: []),
    Kind(name: "mixed.none", query: "두ㅁ", matchingWords: [], companions: []),
    // Two terms, 초성 and syllables, each common, rarely in one entry.
    Kind(name: "terms", query: "ㅇㄴ 향수", matchingWords: ["향수"], companions: ["오늘"]),
    Kind(name: "terms.none", query: "ㅇㄴ 꽃향", matchingWords: [], companions: []),
    // Two Latin letters, each common, rarely neighbours.
    Kind(name: "latin-pair", query: "ro", matchingWords: ["rose"], companions: []),
    Kind(name: "latin-pair.none", query: "ao", matchingWords: [], companions: []),
    // Latin with an accent, whose pairs are common.
    Kind(name: "latin-accent", query: "noïr", matchingWords: ["Noir", "noïr"], companions: []),
    Kind(name: "latin-accent.none", query: "nïr", matchingWords: [], companions: []),
  ]

  /// One syllable for each compound final and each compound vowel: the syllables on the way to
  /// it are common (다 before an ㄹ syllable and 달 before others for 닭; 오 for 왜), the syllable
  /// rare. A final's matching words hold the syllable, or the syllable before its final's second
  /// letter moves on (달걀 for 닭).
  static let compoundKinds: [Kind] = [
    ("final-gs", "넋", ["넋", "넉살"]), ("final-nj", "앉", ["앉아", "안정"]),
    ("final-nh", "많", ["많이", "만화"]), ("final-lg", "닭", ["닭", "달걀"]),
    ("final-lm", "삶", ["삶", "살며시"]), ("final-lb", "넓", ["넓은", "널바닥"]),
    ("final-ls", "곬", ["곬", "골수"]), ("final-lt", "핥", ["핥다", "할텐데"]),
    ("final-lp", "읊", ["읊조림", "을퍼"]), ("final-lh", "끓", ["끓는", "끌힘"]),
    ("final-bs", "값", ["값", "갑시다"]), ("vowel-wa", "과", ["과일", "관객"]),
    ("vowel-wae", "왜", ["왜가리"]), ("vowel-oe", "되", ["되다"]), ("vowel-wo", "뭐", ["뭐라"]),
    ("vowel-we", "궤", ["궤도"]), ("vowel-wi", "쉬", ["쉬다"]), ("vowel-ui", "의", ["의자"]),
  ].map { kind in
    Kind(name: kind.0, query: kind.1, matchingWords: kind.2, companions: [], family: .compound)
  }

  /// The words the entries of the compound kinds' journal draw from: for each kind, the syllable
  /// before its last letter followed by a syllable that does not go on with it, and words with
  /// the syllable before its first vowel; none matches any compound kind's query.
  static let compoundFiller = [
    "너구리", "넉넉", "아니", "안개", "마늘", "만두", "다리", "달빛", "사랑", "살구", "너른", "널판",
    "고래", "골짜기", "하루", "할머니", "으르렁", "을지", "끄르기", "끌림", "가방", "갑자기",
    "고요", "고민", "오후", "오이", "도시", "도토리", "무게", "무스", "구름", "구두", "수박", "수건",
    "으뜸", "향기", "저녁", "rain", "amber",
  ]

  /// Words every entry draws from: they hold the pieces of every kind's term and match no
  /// kind's query.
  static let filler = [
    // 모 before anything but ㄱ, ㅁ syllables with other finals, ㄱ syllables after others.
    "모든", "모두", "모래", "모자", "몸과", "못가", "몽글", "몰약", "가을", "고요", "기분", "구름", "그늘",
    // 장미 before other syllables, 향 and 미 before ㅎ elsewhere.
    "장미꽃", "장미수", "들장미를", "미학", "향기", "청향",
    // ㅂ and ㅈ apart; ㄱㅁ, ㅁㅅ, ㅅㄹ, ㄹㄴ, ㄴㅁ, ㄹㅎ, ㄴㄷ, ㅁㄷ, ㅂㄴ as pairs.
    "바다", "보라", "비누", "자두", "저녁", "가마", "고민", "기미", "무스", "머스크", "사랑", "소리", "러닝",
    "라니", "루하", "노동", "누리", "나무", "너무",
    // Latin: r, o, n, i and their pairs apart from the terms.
    "oar", "orca", "door", "moor", "odor", "rain", "rust", "ore", "torn", "corn", "horn", "word",
    "amber", "oral", "north", "coin", "firm", "stir", "noon", "onion",
  ]

  /// The words of the two halves of the journal for the query of several terms: an entry holds
  /// those of one half only, unless it matches.
  static let halves = (first: ["오늘", "이내"], second: ["향수", "꽃향"])

  static let brands = ["Odor Works", "구름공방", "Moor & Tor", "고요상점", "Stir Lab"]
  static let names = ["Rain 7", "모래 17", "Torn Amber", "구름 03", "Firm Oud"]

  /// How many entries match each kind's query: 12 in 10,000, growing with the square root of
  /// the journal so that a larger journal is relatively sparser.
  static func matchesPerKind(size: Int) -> Int {
    min(size / 40, max(2, Int((Double(size) / 10_000).squareRoot() * 12)))
  }

  /// One entry: its identity, day and fields.
  struct Row: Sendable {
    let id: UUID
    let day: CalendarDay
    let brand: String
    let name: String
    let notes: String
    let sentence: String
    let isFavorite: Bool
  }

  /// `size` entries of a family's journal, in the order they are added: days spread over five
  /// years at random.
  static func rows(
    size: Int, family: Family = .main, using random: inout some RandomNumberGenerator
  ) -> [Row] {
    func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
    let filler = family == .main ? Self.filler : compoundFiller
    // The entries that match, spread evenly, a share for each kind that has matches, with one
    // matching word each.
    let matching = kinds.filter { $0.family == family && !$0.matchingWords.isEmpty }
    let perKind = matchesPerKind(size: size)
    var planted: [Int: Kind] = [:]
    let stride = max(1, size / max(1, perKind * matching.count))
    for (index, kind) in matching.enumerated() {
      for number in 0..<perKind {
        let position = (number * matching.count + index) * stride + stride / 2
        if position < size { planted[position] = kind }
      }
    }
    // Five years from 2025-01-01 (noon in Korea).
    let firstDay = CalendarDay(
      containing: Date(timeIntervalSince1970: 1_735_700_400), in: CalendarDay.koreaTimeZone)
    var rows: [Row] = []
    rows.reserveCapacity(size)
    for position in 0..<size {
      var words = (0..<(6 + Int(random.next() % 5))).map { _ in pick(filler) }
      let firstHalf = random.next() % 2 == 0
      let kind = planted[position]
      if family == .main, kind?.companions.isEmpty ?? true {
        words.insert(pick(firstHalf ? halves.first : halves.second), at: words.count / 2)
      }
      if let kind {
        words.insert(pick(kind.matchingWords), at: Int(random.next() % UInt64(words.count + 1)))
        words += kind.companions
      }
      let sentenceWords = (0..<(2 + Int(random.next() % 3))).map { _ in pick(filler) }
      let decomposed = random.next() % 2 == 0
      func text(_ value: String) -> String {
        decomposed ? value.decomposedStringWithCanonicalMapping : value
      }
      let id = UUID(uuid: uuidBytes(random.next(), random.next()))
      rows.append(
        Row(
          id: id, day: firstDay.adding(days: Int(random.next() % 1_825)), brand: text(pick(brands)),
          name: text(pick(names)), notes: text(words.joined(separator: " ")),
          sentence: text(sentenceWords.joined(separator: " ")),
          isFavorite: random.next() % 100 < 15))
    }
    return rows
  }

  /// The rows as the journal's tab-separated import text.
  static func tsv(_ rows: [Row]) -> Data {
    var text = ""
    text.reserveCapacity(rows.count * 200)
    for row in rows {
      text += row.id.uuidString.lowercased() + "\t" + row.day.description + "\t" + row.brand + "\t"
      text += row.name + "\t" + row.notes + "\t" + row.sentence + "\t"
      text += (row.isFavorite ? "1" : "0") + "\n"
    }
    return Data(text.utf8)
  }

  /// A version-4 UUID from 128 random bits.
  private static func uuidBytes(_ high: UInt64, _ low: UInt64) -> uuid_t {
    let high = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x4000
    let low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    func byte(_ value: UInt64, _ index: Int) -> UInt8 {
      UInt8(truncatingIfNeeded: value >> (56 - 8 * index))
    }
    return (
      byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
      byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
      byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
    )
  }
}
