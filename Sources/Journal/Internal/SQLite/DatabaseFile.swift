import Foundation

/// Checks a database file before SQLite is allowed to write to it.
///
/// SQLite treats an empty file as a new database and writes its header into it, and reports a file
/// cut short only when it reads the missing pages. Checking the 100-byte header first means a file
/// that is not a whole SQLite database is refused without a single byte changing.
enum DatabaseFile {
  enum State: Equatable {
    /// No file: a new journal will be created.
    case missing
    /// A file whose header is a SQLite header and whose size matches it.
    case present(Header)
  }

  /// What the header of the main database file says. In write-ahead-log mode a newer page 1 may
  /// wait in the `-wal` file, so these values are only current when that file is empty or absent.
  struct Header: Equatable {
    /// `PRAGMA user_version`: the journal's schema version.
    let userVersion: UInt32
    /// `PRAGMA application_id`.
    let applicationID: UInt32
    /// The schema cookie: 0 while the database has no tables, indexes or views.
    let schemaCookie: UInt32
  }

  static let headerMagic = Array("SQLite format 3\u{0}".utf8)

  /// Reads the file's header and size.
  ///
  /// - Throws: ``JournalError/Code/notADatabase`` when the file is empty, shorter than its header
  ///   says, or not a SQLite file; ``JournalError/Code/fileFailure`` when it cannot be read.
  static func inspect(path: String) throws(JournalError) -> State {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
    guard !isDirectory.boolValue else {
      throw notADatabase(path, "is a folder, not a journal database file")
    }
    let header: [UInt8]
    let size: UInt64
    do {
      let attributes = try manager.attributesOfItem(atPath: path)
      size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      header = Array(try handle.read(upToCount: 100) ?? Data())
    } catch {
      throw JournalError(
        .fileFailure,
        message: "The journal database could not be read: \(error.localizedDescription)",
        path: path)
    }
    guard size > 0 else {
      throw notADatabase(path, "is empty (0 bytes); it may be left from an interrupted copy")
    }
    guard header.count == 100 else {
      throw notADatabase(path, "is truncated: \(size) bytes, shorter than a database header")
    }
    guard header.starts(with: headerMagic) else {
      throw notADatabase(path, "is not a SQLite database")
    }
    let rawPageSize = Int(header[16]) << 8 | Int(header[17])
    let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
    guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else {
      throw notADatabase(path, "has a damaged header (page size \(rawPageSize))")
    }
    // The page count in the header is valid when the change counter equals the
    // "version valid for" number (SQLite 3.7.0 and later write both).
    let pageCount = bigEndian(header, at: 28)
    let isCountValid = pageCount > 0 && bigEndian(header, at: 24) == bigEndian(header, at: 92)
    if isCountValid, UInt64(pageCount) * UInt64(pageSize) > size {
      throw notADatabase(
        path,
        "is truncated: \(size) bytes, but its header describes \(pageCount) pages of \(pageSize)")
    }
    guard size % UInt64(pageSize) == 0 else {
      throw notADatabase(path, "is truncated: \(size) bytes is not a whole number of pages")
    }
    return .present(
      Header(
        userVersion: bigEndian(header, at: 60), applicationID: bigEndian(header, at: 68),
        schemaCookie: bigEndian(header, at: 40)))
  }

  static func notADatabase(_ path: String, _ problem: String) -> JournalError {
    let name = URL(fileURLWithPath: path).lastPathComponent
    return JournalError(
      .notADatabase,
      message:
        "The journal database \"\(name)\" \(problem). It was left unchanged; restore it from a "
        + "backup or move it away to start a new journal.",
      path: path)
  }

  private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
