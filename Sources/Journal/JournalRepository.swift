import Dispatch
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
/// for await favorites in try await journal.observation(of: .favorites) {
///   render(favorites)  // the first page now, then again after every change to it
/// }
/// ```
///
/// The folder holds the database (`journal.sqlite`) and the photos (`photos/`); the database keeps
/// only each photo's file name, so the folder can move. See <doc:PhotosAndConsistency> for the order
/// of writes and the sweep of orphaned photos.
///
/// Methods that touch the disk are `async` and run on the repository's own dispatch queues, never
/// on Swift's cooperative thread pool: writes one at a time on a serial queue, reads in parallel
/// on a concurrent one. A read whose task is cancelled is interrupted and ends with
/// ``JournalError/Code/cancelled``. Several repositories and processes may open the same folder
/// and write at once: their writes wait for each other through SQLite's lock, up to
/// ``Options/busyTimeout``. See <doc:SharingTheJournalWithOtherProcesses>.
///
/// Besides the errors each method lists, any method that reads or writes the database may throw
/// ``JournalError/Code/busy`` (another process held the lock too long) or
/// ``JournalError/Code/damaged``; writes may throw ``JournalError/Code/readOnly`` and
/// ``JournalError/Code/diskFull``, and nothing is written then; lists and searches throw
/// ``JournalError/Code/cancelled`` when their task is cancelled.
public final class JournalRepository: Sendable {
  /// Limits and timings of a repository.
  public struct Options: Hashable, Sendable {
    /// The largest photo accepted, in bytes; 20 MiB by default.
    public var photoSizeLimit: Int
    /// How old a photo file no entry refers to must be before it is deleted when the journal
    /// opens; one hour by default. Younger files may belong to an add still in progress in another
    /// process.
    public var orphanGracePeriod: Duration
    /// Whether to open the journal without writing to it; `false` by default. A journal on a
    /// medium mounted read-only opens read-only whatever this says. Read-only, every read works,
    /// every write throws ``JournalError/Code/readOnly``, and no photo file is swept.
    public var readOnly: Bool
    /// How long a write (or a read that meets a checkpoint) waits for another process to release
    /// the database before failing with ``JournalError/Code/busy``; ten seconds by default.
    public var busyTimeout: Duration
    /// How long after the last write the search index's segments are merged (see
    /// ``SearchIndexMaintenance``); shorter in tests.
    var indexIdleDelay = SearchIndexMaintenance.defaultIdleDelay
    /// Whether other processes' commits are watched through the folder's file events, where the
    /// system has them; `false` looks on a timer, as when no file watch can be had.
    var watchesFileEvents = true

