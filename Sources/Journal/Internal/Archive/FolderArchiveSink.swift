import HaruShared

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An archive as a folder: `entries.jsonl`, `photos/` and `manifest.json`.
final class FolderArchiveSink: ArchiveSink {
  let root: String
  private var current: OutputFile?

  /// Creates the folder and its `photos` folder; the folder must not exist.
  init(root: String) throws(JournalError) {
    self.root = root
    guard mkdir(root, 0o755) == 0 else { throw ArchiveIO.failure("create", errno, path: root) }
    let photos = root + "/" + ArchiveManifest.photoFolderName
    guard mkdir(photos, 0o755) == 0 else { throw ArchiveIO.failure("create", errno, path: photos) }
  }

  func beginFile(_ path: String) throws(JournalError) {
    current = try OutputFile(creating: root + "/" + path)
  }

  func append(_ bytes: UnsafeRawBufferPointer) throws(JournalError) {
    try current?.write(bytes)
  }

  func endFile() throws(JournalError) {
    defer { current = nil }
    try current?.close()
  }

  func finish() throws(JournalError) {
    FileDurability.syncFolder(atPath: root + "/" + ArchiveManifest.photoFolderName)
    FileDurability.syncFolder(atPath: root)
  }
}
