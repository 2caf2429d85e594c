#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Facts about the SQLite library the journal runs on.
enum SQLiteLibrary {
  /// The library's version, such as `"3.40.1"`.
  static var version: String {
    String(cString: sqlite3_libversion())
  }

  /// Whether the library was built with the FTS5 full-text search the journal's search needs.
  static var hasFullTextSearch: Bool {
    sqlite3_compileoption_used("ENABLE_FTS5") == 1
  }

  /// Whether the library may be used from several threads at once (serialized or multi-thread).
  static var isThreadSafe: Bool {
    sqlite3_threadsafe() != 0
  }
}
