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

  /// The terms of a query as one blob, for `haru_search_matches`: each term's length in four
  /// bytes (little-endian), then its folded bytes.
  static func encode(_ terms: [[UInt8]]) -> [UInt8] {
    var blob: [UInt8] = []
    for term in terms {
      let count = UInt32(truncatingIfNeeded: term.count)
      blob.append(contentsOf: [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: count >> $0) })
      blob.append(contentsOf: term)
    }
    return blob
  }

  static func decode(_ blob: UnsafeBufferPointer<UInt8>) -> [[UInt8]] {
    var terms: [[UInt8]] = []
    var offset = 0
    while offset + 4 <= blob.count {
      var count = 0
      for shift in 0..<4 {
        count |= Int(blob[offset + shift]) << (shift * 8)
      }
      offset += 4
      guard offset + count <= blob.count else { break }
      terms.append(Array(blob[offset..<offset + count]))
      offset += count
    }
    return terms
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
      let fields = (0..<4).map { index in
        Substring(decoding: bytes(arguments[index]), as: UTF8.self)
      }
      var text = SearchText.indexText(fields)
      text.withUTF8 { utf8 in
        guard let base = utf8.baseAddress, !utf8.isEmpty else {
          sqlite3_result_text(context, "", 0, transient)
          return
        }
        base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { characters in
          sqlite3_result_text(context, characters, Int32(utf8.count), transient)
        }
      }
    }

  /// `haru_search_matches(terms, brand, perfume_name, notes, sentence)`: 1 when every term of
  /// the blob made by ``encode(_:)`` occurs in one of the fields, else 0.
  private static let matches:
    @convention(c) (
      OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?
    ) -> Void = { context, count, arguments in
      guard let arguments, count == 5 else { return }
      let blob: UnsafeBufferPointer<UInt8>
      if let pointer = sqlite3_value_blob(arguments[0]) {
        blob = UnsafeBufferPointer(
          start: pointer.assumingMemoryBound(to: UInt8.self),
          count: Int(sqlite3_value_bytes(arguments[0])))
      } else {
        blob = UnsafeBufferPointer(start: nil, count: 0)
      }
      // The terms are the same for every row of a statement: decode them once and keep them with
      // the statement's argument until it changes.
      let terms: [[UInt8]]
      if let saved = sqlite3_get_auxdata(context, 0) {
        terms = Unmanaged<DecodedTerms>.fromOpaque(saved).takeUnretainedValue().terms
      } else {
        terms = decode(blob)
        sqlite3_set_auxdata(
          context, 0, Unmanaged.passRetained(DecodedTerms(terms)).toOpaque(), releaseTerms)
      }
      let brand = bytes(arguments[1])
      let name = bytes(arguments[2])
      let notes = bytes(arguments[3])
      let sentence = bytes(arguments[4])
      var matched = !terms.isEmpty
      for term in terms {
        guard
          SearchText.contains(term, in: notes) || SearchText.contains(term, in: sentence)
            || SearchText.contains(term, in: name) || SearchText.contains(term, in: brand)
        else {
          matched = false
          break
        }
      }
      sqlite3_result_int(context, matched ? 1 : 0)
    }

  private static let releaseTerms: @convention(c) (UnsafeMutableRawPointer?) -> Void = { saved in
    guard let saved else { return }
    Unmanaged<DecodedTerms>.fromOpaque(saved).release()
  }
}

/// Decoded terms kept by SQLite between the rows of one statement.
private final class DecodedTerms {
  let terms: [[UInt8]]

  init(_ terms: [[UInt8]]) {
    self.terms = terms
  }
}
