public import Foundation
public import HaruModels
import HaruShared

/// A ``JournalStore`` in a SQLite database file.
///
/// The store keeps entries in the system's SQLite library in write-ahead-log mode with
/// `synchronous=NORMAL`: a committed change survives the app crashing or being killed, and the file
/// is never left damaged; after a power loss the last few changes may be rolled back. Every write
/// is one transaction started with `BEGIN IMMEDIATE`, statements are prepared once and reused, and
/// lists are read through indexes in newest-first order, so the first page of a list costs the
/// same with ten entries or a hundred thousand.
///
/// Opening checks the file before SQLite may write to it. A file that is empty, truncated or not
/// a journal database is refused with ``JournalError/Code/notADatabase``, and one written by a
/// newer version of Haru with ``JournalError/Code/newerSchemaVersion``; either way the file is
/// left as it was. A missing file becomes a new, empty journal; an older one is migrated, one
/// numbered step per transaction.
///
/// Every store opens its own connections: one writer, a small pool of readers that read in
/// parallel, and one that checkpoints in the background. Every connection, read-only ones
/// included, waits for another connection's lock (in this process or another) up to the busy
/// timeout, ten seconds by default, then fails with ``JournalError/Code/busy``.
///
/// ```swift
/// let store = try SQLiteJournalStore(fileURL: folder.appending(path: "journal.sqlite"))
/// let journal = try JournalRepository(store: store, directory: folder)
/// ```
///
/// Most apps open a journal with ``JournalRepository/init(directory:options:now:)``, which creates
/// this store for them. See <doc:SharingTheJournalWithOtherProcesses> for what holds when several
/// processes use one file.
public final class SQLiteJournalStore: JournalStore {
  /// The database file.
  public let fileURL: URL
  let database: SQLiteDatabase
  /// Whether search reads the bigram index; `false` walks the list, for tests.
  let searchUsesIndex: Bool

  /// Opens the database file, creating it when it does not exist.
  ///
  /// - Parameter fileURL: The database file, such as `journal.sqlite` in the journal's folder. Its
  ///   folder is created when missing.
  /// - Throws: ``JournalError`` with ``JournalError/Code/notADatabase`` (the file is empty,
  ///   truncated, or not a journal database), ``JournalError/Code/newerSchemaVersion``,
  ///   ``JournalError/Code/logWithoutDatabase``, ``JournalError/Code/readOnly`` (no database on
  ///   a read-only medium), ``JournalError/Code/busy``, ``JournalError/Code/fileFailure`` or
  ///   ``JournalError/Code/databaseFailure``. The error's ``JournalError/path`` names the file.
  public init(fileURL: URL) throws(JournalError) {
    self.fileURL = fileURL
    database = try SQLiteDatabase.open(path: fileURL.path)
    searchUsesIndex = true
  }

  /// Opens the database file read-only or read-write, with a busy timeout of your choice.
  ///
  /// On a medium mounted read-only the store opens read-only whatever `readOnly` says. Read-only,
  /// every read works and every write throws ``JournalError/Code/readOnly``; a missing file is
  /// not created.
  ///
  /// - Parameters:
  ///   - fileURL: The database file.
  ///   - readOnly: Whether to open without writing, even when the file could be written.
  ///   - busyTimeout: How long a statement waits for another connection's lock.
  /// - Throws: What ``init(fileURL:)`` throws.
  public init(fileURL: URL, readOnly: Bool, busyTimeout: Duration = .seconds(10))
    throws(JournalError)
  {
    self.fileURL = fileURL
    var configuration = SQLiteDatabase.Configuration()
    configuration.readOnly = readOnly
    configuration.busyTimeoutMilliseconds = Self.milliseconds(busyTimeout)
    database = try SQLiteDatabase.open(path: fileURL.path, configuration: configuration)
    searchUsesIndex = true
  }

  init(
    fileURL: URL, migrator: Migrator = Migrator(migrations: JournalSchema.migrations),
    searchUsesIndex: Bool = true,
    configuration: SQLiteDatabase.Configuration = SQLiteDatabase.Configuration()
  ) throws(JournalError) {
    self.fileURL = fileURL
    var configuration = configuration
    configuration.migrator = migrator
    database = try SQLiteDatabase.open(path: fileURL.path, configuration: configuration)
    self.searchUsesIndex = searchUsesIndex
  }