    /// Creates options.
    ///
    /// - Parameters:
    ///   - photoSizeLimit: The largest photo accepted, in bytes.
    ///   - orphanGracePeriod: How old an unreferenced photo file must be to be deleted.
    ///   - readOnly: Whether to open without writing.
    ///   - busyTimeout: How long to wait for another process's lock.
    public init(
      photoSizeLimit: Int = 20 * 1024 * 1024, orphanGracePeriod: Duration = .seconds(3600),
      readOnly: Bool = false, busyTimeout: Duration = .seconds(10)
    ) {
      self.photoSizeLimit = photoSizeLimit
      self.orphanGracePeriod = orphanGracePeriod
      self.readOnly = readOnly
      self.busyTimeout = busyTimeout
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

  let store: any JournalStore
  /// What the store can do beyond ``JournalStore``, looked at once when the repository opens.
  let capabilities: StoreCapabilities
  let photos: PhotoFolder
  let options: Options
  let now: @Sendable () -> Date
  /// The observed lists. The lock guards the dictionary only and is never held while the store
  /// works; refreshes run on ``writes``, one at a time, so every observation's values follow the
  /// order of the writes.
  private let observed: LockedState<[ObservedList: ValueSubject<Result<JournalPage, JournalError>>]>
  /// Where writes, and the refreshes of observed lists after them, run: one at a time.
  let writes = DispatchQueue(label: "haru.journal.writes", qos: .userInitiated)
  /// Where reads run, in parallel.
  let reads = DispatchQueue(
    label: "haru.journal.reads", qos: .userInitiated, attributes: .concurrent)
  /// The number of changes seen: this repository's writes and other connections' commits.
  private let changeCount = ValueSubject(0)
  /// The watcher of the database's folder, once something observes, and the database's
  /// `data_version` after the last change handled.
  private let watching = LockedState<Watching>(Watching())
  /// Merges the search index's segments once the writes pause; `nil` for a store other than
  /// SQLite's and when read-only.
  private let indexMaintenance: SearchIndexMaintenance?
  /// Whether the repository is suspended (``suspend()``), and the imports parked until it
  /// resumes.
  let suspension = SuspensionGate()
  /// How many lines of an import are written in one transaction: an import lets other processes'
  /// writes in between two (a suspension does not wait: it stops the transaction that runs). At
  /// a few thousand lines a second, another process waits about a second at most.
  static let importBatchSize = 5_000

  private struct Watching {
    var watcher: FolderWatcher?
    var isStarted = false
    var dataVersion: Int64?
  }

  private struct ObservedList: Hashable {
    let list: JournalList
    let limit: Int
  }

  /// Opens the journal in a folder, creating the folder and an empty journal when they do not
  /// exist.
  ///
  /// Opening migrates an older database and deletes the photo files the journal wrote that no
  /// entry refers to and that are older than ``Options/orphanGracePeriod`` (see
  /// <doc:PhotosAndConsistency>); a read-only journal does neither.
  ///
  /// - Parameters:
  ///   - directory: The journal's folder, such as `Application Support/Journal`.
  ///   - options: Limits and timings.
  ///   - now: The current time, for creation and update times; `Date()` by default.
  /// - Throws: ``JournalError`` with ``JournalError/Code/notADatabase``,
  ///   ``JournalError/Code/newerSchemaVersion`` or ``JournalError/Code/logWithoutDatabase`` (the
  ///   files are left unchanged), ``JournalError/Code/readOnly`` (no journal to read on a
  ///   read-only medium), ``JournalError/Code/busy``, ``JournalError/Code/fileFailure`` or
  ///   ``JournalError/Code/databaseFailure``.
  public convenience init(
    directory: URL, options: Options = Options(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) throws(JournalError) {
    let store = try SQLiteJournalStore(
      fileURL: directory.appendingPathComponent(Self.databaseFileName, isDirectory: false),
      readOnly: options.readOnly, busyTimeout: options.busyTimeout)
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
    capabilities = StoreCapabilities(store)
    self.directory = directory
    self.options = options
    self.now = now
    let readOnly = capabilities.isReadOnly
    photos = try PhotoFolder(
      url: directory.appendingPathComponent(Self.photoFolderName, isDirectory: true),
      creating: !readOnly)
    observed = LockedState([:])
    indexMaintenance =
      capabilities.maintainsSearchIndex && !readOnly
      ? SearchIndexMaintenance(queue: writes, idleDelay: options.indexIdleDelay) : nil
    guard !readOnly else { return }
    // Where other connections' commits are counted from; this repository's own never count. A
    // read-only repository, which has no writer, counts from when it starts watching.
    _ = noteDataVersion()
    let grace = options.orphanGracePeriod.components
    let graceSeconds = Double(grace.seconds) + Double(grace.attoseconds) / 1e18
    try photos.sweep(olderThan: now().addingTimeInterval(-graceSeconds)) {
      (names) throws(JournalError) in try store.referencedPhotos(among: names)
    }
    // Processes that wrote and exited at once (a widget, a `haru` command) may have left the
    // index in many segments: looked at once this repository has been idle as long as after a
    // write.
    indexMaintenance?.noteWrite { [weak self] in self?.mergeIndexSegments() }
  }

  /// Whether the journal was opened read-only, or found its medium read-only: then every write
  /// throws ``JournalError/Code/readOnly``.
  public var isReadOnly: Bool { capabilities.isReadOnly }

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
    try await onWrites { () throws(JournalError) in
      try self.checkWritable()
      let createdAt = JournalTime.rounded(self.now())
      var entry = try self.makeEntry { () throws(ModelError) in
        try JournalEntry(draft: draft, createdAt: createdAt)
      }
      guard let photo else {
        try self.insertNew(entry)
        return entry
      }
      let name = try self.savePhoto(photo)
      do throws(JournalError) {
        entry = try self.makeEntry { [entry] () throws(ModelError) in
          try JournalEntry(id: entry.id, draft: draft, photo: name, createdAt: createdAt)
        }
        try self.insertNew(entry)
      } catch {
        self.photos.remove(name)
        throw error
      }
      return entry
    }
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
    return try await update(id, photo: photo) { $0 = draft }
  }

  /// Changes some fields of an entry, on top of what is stored when the change is written.
  ///
  /// `edit` runs inside the write transaction on the entry's stored fields, so a change made
  /// meanwhile by another process, such as a favorite flag set or another field edited, is kept:
  /// only what `edit` changes is written. When two writers change the same field, the later
  /// commit wins.
  ///
  /// ```swift
  /// try await journal.update(id) { $0.notes = "비 온 뒤에 다시 맡음" }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The entry to change.
  ///   - photo: What to do with the photo; ``JournalPhotoChange/keep`` by default.
  ///   - edit: Changes the stored fields; called once, inside the write transaction. Keep it
  ///     short: it holds the journal's write lock.
  /// - Returns: The saved entry.
  /// - Throws: What ``update(_:with:photo:)`` throws. Nothing changes and no file is left behind
  ///   when it throws.
  @discardableResult
  @concurrent
  public func update(
    _ id: JournalEntry.ID, photo: JournalPhotoChange = .keep,
    editing edit: @escaping @Sendable (inout JournalEntryDraft) -> Void
  ) async throws(JournalError) -> JournalEntry {
    try await onWrites { () throws(JournalError) in
      try self.checkWritable()
      var newPhoto: PhotoName?
      if case .replace(let data) = photo {
        newPhoto = try self.savePhoto(data)
      }
      let change: (old: JournalEntry, new: JournalEntry)
      do throws(JournalError) {
        change = try self.changeEntry(id) { (old) throws(JournalError) in
          var draft = old.draft
          edit(&draft)
          if let problem = draft.validationErrors.first {
            throw JournalError(invalid: problem, entryID: id)
          }
          let name: PhotoName? =
            switch photo {
            case .keep: old.photo
            case .remove: nil
            case .replace: newPhoto
            }
          if draft == old.draft, name == old.photo { return old }
          return try self.makeEntry { () throws(ModelError) in
            try JournalEntry(
              id: id, draft: draft, photo: name, createdAt: old.createdAt,
              updatedAt: self.updateTime(after: old))
          }
        }
      } catch {
        if let newPhoto { self.photos.remove(newPhoto) }
        throw error
      }
      if let oldPhoto = change.old.photo, oldPhoto != change.new.photo {
        self.photos.remove(oldPhoto)
      }
      return change.new
    }
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
    try await update(id) { $0.isFavorite = isFavorite }
  }

  /// Deletes an entry, then its photo file.
  ///
  /// - Parameter id: The entry.
  /// - Returns: The deleted entry.
  /// - Throws: ``JournalError/Code/entryNotFound``, ``JournalError/Code/readOnly`` or a storage
  ///   failure.
  @discardableResult
  @concurrent
  public func delete(_ id: JournalEntry.ID) async throws(JournalError) -> JournalEntry {
    try await onWrites { () throws(JournalError) in
      try self.checkWritable()
      let old = try self.write { () throws(JournalError) in
        let old = try self.store.delete(id)
        return (old, .entries([old]))
      }
      if let photo = old.photo {
        self.photos.remove(photo)
      }
      return old
    }
  }

  /// Deletes a stored row that no longer reads as an entry, such as one listed in
  /// ``JournalPage/unreadable``. Its photo file, if any, is left for the sweep, since the row's
  /// photo name cannot be trusted.
  ///
  /// - Parameter id: The row's identity, ``JournalError/entryID`` of the error that reported it.
  /// - Throws: ``JournalError/Code/entryNotFound`` when no row has that identity,
  ///   ``JournalError/Code/readOnly``, or a storage failure.
  @concurrent
  public func deleteUnreadable(_ id: JournalEntry.ID) async throws(JournalError) {
    try await onWrites { () throws(JournalError) in
      try self.checkWritable()
      try self.write { () throws(JournalError) in
        guard try self.capabilities.deleteUnreadable(id) else { throw JournalError.notFound(id) }
        return ((), Touched.everything)
      }
    }
  }

  /// Imports entries from tab-separated text, in transactions of 5,000 lines.
  ///
  /// Each line is one entry: `id` (a UUID, which the entry keeps), `date` (`YYYY-MM-DD`),
  /// `brand`, `name`, `content` (the notes), `sentence` and `favorite` (`0` or `1`), separated by
  /// tabs, without a header. In the text fields, `\t`, `\n`, `\r` and `\\` stand for a tab, a
  /// line break, a carriage return and a backslash. Entries get increasing creation times in file
  /// order.
  ///
  /// Lines that cannot be imported do not stop the others: each one is reported with its line
  /// number and reason (not UTF-8, wrong number of fields, a field that cannot be read, a field
  /// that fails validation, or an identity used earlier in the file). A line whose identity is
  /// already in the journal is skipped and counted in ``JournalImportReport/skippedLines``, so
  /// running an interrupted import again adds nothing twice. All other lines are added, 5,000 to a
  /// transaction, so that other processes can write in between; a ``suspend()`` stops the
  /// transaction that runs and rolls it back, and the import writes it again, and the rest, after
  /// ``resume()``.
  ///
  /// - Parameter data: The file's bytes, UTF-8 text.
  /// - Returns: How many entries were added, which lines were skipped and which were refused.
  /// - Throws: ``JournalError/Code/diskFull``, ``JournalError/Code/readOnly``,
  ///   ``JournalError/Code/busy`` or ``JournalError/Code/databaseFailure`` when a transaction
  ///   fails; then the lines of the transactions before were added, and running the same import
  ///   again adds the rest.
  @concurrent
  public func importEntries(fromTSV data: Data) async throws(JournalError) -> JournalImportReport {
    try await onWrites { () throws(JournalError) in try self.importNow(data) }
  }

  /// Runs the import on ``writes``.
  private func importNow(_ data: Data) throws(JournalError) -> JournalImportReport {
    dispatchPrecondition(condition: .onQueue(writes))
    try checkWritable()
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
    var skipped: Set<JournalEntry.ID> = []
    var next = 0
    while next < entries.count {
      let batch = Array(entries[next..<min(next + Self.importBatchSize, entries.count)])
      try skipped.formUnion(
        writeWhenRunning { () throws(JournalError) in
          try write { () throws(JournalError) in
            (try capabilities.insertImported(batch), Touched.everything)
          }
        })
      next += batch.count
    }
    mergeSearchIndexNow(afterImportOf: entries.count - skipped.count)
    rejected.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    return JournalImportReport(
      importedCount: entries.count - skipped.count,
      skippedLines: skipped.compactMap { firstLine[$0] }.sorted(), rejectedLines: rejected)
  }

  // MARK: - Reading

  /// Reads one entry.
  ///
  /// - Parameter id: The entry's identity.
  /// - Returns: The entry, or `nil` when there is none with that identity.
  /// - Throws: ``JournalError/Code/databaseFailure`` or ``JournalError/Code/corruptEntry``.
  @concurrent
  public func entry(_ id: JournalEntry.ID) async throws(JournalError) -> JournalEntry? {
    try await onReads { () throws(JournalError) in try self.store.entry(id) }
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
    let interrupter = ReadInterrupter()
    return try await onReads(interrupter) { () throws(JournalError) in
      try self.page(of: list, after: cursor, limit: limit, interrupter: interrupter)
    }
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
  /// let rose = Perfume(brand: "Le Labo", name: "Rose 31")
  /// let rainyDays = try await journal.search("비", in: .perfume(rose))
  /// ```
  ///
  /// - Parameters:
  ///   - text: What the person typed.
  ///   - list: Which entries to look in: all (the default), the favorites or one perfume's.
  ///   - cursor: Where to continue: the previous page's ``JournalPage/nextCursor`` for the same
  ///     text and list; `nil` for the first page.
  ///   - limit: The page size, `1...1000`; 50 by default.
  /// - Returns: The page of matching entries.
  /// - Throws: ``JournalError/Code/invalidPageSize``, ``JournalError/Code/databaseFailure`` or
  ///   ``JournalError/Code/corruptEntry``.
  @concurrent
  public func search(
    _ text: String, in list: JournalList = .all, after cursor: JournalCursor? = nil,
    limit: Int = 50
  ) async throws(JournalError) -> JournalPage {
    try Self.checkPageSize(limit)
    let query = JournalSearchQuery(text)
    guard !query.isEmpty else { return JournalPage(entries: [], nextCursor: nil) }
    let interrupter = ReadInterrupter()
    let rows = try await onReads(interrupter) { () throws(JournalError) -> JournalRows in
      // One more than the page tells whether another page follows.
      try self.capabilities.search(
        query, in: list, after: cursor, limit: limit + 1, interrupter: interrupter)
    }
    return Self.page(of: rows, limit: limit)
  }

  /// Counts the entries of a list.
  ///
  /// - Parameter list: Which entries.
  /// - Returns: How many entries the list has.
  /// - Throws: ``JournalError/Code/databaseFailure``.
  @concurrent
  public func count(in list: JournalList) async throws(JournalError) -> Int {
    try await onReads { () throws(JournalError) in try self.store.count(in: list) }
  }

  /// Lists every perfume in the journal with its number of entries and the last day it was
  /// smelled.
  ///
  /// - Returns: One summary per brand and perfume name, most recently smelled first, then by
  ///   brand and name.
  /// - Throws: ``JournalError/Code/databaseFailure``.
  @concurrent
  public func perfumes() async throws(JournalError) -> [PerfumeSummary] {
    try await onReads { () throws(JournalError) in try self.store.perfumes() }
  }

  /// Checks the whole database file and the search index's own structure, as after a crash of
  /// the disk or a copy that may have gone wrong.
  ///
  /// ```swift
  /// let result = try await journal.verify { fraction in show(progress: fraction) }
  /// if !result.isSound { warn(result.problems) }
  /// ```
  ///
  /// - Parameter progress: Called with the fraction done, from 0 to 1, on the repository's
  ///   reading queue.
  /// - Returns: What was found; ``JournalVerification/isSound`` when nothing.
  /// - Throws: A storage failure that kept the check from running, such as
  ///   ``JournalError/Code/busy``.
  /// - Complexity: Reads the whole file: O(n) in the journal's size.
  @concurrent
  public func verify(
    progress: @escaping @Sendable (Double) -> Void = { _ in }
  ) async throws(JournalError) -> JournalVerification {
    try await onReads { () throws(JournalError) in
      try self.capabilities.verify(progress: progress)
    }
  }

  /// Where an entry's photo is, or that its file is missing.
  ///
  /// - Parameter entry: An entry of this journal.
  /// - Returns: `nil` when the entry has no photo; ``JournalPhoto/stored(_:)`` with the file's
  ///   location; or ``JournalPhoto/missing(_:)`` when the file is not there, or is empty, as a
  ///   photo added moments before a power loss can be (show a placeholder).
  public func photo(of entry: JournalEntry) -> JournalPhoto? {
    guard let name = entry.photo else { return nil }
    return photos.isStored(name) ? .stored(photos.fileURL(for: name)) : .missing(name)
  }

  // MARK: - Observing

  /// A signal of every change to the journal, made by this repository or by another one, in this
  /// process or another: a count that starts with the changes seen so far and goes up after each.
  ///
  /// Another process's commits are seen through a watch of the journal's files and SQLite's
  /// `PRAGMA data_version`, within a second; while nothing changes, nothing runs on Linux, and on
  /// Apple platforms only a backstop every five seconds. The
  /// merge of the search index that a repository runs after its writes pause is a commit too,
  /// though it changes no entry: the signal may go up once for it, and observed lists are read
  /// again (and delivered only if they changed). Use it
  /// to read again what a screen shows, such as search results, counts or one entry; the
  /// observations of ``observation(of:limit:)`` follow it already.
  ///
  /// ```swift
  /// for await _ in journal.changes {
  ///   counts = try await (journal.count(in: .all), journal.count(in: .favorites))
  /// }
  /// ```
  public var changes: ValueObservation<Int> {
    startWatching()
    return changeCount.observation
  }

  /// Observes the first page of a list: its current entries, then the new page after every change
  /// to it, by this repository or by another process (see ``changes``).
  ///
  /// Iteration starts with the current page and follows ``/HaruModels/ValueObservation``'s rules:
  /// any number of consumers, the latest value wins, and the subscription ends with the consuming
  /// task. A change that leaves the page as it was is not delivered. When reading the page fails,
  /// the observation delivers the error as a value; the next successful read replaces it.
  ///
  /// ```swift
  /// for await favorites in try await journal.observation(of: .favorites) {
  ///   switch favorites {
  ///   case .success(let page): show(page.entries)
  ///   case .failure(let error): show(error.message)
  ///   }
  /// }
  /// ```
  ///
  /// The first call for a list reads its first page, on the repository's own queue, so that the
  /// observation starts with the current value; every update reads there too.
  ///
  /// - Parameters:
  ///   - list: Which entries.
  ///   - limit: The page size, `1...1000`; 50 by default.
  /// - Returns: The observation; observations of the same list and size share their value.
  /// - Throws: ``JournalError/Code/invalidPageSize``.
  @concurrent
  public func observation(
    of list: JournalList, limit: Int = 50
  ) async throws(JournalError) -> ValueObservation<Result<JournalPage, JournalError>> {
    try Self.checkPageSize(limit)
    startWatching()
    let key = ObservedList(list: list, limit: limit)
    if let existing = observed.withLock({ $0[key]?.observation }) { return existing }
    // Read without the lock; a write that lands between this read and the subject's
    // registration is caught by the refresh queued after it.
    let first = try await onReads { () throws(JournalError) in self.loadPage(key) }
    let subject = ValueSubject(first)
    let (observation, isNew) = observed.withLock { subjects in
      if let existing = subjects[key] { return (existing.observation, false) }
      subjects[key] = subject
      return (subject.observation, true)
    }
    if isNew {
      writes.async { self.deliver(self.loadPage(key), to: subject) }
    }
    return observation
  }

  // MARK: - Internals

  /// Which observed lists a write may have changed.
  enum Touched {
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

  /// Runs a store write, then refreshes the observed lists it touched. Called on ``writes`` only,
  /// so the next write starts after the refresh.
  func write<Result: Sendable>(
    _ body: () throws(JournalError) -> (Result, Touched)
  ) throws(JournalError) -> Result {
    dispatchPrecondition(condition: .onQueue(writes))
    let (result, touched) = try body()
    refresh(touched)
    changeCount.send(changeCount.value + 1)
    indexMaintenance?.noteWrite { [weak self] in self?.mergeIndexSegments() }
    return result
  }

  /// Merges the search index's segments, on ``writes`` after the writes paused. A merge that
  /// fails is left for the next pause; the index is whole either way. A merge changes no entry,
  /// but it is a commit: it runs on the writer, so observers here do not see it, and observers of
  /// other repositories see it as a commit (the signal fires, lists are read again and delivered
  /// only if they changed), since telling it apart from a commit by another process at the same
  /// moment would need a lock across processes.
  private func mergeIndexSegments() {
    dispatchPrecondition(condition: .onQueue(writes))
    guard !suspension.isSuspended else { return }
    capabilities.mergeIndexSegments()
  }

  /// Returns once the search index's upkeep after the last write is done, for tests.
  func waitForIndexUpkeep() {
    indexMaintenance?.waitUntilIdle()
  }

  /// Starts following other connections' commits, once.
  private func startWatching() {
    guard let databasePath = capabilities.databasePath else { return }
    let start = watching.withLock { watching in
      defer { watching.isStarted = true }
      return !watching.isStarted
    }
    guard start else { return }
    if isReadOnly {
      // Before any wake of the watcher, which is handled on the same queue.
      writes.async { [weak self] in _ = self?.noteDataVersion() }
    }
    let watcher = FolderWatcher(
      databasePath: databasePath, usingFileEvents: options.watchesFileEvents
    ) { [weak self] wake in
      guard let self else { return }
      writes.async { [weak self] in self?.refreshAfterCommitElsewhere(after: wake, attempt: 0) }
    }
    watching.withLock { $0.watcher = watcher }
  }

  /// Records the database's `data_version`, which only another connection's commit moves; returns
  /// whether it moved since last recorded.
  private func noteDataVersion() -> Bool {
    guard let version = capabilities.dataVersion() else { return false }
    return watching.withLock { watching in
      defer { watching.dataVersion = version }
      return watching.dataVersion != version
    }
  }

  /// Runs on ``writes`` after the folder watcher woke: when another connection committed, every
  /// observed list is read again and the change signal goes up.
  ///
  /// A commit writes its pages to the log (which wakes the watcher) before it publishes them in
  /// the shared-memory index (which wakes nothing), so a check that runs in between sees no new
  /// version. After a wake by a file's write that found none, the version is checked again a few
  /// times, within half a second; nothing runs while no file changes. A wake by a timer (the
  /// fallback, or the backstop on Apple platforms) looks again at its next tick instead.
  private func refreshAfterCommitElsewhere(after wake: FolderWatcher.Wake, attempt: Int) {
    dispatchPrecondition(condition: .onQueue(writes))
    // Suspended, nothing is read; resume() reads the observed lists again.
    guard !suspension.isSuspended else { return }
    guard noteDataVersion() else {
      let delays = [2, 10, 50, 150, 300]
      guard wake == .fileChanged, attempt < delays.count else { return }
      writes.asyncAfter(deadline: .now() + .milliseconds(delays[attempt])) { [weak self] in
        self?.refreshAfterCommitElsewhere(after: wake, attempt: attempt + 1)
      }
      return
    }
    refresh(.everything)
    changeCount.send(changeCount.value + 1)
  }

  /// Runs on ``writes`` after ``resume()``: reads every observed list again (delivered only if
  /// it changed) and, when another process committed meanwhile, raises the change signal.
  func refreshAfterResume() {
    dispatchPrecondition(condition: .onQueue(writes))
    guard !suspension.isSuspended else { return }
    let committedElsewhere = noteDataVersion()
    refresh(.everything)
    if committedElsewhere {
      changeCount.send(changeCount.value + 1)
    }
  }

  /// Delivers a page read for an observation, unless the read met a suspension: observations keep
  /// their last value while suspended, and ``resume()`` reads them again.
  private func deliver(
    _ page: Result<JournalPage, JournalError>,
    to subject: ValueSubject<Result<JournalPage, JournalError>>
  ) {
    if case .failure(let error) = page, error.code == .suspended { return }
    subject.sendIfChanged(page)
  }

  /// Reads the observed lists a change touched again, and delivers those that changed.
  private func refresh(_ touched: Touched) {
    let subjects = observed.withLock { subjects in
      subjects.filter { touched.affects($0.key.list) }
    }
    for (key, subject) in subjects {
      deliver(loadPage(key), to: subject)
    }
  }

  /// Runs `body` on the serial write queue and waits for it without blocking a thread of Swift's
  /// cooperative pool.
  func onWrites<Result: Sendable>(
    _ interrupter: ReadInterrupter? = nil,
    _ body: @escaping @Sendable () throws(JournalError) -> Result
  ) async throws(JournalError) -> Result {
    try checkNotSuspended()
    return try await Self.run(on: writes, interrupter: interrupter, body)
  }

  /// Runs `body` on the concurrent read queue; when the task is cancelled, `interrupter` stops
  /// the statement it runs.
  func onReads<Result: Sendable>(
    _ interrupter: ReadInterrupter? = nil,
    _ body: @escaping @Sendable () throws(JournalError) -> Result
  ) async throws(JournalError) -> Result {
    try checkNotSuspended()
    return try await Self.run(on: reads, interrupter: interrupter, body)
  }

  private static func run<Value: Sendable>(
    on queue: DispatchQueue, interrupter: ReadInterrupter?,
    _ body: @escaping @Sendable () throws(JournalError) -> Value
  ) async throws(JournalError) -> Value {
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<Value, JournalError>, Never>) in
        queue.async {
          continuation.resume(returning: Result { () throws(JournalError) -> Value in try body() })
        }
      }
    } onCancel: {
      interrupter?.cancel()
    }
    return try result.get()
  }

