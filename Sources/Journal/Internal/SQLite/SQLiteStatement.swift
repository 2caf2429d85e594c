#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// A prepared statement: bind parameters, step through rows, read typed columns.
///
/// Statements belong to their ``SQLiteConnection`` and are used under its owner's lock. Parameter
/// and column indexes follow SQLite: parameters count from 1, columns from 0.
final class SQLiteStatement {
  let handle: OpaquePointer

  init(handle: OpaquePointer) {
    self.handle = handle
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// The text SQLite was asked to prepare.
  var sql: String {
    sqlite3_sql(handle).map { String(cString: $0) } ?? ""
  }

  /// How many virtual machine steps the statement has run since it was prepared: a measure of
  /// the rows it read, for tests.
  var virtualMachineSteps: Int {
    Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_VM_STEP, 0))
  }

  // MARK: Binding

  func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_int64(handle, index, value))
  }

  func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
    try bind(Int64(value), at: index)
  }

  func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_double(handle, index, value))
  }

  func bind(_ value: Bool, at index: Int32) throws(SQLiteError) {
    try bind(Int64(value ? 1 : 0), at: index)
  }

  /// Binds text by its UTF-8 bytes and length, so text holding U+0000 is kept whole.
  func bind(_ value: String, at index: Int32) throws(SQLiteError) {
    var text = value
    let code = text.withUTF8 { bytes -> Int32 in
      // A null pointer would bind NULL, not empty text.
      guard let start = bytes.baseAddress, !bytes.isEmpty else {
        return sqlite3_bind_text(handle, index, "", 0, Self.transient)
      }
      guard bytes.count <= Int(Int32.max) else { return SQLITE_TOOBIG }
      // SQLite copies the bytes (SQLITE_TRANSIENT): the buffer is only valid inside this closure.
      return sqlite3_bind_text(
        handle, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
        Int32(bytes.count), Self.transient)
    }
    try check(code)
  }

  /// Binds bytes as a blob; SQLite copies them.
  func bind(_ value: [UInt8], at index: Int32) throws(SQLiteError) {
    let code = value.withUnsafeBytes { bytes -> Int32 in
      guard let start = bytes.baseAddress, !bytes.isEmpty else {
        return sqlite3_bind_zeroblob(handle, index, 0)
      }
      guard bytes.count <= Int(Int32.max) else { return SQLITE_TOOBIG }
      return sqlite3_bind_blob(handle, index, start, Int32(bytes.count), Self.transient)
    }
    try check(code)
  }

  func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
    if let value {
      try bind(value, at: index)
    } else {
      try bindNull(at: index)
    }
  }

  func bindNull(at index: Int32) throws(SQLiteError) {
    try check(sqlite3_bind_null(handle, index))
  }

  // MARK: Stepping

  /// Runs the statement to its next row.
  ///
  /// A statement that finishes, whether done or failed, is reset here before this returns, so it
  /// is always ready to run again: SQLite built with `SQLITE_OMIT_AUTORESET`, as on Apple
  /// platforms, answers a step of a finished statement that was not reset with `SQLITE_MISUSE`
  /// (<https://sqlite.org/compile.html#omit_autoreset>). Its parameters stay bound.
  ///
  /// - Returns: `true` when a row is ready to read, `false` when the statement is done.
  /// - Throws: ``SQLiteError`` with the code the step returned.
  func step() throws(SQLiteError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW:
      return true
    case SQLITE_DONE:
      sqlite3_reset(handle)
      return false
    default:
      // Read the error before the reset, which would report it again.
      let error = SQLiteError(connection: sqlite3_db_handle(handle), code: code)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Runs a statement that returns no rows; it is reset afterwards, whatever happened.
  func run() throws(SQLiteError) {
    while try step() {}
  }

  /// Rewinds the statement, keeping its parameters, ready to run again with one of them changed:
  /// for a statement left before its last row.
  func rewind() {
    // The result repeats the last step's error, which was already reported.
    sqlite3_reset(handle)
  }

  /// Rewinds the statement and clears its parameters, ready to run again: for a statement left
  /// before its last row.
  func reset() {
    // The result repeats the last step's error, which was already reported.
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  // MARK: Columns

  func int64(at column: Int32) -> Int64 {
    sqlite3_column_int64(handle, column)
  }

  func double(at column: Int32) -> Double {
    sqlite3_column_double(handle, column)
  }

  func isNull(at column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  /// The column as text; invalid UTF-8 is repaired with U+FFFD, NULL reads as empty.
  func text(at column: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// The column's bytes (a blob, or text as UTF-8) followed by `padding` zero bytes; NULL reads
  /// as the padding alone.
  func bytes(at column: Int32, padding: Int = 0) -> [UInt8] {
    let start = sqlite3_column_blob(handle, column)
    let count = Int(sqlite3_column_bytes(handle, column))
    var bytes = [UInt8](repeating: 0, count: count + padding)
    if let start, count > 0 {
      bytes.withUnsafeMutableBytes {
        $0.copyMemory(from: UnsafeRawBufferPointer(start: start, count: count))
      }
    }
    return bytes
  }

  func optionalText(at column: Int32) -> String? {
    isNull(at: column) ? nil : text(at: column)
  }

  /// Appends a column's type and value, as bytes that differ whenever the values differ.
  func appendRawValue(at column: Int32, to bytes: inout [UInt8]) {
    let type = sqlite3_column_type(handle, column)
    bytes.append(UInt8(truncatingIfNeeded: type))
    switch type {
    case SQLITE_INTEGER:
      withUnsafeBytes(of: sqlite3_column_int64(handle, column).littleEndian) {
        bytes.append(contentsOf: $0)
      }
    case SQLITE_FLOAT:
      withUnsafeBytes(of: sqlite3_column_double(handle, column).bitPattern.littleEndian) {
        bytes.append(contentsOf: $0)
      }
    case SQLITE_TEXT, SQLITE_BLOB:
      let start =
        type == SQLITE_TEXT
        ? sqlite3_column_text(handle, column).map(UnsafeRawPointer.init)
        : sqlite3_column_blob(handle, column)
      let count = Int(sqlite3_column_bytes(handle, column))
      withUnsafeBytes(of: UInt32(truncatingIfNeeded: count).littleEndian) {
        bytes.append(contentsOf: $0)
      }
      if let start, count > 0 {
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: start, count: count))
      }
    default:
      break
    }
  }

  private func check(_ code: Int32) throws(SQLiteError) {
    guard code == SQLITE_OK else {
      throw SQLiteError(connection: sqlite3_db_handle(handle), code: code)
    }
  }

  /// `SQLITE_TRANSIENT`: SQLite makes its own copy of a bound value.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
