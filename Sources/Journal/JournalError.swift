public import HaruModels

/// An error from the scent journal: what went wrong, where, and what to do about it.
///
/// Match on ``code``, never on the message. The other properties say where the problem is, when
/// that is known: the entry field (``field``), the line of an import (``line``), the file
/// (``path``) or the entry (``entryID``).
///
/// ```swift
/// do {
///   try await journal.add(draft, photo: pickedBytes)
/// } catch JournalError.Code.unsupportedPhoto {
///   // Ask for a JPEG, PNG or HEIC picture.
/// } catch {
///   show(error.message)
/// }
/// ```
///
/// New codes can be added without breaking clients, because ``Code`` is a struct, not an enum.
public struct JournalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of problem, stable across releases and suitable for `switch` and `catch` patterns.
  public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The code's stable identifier, such as `"not-a-database"`.
    public let rawValue: String

    /// Creates a code from its stable identifier.
    ///
    /// - Parameter rawValue: The identifier.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The stable identifier.
    public var description: String { rawValue }

    /// The journal's database file is not a SQLite database: it is empty, truncated, or holds
    /// something else. The file is left as it was.
    public static let notADatabase = Code(rawValue: "not-a-database")
    /// The database was written by a newer version of Haru. The file is left as it was.
    public static let newerSchemaVersion = Code(rawValue: "newer-schema-version")
    /// SQLite reported an error, such as a full disk or a damaged file. The message carries
    /// SQLite's result code and text.
    public static let databaseFailure = Code(rawValue: "database-failure")
    /// A file or folder of the journal could not be created, written or read.
    public static let fileFailure = Code(rawValue: "file-failure")
    /// An entry's fields are not valid; ``JournalError/field`` names the field and
    /// ``JournalError/validationError`` holds the model's reason.
    public static let invalidEntry = Code(rawValue: "invalid-entry")
    /// A stored entry no longer passes validation and cannot be read.
    public static let corruptEntry = Code(rawValue: "corrupt-entry")
    /// No entry has the given identity.
    public static let entryNotFound = Code(rawValue: "entry-not-found")
    /// An entry with the same identity is already stored (or appears earlier in an import).
    public static let duplicateEntry = Code(rawValue: "duplicate-entry")
    /// The photo is not a JPEG, PNG or HEIC picture.
    public static let unsupportedPhoto = Code(rawValue: "unsupported-photo")
    /// The photo is larger than the journal accepts.
    public static let photoTooLarge = Code(rawValue: "photo-too-large")
    /// A line of an import is not a journal entry: not UTF-8 text, the wrong number of fields, or a
    /// field that cannot be read, such as a date or an identity.
    public static let invalidImportLine = Code(rawValue: "invalid-import-line")
    /// A page size is outside `1...1000`.
    public static let invalidPageSize = Code(rawValue: "invalid-page-size")
    /// Another connection, usually another process, held the journal's write lock for longer than
    /// the busy timeout (``JournalRepository/Options/busyTimeout``). Nothing was written; try
    /// again.
    public static let busy = Code(rawValue: "busy")
    /// The journal was opened read-only, or its medium cannot be written to. Reads keep working;
    /// nothing was written.
    public static let readOnly = Code(rawValue: "read-only")
    /// The disk is full. The write was rolled back and no file was left behind; reads keep
    /// working.
    public static let diskFull = Code(rawValue: "disk-full")
    /// SQLite found damaged pages in the database file. Run ``JournalRepository/verify(progress:)``
    /// (or `haru journal check`) to see what is damaged, and restore the journal's three files
    /// from a backup.
    public static let damaged = Code(rawValue: "damaged")
    /// The database file is missing but its write-ahead log (`-wal`) or shared-memory file
    /// (`-shm`) is there: the database was moved away without them. Nothing was opened, created
    /// or deleted; ``JournalError/path`` names the log. Move the database back next to them, or
    /// move all three files together.
    public static let logWithoutDatabase = Code(rawValue: "log-without-database")
    /// The read was cancelled, or superseded by a newer one, and was stopped.
    public static let cancelled = Code(rawValue: "cancelled")
    /// The repository is suspended (``JournalRepository/suspend()``): it holds no file lock and
    /// neither reads nor writes until ``JournalRepository/resume()``. Nothing was read or written.
    public static let suspended = Code(rawValue: "suspended")
    /// A journal archive cannot be imported as it is: a file is missing, its size or SHA-256
    /// differs from the manifest's (changed or cut short), or it is not a journal archive at all.
    /// Nothing was imported; the message says what is wrong.
    public static let invalidArchive = Code(rawValue: "invalid-archive")
    /// The archive was written by a newer version of Haru, in a format this one cannot read.
    /// Nothing was imported.
    public static let newerArchiveFormat = Code(rawValue: "newer-archive-format")
    /// An export's destination exists and is not an empty folder. Nothing was written.
    public static let destinationExists = Code(rawValue: "destination-exists")
    /// An entry of an archive names a photo that the archive does not hold (or holds in a form
    /// the journal does not accept); the entry was imported without it.
    public static let missingPhoto = Code(rawValue: "missing-photo")

    /// Matches an error against a code, so that `catch JournalError.Code.entryNotFound` works.
    ///
    /// - Parameters:
    ///   - code: The code to look for.
    ///   - error: Any error.
    /// - Returns: Whether `error` is a ``JournalError`` with that code.
    public static func ~= (code: Code, error: any Error) -> Bool {
      (error as? JournalError)?.code == code
    }
  }

  /// What kind of problem this is.
  public let code: Code
  /// A sentence a person can act on.
  public let message: String
  /// The entry field at fault, such as `"brand"`, when there is one.
  public let field: String?
  /// The 1-based line of an import at fault, when the error comes from an import.
  public let line: Int?
  /// The file at fault, when there is one, such as the database file that is not a database.
  public let path: String?
  /// The entry concerned, when there is one.
  public let entryID: JournalEntry.ID?
  /// The model's reason when an entry did not pass validation (``Code/invalidEntry``).
  public let validationError: ModelError?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What kind of problem this is.
  ///   - message: A sentence a person can act on.
  ///   - field: The entry field at fault, if any.
  ///   - line: The 1-based import line at fault, if any.
  ///   - path: The file at fault, if any.
  ///   - entryID: The entry concerned, if any.
  ///   - validationError: The model's reason, for ``Code/invalidEntry``.
  public init(
    _ code: Code,
    message: String,
    field: String? = nil,
    line: Int? = nil,
    path: String? = nil,
    entryID: JournalEntry.ID? = nil,
    validationError: ModelError? = nil
  ) {
    self.code = code
    self.message = message
    self.field = field
    self.line = line
    self.path = path
    self.entryID = entryID
    self.validationError = validationError
  }

  /// The message, prefixed with the line and field at fault when known, such as
  /// `"line 12, brand: Use at most 100 characters."`.
  public var description: String {
    var place: [String] = []
    if let line { place.append("line \(line)") }
    if let field { place.append(field) }
    return place.isEmpty ? message : "\(place.joined(separator: ", ")): \(message)"
  }
}

extension JournalError {
  /// An ``Code/invalidEntry`` error carrying the model's reason.
  init(invalid error: ModelError, line: Int? = nil, entryID: JournalEntry.ID? = nil) {
    self.init(
      .invalidEntry, message: error.message, field: error.field, line: line, entryID: entryID,
      validationError: error)
  }

  /// The same error, placed on an import line.
  func onLine(_ line: Int) -> JournalError {
    JournalError(
      code, message: message, field: field, line: line, path: path, entryID: entryID,
      validationError: validationError)
  }
}
