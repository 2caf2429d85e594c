import Dispatch
public import Foundation
import HaruModels
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

  // The repository's state, and what guards it. Every field is a constant; the owning types
  // below keep their mutable state behind their own locks, never held while the store works:
  // - `queues.writes` runs writes, refreshes of observed lists, imports and index upkeep, one at
  //   a time; `queues.reads` runs reads in parallel.
  // - `observedLists` (its lock) holds the observed lists and the change count; only code on
  //   `writes` reads their pages again.
  // - `commitWatch` (its lock) holds the folder watcher and the last `data_version` seen.
  // - `indexMaintenance` (its lock) counts writes to merge the index after they pause.
  // - `suspension` (its lock and condition) parks imports while suspended.

  let store: any JournalStore
  /// What the store can do beyond ``JournalStore``, looked at once when the repository opens.
  let capabilities: StoreCapabilities
  let photos: PhotoFolder
  let options: Options
  let now: @Sendable () -> Date
  /// The write queue and the read queue.
  let queues = JournalQueues()
  /// The observed lists and the count of changes seen.
  let observedLists = ObservedLists()
  /// The watch on other connections' commits, started once something observes.
  let commitWatch = CommitWatch()
  /// Merges the search index's segments once the writes pause; `nil` for a store other than
  /// SQLite's and when read-only.
  let indexMaintenance: SearchIndexMaintenance?
  /// Whether the repository is suspended (``suspend()``), and the imports parked until it
  /// resumes.
  let suspension = SuspensionGate()

  /// Where writes, and the refreshes of observed lists after them, run: one at a time.
  var writes: DispatchQueue { queues.writes }
  /// Where reads run, in parallel.
  var reads: DispatchQueue { queues.reads }

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
    indexMaintenance =
      capabilities.maintainsSearchIndex && !readOnly
      ? SearchIndexMaintenance(queue: queues.writes, idleDelay: options.indexIdleDelay) : nil
    guard !readOnly else { return }
    // Where other connections' commits are counted from; this repository's own never count. A
    // read-only repository, which has no writer, counts from when it starts watching.
    _ = noteDataVersion()
    try photos.sweep(olderThan: now().addingTimeInterval(-options.orphanGracePeriod.inSeconds)) {
      (names) throws(JournalError) in try store.referencedPhotos(among: names)
    }
    // Processes that wrote and exited at once (a widget, a `haru` command) may have left the
    // index in many segments: looked at once this repository has been idle as long as after a
    // write.
    scheduleIndexUpkeep()
  }

  /// Whether the journal was opened read-only, or found its medium read-only: then every write
  /// throws ``JournalError/Code/readOnly``.
  public var isReadOnly: Bool { capabilities.isReadOnly }

  // MARK: - Running on the queues

  /// Runs `body` on the serial write queue and waits for it without blocking a thread of Swift's
  /// cooperative pool.
  func onWrites<Result: Sendable>(
    _ interrupter: ReadInterrupter? = nil,
    _ body: @escaping @Sendable () throws(JournalError) -> Result
  ) async throws(JournalError) -> Result {
    try checkNotSuspended()
    return try await JournalQueues.run(on: queues.writes, interrupter: interrupter, body)
  }

  /// Runs `body` on the concurrent read queue; when the task is cancelled, `interrupter` stops
  /// the statement it runs.
  func onReads<Result: Sendable>(
    _ interrupter: ReadInterrupter? = nil,
    _ body: @escaping @Sendable () throws(JournalError) -> Result
  ) async throws(JournalError) -> Result {
    try checkNotSuspended()
    return try await JournalQueues.run(on: queues.reads, interrupter: interrupter, body)
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

  func makeEntry(
    _ make: () throws(ModelError) -> JournalEntry
  ) throws(JournalError) -> JournalEntry {
    do {
      return try make()
    } catch {
      throw JournalError(invalid: error)
    }
  }

  static func checkPageSize(_ limit: Int) throws(JournalError) {
    guard (1...maximumPageSize).contains(limit) else {
      throw JournalError(
        .invalidPageSize,
        message: "A page holds 1 to \(maximumPageSize) entries; \(limit) was asked for.")
    }
  }
}
