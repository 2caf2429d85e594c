#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An error reported by SQLite: its extended result code and its message.
struct SQLiteError: Error, CustomStringConvertible {
  /// The extended result code, such as 2067 (`SQLITE_CONSTRAINT_UNIQUE`).
  let code: Int32
  /// SQLite's message, such as `"UNIQUE constraint failed: entry.id"`.
  let message: String
  /// The operating system's error number behind an I/O error, such as `ENOSPC`; 0 when none.
  let systemErrno: Int32

  /// The primary result code, such as 19 (`SQLITE_CONSTRAINT`).
  var primaryCode: Int32 { code & 0xFF }

  /// The error behind `code`, the result a call on `connection` returned.
  ///
  /// The connection's extended code and message are used only when they describe that result
  /// (the same primary code): a call such as `sqlite3_step` on a statement that needs a reset
  /// returns `SQLITE_MISUSE` without touching the connection's error, which may still name an
  /// earlier failure or no error at all.
  init(connection: OpaquePointer?, code: Int32) {
    if let connection, sqlite3_extended_errcode(connection) & 0xFF == code & 0xFF {
      self.code = sqlite3_extended_errcode(connection)
      systemErrno = sqlite3_system_errno(connection)
      message = sqlite3_errmsg(connection).map { String(cString: $0) } ?? ""
    } else {
      self.code = code
      systemErrno = 0
      message = String(cString: sqlite3_errstr(code))
    }
  }

  init(code: Int32, message: String, systemErrno: Int32 = 0) {
    self.code = code
    self.message = message
    self.systemErrno = systemErrno
  }

  /// Whether the disk (or the user's quota) is full: `SQLITE_FULL`, or an I/O error of a write,
  /// a flush, a truncation or the shared-memory file whose system error is `ENOSPC` or `EDQUOT`,
  /// as when the shared-memory file cannot grow. Other I/O errors make no system call that could
  /// set the error number, which may then be left over from an earlier failure.
  var isDiskFull: Bool {
    if primaryCode == SQLITE_FULL { return true }
    // SQLITE_IOERR_WRITE, _FSYNC, _TRUNCATE, _SHMOPEN and _SHMSIZE: SQLITE_IOERR | (n << 8).
    let writing: [Int32] = [3, 4, 6, 18, 19].map { SQLITE_IOERR | ($0 << 8) }
    return writing.contains(code) && (systemErrno == ENOSPC || systemErrno == EDQUOT)
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
