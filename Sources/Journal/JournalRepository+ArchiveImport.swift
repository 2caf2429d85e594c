public import Foundation
import HaruModels
import HaruShared

// Archive import: an archive checked whole, then restored in batches of `archiveBatchSize`
// entries with their photos (``ArchiveImport``).
extension JournalRepository {
  /// The entries an import stores per transaction.
  static let archiveBatchSize = 2000

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
