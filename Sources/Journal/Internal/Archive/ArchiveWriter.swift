import HaruShared

/// Where an export puts the archive's files: a folder or a zip file, both under a temporary
/// name until the exporter renames them into place.
protocol ArchiveSink: AnyObject {
  /// Starts a file at a path inside the archive, such as `photos/….jpg`.
  func beginFile(_ path: String) throws(JournalError)
  func append(_ bytes: UnsafeRawBufferPointer) throws(JournalError)
  /// Ends the current file, flushed to the disk.
  func endFile() throws(JournalError)
  /// Writes what the archive needs after its files and flushes everything.
  func finish() throws(JournalError)
}

/// Writes an archive's files through a sink, recording the size and SHA-256 of each.
final class ArchiveWriter {
  let sink: any ArchiveSink
  private var hash = SHA256()
  private var size: Int64 = 0
  private var path = ""
  private(set) var files: [ArchiveManifest.File] = []

  init(sink: any ArchiveSink) {
    self.sink = sink
  }

  func beginFile(_ path: String) throws(JournalError) {
    self.path = path
    hash = SHA256()
    size = 0
    try sink.beginFile(path)
  }

  func append(_ bytes: UnsafeRawBufferPointer) throws(JournalError) {
    hash.update(bytes)
    size += Int64(bytes.count)
    try sink.append(bytes)
  }

  func append(_ bytes: [UInt8]) throws(JournalError) {
    var failure: JournalError?
    bytes.withUnsafeBytes { buffer in
      do throws(JournalError) { try append(buffer) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  @discardableResult
  func endFile() throws(JournalError) -> ArchiveManifest.File {
    try sink.endFile()
    let file = ArchiveManifest.File(path: path, size: size, sha256: hash.finalizeHex())
    files.append(file)
    return file
  }
}
