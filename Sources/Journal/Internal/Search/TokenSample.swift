/// Which index tokens a sample of the journal's entries holds: what search estimates from how many
/// entries of the journal a token lists, how many hold several tokens at once, how many of those
/// match, and what reading all the tokens that begin with one character costs.
///
/// FTS5 knows how long each token's list is only by reading it, which costs as much as the
/// search it would plan. A sample of ``size`` entries, tokenized as the index tokenizes them,
/// answers in microseconds; it is taken once and again only when the journal has grown or shrunk
/// by half (see ``isStale(entries:)``). Estimates only choose which tokens a search asks the
/// index for: every choice finds the same entries, so a stale sample costs speed, never results.
struct TokenSample: Sendable {
  /// The most entries a sample holds.
  static let size = 512

  /// The entries sampled.
  let entries: Int
  /// How many entries the journal held when sampled.
  let journalEntries: Int
  /// The hashes of the tokens held, ascending, and for each, where its holders start in
  /// `holders`.
  private let keys: [UInt64]
  private let starts: [Int32]
  /// For each token, the sampled entries (by position in the sample) that hold it, ascending.
  private let holders: [UInt16]
  /// For each prefix (one character; two narrow ones; for initials tokens, the mark and a first
  /// key), how many distinct tokens of the sample begin with it and how many entries they list
  /// in all: what reading that prefix costs, since the index keeps no prefixes and merges the
  /// lists of every token that begins with it.
  private let prefixTokens: [UInt64: (tokens: Int, listed: Int)]

  /// The folded fields of each sampled entry, when the sample was taken from a journal: what
  /// tells whether an entry that holds a query's tokens matches it.
  private let fields: [[[UInt16]]]

  /// The most sampled entries ``matchingCount(of:among:)`` checks.
  static let checkedLimit = 64

  /// A sample of no entries, for a journal with none.
  static let empty = TokenSample(indexTexts: [], journalEntries: 0)

  /// Builds a sample from the index text of each sampled entry (``SearchText/indexText(_:)``)
  /// and, when known, its folded fields (brand, perfume name, notes, sentence).
  init(indexTexts: [[UInt8]], fields: [[[UInt16]]] = [], journalEntries: Int) {
    self.fields = fields.count == indexTexts.count ? fields : []
    entries = indexTexts.count
    self.journalEntries = max(journalEntries, indexTexts.count)
    // (token hash, entry) for every token of every entry, and for the beginnings of each token
    // that a prefix query asks for (its first character; the first two when both are narrow;
    // the mark and first key of an initials token), sorted and made unique.
    var pairs: [(key: UInt64, entry: UInt16)] = []
    var prefixesOf: [UInt64: [UInt64]] = [:]
    for (position, text) in indexTexts.enumerated() {
      let entry = UInt16(truncatingIfNeeded: position)
      var start = 0
      for index in 0...text.count where index == text.count || text[index] == 0x20 {
        defer { start = index + 1 }
        guard index > start else { continue }
        let token = text[start..<index]
        let key = Self.hash(token)
        pairs.append((key, entry))
        if let known = prefixesOf[key] {
          for prefix in known { pairs.append((prefix, entry)) }
          continue
        }
        var prefixes: [UInt64] = []
        let first = token.startIndex + Self.characterLength(lead: token[token.startIndex])
        if token.starts(with: Self.followMark) {
          // A follow token is only ever asked for whole.
        } else if token.starts(with: Self.initialsMark), first < index {
          // An initials token is asked for by its first key.
          let second = first + Self.characterLength(lead: token[first])
          prefixes.append(Self.prefixHash(token[token.startIndex..<min(second, index)]))
        } else {
          prefixes.append(Self.prefixHash(token[token.startIndex..<min(first, index)]))
          if let one = Self.narrowLength(token, at: token.startIndex),
            let two = Self.narrowLength(token, at: token.startIndex + one),
            token.startIndex + one + two <= index
          {
            prefixes.append(Self.prefixHash(token[token.startIndex..<token.startIndex + one + two]))
          }
        }
        for prefix in prefixes { pairs.append((prefix, entry)) }
        prefixesOf[key] = prefixes
      }
    }
    pairs.sort { $0.key != $1.key ? $0.key < $1.key : $0.entry < $1.entry }
    var keys: [UInt64] = []
    var starts: [Int32] = []
    var holders: [UInt16] = []
    for pair in pairs {
      if keys.last != pair.key {
        keys.append(pair.key)
        starts.append(Int32(holders.count))
      } else if holders.last == pair.entry {
        continue
      }
      holders.append(pair.entry)
    }
    starts.append(Int32(holders.count))
    var prefixTokens: [UInt64: (tokens: Int, listed: Int)] = [:]
    for (index, key) in keys.enumerated() {
      let listed = Int(starts[index + 1] - starts[index])
      for prefix in prefixesOf[key] ?? [] {
        let counted = prefixTokens[prefix] ?? (0, 0)
        prefixTokens[prefix] = (counted.tokens + 1, counted.listed + listed)
      }
    }
    self.prefixTokens = prefixTokens
    self.keys = keys
    self.starts = starts
    self.holders = holders
  }