  /// Whether the store was opened read-only, or found its medium read-only.
  public var isReadOnly: Bool { database.isReadOnly }

  static func milliseconds(_ duration: Duration) -> Int32 {
    Int32(clamping: duration.saturatingMilliseconds)
  }

  /// Reads one entry.
  ///
  /// - Parameter id: The entry's identity.
  /// - Returns: The entry, or `nil` when none has that identity.
  /// - Throws: ``JournalError/Code/databaseFailure`` or ``JournalError/Code/corruptEntry``.
  public func entry(_ id: JournalEntry.ID) throws(JournalError) -> JournalEntry? {
    try database.read { connection in try EntrySQL.entry(id, in: connection) }
  }

  /// Reads entries of a list, newest first, through the list's index.
  ///
  /// - Parameters:
  ///   - list: Which entries.
  ///   - cursor: Return only entries strictly after this position; `nil` for the newest.
  ///   - limit: The most entries to return.
  /// - Returns: At most `limit` entries, newest first.
  /// - Throws: ``JournalError/Code/databaseFailure`` or ``JournalError/Code/corruptEntry``.
  public func entries(
    in list: JournalList, after cursor: JournalCursor?, limit: Int
  ) throws(JournalError) -> [JournalEntry] {
    let rows = try readableEntries(in: list, after: cursor, limit: limit, interrupter: nil)
    if let first = rows.unreadable.first { throw first }
    return rows.entries
  }

  /// Reads entries of a list, newest first, setting aside the rows that no longer read as
  /// entries: together at most `limit`.
  func readableEntries(
    in list: JournalList, after cursor: JournalCursor?, limit: Int,
    interrupter: ReadInterrupter?
  ) throws(JournalError) -> JournalRows {
    guard limit > 0 else { return JournalRows() }
    return try database.read(interrupter: interrupter) { connection in
      try connection.withStatement(EntrySQL.page(list, afterCursor: cursor != nil)) { statement in
        if let cursor {
          try statement.bind(JournalDay.number(cursor.day), at: 1)
          try statement.bind(JournalTime.microseconds(cursor.createdAt), at: 2)
          try statement.bind(cursor.id.description, at: 3)
        }
        try statement.bind(limit, at: 4)
        try EntrySQL.bindPerfume(of: list, at: 5, to: statement)
        var rows = JournalRows()
        rows.entries.reserveCapacity(min(limit, 1000))
        while try statement.step() {
          rows.append(statement, cache: connection.entryCache)
        }
        return rows
      }
    }
  }

  /// Finds the entries a query matches, newest first, through the search index.
  ///
  /// The bigram index lists an entry's candidates day by day, newest day first; the search checks
  /// each candidate against the terms and stops at the first older day once a page is full, so
  /// a common word costs little more than a rare one. Every result is checked against the terms:
  /// the index only speeds a search up and never changes its results. A search of one perfume's
  /// entries walks that perfume's list instead, checking each entry, so that its cost is bounded
  /// by the perfume's entries rather than by the other perfumes' matches.
  ///
  /// - Parameters:
  ///   - query: The terms; an empty query returns no entries without reading the database.
  ///   - list: Which entries to look in: all, the favorites or one perfume's.
  ///   - cursor: Return only entries strictly after this position; `nil` for the newest.
  ///   - limit: The most entries to return.
  /// - Returns: At most `limit` matching entries, newest first.
  /// - Throws: ``JournalError/Code/databaseFailure`` or ``JournalError/Code/corruptEntry``.
  public func search(
    _ query: JournalSearchQuery, in list: JournalList, after cursor: JournalCursor?, limit: Int
  ) throws(JournalError) -> [JournalEntry] {
    let rows = try readableSearch(query, in: list, after: cursor, limit: limit, interrupter: nil)
    if let first = rows.unreadable.first { throw first }
    return rows.entries
  }

