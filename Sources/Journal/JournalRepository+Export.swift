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

// Export: the whole journal written as an archive (a folder or one zip file) or as CSV, under a
// temporary name renamed into place at the end.
extension JournalRepository {
  /// The SDK version an archive's manifest records.
  static let sdkVersion = "0.1.0-dev"

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
}