  /// Whether the journal, which now holds `entries` entries, has grown or shrunk enough since
  /// the sample to take another.
  func isStale(entries: Int) -> Bool {
    let change = entries > journalEntries ? entries - journalEntries : journalEntries - entries
    return change > max(Self.size / 2, journalEntries / 2)
  }

  /// The sampled entries that hold a token, ascending.
  func holders(of token: SearchText.IndexToken) -> ArraySlice<UInt16> {
    let bytes = Array(token.text.utf8)
    let key = token.isPrefix ? Self.prefixHash(bytes[...]) : Self.hash(bytes[...])
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] < key { low = middle + 1 } else { high = middle }
    }
    guard low < keys.count, keys[low] == key else { return [] }
    return holders[Int(starts[low])..<Int(starts[low + 1])]
  }

  /// How many of some sampled entries match all of `terms`, estimated from at most
  /// ``checkedLimit`` of them spread evenly; `nil` when the sample has no fields. An entry can
  /// hold every token a query asks for, in different fields or apart, and match nothing.
  func matchingCount(of terms: [SearchText.Term], among listed: [UInt16]) -> Int? {
    guard !fields.isEmpty else { return nil }
    guard !listed.isEmpty else { return 0 }
    let step = (listed.count + Self.checkedLimit - 1) / Self.checkedLimit
    var checked = 0
    var matched = 0
    for position in stride(from: 0, to: listed.count, by: step) {
      checked += 1
      if SearchText.matches(terms, in: fields[Int(listed[position])]) { matched += 1 }
    }
    return matched * listed.count / checked
  }

  /// How many distinct tokens of the sample begin with a prefix (one character, two narrow ones,
  /// or the initials mark and a first key), and how many sampled entries they list in all.
  func tokens(beginningWith prefix: SearchText.IndexToken) -> (tokens: Int, listed: Int) {
    prefixTokens[Self.prefixHash(Array(prefix.text.utf8)[...])] ?? (0, 0)
  }

  /// FNV-1a of a token's UTF-8 bytes.
  private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }

  /// The hash of a prefix: that of its bytes followed by 0xFF, which no token holds.
  private static func prefixHash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    (hash(bytes) ^ 0xFF) &* 0x100_0000_01b3
  }

  /// The length in UTF-8 of the character at `index` when it is narrow
  /// (``SearchText/isNarrow(_:)``); `nil` when it is not, or at the end.
  private static func narrowLength(_ token: ArraySlice<UInt8>, at index: Int) -> Int? {
    guard index < token.endIndex else { return nil }
    let lead = token[index]
    if lead < 0x80 { return 1 }
    let length = characterLength(lead: lead)
    guard index + length <= token.endIndex, length <= 3 else { return nil }
    var value = UInt32(lead) & (length == 2 ? 0x1F : 0x0F)
    for offset in 1..<length { value = value << 6 | UInt32(token[index + offset] & 0x3F) }
    return SearchText.isNarrow(UInt16(value)) ? length : nil
  }

  /// ``SearchText/followMark`` in UTF-8.
  private static let followMark = Array(
    String(decoding: [SearchText.followMark], as: UTF16.self).utf8)
  /// ``SearchText/initialsMark`` in UTF-8.
  private static let initialsMark = Array(
    String(decoding: [SearchText.initialsMark], as: UTF16.self).utf8)

  /// The length of the UTF-8 sequence a byte leads.
  private static func characterLength(lead: UInt8) -> Int {
    switch lead {
    case 0..<0xC0: 1
    case 0xC0..<0xE0: 2
    case 0xE0..<0xF0: 3
    default: 4
    }
  }
}

extension TokenSample {
  /// Samples the journal, which holds `entries` entries, on a connection: up to ``size``
  /// entries, the first at or after each of `size` evenly spaced identities. Identities are
  /// random UUIDs, so the sample is spread over the journal whatever the days, and a burst of
  /// similar entries, such as the last import, does not stand for the whole journal.
  static func take(on connection: SQLiteConnection, entries: Int) throws -> Self {
    var texts: [[UInt8]] = []
    var sampledFields: [[[UInt16]]] = []
    var last = ""
    try connection.withStatement(
      "SELECT id, brand, perfume_name, notes, sentence FROM entry WHERE id >= ?1 "
        + "ORDER BY id LIMIT 1"
    ) { statement in
      for spot in 0..<size {
        // The first eight hexadecimal digits of the spot's identity, past the last one taken,
        // so that a stretch without entries is not sampled twice.
        let start = String(UInt64(spot) << 32 / UInt64(size), radix: 16)
        let digits = String(repeating: "0", count: 8 - start.count) + start
        try statement.bind(max(digits, last + "\u{1}"), at: 1)
        guard try statement.step() else { break }
        last = statement.text(at: 0)
        let fields = (1..<5).map { SearchText.folded(statement.text(at: Int32($0))) }
        texts.append(SearchText.indexText(fields))
        sampledFields.append(fields)
        statement.reset()
      }
    }
    return TokenSample(indexTexts: texts, fields: sampledFields, journalEntries: entries)
  }
}
