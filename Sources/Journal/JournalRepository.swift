public import Foundation
public import HaruModels
import HaruShared

/// The scent journal: entries with their photos, validated, listed newest first, and observable.
///
/// A repository sits in front of a ``JournalStore`` and a folder. It validates what it saves with
/// the rules of ``/HaruModels/JournalEntryDraft``, names and writes photo files itself, keeps database rows and
/// files consistent through crashes, and publishes lists as observations that change after every
/// write that touches them.
///
/// ```swift
/// let journal = try JournalRepository(directory: appSupport.appending(path: "Journal"))
///
/// var draft = JournalEntryDraft(day: today)
/// draft.brand = "Le Labo"
/// draft.perfumeName = "Rose 31"
/// draft.sentence = "장미향인데 나무 냄새가 오래 남는다"
/// let entry = try await journal.add(draft, photo: jpegBytes)
///
/// for await favorites in try journal.observation(of: .favorites) {
///   render(favorites)  // the first page now, then again after every change to it
/// }
/// ```
///
/// The folder holds the database (`journal.sqlite`) and the photos (`photos/`); the database keeps
/// only each photo's file name, so the folder can move. See <doc:PhotosAndConsistency> for the order
/// of writes and the sweep of orphaned photos.
///
/// Methods that touch the disk are `async` and run off the caller's actor. Writes of one repository
/// are applied one at a time; reads run alongside them. Several repositories of one process may
/// open the same folder and write at once: their writes wait for each other, never failing with
/// "database is locked" (another process's writes are waited for up to ten seconds). Each
/// repository's observations follow its own writes, so an app should share one repository per
/// journal.
public final class JournalRepository: Sendable {
  /// Limits and timings of a repository.
  public struct Options: Hashable, Sendable {
    /// The largest photo accepted, in bytes; 20 MiB by default.
    public var photoSizeLimit: Int
    /// How old a photo file no entry refers to must be before it is deleted when the journal
    /// opens; one hour by default. Younger files may belong to an add still in progress in another
    /// process.
    public var orphanGracePeriod: Duration

    /// Creates options.
    ///
    /// - Parameters:
    ///   - photoSizeLimit: The largest photo accepted, in bytes.
    ///   - orphanGracePeriod: How old an unreferenced photo file must be to be deleted.
    public init(
      photoSizeLimit: Int = 20 * 1024 * 1024, orphanGracePeriod: Duration = .seconds(3600)
    ) {
      self.photoSizeLimit = photoSizeLimit
      self.orphanGracePeriod = orphanGracePeriod
    }
  }

  /// The largest page a list can be read in.
  public static let maximumPageSize = 1000
  /// The name of the database file in a journal's folder.
  public static let databaseFileName = "journal.sqlite"
  /// The name of the photo folder in a journal's folder.
  public static let photoFolderName = "photos"

  /// The journal's folder.
  public let directory: URL

  private let store: any JournalStore
  private let photos: PhotoFolder
  private let options: Options
  private let now: @Sendable () -> Date
  /// The observed lists. The lock also orders writes, so that every observation's values follow
  /// the order of the writes.
  private let observed: LockedState<[ObservedList: ValueSubject<Result<JournalPage, JournalError>>]>

  private struct ObservedList: Hashable {
    let list: JournalList
    let limit: Int
  }

