public import Foundation
import HaruModels
import HaruShared

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension JournalRepository {
  /// The SDK version an archive's manifest records.
  static let sdkVersion = "0.1.0-dev"
  /// The entries an import stores per transaction.
  static let archiveBatchSize = 2000

  // MARK: - Export

  /// Writes the whole journal, with its photos, as a journal archive.
  ///
  /// The archive holds `entries.jsonl` (one JSON object per entry with every field: `id`, `date`,
  /// `brand`, `name`, `notes`, `sentence`, `favorite`, `createdAt`, `updatedAt` and `photo`),
  /// the photo files under `photos/` with their names, and `manifest.json` (the format version,
  /// the counts, the size and SHA-256 of every other file, the SDK version and the time of the
  /// export). See <doc:BackingUpAndMovingTheJournal>.
  ///
  /// ```swift
  /// let report = try await journal.export(to: backups.appending(path: "2026-11-30")) { step in
  ///   show(step.fractionCompleted)
  /// }
  /// ```
  ///
  /// The archive is written under a hidden temporary name next to `destination` and renamed to
  /// it once every file is on the disk: when the export fails or its task is cancelled, nothing
  /// is left under `destination` (and the temporary files are removed). The entries are read by
  /// one statement, a consistent snapshot of the journal while other writes go on.
  ///
  /// - Parameters:
  ///   - destination: The archive to create: a folder that does not exist (or is empty), or, for
  ///     ``JournalArchiveFormat/singleFile``, a file that does not exist, such as
  ///     `Journal.harujournal`. Missing parent folders are created.
  ///   - format: A folder (the default) or one file.
  ///   - progress: Called as entries and photos are written, on the repository's reading queue.
  /// - Returns: What was written, with any photo files found missing.
  /// - Throws: ``JournalError/Code/destinationExists``, ``JournalError/Code/diskFull``,
  ///   ``JournalError/Code/readOnly``, ``JournalError/Code/fileFailure``,
  ///   ``JournalError/Code/cancelled``, or a storage failure. The journal is never changed.
  /// - Complexity: O(n) in entries and photo bytes; memory stays bounded by the photo count.
  @concurrent
  public func export(
    to destination: URL, as format: JournalArchiveFormat = .folder,
    progress: @escaping @Sendable (JournalTransferProgress) -> Void = { _ in }
  ) async throws(JournalError) -> JournalExportReport {
    let cancel = ReadInterrupter()
    let exportedAt = now()
    return try await onReads(cancel) { () throws(JournalError) in
      try self.exportNow(
        to: destination, format: format, exportedAt: exportedAt, progress: progress,
        cancel: cancel)
    }
  }

  /// Writes every entry as CSV for a spreadsheet: UTF-8 with a byte order mark (so that
  /// spreadsheet programs show Korean text), fields quoted as RFC 4180 says, lines ended by CR LF.
  ///
  /// The columns are those of an archive's `entries.jsonl`, in the same order: `id`, `date`,
  /// `brand`, `name`, `notes`, `sentence`, `favorite` (`true` or `false`), `createdAt`,
  /// `updatedAt` and `photo` (the file's name, or empty). Like an archive, the file is written
  /// under a temporary name and renamed into place at the end.
  ///
  /// - Parameters:
  ///   - destination: The file to create; it must not exist.
  ///   - progress: Called as entries are written, on the repository's reading queue.
  /// - Returns: What was written.
  /// - Throws: What ``export(to:as:progress:)`` throws.
  @concurrent
  public func exportCSV(
    to destination: URL, progress: @escaping @Sendable (JournalTransferProgress) -> Void = { _ in }
  ) async throws(JournalError) -> JournalExportReport {
    let cancel = ReadInterrupter()
    return try await onReads(cancel) { () throws(JournalError) in
      try self.exportCSVNow(to: destination, progress: progress, cancel: cancel)
    }
  }

  private func exportNow(
    to destination: URL, format: JournalArchiveFormat, exportedAt: Date,
    progress: (JournalTransferProgress) -> Void, cancel: ReadInterrupter
  ) throws(JournalError) -> JournalExportReport {
    // `progress` is documented to be called on the reading queue.
    dispatchPrecondition(condition: .onQueue(reads))
    let final = destination.standardizedFileURL.path
    let temporary = try Self.prepareDestination(final, allowEmptyFolder: format == .folder)
    do {
      let sink: any ArchiveSink =
        switch format {
        case .folder: try FolderArchiveSink(root: temporary)
        case .singleFile: try ZipArchiveSink(path: temporary, modified: exportedAt)
        }
      let report = try writeArchive(
        ArchiveWriter(sink: sink), exportedAt: exportedAt, progress: progress, cancel: cancel,
        location: destination)
      try Self.moveIntoPlace(temporary, final, isFolder: format == .folder)
      return report
    } catch {
      ArchiveIO.remove(temporary)
      throw error
    }
  }

  private func writeArchive(
    _ writer: ArchiveWriter, exportedAt: Date, progress: (JournalTransferProgress) -> Void,
    cancel: ReadInterrupter, location: URL
  ) throws(JournalError) -> JournalExportReport {
    var unreadable: [JournalError] = []
    var photoNames: [PhotoName] = []
    var seenPhotos: Set<PhotoName> = []
    try writer.beginFile(ArchiveManifest.entriesFileName)
    let count = try streamEntries(
      cancel: cancel, progress: progress, unreadable: &unreadable, output: writer.append
    ) { entry, buffer in
      ArchiveLine.encode(entry, into: &buffer)
      if let photo = entry.photo, seenPhotos.insert(photo).inserted {
        photoNames.append(photo)
      }
    }
    try writer.endFile()
    progress(
      JournalTransferProgress(
        completedEntries: count, totalEntries: count, completedPhotos: 0,
        totalPhotos: photoNames.count))
    var missing: [JournalError] = []
    var copied = 0
    for (index, name) in photoNames.sorted(by: { $0.rawValue < $1.rawValue }).enumerated() {
      try Self.check(cancel)
      let source = photos.fileURL(for: name).path
      guard ArchiveIO.kind(of: source).exists, let file = try? InputFile(path: source) else {
        missing.append(
          JournalError(
            .missingPhoto,
            message: "The photo \(name) is missing from the journal's folder; the archive "
              + "names it without its file.", field: "photo", path: source))
        continue
      }
      try writer.beginFile(ArchiveManifest.photoFolderName + "/" + name.rawValue)
      try file.forEachChunk(from: 0, count: file.size) { (chunk) throws(JournalError) in
        try writer.append(chunk)
      }
      try writer.endFile()
      copied += 1
      progress(
        JournalTransferProgress(
          completedEntries: count, totalEntries: count, completedPhotos: index + 1,
          totalPhotos: photoNames.count))
    }
    let manifest = ArchiveManifest(
      sdkVersion: Self.sdkVersion, exportedAt: ArchiveLine.timestamp(exportedAt),
      entryCount: count, photoCount: copied, files: writer.files)
    try writer.beginFile(ArchiveManifest.fileName)
    try writer.append(manifest.encoded())
    try writer.endFile()
    try writer.sink.finish()
    return JournalExportReport(
      location: location, entryCount: count, photoCount: copied, missingPhotos: missing,
      unreadable: unreadable)
  }

  private func exportCSVNow(
    to destination: URL, progress: (JournalTransferProgress) -> Void, cancel: ReadInterrupter
  ) throws(JournalError) -> JournalExportReport {
    dispatchPrecondition(condition: .onQueue(reads))
    let final = destination.standardizedFileURL.path
    let temporary = try Self.prepareDestination(final, allowEmptyFolder: false)
    do {
      let output = try OutputFile(creating: temporary)
      var unreadable: [JournalError] = []
      try output.write([0xEF, 0xBB, 0xBF] + CSV.header)
      let count = try streamEntries(
        cancel: cancel, progress: progress, unreadable: &unreadable, output: output.write
      ) { entry, buffer in CSV.append(entry, to: &buffer) }
      try output.close()
      try Self.moveIntoPlace(temporary, final, isFolder: false)
      progress(
        JournalTransferProgress(
          completedEntries: count, totalEntries: count, completedPhotos: 0, totalPhotos: 0))
      return JournalExportReport(
        location: destination, entryCount: count, photoCount: 0, missingPhotos: [],
        unreadable: unreadable)
    } catch {
      ArchiveIO.remove(temporary)
      throw error
    }
  }

  /// Encodes every entry into `output`, a quarter of a megabyte at a time, checking for
  /// cancellation and reporting progress every 1,000 entries.
  ///
  /// - Returns: The number of entries.
  private func streamEntries(
    cancel: ReadInterrupter, progress: (JournalTransferProgress) -> Void,
    unreadable: inout [JournalError], output: ([UInt8]) throws(JournalError) -> Void,
    encode: (JournalEntry, inout [UInt8]) -> Void
  ) throws(JournalError) -> Int {
    let total = try store.count(in: .all)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(Int(ArchiveIO.chunkSize) + 16_384)
    var count = 0
    var skipped: [JournalError] = []
    try capabilities.forEachEntry(
      interrupter: cancel, pageSize: Self.maximumPageSize, unreadable: { skipped.append($0) }
    ) { (entry) throws(JournalError) in
      encode(entry, &buffer)
      count += 1
      if buffer.count >= Int(ArchiveIO.chunkSize) {
        try output(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
      if count % 1000 == 0 {
        try Self.check(cancel)
        progress(
          JournalTransferProgress(
            completedEntries: count, totalEntries: max(total, count), completedPhotos: 0,
            totalPhotos: 0))
      }
    }
    try output(buffer)
    unreadable += skipped
    return count
  }

  /// Checks an export's destination and returns the temporary path to write at, next to it.
  private static func prepareDestination(
    _ final: String, allowEmptyFolder: Bool
  ) throws(JournalError) -> String {
    let kind = ArchiveIO.kind(of: final)
    if kind.exists, !(allowEmptyFolder && kind.isFolder && kind.isEmpty) {
      throw JournalError(
        .destinationExists,
        message:
          "\(final) already exists\(kind.isFolder ? " and is not empty" : ""); nothing was "
          + "written. Choose a new name, or an empty folder.", path: final)
    }
    let url = URL(fileURLWithPath: final)
    let parent = url.deletingLastPathComponent().path
    do {
      try FileManager.default.createDirectory(
        atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw JournalError(
        .fileFailure,
        message: "The folder \(parent) cannot be created: \(error.localizedDescription)",
        path: parent)
    }
    return parent + "/." + url.lastPathComponent + ".partial-" + UUID().uuidString.lowercased()
  }

  /// Renames a finished export into place, never over anything but an empty folder.
  private static func moveIntoPlace(
    _ temporary: String, _ final: String, isFolder: Bool
  ) throws(JournalError) {
    let parent = URL(fileURLWithPath: final).deletingLastPathComponent().path
    if isFolder {
      // rename(2) replaces an empty folder and fails on one that is not.
      if rename(temporary, final) != 0 {
        let code = errno
        if code == ENOTEMPTY || code == EEXIST || code == ENOTDIR || code == EISDIR {
          throw JournalError(
            .destinationExists,
            message: "\(final) was created by someone else during the export; nothing was "
              + "written there.", path: final)
        }
        throw ArchiveIO.failure("rename", code, path: final)
      }
    } else {
      // link(2) fails when the name exists, so nothing is ever replaced.
      if link(temporary, final) != 0 {
        let code = errno
        if code == EEXIST {
          throw JournalError(
            .destinationExists,
            message: "\(final) was created by someone else during the export; nothing was "
              + "written there.", path: final)
        }
        throw ArchiveIO.failure("rename", code, path: final)
      }
      unlink(temporary)
    }
    FileDurability.syncFolder(atPath: parent)
  }

  private static func check(_ cancel: ReadInterrupter) throws(JournalError) {
    if cancel.isCancelled {
      throw JournalError(.cancelled, message: "The export was cancelled; nothing was written.")
    }
  }

  // MARK: - Import

  /// Restores a journal archive: the entries with their identities, days, creation and update
  /// times, favorites and photos, byte for byte.
  ///
  /// Everything is checked before anything is written: the manifest's format version, then the
  /// size and SHA-256 of every file it lists. A changed byte, a cut-short `entries.jsonl` or a
  /// newer format refuses the whole archive with a message that says what is wrong. A photo the
  /// archive lacks does not: its entry is imported without it and reported in
  /// ``JournalArchiveImportReport/missingPhotos``.
  ///
  /// An entry whose identity the journal already holds replaces the journal's when the
  /// archive's was updated later, and is left out otherwise; the report lists both. A line that
  /// is not a journal entry (another program's shape, a field that fails validation, an identity
  /// used on an earlier line) is reported with its number and the rest is imported.
  ///
  /// ```swift
  /// let report = try await journal.import(archive: backup)
  /// print("\(report.addedCount) added, \(report.replaced.count) replaced")
  /// ```
  ///
  /// Entries are stored in transactions of 2,000 with their photos, so a failure or a cancelled
  /// task leaves whole batches imported and none half-imported; importing the same archive
  /// again finishes the job, since entries already there are left as they are.
  ///
  /// - Parameters:
  ///   - archive: An archive folder, or a `.harujournal` file.
  ///   - progress: Called as entries are imported, on the repository's writing queue.
  /// - Returns: What was done with every entry.
  /// - Throws: ``JournalError/Code/invalidArchive``, ``JournalError/Code/newerArchiveFormat``
  ///   (nothing was written); ``JournalError/Code/cancelled``, ``JournalError/Code/diskFull``,
  ///   ``JournalError/Code/readOnly`` or a storage failure (the batches before were imported).
  @concurrent
  public func `import`(
    archive: URL, progress: @escaping @Sendable (JournalTransferProgress) -> Void = { _ in }
  ) async throws(JournalError) -> JournalArchiveImportReport {
    let cancel = ReadInterrupter()
    return try await onWrites(cancel) { () throws(JournalError) in
      try self.importArchiveNow(archive.standardizedFileURL.path, progress, cancel)
    }
  }

  /// Whether a path holds a journal archive: a folder with a `manifest.json`, or a zip file.
  ///
  /// - Parameter url: A folder or file.
  /// - Returns: Whether ``import(archive:progress:)`` should be given it rather than
  ///   ``importEntries(fromTSV:)``.
  public static func isArchive(_ url: URL) -> Bool {
    let path = url.standardizedFileURL.path
    let kind = ArchiveIO.kind(of: path)
    if kind.isFolder {
      return ArchiveIO.kind(of: path + "/" + ArchiveManifest.fileName).exists
    }
    return kind.exists && ArchiveReader.isZip(path)
  }

  private func importArchiveNow(
    _ path: String, _ progress: @escaping (JournalTransferProgress) -> Void,
    _ cancel: ReadInterrupter
  ) throws(JournalError) -> JournalArchiveImportReport {
    // `progress` is documented to be called on the writing queue.
    dispatchPrecondition(condition: .onQueue(writes))
    try checkWritable()
    let reader = try ArchiveReader(path: path)
    let verified = try Self.verify(reader, cancel: cancel)
    var importer = ArchiveImport(
      repository: self, reader: reader, verified: verified, cancel: cancel, progress: progress)
    try importer.run()
    let report = importer.report
    mergeSearchIndexNow(afterImportOf: report.addedCount)
    return report
  }

  /// Merges the search index after an import that stored `added` entries in several calls of
  /// ``importEntries(fromTSV:)``, as one call that large would have: only when the import added
  /// at least 1,000 entries and a quarter of the journal. It only speeds up later searches; a
  /// failure leaves a sound index and is not reported.
  package func mergeSearchIndex(afterImportOf added: Int) async {
    _ = try? await onWrites { () throws(JournalError) in
      self.mergeSearchIndexNow(afterImportOf: added)
    }
  }

  func mergeSearchIndexNow(afterImportOf added: Int) {
    // Only speeds up later searches: a failure here leaves a sound index and a finished import,
    // and a suspension stops the merge rather than wait for it (the index's upkeep merges its
    // segments later).
    capabilities.mergeSearchIndex(afterImportOf: added)
  }

  /// What the check of an archive found: its manifest, and the photos it lists but lacks.
  struct VerifiedArchive {
    let manifest: ArchiveManifest
    let photos: Set<String>
    let missing: Set<String>
  }

  /// Checks the manifest and every file it lists, before anything is written.
  static func verify(
    _ reader: ArchiveReader, cancel: ReadInterrupter
  ) throws(JournalError) -> VerifiedArchive {
    let path = reader.path
    func refuse(_ message: String) -> JournalError {
      JournalError(.invalidArchive, message: message + " Nothing was imported.", path: path)
    }
    guard let manifestSize = reader.size(of: ArchiveManifest.fileName) else {
      throw refuse("\(path) has no manifest.json: it is not a journal archive.")
    }
    guard manifestSize <= 256 * 1024 * 1024 else {
      throw refuse("The manifest of \(path) is too large to be a journal archive's.")
    }
    let manifest = try ArchiveManifest(
      decoding: reader.contents(of: ArchiveManifest.fileName), path: path)
    guard manifest.files.contains(where: { $0.path == ArchiveManifest.entriesFileName }) else {
      throw refuse("The manifest of \(path) does not list entries.jsonl.")
    }
    var photos: Set<String> = []
    var missing: Set<String> = []
    for file in manifest.files {
      let prefix = ArchiveManifest.photoFolderName + "/"
      let isPhoto =
        file.path.hasPrefix(prefix)
        && (try? PhotoName(String(file.path.dropFirst(prefix.count))))
          != nil
      guard isPhoto || file.path == ArchiveManifest.entriesFileName else {
        throw refuse(
          "The manifest lists \"\(file.path.prefix(80))\", which no journal archive holds.")
      }
      guard let size = reader.size(of: file.path) else {
        guard isPhoto else { throw refuse("entries.jsonl is missing from \(path).") }
        missing.insert(file.path)
        continue
      }
      if cancel.isCancelled {
        throw JournalError(.cancelled, message: "The import was cancelled; nothing was imported.")
      }
      let digest = try reader.digest(of: file.path)
      guard digest.size == file.size, size == file.size else {
        throw refuse(
          "\(file.path) is \(digest.size) bytes long, but the manifest says \(file.size): the "
            + "file was cut short or changed after the export.")
      }
      guard digest.sha256 == file.sha256 else {
        throw refuse(
          "\(file.path) does not have the SHA-256 the manifest records (\(digest.sha256.prefix(12))… "
            + "instead of \(file.sha256.prefix(12))…): the file was changed or damaged after the "
            + "export.")
      }
      if file.path == ArchiveManifest.entriesFileName, digest.lines != manifest.entryCount {
        throw refuse(
          "entries.jsonl holds \(digest.lines) lines, but the manifest says \(manifest.entryCount) "
            + "entries.")
      }
      if isPhoto { photos.insert(file.path) }
    }
    return VerifiedArchive(manifest: manifest, photos: photos, missing: missing)
  }
}

/// An archive's entries going into a journal, a batch at a time.
private struct ArchiveImport {
  let repository: JournalRepository
  let reader: ArchiveReader
  let verified: JournalRepository.VerifiedArchive
  let cancel: ReadInterrupter
  let progress: (JournalTransferProgress) -> Void

  private var added = 0
  private var replaced: [JournalEntry.ID] = []
  private var keptNewer: [JournalEntry.ID] = []
  private var unchanged = 0
  private var rejected: [JournalError] = []
  private var missingPhotos: [JournalError] = []
  private var photoCount = 0
  private var firstLine: [JournalEntry.ID: Int] = [:]
  private var batch: [(entry: JournalEntry, line: Int)] = []
  private var done = 0

  init(
    repository: JournalRepository, reader: ArchiveReader,
    verified: JournalRepository.VerifiedArchive, cancel: ReadInterrupter,
    progress: @escaping (JournalTransferProgress) -> Void
  ) {
    self.repository = repository
    self.reader = reader
    self.verified = verified
    self.cancel = cancel
    self.progress = progress
  }

  var report: JournalArchiveImportReport {
    JournalArchiveImportReport(
      addedCount: added, replaced: replaced, keptNewer: keptNewer, unchangedCount: unchanged,
      rejectedLines: rejected.sorted { ($0.line ?? 0) < ($1.line ?? 0) },
      missingPhotos: missingPhotos, photoCount: photoCount)
  }

  mutating func run() throws(JournalError) {
    var carry: [UInt8] = []
    var number = 0
    try reader.forEachChunk(of: ArchiveManifest.entriesFileName) { (chunk) throws(JournalError) in
      var start = 0
      while let newline = chunk[start...].firstIndex(of: 0x0A) {
        number += 1
        if carry.isEmpty {
          try take(chunk[start..<newline], number: number)
        } else {
          carry += chunk[start..<newline]
          try take(carry[...], number: number)
          carry.removeAll(keepingCapacity: true)
        }
        start = newline + 1
      }
      carry += chunk[start...]
    }
    if !carry.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) {
      number += 1
      try take(carry[...], number: number)
    }
    try flush()
    progress(
      JournalTransferProgress(
        completedEntries: done, totalEntries: max(done, verified.manifest.entryCount),
        completedPhotos: photoCount, totalPhotos: verified.photos.count))
  }

  private mutating func take(_ line: ArraySlice<UInt8>, number: Int) throws(JournalError) {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return }
    do throws(JournalError) {
      let entry = try ArchiveLine.decode(line, number: number)
      if let first = firstLine[entry.id] {
        throw JournalError(
          .duplicateEntry, message: "The identity \(entry.id) is already used on line \(first).",
          field: "id", line: number, entryID: entry.id)
      }
      firstLine[entry.id] = number
      batch.append((entry, number))
    } catch {
      rejected.append(error)
    }
    if batch.count >= JournalRepository.archiveBatchSize {
      try flush()
    }
  }

  /// Writes the batch's photos, stores its entries in one transaction, then tidies the files.
  private mutating func flush() throws(JournalError) {
    guard !batch.isEmpty else { return }
    if cancel.isCancelled {
      throw JournalError(
        .cancelled,
        message:
          "The import was cancelled after \(done) entries; those were imported. Import the same "
          + "archive again to finish: entries already there are left as they are.")
    }
    let photos = repository.photos
    var written: [JournalEntry.ID: PhotoName] = [:]
    var entries: [JournalEntry] = []
    var batchMissing: [JournalError] = []
    var batchPhotos = 0
    entries.reserveCapacity(batch.count)
    do throws(JournalError) {
      for (entry, line) in batch {
        guard let photo = entry.photo else {
          entries.append(entry)
          continue
        }
        let archivePath = ArchiveManifest.photoFolderName + "/" + photo.rawValue
        guard verified.photos.contains(archivePath) else {
          batchMissing.append(
            missing(entry, line, "the archive does not hold its photo \(photo)"))
          entries.append(try without(photo: entry))
          continue
        }
        // A photo is written only for an entry that will be stored.
        if let stored = try? repository.store.entry(entry.id), stored.updatedAt >= entry.updatedAt {
          entries.append(entry)
          continue
        }
        let data = Data(try reader.contents(of: archivePath))
        guard data.count <= repository.options.photoSizeLimit,
          let format = PhotoFormat(detecting: data)
        else {
          batchMissing.append(
            missing(
              entry, line,
              "its photo \(photo) is not a JPEG, PNG or HEIC picture the journal accepts"))
          entries.append(try without(photo: entry))
          continue
        }
        let name =
          photos.exists(photo) ? PhotoName.unique(fileExtension: format.fileExtension) : photo
        try photos.write(data, as: name)
        written[entry.id] = name
        batchPhotos += 1
        entries.append(
          try repository.makeEntry { () throws(ModelError) in
            try JournalEntry(
              id: entry.id, draft: entry.draft, photo: name, createdAt: entry.createdAt,
              updatedAt: entry.updatedAt)
          })
      }
    } catch {
      for name in written.values { photos.remove(name) }
      throw error
    }
    let outcomes: [JournalMergeOutcome]
    do throws(JournalError) {
      outcomes = try repository.writeWhenRunning { () throws(JournalError) in
        try repository.write { () throws(JournalError) in
          (try repository.store.merge(entries), JournalRepository.Touched.everything)
        }
      }
    } catch {
      for name in written.values { photos.remove(name) }
      throw error
    }
    for (entry, outcome) in zip(entries, outcomes) {
      switch outcome {
      case .added:
        added += 1
      case .replaced(let old):
        replaced.append(entry.id)
        if let oldPhoto = old.photo, oldPhoto != entry.photo { photos.remove(oldPhoto) }
      case .kept(let stored):
        if let name = written[entry.id], name != stored.photo {
          photos.remove(name)
          batchPhotos -= 1
        }
        if stored.updatedAt == entry.updatedAt {
          unchanged += 1
        } else {
          keptNewer.append(entry.id)
        }
      }
    }
    photoCount += batchPhotos
    missingPhotos += batchMissing
    done += batch.count
    batch.removeAll(keepingCapacity: true)
    progress(
      JournalTransferProgress(
        completedEntries: done, totalEntries: max(done, verified.manifest.entryCount),
        completedPhotos: photoCount, totalPhotos: verified.photos.count))
  }

  private func missing(_ entry: JournalEntry, _ line: Int, _ why: String) -> JournalError {
    JournalError(
      .missingPhoto, message: "The entry \(entry.id) was imported without its photo: \(why).",
      field: "photo", line: line, entryID: entry.id)
  }

  private func without(photo entry: JournalEntry) throws(JournalError) -> JournalEntry {
    try repository.makeEntry { () throws(ModelError) in
      try JournalEntry(
        id: entry.id, draft: entry.draft, photo: nil, createdAt: entry.createdAt,
        updatedAt: entry.updatedAt)
    }
  }
}
