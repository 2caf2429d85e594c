#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// The SQL functions of search, registered on every connection: the schema's triggers build the
/// index text with `haru_search_grams`, and searches check candidates with `haru_search_matches`
/// using the same code as ``JournalSearchQuery/matches(_:)``.
enum SearchFunctions {
  /// Registers the functions on a connection.
  static func register(on connection: OpaquePointer) throws(SQLiteError) {
    let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
    var code = sqlite3_create_function_v2(
      connection, "haru_search_grams", 4, flags, nil, grams, nil, nil, nil)
    guard code == SQLITE_OK else { throw SQLiteError(connection: connection, code: code) }
    code = sqlite3_create_function_v2(
      connection, "haru_search_matches", 5, flags, nil, matches, nil, nil, nil)
    guard code == SQLITE_OK else { throw SQLiteError(connection: connection, code: code) }
  }

  /// The bytes of a text argument; empty for NULL.
  private static func bytes(_ value: OpaquePointer?) -> UnsafeBufferPointer<UInt8> {
    guard let text = sqlite3_value_text(value) else {
      return UnsafeBufferPointer(start: nil, count: 0)
    }
    return UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
  }

  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// `haru_search_grams(brand, perfume_name, notes, sentence)`: the index text of an entry.
  private static let grams:
    @convention(c) (
      OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?
    ) -> Void = { context, count, arguments in
      guard let arguments, count == 4 else { return }
      let fields = (0..<4).map { index in SearchText.folded(bytes(arguments[index])) }
      let text = SearchText.indexText(fields)
      text.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress, !buffer.isEmpty else {
          sqlite3_result_text(context, "", 0, transient)
          return
        }
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
          sqlite3_result_text(context, characters, Int32(buffer.count), transient)
        }
      }
    }

  /// `haru_search_matches(query, brand, perfume_name, notes, sentence)`: 1 when the entry matches
  /// the search box text `query` (see ``JournalSearchQuery/matches(_:)``), else 0.
  private static let matches:
    @convention(c) (
      OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?
    ) -> Void = { context, count, arguments in
      guard let arguments, count == 5 else { return }
      // The query is the same for every row of a statement: fold it once and keep it with the
      // statement's argument until it changes, with the buffers each row's fields fold into.
      let query: FoldedQuery
      if let saved = sqlite3_get_auxdata(context, 0) {
        query = Unmanaged<FoldedQuery>.fromOpaque(saved).takeUnretainedValue()
      } else {
        let text = String(decoding: bytes(arguments[0]), as: UTF8.self)
        query = FoldedQuery(SearchText.terms(text))
        sqlite3_set_auxdata(
          context, 0, Unmanaged.passRetained(query).toOpaque(), releaseTerms)
      }
      // A field is folded the first time a term looks at it, so a row matched by its notes
      // folds nothing else.
      query.row &+= 1
      let matched =
        !query.terms.isEmpty
        && query.terms.allSatisfy { term in
          query.fields.contains { field in
            if field.row != query.row {
              field.buffer.fold(bytes(arguments[field.argument]))
              field.row = query.row
            }
            return SearchText.matches(term, in: field.buffer.units)
          }
        }
      sqlite3_result_int(context, matched ? 1 : 0)
    }

  private static let releaseTerms: @convention(c) (UnsafeMutableRawPointer?) -> Void = { saved in
    guard let saved else { return }
    Unmanaged<FoldedQuery>.fromOpaque(saved).release()
  }
}

/// A folded query kept by SQLite between the rows of one statement, and the storage that each
/// row's fields fold into (a statement runs on one thread at a time).
private final class FoldedQuery {
  /// One field of the rows: its argument, where it folds, and the row it last folded.
  final class Field {
    /// The field's argument of `haru_search_matches`.
    let argument: Int
    /// Where the field folds.
    let buffer = SearchText.FoldBuffer()
    /// The value of ``FoldedQuery/row`` when the field last folded.
    var row = 0

    /// A field read from the function's argument `argument`.
    init(argument: Int) {
      self.argument = argument
    }
  }

  /// The query's terms, folded.
  let terms: [SearchText.Term]
  /// Notes, sentence, perfume name, brand (the function's arguments 3, 4, 2 and 1): the longer
  /// fields first.
  let fields = [3, 4, 2, 1].map { Field(argument: $0) }
  /// Counts the rows checked, so that a field knows whether it holds this row's text.
  var row = 0

  /// A query of these terms, with nothing folded yet.
  init(_ terms: [SearchText.Term]) {
    self.terms = terms
  }
}