  /// Searches like ``search(_:in:after:limit:)``, setting aside the rows that no longer read as
  /// entries, and stopping when `interrupter` is cancelled.
  func readableSearch(
    _ query: JournalSearchQuery, in list: JournalList, after cursor: JournalCursor?,
    limit: Int, interrupter: ReadInterrupter?
  ) throws(JournalError) -> JournalRows {
    guard limit > 0, !query.isEmpty else { return JournalRows() }
    let favoritesOnly: Bool
    switch list {
    case .all: favoritesOnly = false
    case .favorites: favoritesOnly = true
    case .perfume:
      // One perfume's entries are few next to the journal's: walking that perfume's own list
      // costs at most one check per entry, where the index would list the candidates of every
      // other perfume as well.
      return try walkingSearch(query, in: list, after: cursor, limit: limit, interrupter)
    }
    // The same plan as `SearchPlanner.strategy(_:limit:)`, kept to be asked of the index.
    guard searchUsesIndex, let plan = SearchPlanner.Plan(query.foldedTerms) else {
      return try walkingSearch(query, in: list, after: cursor, limit: limit, interrupter)
    }
    let walkingFirst = plan.walkingFirst(query.foldedTerms, limit: limit)
    // The walk and the index read one snapshot, so that they meet where the walk stopped.
    return try database.read(interrupter: interrupter) { connection in
      try connection.readTransaction {
        try Self.search(
          query, in: list, after: cursor, limit: limit, plan: plan, walkingFirst: walkingFirst,
          favoritesOnly: favoritesOnly, on: connection)
      }
    }
  }

  /// Finds a page of matches through the index, walking `walkingFirst` entries first.
  private static func search(
    _ query: JournalSearchQuery, in list: JournalList, after cursor: JournalCursor?, limit: Int,
    plan: SearchPlanner.Plan, walkingFirst: Int, favoritesOnly: Bool,
    on connection: SQLiteConnection
  ) throws -> JournalRows {
    var start = cursor.map(SearchPosition.init)
    var rows = JournalRows()
    if walkingFirst > 0 {
      let walked = try Self.budgetedWalk(
        query, in: list, after: start, limit: limit, budget: walkingFirst,
        probe: SearchPlanner.walkProbe, on: connection)
      rows = walked.rows
      // A full page, or a walk that reached the end of the list, is the answer.
      guard rows.entries.count < limit, let last = walked.last else { return rows }
      start = last
    }
    var page = SearchPage(limit: limit - rows.entries.count)
    let scan = IndexScan(
      terms: query.text, favoritesOnly: favoritesOnly, after: start, connection: connection)
    // A plan with a requirement of many alternatives (a half-typed syllable after other
    // characters) first reads the candidates of its other requirements, while enough of them
    // match, up to four pages' worth; then the whole plan from the last key read on, if that
    // did not settle the page.
    guard let coarse = plan.withoutAlternatives() else {
      try scan.read(plan.expression(), into: &page)
      return rows.adding(page.rows)
    }
    let above = try scan.read(
      coarse, into: &page, budget: SearchPlanner.walkPages * max(1, limit))
    // Every candidate of the whole plan was among those read.
    guard let above else { return rows.adding(page.rows) }
    try scan.read(plan.expression(), into: &page, above: above)
    return rows.adding(page.rows)
  }

  /// A position in newest-first order, as the entry table stores it: a cursor's, or that of the
  /// last entry a walk read.
  private struct SearchPosition {
    let day: Int64
    let createdAt: Int64
    let id: String

    init(_ cursor: JournalCursor) {
      day = JournalDay.number(cursor.day)
      createdAt = JournalTime.microseconds(cursor.createdAt)
      id = cursor.id.description
    }

    init(day: Int64, createdAt: Int64, id: String) {
      self.day = day
      self.createdAt = createdAt
      self.id = id
    }

    /// Binds the position as parameters ?3, ?4 and ?5.
    func bind(to statement: SQLiteStatement) throws(SQLiteError) {
      try statement.bind(day, at: 3)
      try statement.bind(createdAt, at: 4)
      try statement.bind(id, at: 5)
    }
  }

  /// Reads the index's candidates for MATCH expressions after a position, newest day first, and
  /// checks each.
  ///
  /// FTS5 finds the candidates (<https://sqlite.org/fts5.html>): the store reads nothing of its
  /// tables but what a query returns.
  private struct IndexScan {
    let terms: String
    let favoritesOnly: Bool
    let start: SearchPosition?
    let connection: SQLiteConnection