  func checkWritable() throws(JournalError) {
    guard !isReadOnly else {
      throw JournalError(
        .readOnly,
        message:
          "The journal in \(directory.path) is open read-only, or its disk is read-only; "
          + "nothing was written.", path: directory.path)
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
      return .success(try page(of: key.list, after: nil, limit: key.limit, interrupter: nil))
    } catch {
      return .failure(error)
    }
  }

  private func page(
    of list: JournalList, after cursor: JournalCursor?, limit: Int,
    interrupter: ReadInterrupter?
  ) throws(JournalError) -> JournalPage {
    // One more than the page tells whether another page follows.
    let rows = try capabilities.entries(
      in: list, after: cursor, limit: limit + 1, interrupter: interrupter)
    return Self.page(of: rows, limit: limit)
  }

  /// A page of at most `limit` entries from rows read with a limit of `limit + 1`.
  private static func page(of rows: JournalRows, limit: Int) -> JournalPage {
    var entries = rows.entries
    // An unreadable row counts toward the one extra row that tells whether another page follows.
    guard entries.count + rows.unreadable.count > limit else {
      return JournalPage(entries: entries, nextCursor: nil, unreadable: rows.unreadable)
    }
    entries.removeLast(max(0, entries.count - limit))
    return JournalPage(
      entries: entries, nextCursor: entries.last.map(JournalCursor.init(after:)),
      unreadable: rows.unreadable)
  }

  /// An update time that is never before the entry's last one, even if the clock went back.
  private func updateTime(after entry: JournalEntry) -> Date {
    max(JournalTime.rounded(now()), entry.updatedAt)
  }

  func makeEntry(
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
