#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// An error reported by SQLite: its extended result code and its message.
struct SQLiteError: Error, CustomStringConvertible {
  /// The extended result code, such as 2067 (`SQLITE_CONSTRAINT_UNIQUE`).
  let code: Int32
  /// SQLite's message, such as `"UNIQUE constraint failed: entry.id"`.
  let message: String

  /// The primary result code, such as 19 (`SQLITE_CONSTRAINT`).
  var primaryCode: Int32 { code & 0xFF }

  /// The error SQLite reports for a connection after a failed call.
  init(connection: OpaquePointer?, code: Int32) {
    self.code = connection.map { sqlite3_extended_errcode($0) } ?? code
    if let connection, let text = sqlite3_errmsg(connection) {
      message = String(cString: text)
    } else {
      message = String(cString: sqlite3_errstr(code))
    }
  }

  init(code: Int32, message: String) {
    self.code = code
    self.message = message
  }

  /// `"SQLite error 2067 (constraint failed): UNIQUE constraint failed: entry.id"`.
  var description: String {
    "SQLite error \(code) (\(String(cString: sqlite3_errstr(code)))): \(message)"
  }

  /// Whether SQLite found the file damaged (`SQLITE_CORRUPT` and its extended codes).
  var isDamage: Bool { primaryCode == SQLITE_CORRUPT }

  /// Whether the file is not a database or is damaged.
  var isNotADatabase: Bool {
    primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT
  }
}