    init(
      terms: String, favoritesOnly: Bool, after start: SearchPosition?, connection: SQLiteConnection
    ) {
      self.terms = terms
      self.favoritesOnly = favoritesOnly
      self.start = start
      self.connection = connection
    }

    /// Gives `page` the candidates of `match` whose keys are above `above` (when given), in key
    /// order, until the page is settled or the candidates end; with a `budget`, also until that
    /// many candidates were read, or until more than ``SearchPlanner/walkProbe`` of them and
    /// eight for each match did not match.
    ///
    /// - Returns: The key of the last candidate read when the budget stopped the reading before
    ///   the page was settled; `nil` when the page is the answer as far as `match` goes.
    @discardableResult
    func read(
      _ match: String, into page: inout SearchPage, above: Int64? = nil, budget: Int? = nil
    ) throws -> Int64? {
      let sql = SearchSQL.indexed(
        favoritesOnly: favoritesOnly, afterCursor: start != nil, aboveKey: above != nil)
      return try connection.withStatement(sql) { statement in
        try statement.bind(match, at: 1)
        try statement.bind(terms, at: 2)
        if let start {
          try start.bind(to: statement)
          try statement.bind(SearchSQL.blockStart(of: start.day), at: 6)
        }
        if let above { try statement.bind(above, at: 10) }
        var read = 0
        let matchedBefore = page.matched
        while try statement.step(), page.take(statement, cache: connection.entryCache) {
          guard let budget else { continue }
          read += 1
          let matched = page.matched - matchedBefore
          if read >= budget || read - matched > SearchPlanner.walkProbe + 8 * matched {
            return statement.int64(at: SearchSQL.keyColumn)
          }
        }
        return nil
      }
    }
  }

  /// The matches of a search through the index, which arrive day by day, newest day first.
  /// Once a page is full, only the rest of the last day's matches can still belong on it.
  private struct SearchPage {
    let limit: Int
    // Sorted on the stored values, as the list's SQL does.
    private var matches: [(day: Int64, createdAt: Int64, id: String, entry: JournalEntry)] = []
    private var unreadable: [JournalError] = []
    private var lastDay: Int64?
    /// The candidates checked.
    private var examined = 0

    init(limit: Int) {
      self.limit = limit
    }

    /// The candidates that matched, those that no longer read as entries included.
    var matched: Int { matches.count + unreadable.count }

    /// Takes the candidate a statement is at (the entry's columns first, then whether it
    /// matches); `false` when it is of a day older than a full page's last, and every later one
    /// will be too.
    mutating func take(_ statement: SQLiteStatement, cache: EntryRowCache) -> Bool {
      let day = statement.int64(at: 1)
      if let lastDay, day < lastDay { return false }
      examined += 1
      guard statement.int64(at: SearchSQL.matchColumn) != 0 else { return true }
      do throws(JournalError) {
        matches.append(
          (
            day, statement.int64(at: 8), statement.text(at: 0),
            try EntrySQL.readEntry(statement, cache: cache)
          ))
      } catch {
        unreadable.append(error)
      }
      if lastDay == nil, matches.count >= limit { lastDay = day }
      return true
    }

    /// The first `limit` matches, newest first, and the rows that did not read as entries.
    var rows: JournalRows {
      let sorted = matches.sorted {
        ($0.day, $0.createdAt, $0.id) > ($1.day, $1.createdAt, $1.id)
      }
      return JournalRows(
        entries: sorted.prefix(limit).map(\.entry), unreadable: unreadable, examined: examined)
    }
  }

