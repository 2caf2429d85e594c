import Foundation
import HaruModels

/// The statements of the entry table and the mapping between its rows and ``/HaruModels/JournalEntry``.
enum EntrySQL {
  static let columns =
    "id, day, brand, perfume_name, notes, sentence, photo, is_favorite, created_at, updated_at"

  /// `ON CONFLICT (id) DO NOTHING` skips only an existing identity; any other constraint still
  /// fails the statement, unlike `INSERT OR IGNORE`.
  /// The entry takes the next search key of its day (see ``SearchSQL/nextKey(dayAt:)``).
  static let insert = """
    INSERT INTO entry (search_key, \(columns))
    VALUES (\(SearchSQL.nextKey(dayAt: 2)), ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
    ON CONFLICT (id) DO NOTHING
    """

  /// An entry moved to another day takes the next search key of that day; otherwise it keeps
  /// its own (the right-hand sides see the row as it was).
  static let update = """
    UPDATE entry SET
      search_key = CASE WHEN day = ?2 THEN search_key ELSE \(SearchSQL.nextKey(dayAt: 2)) END,
      day = ?2, brand = ?3, perfume_name = ?4, notes = ?5, sentence = ?6,
      photo = ?7, is_favorite = ?8, created_at = ?9, updated_at = ?10
    WHERE id = ?1
    """

  static let select = "SELECT \(columns) FROM entry WHERE id = ?1"
  static let delete = "DELETE FROM entry WHERE id = ?1"
  static let photoReference = "SELECT 1 FROM entry WHERE photo = ?1 LIMIT 1"

  static let perfumes = """
    SELECT brand, perfume_name, count(*), max(day) FROM entry
    GROUP BY brand, perfume_name
    ORDER BY max(day) DESC, brand, perfume_name
    """

  /// A page of a list. Parameters: ?1 day, ?2 created_at, ?3 id of the cursor (when there is
  /// one), ?4 the limit, ?5 brand and ?6 perfume name (for one perfume's list). The row-value
  /// comparison is a range on the list's index, which is walked in its own order.
  static func page(_ list: JournalList, afterCursor: Bool) -> String {
    var conditions = [condition(list, perfumeAt: 5)].compactMap { $0 }
    if afterCursor {
      conditions.append("(day, created_at, id) < (?1, ?2, ?3)")
    }
    let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    return "SELECT \(columns) FROM entry\(filter) "
      + "ORDER BY day DESC, created_at DESC, id DESC LIMIT ?4"
  }

  /// The number of entries of a list. Parameters: ?1 brand and ?2 perfume name (for one
  /// perfume's list).
  static func count(_ list: JournalList) -> String {
    "SELECT count(*) FROM entry" + (condition(list, perfumeAt: 1).map { " WHERE \($0)" } ?? "")
  }

  /// The condition on the entry table that keeps a list's entries; `nil` for every entry. One
  /// perfume's brand and name are the parameters `perfumeAt` and the one after it, bound by
  /// ``bindPerfume(of:at:to:)``, and compared as stored: byte for byte, as
  /// `JournalList.contains(_:)` does.
  static func condition(_ list: JournalList, perfumeAt parameter: Int32) -> String? {
    switch list {
    case .all: nil
    case .favorites: "is_favorite = 1"
    case .perfume: "brand = ?\(parameter) AND perfume_name = ?\(parameter + 1)"
    }
  }

  /// Binds one perfume's brand and name where ``condition(_:perfumeAt:)`` put them; binds nothing
  /// for the other lists.
  static func bindPerfume(
    of list: JournalList, at parameter: Int32, to statement: SQLiteStatement
  ) throws(SQLiteError) {
    guard case .perfume(let perfume) = list else { return }
    try statement.bind(perfume.brand, at: parameter)
    try statement.bind(perfume.name, at: parameter + 1)
  }

  /// Binds every column of an entry, in the order of ``columns``.
  static func bind(_ entry: JournalEntry, to statement: SQLiteStatement) throws(SQLiteError) {
    try statement.bind(entry.id.description, at: 1)
    try statement.bind(JournalDay.number(entry.day), at: 2)
    try statement.bind(entry.brand, at: 3)
    try statement.bind(entry.perfumeName, at: 4)
    try statement.bind(entry.notes, at: 5)
    try statement.bind(entry.sentence, at: 6)
    try statement.bind(entry.photo?.rawValue, at: 7)
    try statement.bind(entry.isFavorite, at: 8)
    try statement.bind(JournalTime.microseconds(entry.createdAt), at: 9)
    try statement.bind(JournalTime.microseconds(entry.updatedAt), at: 10)
  }

  /// The entry in the current row, validated like any new entry unless the same row was read
  /// before.
  ///
  /// - Throws: ``JournalError/Code/corruptEntry`` when the row does not make a valid entry.
  static func readEntry(
    _ statement: SQLiteStatement, cache: EntryRowCache
  ) throws(JournalError) -> JournalEntry {
    try cache.entry(in: statement, columns: columnCount, make: readEntry)
  }

  static let columnCount: Int32 = 10

  /// The entry in the current row, validated like any new entry.
  ///
  /// - Throws: ``JournalError/Code/corruptEntry`` when the row does not make a valid entry.
  static func readEntry(_ statement: SQLiteStatement) throws(JournalError) -> JournalEntry {
    let idText = statement.text(at: 0)
    guard let uuid = UUID(uuidString: idText) else {
      throw JournalError(
        .corruptEntry, message: "A stored entry has an identity that is not a UUID: \(idText).")
    }
    let id = JournalEntry.ID(uuid)
    do {
      let photo = try statement.optionalText(at: 6).map { (name) throws(ModelError) in
        try PhotoName(name)
      }
      return try JournalEntry(
        id: id,
        day: JournalDay.day(statement.int64(at: 1)),
        brand: statement.text(at: 2),
        perfumeName: statement.text(at: 3),
        notes: statement.text(at: 4),
        sentence: statement.text(at: 5),
        photo: photo,
        isFavorite: statement.int64(at: 7) != 0,
        createdAt: JournalTime.date(microseconds: statement.int64(at: 8)),
        updatedAt: JournalTime.date(microseconds: statement.int64(at: 9)))
    } catch {
      throw JournalError(
        .corruptEntry, message: "The stored entry \(id) cannot be read: \(error.description)",
        field: error.field, entryID: id, validationError: error)
    }
  }

  static func entry(_ id: JournalEntry.ID, in connection: SQLiteConnection) throws -> JournalEntry?
  {
    try connection.withStatement(select) { statement in
      try statement.bind(id.description, at: 1)
      return try statement.step() ? try readEntry(statement, cache: connection.entryCache) : nil
    }
  }
}
