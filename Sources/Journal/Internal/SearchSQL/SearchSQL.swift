/// The statements of search.
///
/// The index lists each entry under its `search_key`, which the journal chooses so that the
/// index's order is the list's order by day: each day owns a block of 2²⁰ keys, newer days lower
/// ones (``blockStart(of:)``), and an entry takes the next key of its day's block
/// (``nextKey(dayAt:)``). Reading the index's candidates by key, lowest first, meets them day by
/// day, newest day first. A search reads candidates in that order, checks each against the terms,
/// and stops at the first candidate of an older day once it holds a page of matches: within a day
/// the order is by creation time and identity, which the key does not know, so the matches of the
/// last day read are sorted before the page is cut. The cost grows with the candidates read
/// before a page is full, not with the number of matches in the whole journal.
///
/// Keys of one day are consecutive and days are next to each other, so the keys of a token's
/// neighbouring entries differ by little, and FTS5, which stores each key as its difference from
/// the one before, stores most in a byte or two.
///
/// A query with nothing the index knows (a term of control characters), and any search of one
/// perfume's entries, walks the list's newest-first table index instead and checks every entry
/// until a page is full.
enum SearchSQL {
  /// The bits of a key that number an entry within its day: a day holds at most 2²⁰ entries.
  static let dayBits: Int64 = 20

  /// The day whose block starts at 0: later than any day of the years 1 to 9999, so that every
  /// day's block starts above 0.
  static let lastDay: Int64 = (1 << 22) - 1

  /// The lowest key of a day's block, `(lastDay - day) << dayBits`: every key of `day` is at
  /// least this, every key of a later day below it. The schema's triggers check the same in SQL.
  static func blockStart(of day: Int64) -> Int64 {
    (lastDay - day) << dayBits
  }

  /// The search key an entry of the day in parameter `dayAt` takes: one above the highest of
  /// its day's block, or the block's first, found in the index of keys. A day whose block is
  /// used up gives a key the schema's triggers refuse, so the write fails and changes nothing.
  static func nextKey(dayAt parameter: Int) -> String {
    let start = "((\(lastDay) - ?\(parameter)) << \(dayBits))"
    let end = "((\(lastDay + 1) - ?\(parameter)) << \(dayBits))"
    return "coalesce((SELECT max(block.search_key) FROM entry AS block "
      + "WHERE block.search_key >= \(start) AND block.search_key < \(end)) + 1, \(start))"
  }

  /// Matches from the index, newest day first; not ordered within a day. Parameters: ?1 the MATCH
  /// expression, ?2 the terms (see `SearchFunctions.encode`), ?3 day, ?4 created_at and ?5 id of
  /// the cursor and ?6 the start of the cursor's day's block (when there is a cursor).
  static func indexed(favoritesOnly: Bool, afterCursor: Bool) -> String {
    var conditions = ["entry_search MATCH ?1"]
    if afterCursor {
      conditions += [
        "entry_search.rowid >= ?6", "(entry.day, entry.created_at, entry.id) < (?3, ?4, ?5)",
      ]
    }
    if favoritesOnly { conditions.append("entry.is_favorite = 1") }
    conditions.append(matches)
    // CROSS JOIN keeps the index outermost, read in key order; each candidate's row is found
    // by its key.
    return "SELECT \(columns) FROM entry_search CROSS JOIN entry "
      + "ON entry.search_key = entry_search.rowid "
      + "WHERE \(conditions.joined(separator: " AND ")) ORDER BY entry_search.rowid"
  }

  /// The entry with the key ?10, if it matches. Other parameters as in
  /// ``indexed(favoritesOnly:afterCursor:)``, without ?1 and ?6.
  static func listed(favoritesOnly: Bool, afterCursor: Bool) -> String {
    var conditions = ["entry.search_key = ?10"]
    if afterCursor { conditions.append("(entry.day, entry.created_at, entry.id) < (?3, ?4, ?5)") }
    if favoritesOnly { conditions.append("entry.is_favorite = 1") }
    conditions.append(matches)
    return "SELECT \(columns) FROM entry WHERE \(conditions.joined(separator: " AND "))"
  }

