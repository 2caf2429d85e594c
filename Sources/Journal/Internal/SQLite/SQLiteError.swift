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

  /// The error SQLite reports for a connection after a failed call.
  init(connection: OpaquePointer?, code: Int32) {
    self.code = connection.map { sqlite3_extended_errcode($0) } ?? code
    systemErrno = connection.map { sqlite3_system_errno($0) } ?? 0
    if let connection, let text = sqlite3_errmsg(connection) {
      message = String(cString: text)
    } else {
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
