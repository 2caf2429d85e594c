import Foundation
import HaruModels
import HaruShared

/// An archive's entries going into a journal, a batch at a time.
struct ArchiveImport {
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