  /// A page of matches found by walking the list newest first. Parameters: ?2 the terms, ?3, ?4
  /// and ?5 the cursor (when there is one), ?7 the limit, ?8 brand and ?9 perfume name (for one
  /// perfume's list).
  static func scanned(_ list: JournalList, afterCursor: Bool) -> String {
    "SELECT \(columns) FROM entry WHERE "
      + (listConditions(list, afterCursor: afterCursor) + [matches]).joined(separator: " AND ")
      + newestFirstLimit
  }

  /// Entries of a list newest first, at most ?7 of them, each with whether it matches in column
  /// ``walkedMatchColumn``. Parameters as in ``scanned(_:afterCursor:)``, ?7 the most entries
  /// walked.
  static func walked(_ list: JournalList, afterCursor: Bool) -> String {
    let conditions = listConditions(list, afterCursor: afterCursor)
    let filter = conditions.isEmpty ? "" : "WHERE \(conditions.joined(separator: " AND "))"
    return "SELECT \(columns), \(matches) FROM entry \(filter)" + newestFirstLimit
  }

  /// The column of ``walked(_:afterCursor:)`` that tells whether the entry matches.
  static let walkedMatchColumn: Int32 = 10

  /// The conditions of a walk of a list: after the cursor (?3, ?4, ?5), in the list (?8, ?9).
  private static func listConditions(_ list: JournalList, afterCursor: Bool) -> [String] {
    var conditions: [String] = []
    if afterCursor { conditions.append("(day, created_at, id) < (?3, ?4, ?5)") }
    if let condition = EntrySQL.condition(list, perfumeAt: 8) { conditions.append(condition) }
    return conditions
  }

  /// Newest first, at most ?7 rows.
  private static let newestFirstLimit =
    " ORDER BY entry.day DESC, entry.created_at DESC, entry.id DESC LIMIT ?7"

  /// The fewest entries one write must add before ``mergeIndexAfterLargeWrite(added:in:)``
  /// considers merging the index.
  static let largeWrite = 1_000

  /// Merges the search index into one segment after a write that added a large share of the
  /// journal (at least ``largeWrite`` entries, and at least a quarter of all entries), inside
  /// that write's transaction.
  ///
  /// FTS5 writes what one transaction indexed as segments of its own and merges them only a few
  /// at a time, so a big import leaves the index in ten segments or more, and a query looks up
  /// each of its tokens in every segment: a term whose last character is half-typed asks for a
  /// hundred tokens or more. One segment makes such a search two to three times faster. The
  /// merge rewrites the whole index, so it runs only when the write itself was as large as a
  /// good part of that.
  ///
  /// - Returns: Whether the index was merged.
  @discardableResult
  static func mergeIndexAfterLargeWrite(
    added: Int, in connection: SQLiteConnection
  ) throws(SQLiteError) -> Bool {
    guard added >= largeWrite else { return false }
    let total = try connection.integer("SELECT count(*) FROM entry")
    guard Int64(added) * 4 >= total else { return false }
    try connection.execute("INSERT INTO entry_search (entry_search) VALUES ('optimize')")
    return true
  }

  /// Lets FTS5 hold up to 32 MiB of what a transaction indexes before it writes that out as a
  /// segment (1 MiB by default), for a write of ``largeWrite`` entries or more: a big import then
  /// writes a few segments instead of dozens and merges them less often, which makes it faster.
  /// The setting is kept in the index's configuration; a small write commits long before it
  /// holds that much, so only large writes use the memory.
  static func holdPendingIndexData(in connection: SQLiteConnection) throws(SQLiteError) {
    try connection.execute(
      "INSERT INTO entry_search (entry_search, rank) VALUES ('hashsize', 33554432)")
  }

