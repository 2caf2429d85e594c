import Foundation

/// An archive's `manifest.json`: what the archive is, what made it, and the size and SHA-256 of
/// every other file in it.
struct ArchiveManifest: Equatable {
  /// One file of the archive, by its path inside the archive.
  struct File: Equatable, Codable {
    let path: String
    let size: Int64
    let sha256: String
  }

  /// What the `format` field holds in every journal archive.
  static let formatName = "haru-journal-archive"
  /// The version of the layout this SDK writes and the newest it reads.
  static let currentVersion = 1
  static let fileName = "manifest.json"
  static let entriesFileName = "entries.jsonl"
  static let photoFolderName = "photos"

  var formatVersion = currentVersion
  var sdkVersion: String
  var exportedAt: String
  var entryCount: Int
  var photoCount: Int
  /// `entries.jsonl` first, then the photos by path.
  var files: [File]

  /// The manifest as indented JSON with its keys in a fixed order.
  func encoded() -> [UInt8] {
    var bytes: [UInt8] = []
    func line(_ text: String) { bytes += text.utf8 }
    func string(_ text: String) -> String {
      var out: [UInt8] = []
      ArchiveLine.appendString(text, to: &out)
      return String(decoding: out, as: UTF8.self)
    }
    line("{\n")
    line("  \"format\": \(string(Self.formatName)),\n")
    line("  \"formatVersion\": \(formatVersion),\n")
    line("  \"sdkVersion\": \(string(sdkVersion)),\n")
    line("  \"exportedAt\": \(string(exportedAt)),\n")
    line("  \"entryCount\": \(entryCount),\n")
    line("  \"photoCount\": \(photoCount),\n")
    line("  \"files\": [")
    for (index, file) in files.enumerated() {
      line(index == 0 ? "\n" : ",\n")
      line(
        "    {\"path\": \(string(file.path)), \"size\": \(file.size), "
          + "\"sha256\": \(string(file.sha256))}")
    }
    line(files.isEmpty ? "]\n" : "\n  ]\n")
    line("}\n")
    return bytes
  }

  private struct Fields: Decodable {
    let format: String
    let formatVersion: Int
    let sdkVersion: String?
    let exportedAt: String?
    let entryCount: Int
    let photoCount: Int?
    let files: [File]
  }

  /// Reads a manifest.
  ///
  /// - Throws: ``JournalError/Code/invalidArchive`` when it is not a journal archive's manifest;
  ///   ``JournalError/Code/newerArchiveFormat`` when a newer version of Haru wrote it.
  init(decoding data: [UInt8], path: String) throws(JournalError) {
    let fields: Fields
    do {
      fields = try JSONDecoder().decode(Fields.self, from: Data(data))
    } catch {
      throw JournalError(
        .invalidArchive,
        message: "\(path) is not a journal archive's manifest: it cannot be read as one.",
        path: path)
    }
    guard fields.format == Self.formatName else {
      throw JournalError(
        .invalidArchive,
        message: "\(path) describes a \"\(fields.format.prefix(40))\", not a Haru journal archive.",
        path: path)
    }
    guard fields.formatVersion <= Self.currentVersion else {
      throw JournalError(
        .newerArchiveFormat,
        message:
          "The archive has format version \(fields.formatVersion); this version of Haru reads "
          + "versions up to \(Self.currentVersion). Update the app to import it. Nothing was "
          + "imported.", path: path)
    }
    guard fields.formatVersion >= 1, fields.entryCount >= 0 else {
      throw JournalError(
        .invalidArchive, message: "\(path) has an impossible version or entry count.", path: path)
    }
    formatVersion = fields.formatVersion
    sdkVersion = fields.sdkVersion ?? ""
    exportedAt = fields.exportedAt ?? ""
    entryCount = fields.entryCount
    photoCount = fields.photoCount ?? 0
    files = fields.files
  }

  init(sdkVersion: String, exportedAt: String, entryCount: Int, photoCount: Int, files: [File]) {
    self.sdkVersion = sdkVersion
    self.exportedAt = exportedAt
    self.entryCount = entryCount
    self.photoCount = photoCount
    self.files = files
  }
}
