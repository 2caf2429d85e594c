import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Checks a database file before SQLite is allowed to write to it.
///
/// SQLite treats an empty file as a new database and writes its header into it, and reports a file
/// cut short only when it reads the missing pages. Checking the 100-byte header first means a file
/// that is not a whole SQLite database is refused without a single byte changing.
///
/// Only what another process cannot change is read without SQLite's lock: that the file exists,
/// is not empty, and starts with a SQLite header of a valid page size. The file's size and the
/// page count in its header agree only while no process checkpoints, so they are compared only
/// when no connection has the file open (``quiescentHeader(path:)``), or under SQLite's lock.
enum DatabaseFile {
  enum State: Equatable {
    /// No file: a new journal will be created.
    case missing
    /// A file that starts with a SQLite header.
    case present
  }

  /// What the header of the main database file says, with the file's size. In write-ahead-log
  /// mode a newer page 1 may wait in the `-wal` file, so these values are only current when that
  /// file is absent.
  struct Header: Equatable {
    /// `PRAGMA user_version`: the journal's schema version.
    let userVersion: UInt32
    /// `PRAGMA application_id`.
    let applicationID: UInt32
    /// The schema cookie: 0 while the database has no tables, indexes or views.
    let schemaCookie: UInt32
    /// The page size in bytes.
    let pageSize: Int
    /// The page count the header records, when it is valid.
    let pageCount: UInt32?
    /// The file's size in bytes when the header was read.
    let size: UInt64
  }

  static let headerMagic = Array("SQLite format 3\u{0}".utf8)

  /// Checks that the file is absent or starts with a SQLite header.
  ///
  /// - Throws: ``JournalError/Code/notADatabase`` when the file is empty, shorter than a header,
  ///   or not a SQLite file; ``JournalError/Code/fileFailure`` when it cannot be read.
  static func inspect(path: String) throws(JournalError) -> State {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return .missing
    }
    guard !isDirectory.boolValue else {
      throw notADatabase(path, "is a folder, not a journal database file")
    }
    _ = try read(path: path)
    return .present
  }

  /// The header, when no connection has the file open: no `-wal` file exists before, between
  /// and after two readings of the size and header, and the two readings agree. `nil` otherwise;
  /// then the values must be read through SQLite.
  ///
  /// - Throws: What ``inspect(path:)`` throws.
  static func quiescentHeader(path: String) throws(JournalError) -> Header? {
    let log = path + "-wal"
    guard !exists(log) else { return nil }
    let first = try read(path: path)
    let second = try read(path: path)
    guard first == second, !exists(log) else { return nil }
    return first
  }

  /// Refuses a file shorter than its header says, or not a whole number of pages.
  ///
  /// - Throws: ``JournalError/Code/notADatabase``.
  static func checkSize(of header: Header, path: String) throws(JournalError) {
    if let pageCount = header.pageCount,
      UInt64(pageCount) * UInt64(header.pageSize) > header.size
    {
      throw notADatabase(
        path,
        "is truncated: \(header.size) bytes, but its header describes \(pageCount) pages of "
          + "\(header.pageSize)")
    }
    guard header.size % UInt64(header.pageSize) == 0 else {
      throw notADatabase(
        path, "is truncated: \(header.size) bytes is not a whole number of pages")
    }
  }

  /// Refuses to start a new database next to a write-ahead log or shared-memory file left
  /// without its database: SQLite would replay that log into the new file and damage it, and the
  /// log's commits belong to the database that was moved away.
  ///
  /// - Throws: ``JournalError/Code/logWithoutDatabase`` naming the files; nothing is changed.
  static func checkNoLogWithoutDatabase(path: String) throws(JournalError) {
    let left = ["-wal", "-shm"].map { path + $0 }.filter(exists)
    guard !left.isEmpty, !exists(path) else { return }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let name = URL(fileURLWithPath: path).lastPathComponent
    let leftNames = left.map { "\"\(URL(fileURLWithPath: $0).lastPathComponent)\"" }
    throw JournalError(
      .logWithoutDatabase,
      message:
        "The journal database \"\(name)\" is missing from \(folder), but "
        + "\(leftNames.joined(separator: " and ")) \(left.count == 1 ? "is" : "are") still there: "
        + "the database was moved or deleted without them. Nothing was opened, created or "
        + "deleted. Put \"\(name)\" back next to them, or move \(threeFiles(name)) together, "
        + "with no app using the journal.",
      path: left[0])
  }

  /// The three files of a database, for advice: `"journal.sqlite", "journal.sqlite-wal" and
  /// "journal.sqlite-shm"`.
  static func threeFiles(_ name: String) -> String {
    "\"\(name)\", \"\(name)-wal\" and \"\(name)-shm\""
  }

  /// Whether the database's folder, or the nearest of its parents that exists, is on a medium
  /// mounted read-only.
  static func isOnReadOnlyMedium(path: String) -> Bool {
    let folder = nearestExisting(URL(fileURLWithPath: path).deletingLastPathComponent())
    return access(folder.path, W_OK) != 0 && errno == EROFS
  }

  /// `url`, or the nearest of its parents that exists.
  static func nearestExisting(_ url: URL) -> URL {
    var url = url.standardizedFileURL
    while !exists(url.path), url.path.count > 1 {
      url = url.deletingLastPathComponent()
    }
    return url
  }

  /// Why a folder could not be created, in words: a file where a folder of its path should be,
  /// or what the system said.
  static func folderProblem(_ folder: URL, _ error: any Error) -> String {
    let path = nearestExisting(folder).path
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
      return "\(path) is a file, not a folder"
    }
    return error.localizedDescription
  }

  static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// The size of a file, or `nil` when it does not exist.
  static func size(of path: String) -> UInt64? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return UInt64(status.st_size)
  }

  static func notADatabase(_ path: String, _ problem: String) -> JournalError {
    let name = URL(fileURLWithPath: path).lastPathComponent
    return JournalError(
      .notADatabase,
      message:
        "The journal database \"\(name)\" \(problem). It was left unchanged; restore it from a "
        + "backup, or move \(threeFiles(name)) away together to start a new journal.",
      path: path)
  }

  /// Reads the size, then the header, and checks what cannot change while the file is in use.
  private static func read(path: String) throws(JournalError) -> Header {
    let header: [UInt8]
    let size: UInt64
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
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
    guard size > 0, !header.isEmpty else {
      throw notADatabase(path, "is empty (0 bytes); it may be left from an interrupted copy")
    }
    guard header.count == 100 else {
      throw notADatabase(path, "is truncated: shorter than a database header")
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
    return Header(
      userVersion: bigEndian(header, at: 60), applicationID: bigEndian(header, at: 68),
      schemaCookie: bigEndian(header, at: 40), pageSize: pageSize,
      pageCount: isCountValid ? pageCount : nil, size: size)
  }

  private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
