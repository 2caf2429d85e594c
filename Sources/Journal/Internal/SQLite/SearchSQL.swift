/// The statements of search and the choice between them.
///
/// Two ways answer a search. The **index** way asks the bigram index for the candidate rows,
/// checks each against the terms, sorts the matches newest first and keeps a page: its cost grows
/// with the number of candidates. The **scan** way walks the list's newest-first index and checks
/// each entry until a page is full: its cost grows with the number of entries it must pass over,
/// which is small when matches are common and the whole table when they are rare. The planner
/// counts the candidates, stopping at ``candidateLimit``: when there are at most that many it
/// takes the index way, else matches are common enough for the scan to fill a page quickly.
enum SearchSQL {
  /// The most candidates the index way fetches and sorts.
  static let candidateLimit = 2000

  /// Counts the index's candidates for ?1 (a MATCH expression), stopping at ?2.
  static let candidateCount = """
    SELECT count(*) FROM (SELECT rowid FROM entry_search WHERE entry_search MATCH ?1 LIMIT ?2)
    """

  /// A page of matches. Parameters: ?1 the MATCH expression (index way only), ?2 the terms (see
  /// `SearchFunctions.encode`), ?3 day, ?4 created_at and ?5 id of the cursor (when there is
  /// one), ?6 the limit.
  static func page(useIndex: Bool, favoritesOnly: Bool, afterCursor: Bool) -> String {
    var conditions = ["haru_search_matches(?2, brand, perfume_name, notes, sentence)"]
    if favoritesOnly { conditions.insert("is_favorite = 1", at: 0) }
    if afterCursor { conditions.insert("(day, created_at, id) < (?3, ?4, ?5)", at: 0) }
    let source: String
    if useIndex {
      // CROSS JOIN keeps the index outermost: candidates first, then their rows by key.
      source = "entry_search CROSS JOIN entry ON entry.seq = entry_search.rowid"
      conditions.insert("entry_search MATCH ?1", at: 0)
    } else {
      source = "entry"
    }
    let columns = EntrySQL.columns.split(separator: ", ").map { "entry.\($0)" }.joined(
      separator: ", ")
    return "SELECT \(columns) FROM \(source) WHERE \(conditions.joined(separator: " AND ")) "
      + "ORDER BY entry.day DESC, entry.created_at DESC, entry.id DESC LIMIT ?6"
  }
}