  /// The segments the index is merged down to once writes pause, when FTS5 can: it merges only
  /// segments of one level with each other, so a few of different sizes may stay.
  static let segmentLimit = 6

  /// The most pages one merge after a pause writes: a few milliseconds of work.
  static let pagesPerMerge = 256

  /// Merges segments of the search index, up to `pages` pages, while it is in more than `limit`
  /// of them (see ``SearchIndexMaintenance``).
  ///
  /// FTS5's `merge` command merges the segments of the level that holds the most of them, if it
  /// holds at least `usermerge` (4 by default; set to 2 here, once, in the index's
  /// configuration), and goes on from where it stopped the next time, so each call does a
  /// bounded amount of work.
  ///
  /// - Returns: Whether the index is in fewer segments than before.
  static func mergeSegments(
    downTo limit: Int, pages: Int, in connection: SQLiteConnection
  ) throws -> Bool {
    let before = try segmentCount(in: connection)
    guard before > limit else { return false }
    let configured = try connection.integer(
      "SELECT count(*) FROM entry_search_config WHERE k = 'usermerge' AND v = 2")
    if configured == 0 {
      try connection.execute(
        "INSERT INTO entry_search (entry_search, rank) VALUES ('usermerge', 2)")
    }
    var left = pages
    var count = before
    while count > limit, left > 0 {
      let step = min(left, 64)
      try connection.execute(
        "INSERT INTO entry_search (entry_search, rank) VALUES ('merge', \(step))")
      left -= step
      count = try segmentCount(in: connection)
    }
    return count < before
  }

  /// How many segments the search index is in, read from FTS5's structure record (row 10 of
  /// `entry_search_data`: a 4-byte cookie, then varints for the number of levels and of
  /// segments, which its first 24 bytes hold).
  static func segmentCount(in connection: SQLiteConnection) throws -> Int {
    let hex = Array(
      try connection.text(
        "SELECT hex(substr(block, 1, 24)) FROM entry_search_data WHERE id = 10"
      ).utf8)
    let bytes = bytes(fromHex: hex)
    var position = 4
    _ = varint(in: bytes, at: &position)  // the number of levels
    return Int(clamping: varint(in: bytes, at: &position))
  }

  /// How many entries the search index lists, read from FTS5's averages record (row 1 of
  /// `entry_search_data`, whose first varint counts the rows indexed): one look-up, where
  /// `count(*)` reads every row.
  static func indexedEntryCount(in connection: SQLiteConnection) throws -> Int {
    let hex = Array(
      try connection.text(
        "SELECT coalesce(hex(substr(block, 1, 9)), '') FROM entry_search_data WHERE id = 1"
      ).utf8)
    var position = 0
    return Int(clamping: varint(in: bytes(fromHex: hex), at: &position))
  }

  /// The bytes that hexadecimal digits spell.
  private static func bytes(fromHex hex: [UInt8]) -> [UInt8] {
    stride(from: 0, to: hex.count - 1, by: 2).compactMap { offset in
      UInt8(String(decoding: hex[offset..<offset + 2], as: UTF8.self), radix: 16)
    }
  }

  /// The varint at `position` in `bytes` (seven bits a byte, big-endian, the high bit set on all
  /// but the last; nine bytes read at most), and moves `position` past it.
  static func varint(in bytes: [UInt8], at position: inout Int) -> UInt64 {
    var value: UInt64 = 0
    var read = 0
    while position < bytes.count, read < 9 {
      let byte = bytes[position]
      position += 1
      read += 1
      value = value << 7 | UInt64(byte & 0x7F)
      if byte < 0x80 { break }
    }
    return value
  }

  private static let matches = "haru_search_matches(?2, brand, perfume_name, notes, sentence)"

  private static let columns = EntrySQL.columns.split(separator: ", ").map { "entry.\($0)" }
    .joined(separator: ", ")
}