  /// Walks at most `budget` entries of a list newest first after a position and checks each; a
  /// negative budget walks until the page is full or the list ends. After the first `probe`
  /// entries, the walk stops unless at least a quarter of them matched.
  ///
  /// - Returns: The first `limit` matches, and the position of the last entry walked when the
  ///   walk stopped at its budget or its probe before the end of the list (`nil` once it reached
  ///   the end).
  private static func budgetedWalk(
    _ query: JournalSearchQuery, in list: JournalList, after start: SearchPosition?, limit: Int,
    budget: Int, probe: Int = -1, on connection: SQLiteConnection
  ) throws -> (rows: JournalRows, last: SearchPosition?) {
    let sql = SearchSQL.walked(list, afterCursor: start != nil)
    return try connection.withStatement(sql) { statement in
      try statement.bind(query.text, at: 2)
      if let start { try start.bind(to: statement) }
      try statement.bind(budget, at: 7)
      try EntrySQL.bindPerfume(of: list, at: 8, to: statement)
      var rows = JournalRows()
      var walked = 0
      var last: SearchPosition?
      while rows.entries.count < limit, try statement.step() {
        walked += 1
        if statement.int64(at: SearchSQL.matchColumn) != 0 {
          rows.append(statement, cache: connection.entryCache)
        }
        let matched = rows.entries.count + rows.unreadable.count
        let rare = walked == probe && matched * 4 < walked
        if walked == budget || rare {
          last = SearchPosition(
            day: statement.int64(at: 1), createdAt: statement.int64(at: 8),
            id: statement.text(at: 0))
        }
        if rare, matched < limit { break }
      }
      rows.examined = walked
      return (rows, last)
    }
  }

  /// How a search for a query finds a page of `limit` matches, planned from the query's
  /// structure alone (see ``SearchPlanner``).
  static func strategy(for query: JournalSearchQuery, limit: Int) -> SearchPlanner.Strategy {
    SearchPlanner.strategy(query.foldedTerms, limit: limit)
  }

  /// The MATCH expression that asks the index for a query's candidates; `nil` when the index
  /// cannot narrow the query.
  static func indexQuery(_ query: JournalSearchQuery) -> String? {
    SearchPlanner.indexQuery(query.foldedTerms)
  }

  /// Searches by walking a list newest first and checking every entry until a page is full.
  private func walkingSearch(
    _ query: JournalSearchQuery, in list: JournalList, after cursor: JournalCursor?, limit: Int,
    _ interrupter: ReadInterrupter?
  ) throws(JournalError) -> JournalRows {
    try database.read(interrupter: interrupter) { connection in
      // No budget: the walk goes on until the page is full or the list ends.
      try Self.budgetedWalk(
        query, in: list, after: cursor.map(SearchPosition.init), limit: limit, budget: -1,
        on: connection
      ).rows
    }
  }

  /// Counts the entries of a list.
  ///
  /// - Parameter list: Which entries.
  /// - Returns: How many entries the list has.
  /// - Throws: ``JournalError/Code/databaseFailure``.
  public func count(in list: JournalList) throws(JournalError) -> Int {
    try database.read { connection in
      try connection.withStatement(EntrySQL.count(list)) { statement in
        try EntrySQL.bindPerfume(of: list, at: 1, to: statement)
        return try statement.step() ? Int(clamping: statement.int64(at: 0)) : 0
      }
    }
  }

  /// Summarises every perfume that has entries.
  ///
  /// - Returns: One summary per brand and perfume name, latest last day first, then by brand and
  ///   name.
  /// - Throws: ``JournalError/Code/databaseFailure``.
  public func perfumes() throws(JournalError) -> [PerfumeSummary] {
    try database.read { connection in
      try connection.withStatement(EntrySQL.perfumes) { statement in
        var summaries: [PerfumeSummary] = []
        while try statement.step() {
          summaries.append(
            PerfumeSummary(
              perfume: Perfume(brand: statement.text(at: 0), name: statement.text(at: 1)),
              entryCount: Int(clamping: statement.int64(at: 2)),
              lastDay: JournalDay.day(statement.int64(at: 3))))
        }
        return summaries
      }
    }
  }

  /// Tells which of some photo names an entry refers to, through the photo index.
  ///
  /// - Parameter names: Photo file names found on disk.
  /// - Returns: The names among them that some entry refers to.
  /// - Throws: ``JournalError/Code/databaseFailure``.
  public func referencedPhotos(
    among names: Set<PhotoName>
  ) throws(JournalError) -> Set<PhotoName> {
    guard !names.isEmpty else { return [] }
    return try database.read { connection in
      try connection.withStatement(EntrySQL.photoReference) { statement in
        var referenced: Set<PhotoName> = []
        for name in names {
          try statement.bind(name.rawValue, at: 1)
          if try statement.step() {
            referenced.insert(name)
          }
          statement.reset()
        }
        return referenced
      }
    }
  }
}