  /// Opens the journal in a folder, creating the folder and an empty journal when they do not
  /// exist.
  ///
  /// Opening migrates an older database and deletes photo files no entry refers to that are older
  /// than ``Options/orphanGracePeriod``.
  ///
  /// - Parameters:
  ///   - directory: The journal's folder, such as `Application Support/Journal`.
  ///   - options: Limits and timings.
  ///   - now: The current time, for creation and update times; `Date()` by default.
  /// - Throws: ``JournalError`` with ``JournalError/Code/notADatabase`` or
  ///   ``JournalError/Code/newerSchemaVersion`` (the database file is left unchanged),
  ///   ``JournalError/Code/fileFailure`` or ``JournalError/Code/databaseFailure``.
  public convenience init(
    directory: URL, options: Options = Options(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) throws(JournalError) {
    let store = try SQLiteJournalStore(
      fileURL: directory.appendingPathComponent(Self.databaseFileName, isDirectory: false))
    try self.init(store: store, directory: directory, options: options, now: now)
  }

  /// Opens a journal on a store of your choice, with its photos in a folder.
  ///
  /// - Parameters:
  ///   - store: Where entries are kept, such as `InMemoryJournalStore` in tests.
  ///   - directory: The folder whose `photos` folder holds the photo files; created when missing.
  ///   - options: Limits and timings.
  ///   - now: The current time, for creation and update times; `Date()` by default.
  /// - Throws: ``JournalError/Code/fileFailure`` when the photo folder cannot be created or
  ///   read, or the store's error while sweeping orphaned photos.
  public init(
    store: any JournalStore, directory: URL, options: Options = Options(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) throws(JournalError) {
    self.store = store
    self.directory = directory
    self.options = options
    self.now = now
    photos = try PhotoFolder(
      url: directory.appendingPathComponent(Self.photoFolderName, isDirectory: true))
    observed = LockedState([:])
    let grace = options.orphanGracePeriod.components
    let graceSeconds = Double(grace.seconds) + Double(grace.attoseconds) / 1e18
    try photos.sweep(olderThan: now().addingTimeInterval(-graceSeconds)) {
      (names) throws(JournalError) in try store.referencedPhotos(among: names)
    }
  }

  // MARK: - Writing

  /// Validates and saves a new entry, with an optional photo.
  ///
  /// The photo's format is read from its bytes (JPEG, PNG or HEIC); the journal names its file
  /// and writes it before the entry is committed. If the entry cannot be saved, the file is
  /// deleted again.
  ///
  /// - Parameters:
  ///   - draft: The entry's fields; trimmed and validated.
  ///   - photo: The photo's bytes, if any.
  /// - Returns: The saved entry, with its identity and creation time.
  /// - Throws: ``JournalError/Code/invalidEntry`` naming the field at fault;
  ///   ``JournalError/Code/unsupportedPhoto`` or ``JournalError/Code/photoTooLarge``;
  ///   ``JournalError/Code/fileFailure`` or ``JournalError/Code/databaseFailure``. Nothing is
  ///   saved and no file is left behind when it throws.
  @concurrent
  public func add(
    _ draft: JournalEntryDraft, photo: Data? = nil
  ) async throws(JournalError) -> JournalEntry {
    let createdAt = JournalTime.rounded(now())
    var entry = try makeEntry { () throws(ModelError) in
      try JournalEntry(draft: draft, createdAt: createdAt)
    }
    guard let photo else {
      try insertNew(entry)
      return entry
    }
    let name = try savePhoto(photo)
    do {
      entry = try makeEntry { [entry] () throws(ModelError) in
        try JournalEntry(id: entry.id, draft: draft, photo: name, createdAt: createdAt)
      }
      try insertNew(entry)
    } catch {
      photos.remove(name)
      throw error
    }
    return entry
  }

  /// Saves new fields for an entry, and optionally a new photo or none.
  ///
  /// The creation time is kept and the update time set. A new photo's file is written before the
  /// change is committed; the old file is deleted after.
  ///
  /// - Parameters:
  ///   - id: The entry to change.
  ///   - draft: The new fields; trimmed and validated.
  ///   - photo: What to do with the photo; ``JournalPhotoChange/keep`` by default.
  /// - Returns: The saved entry.
  /// - Throws: ``JournalError/Code/entryNotFound``, ``JournalError/Code/invalidEntry``,
  ///   ``JournalError/Code/unsupportedPhoto``, ``JournalError/Code/photoTooLarge``,
  ///   ``JournalError/Code/fileFailure`` or ``JournalError/Code/databaseFailure``. Nothing
  ///   changes and no file is left behind when it throws.
  @discardableResult
  @concurrent
  public func update(
    _ id: JournalEntry.ID, with draft: JournalEntryDraft, photo: JournalPhotoChange = .keep
  ) async throws(JournalError) -> JournalEntry {
    if let problem = draft.validationErrors.first {
      throw JournalError(invalid: problem, entryID: id)
    }
    var newPhoto: PhotoName?
    if case .replace(let data) = photo {
      newPhoto = try savePhoto(data)
    }
    let change: (old: JournalEntry, new: JournalEntry)
    do {
      change = try changeEntry(id) { (old) throws(JournalError) in
        let name: PhotoName? =
          switch photo {
          case .keep: old.photo
          case .remove: nil
          case .replace: newPhoto
          }
        return try makeEntry { () throws(ModelError) in
          try JournalEntry(
            id: id, draft: draft, photo: name, createdAt: old.createdAt,
            updatedAt: updateTime(after: old))
        }
      }
    } catch {
      if let newPhoto { photos.remove(newPhoto) }
      throw error
    }
    if let oldPhoto = change.old.photo, oldPhoto != change.new.photo {
      photos.remove(oldPhoto)
    }
    return change.new
  }

  /// Marks an entry as a favorite or not.
  ///
  /// - Parameters:
  ///   - isFavorite: Whether the entry is a favorite.
  ///   - id: The entry.
  /// - Returns: The saved entry; unchanged (same update time) when it already had that flag.
  /// - Throws: ``JournalError/Code/entryNotFound`` or ``JournalError/Code/databaseFailure``.
  @discardableResult
  @concurrent
  public func setFavorite(
    _ isFavorite: Bool, for id: JournalEntry.ID
  ) async throws(JournalError) -> JournalEntry {
    try changeEntry(id) { (old) throws(JournalError) in
      guard old.isFavorite != isFavorite else { return old }
      var draft = old.draft
      draft.isFavorite = isFavorite
      return try makeEntry { () throws(ModelError) in
        try JournalEntry(
          id: id, draft: draft, photo: old.photo, createdAt: old.createdAt,
          updatedAt: updateTime(after: old))
      }
    }.new
  }

  /// Deletes an entry, then its photo file.
  ///
  /// - Parameter id: The entry.
  /// - Returns: The deleted entry.
  /// - Throws: ``JournalError/Code/entryNotFound`` or ``JournalError/Code/databaseFailure``.
  @discardableResult
  @concurrent
  public func delete(_ id: JournalEntry.ID) async throws(JournalError) -> JournalEntry {
    let old = try write { () throws(JournalError) in
      let old = try store.delete(id)
      return (old, .entries([old]))
    }
    if let photo = old.photo {
      photos.remove(photo)
    }
    return old
  }

  /// Imports entries from tab-separated text, in one transaction.
  ///
  /// Each line is one entry: `id` (a UUID, which the entry keeps), `date` (`YYYY-MM-DD`),
  /// `brand`, `name`, `content` (the notes), `sentence` and `favorite` (`0` or `1`), separated by
  /// tabs, without a header. In the text fields, `\t`, `\n`, `\r` and `\\` stand for a tab, a
  /// line break, a carriage return and a backslash. Entries get increasing creation times in file
  /// order.
  ///
  /// Lines that cannot be imported do not stop the others: each one is reported with its line
  /// number and reason (not UTF-8, wrong number of fields, a field that cannot be read, a field
  /// that fails validation, or an identity already in the journal or earlier in the file). All
  /// other lines are added together.
  ///
  /// - Parameter data: The file's bytes, UTF-8 text.
  /// - Returns: How many entries were added and which lines were not.
  /// - Throws: ``JournalError/Code/databaseFailure`` when the transaction fails; then nothing
  ///   was added.
  @concurrent
  public func importEntries(fromTSV data: Data) async throws(JournalError) -> JournalImportReport {
    let parsed = TSVImport.parse(data)
    var rejected = parsed.rejected
    var firstLine: [JournalEntry.ID: Int] = [:]
    var entries: [JournalEntry] = []
    entries.reserveCapacity(parsed.rows.count)
    let start = JournalTime.microseconds(now())
    for row in parsed.rows {
      if let first = firstLine[row.id] {
        rejected.append(
          JournalError(
            .duplicateEntry, message: "The identity \(row.id) is already used on line \(first).",
            field: "id", line: row.line, entryID: row.id))
        continue
      }
      let createdAt = JournalTime.date(microseconds: start + Int64(entries.count))
      do {
        entries.append(try JournalEntry(id: row.id, draft: row.draft, createdAt: createdAt))
        firstLine[row.id] = row.line
      } catch {
        rejected.append(JournalError(invalid: error, line: row.line, entryID: row.id))
      }
    }
    let skipped = try write { () throws(JournalError) in
      (try store.insert(entries), Touched.everything)
    }
    for id in skipped {
      rejected.append(
        JournalError(
          .duplicateEntry, message: "An entry with the identity \(id) is already in the journal.",
          field: "id", line: firstLine[id], entryID: id))
    }
    rejected.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    return JournalImportReport(
      importedCount: entries.count - skipped.count, rejectedLines: rejected)
  }

  // MARK: - Reading

  /// Reads one entry.
  ///
  /// - Parameter id: The entry's identity.
  /// - Returns: The entry, or `nil` when there is none with that identity.
  /// - Throws: ``JournalError/Code/databaseFailure`` or ``JournalError/Code/corruptEntry``.
  @concurrent
  public func entry(_ id: JournalEntry.ID) async throws(JournalError) -> JournalEntry? {
    try store.entry(id)
  }

  /// Reads a page of a list, newest first.
  ///
  /// ```swift
  /// var page = try await journal.entries(in: .all)
  /// while let next = page.nextCursor {
  ///   page = try await journal.entries(in: .all, after: next)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - list: Which entries.
  ///   - cursor: Where to continue: the previous page's ``JournalPage/nextCursor``; `nil` for the
  ///     first page.
  ///   - limit: The page size, `1...1000`; 50 by default.
  /// - Returns: The page.
  /// - Throws: ``JournalError/Code/invalidPageSize``, ``JournalError/Code/databaseFailure`` or
  ///   ``JournalError/Code/corruptEntry``.
  @concurrent
  public func entries(
    in list: JournalList, after cursor: JournalCursor? = nil, limit: Int = 50
  ) async throws(JournalError) -> JournalPage {
    try Self.checkPageSize(limit)
    return try page(of: list, after: cursor, limit: limit)
  }

  /// Searches the journal as a person types: a page of the entries that contain every word of
  /// `text`, newest first.
  ///
  /// The text is split at whitespace into terms, and an entry matches when each term occurs
  /// anywhere in its brand, perfume name, notes or sentence — also inside a word, so `장미` finds
  /// `들장미향이` and `rose` finds `Rose 31`. Latin letters match either case. Quotes, `*`, `-`,
  /// `AND` and the like are searched for as text. Text with no terms returns an empty page
  /// without reading the store.
  ///
  /// ```swift
  /// var page = try await journal.search("장미 머스크", in: .favorites)
  /// while let next = page.nextCursor {
  ///   page = try await journal.search("장미 머스크", in: .favorites, after: next)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - text: What the person typed.
  ///   - scope: All entries (the default) or only favorites.
  ///   - cursor: Where to continue: the previous page's ``JournalPage/nextCursor`` for the same
  ///     text and scope; `nil` for the first page.
  ///   - limit: The page size, `1...1000`; 50 by default.
  /// - Returns: The page of matching entries.
  /// - Throws: ``JournalError/Code/invalidPageSize``, ``JournalError/Code/databaseFailure`` or
  ///   ``JournalError/Code/corruptEntry``.
  @concurrent
  public func search(
    _ text: String, in scope: JournalSearchScope = .all, after cursor: JournalCursor? = nil,
    limit: Int = 50
  ) async throws(JournalError) -> JournalPage {
    try Self.checkPageSize(limit)
    let query = JournalSearchQuery(text)
    guard !query.isEmpty else { return JournalPage(entries: [], nextCursor: nil) }
    var entries = try store.search(query, in: scope, after: cursor, limit: limit + 1)
    guard entries.count > limit else { return JournalPage(entries: entries, nextCursor: nil) }
    entries.removeLast(entries.count - limit)
    return JournalPage(entries: entries, nextCursor: entries.last.map(JournalCursor.init(after:)))
  }

  /// Counts the entries of a list.
  ///
  /// - Parameter list: Which entries.
  /// - Returns: How many entries the list has.
  /// - Throws: ``JournalError/Code/databaseFailure``.
  @concurrent
  public func count(in list: JournalList) async throws(JournalError) -> Int {
    try store.count(in: list)
  }

  /// Lists every perfume in the journal with its number of entries and the last day it was
  /// smelled.
  ///
  /// - Returns: One summary per brand and perfume name, most recently smelled first, then by
  ///   brand and name.
  /// - Throws: ``JournalError/Code/databaseFailure``.
  @concurrent
  public func perfumes() async throws(JournalError) -> [PerfumeSummary] {
    try store.perfumes()
  }

  /// Where an entry's photo is, or that its file is missing.
  ///
  /// - Parameter entry: An entry of this journal.
  /// - Returns: `nil` when the entry has no photo; ``JournalPhoto/stored(_:)`` with the file's
  ///   location; or ``JournalPhoto/missing(_:)`` when the file is not there (show a placeholder).
  public func photo(of entry: JournalEntry) -> JournalPhoto? {
    guard let name = entry.photo else { return nil }
    return photos.exists(name) ? .stored(photos.fileURL(for: name)) : .missing(name)
  }

  // MARK: - Observing

  /// Observes the first page of a list: its current entries, then the new page after every write
  /// of this repository that changes it.
  ///
  /// Iteration starts with the current page and follows ``/HaruModels/ValueObservation``'s rules:
  /// any number of consumers, the latest value wins, and the subscription ends with the consuming
  /// task. A change that leaves the page as it was is not delivered. When reading the page fails,
  /// the observation delivers the error as a value; the next successful read replaces it.
  ///
  /// ```swift
  /// for await favorites in try journal.observation(of: .favorites) {
  ///   switch favorites {
  ///   case .success(let page): show(page.entries)
  ///   case .failure(let error): show(error.message)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - list: Which entries.
  ///   - limit: The page size, `1...1000`; 50 by default.
  /// - Returns: The observation; observations of the same list and size share their value.
  /// - Throws: ``JournalError/Code/invalidPageSize``.
  public func observation(
    of list: JournalList, limit: Int = 50
  ) throws(JournalError) -> ValueObservation<Result<JournalPage, JournalError>> {
    try Self.checkPageSize(limit)
    let key = ObservedList(list: list, limit: limit)
    return observed.withLock { subjects in
      if let subject = subjects[key] { return subject.observation }
      let subject = ValueSubject(loadPage(key))
      subjects[key] = subject
      return subject.observation
    }
  }

  // MARK: - Internals

  /// Which observed lists a write may have changed.
  private enum Touched {
    /// The lists containing any of these entries (before or after the write).
    case entries([JournalEntry])
    /// Every list.
    case everything

    func affects(_ list: JournalList) -> Bool {
      switch self {
      case .everything: true
      case .entries(let entries): entries.contains(where: list.contains)
      }
    }
  }

  /// Runs a store write alone, then refreshes the observed lists it touched, before the next
  /// write can start.
  private func write<Result: Sendable>(
    _ body: () throws(JournalError) -> (Result, Touched)
  ) throws(JournalError) -> Result {
    try observed.withLock { (subjects) throws(JournalError) -> Result in
      let (result, touched) = try body()
      for (key, subject) in subjects where touched.affects(key.list) {
        subject.sendIfChanged(loadPage(key))
      }
      return result
    }
  }

  private func insertNew(_ entry: JournalEntry) throws(JournalError) {
    try write { () throws(JournalError) in
      let skipped = try store.insert([entry])
      guard skipped.isEmpty else {
        throw JournalError(
          .duplicateEntry, message: "An entry with the identity \(entry.id) already exists.",
          field: "id", entryID: entry.id)
      }
      return ((), .entries([entry]))
    }
  }

  private func changeEntry(
    _ id: JournalEntry.ID, _ change: (JournalEntry) throws(JournalError) -> JournalEntry
  ) throws(JournalError) -> (old: JournalEntry, new: JournalEntry) {
    try write { () throws(JournalError) in
      let result = try store.update(id, change)
      return (result, .entries([result.old, result.new]))
    }
  }

  private func loadPage(_ key: ObservedList) -> Result<JournalPage, JournalError> {
    do {
      return .success(try page(of: key.list, after: nil, limit: key.limit))
    } catch {
      return .failure(error)
    }
  }

  private func page(
    of list: JournalList, after cursor: JournalCursor?, limit: Int
  ) throws(JournalError) -> JournalPage {
    // One more than the page tells whether another page follows.
    var entries = try store.entries(in: list, after: cursor, limit: limit + 1)
    guard entries.count > limit else { return JournalPage(entries: entries, nextCursor: nil) }
    entries.removeLast(entries.count - limit)
    return JournalPage(entries: entries, nextCursor: entries.last.map(JournalCursor.init(after:)))
  }

  /// An update time that is never before the entry's last one, even if the clock went back.
  private func updateTime(after entry: JournalEntry) -> Date {
    max(JournalTime.rounded(now()), entry.updatedAt)
  }

  private func makeEntry(
    _ make: () throws(ModelError) -> JournalEntry
  ) throws(JournalError) -> JournalEntry {
    do {
      return try make()
    } catch {
      throw JournalError(invalid: error)
    }
  }

  /// Checks a photo's size and format, then writes its file under a new name.
  private func savePhoto(_ data: Data) throws(JournalError) -> PhotoName {
    guard data.count <= options.photoSizeLimit else {
      let megabytes = Double(options.photoSizeLimit) / 1_048_576
      throw JournalError(
        .photoTooLarge,
        message:
          "The photo is \(data.count) bytes; the journal accepts photos up to "
          + "\(megabytes.formatted(.number.precision(.fractionLength(0...1)))) MiB. "
          + "Choose a smaller picture.",
        field: "photo")
    }
    guard let format = PhotoFormat(detecting: data) else {
      throw JournalError(
        .unsupportedPhoto,
        message: "The photo is not a JPEG, PNG or HEIC picture. Choose a photo in one of those.",
        field: "photo")
    }
    let name = PhotoName.unique(fileExtension: format.fileExtension)
    try photos.write(data, as: name)
    return name
  }

  private static func checkPageSize(_ limit: Int) throws(JournalError) {
    guard (1...maximumPageSize).contains(limit) else {
      throw JournalError(
        .invalidPageSize,
        message: "A page holds 1 to \(maximumPageSize) entries; \(limit) was asked for.")
    }
  }
}
