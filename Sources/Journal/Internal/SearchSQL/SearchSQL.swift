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

  /// Candidates from the index, newest day first, not ordered within a day, each with whether it
  /// matches in column ``matchColumn`` and its key in column ``keyColumn``. Parameters: ?1 the
  /// MATCH expression, ?2 the terms, ?3 day, ?4 created_at and ?5 id of the cursor and ?6 the
  /// start of the cursor's day's block (when there is a cursor), ?10 the key the candidates are
  /// above (with `aboveKey`).
  static func indexed(favoritesOnly: Bool, afterCursor: Bool, aboveKey: Bool = false) -> String {
    var conditions = ["entry_search MATCH ?1"]
    if afterCursor {
      conditions += [
        "entry_search.rowid >= ?6", "(entry.day, entry.created_at, entry.id) < (?3, ?4, ?5)",
      ]
    }
    if aboveKey { conditions.append("entry_search.rowid > ?10") }
    if favoritesOnly { conditions.append("entry.is_favorite = 1") }
    // CROSS JOIN keeps the index outermost, read in key order; each candidate's row is found
    // by its key.
    return "SELECT \(columns), \(matches), entry_search.rowid FROM entry_search CROSS JOIN entry "
      + "ON entry.search_key = entry_search.rowid "
      + "WHERE \(conditions.joined(separator: " AND ")) ORDER BY entry_search.rowid"
  }

  /// Entries of a list newest first, at most ?7 of them, each with whether it matches in column
  /// ``matchColumn``. Parameters: ?2 the terms, ?3, ?4 and ?5 the cursor (when there is one), ?7
  /// the most entries walked (-1 for no limit), ?8 brand and ?9 perfume name (for one perfume's
  /// list).
  static func walked(_ list: JournalList, afterCursor: Bool) -> String {
    let conditions = listConditions(list, afterCursor: afterCursor)
    let filter = conditions.isEmpty ? "" : "WHERE \(conditions.joined(separator: " AND "))"
    return "SELECT \(columns), \(matches) FROM entry \(filter)" + newestFirstLimit
  }

  /// The column of ``walked(_:afterCursor:)`` and ``indexed(favoritesOnly:afterCursor:)`` that
  /// tells whether the entry matches.
  static let matchColumn: Int32 = 10

  /// The column of ``indexed(favoritesOnly:afterCursor:aboveKey:)`` that holds the candidate's
  /// key.
  static let keyColumn: Int32 = 11

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

  /// The most pages one merge after a pause writes: a few milliseconds of work.
  static let pagesPerMerge = 256

  /// The pages one `merge` command writes at most.
  private static let pagesPerCommand = 64

  /// Merges segments of the search index, up to `pages` pages, while a level of it holds two
  /// segments or more (see ``SearchIndexMaintenance``).
  ///
  /// FTS5's `merge` command with a positive number of pages merges the segments of a level that
  /// holds at least `usermerge` of them (set to 2 here, in the same transaction), and
  /// goes on from where it stopped the next time, so each call does a bounded amount of work. It
  /// did work when SQLite's count of changed rows grew by two or more, as FTS5's documentation
  /// says (<https://sqlite.org/fts5.html#the_merge_command>): that is all this reads of the
  /// index, so nothing here depends on how FTS5 lays out its tables.
  ///
  /// - Returns: Whether anything was merged.
  static func mergeSegments(pages: Int, in connection: SQLiteConnection) throws -> Bool {
    try connection.execute("INSERT INTO entry_search (entry_search, rank) VALUES ('usermerge', 2)")
    var left = pages
    var merged = false
    while left > 0 {
      let step = min(left, pagesPerCommand)
      let before = connection.totalChanges
      try connection.execute(
        "INSERT INTO entry_search (entry_search, rank) VALUES ('merge', \(step))")
      guard connection.totalChanges - before >= 2 else { break }
      merged = true
      left -= step
    }
    return merged
  }

  /// Whether the search index is in more than one segment: whether FTS5's `merge` command with
  /// a negative number of pages, which merges any two segments whatever their levels, finds work
  /// (<https://sqlite.org/fts5.html#the_merge_command>). The command runs inside a savepoint
  /// that is rolled back, so nothing changes; it needs the write lock.
  static func isInSeveralSegments(in connection: SQLiteConnection) throws -> Bool {
    try connection.execute("SAVEPOINT haru_segments")
    do {
      let before = connection.totalChanges
      try connection.execute(
        "INSERT INTO entry_search (entry_search, rank) VALUES ('merge', -1)")
      let several = connection.totalChanges - before >= 2
      try connection.execute("ROLLBACK TO haru_segments")
      try connection.execute("RELEASE haru_segments")
      return several
    } catch {
      try? connection.execute("ROLLBACK TO haru_segments")
      try? connection.execute("RELEASE haru_segments")
      throw error
    }
  }

  private static let matches = "haru_search_matches(?2, brand, perfume_name, notes, sentence)"

  private static let columns = EntrySQL.columns.split(separator: ", ").map { "entry.\($0)" }
    .joined(separator: ", ")
}
