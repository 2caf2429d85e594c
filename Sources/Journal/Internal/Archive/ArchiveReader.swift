import Foundation
import HaruShared

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The files of an archive being imported, from a folder or from a zip file, read in place.
final class ArchiveReader {
  private enum Storage {
    case folder(String)
    case zip(InputFile, [String: (offset: Int64, size: Int64)])
  }

  private let storage: Storage
  /// The archive, for messages.
  let path: String

  /// Opens an archive: a folder, or a zip file (recognised by its first bytes).
  ///
  /// - Throws: ``JournalError/Code/invalidArchive`` when it is neither, or the zip's directory
  ///   cannot be read; ``JournalError/Code/fileFailure`` when it cannot be read at all.
  init(path: String) throws(JournalError) {
    self.path = path
    let kind = ArchiveIO.kind(of: path)
    guard kind.exists else {
      throw JournalError(.fileFailure, message: "There is no archive at \(path).", path: path)
    }
    if kind.isFolder {
      storage = .folder(path)
      return
    }
    let file = try InputFile(path: path)
    guard try file.read(at: 0, count: 4) == [0x50, 0x4B, 0x03, 0x04] else {
      throw JournalError(
        .invalidArchive, message: "\(path) is neither a journal archive folder nor a zip file.",
        path: path)
    }
    storage = .zip(file, try Self.readDirectory(file))
  }

  /// Whether a file is a zip file.
  static func isZip(_ path: String) -> Bool {
    guard let file = try? InputFile(path: path) else { return false }
    return (try? file.read(at: 0, count: 4)) == [0x50, 0x4B, 0x03, 0x04]
  }

  /// The size of a file of the archive, or `nil` when it is not there.
  func size(of name: String) -> Int64? {
    switch storage {
    case .folder(let root):
      var status = stat()
      guard lstat(root + "/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
        return nil
      }
      return Int64(status.st_size)
    case .zip(_, let directory):
      return directory[name]?.size
    }
  }

  /// Calls `body` with the bytes of a file of the archive, a chunk at a time.
  func forEachChunk(
    of name: String, _ body: ([UInt8]) throws(JournalError) -> Void
  ) throws(JournalError) {
    switch storage {
    case .folder(let root):
      let file = try InputFile(path: root + "/" + name)
      try file.forEachChunk(from: 0, count: file.size, body)
    case .zip(let file, let directory):
      guard let place = directory[name] else {
        throw JournalError(
          .invalidArchive, message: "The archive \(path) has no \(name).", path: path)
      }
      try file.forEachChunk(from: place.offset, count: place.size, body)
    }
  }

  /// The whole file.
  func contents(of name: String) throws(JournalError) -> [UInt8] {
    var bytes: [UInt8] = []
    try forEachChunk(of: name) { bytes += $0 }
    return bytes
  }

  /// The size and SHA-256 of a file of the archive.
  func digest(of name: String) throws(JournalError) -> (size: Int64, sha256: String, lines: Int) {
    var hash = SHA256()
    var size: Int64 = 0
    var lines = 0
    try forEachChunk(of: name) { chunk in
      chunk.withUnsafeBytes { hash.update($0) }
      size += Int64(chunk.count)
      lines += chunk.count { $0 == 0x0A }
    }
    return (size, hash.finalizeHex(), lines)
  }

  private static func readDirectory(
    _ file: InputFile
  ) throws(JournalError) -> [String: (offset: Int64, size: Int64)] {
    func damaged(_ why: String) -> JournalError {
      JournalError(
        .invalidArchive, message: "The zip file \(file.path) is damaged: \(why).",
        path: file.path)
    }
    // The end record is the last 22 bytes, unless a comment (at most 65,535 bytes) follows it.
    let tailSize = Int(min(file.size, 22 + 65_535))
    let tail = try file.read(at: file.size - Int64(tailSize), count: tailSize)
    var endIndex: Int?
    var index = tail.count - 22
    while index >= 0 {
      if tail[index] == 0x50, tail[index + 1] == 0x4B, tail[index + 2] == 0x05,
        tail[index + 3] == 0x06
      {
        endIndex = index
        break
      }
      index -= 1
    }
    guard let endIndex else { throw damaged("it has no end record; it may be truncated") }
    let count = Int(tail.uint16(at: endIndex + 10))
    let directorySize = Int64(tail.uint32(at: endIndex + 12))
    let directoryOffset = Int64(tail.uint32(at: endIndex + 16))
    guard directoryOffset + directorySize <= file.size else {
      throw damaged("its directory lies past the end of the file")
    }
    let directory = try file.read(at: directoryOffset, count: Int(directorySize))
    var files: [String: (offset: Int64, size: Int64)] = [:]
    var position = 0
    for _ in 0..<count {
      guard position + 46 <= directory.count, directory.uint32(at: position) == 0x0201_4b50 else {
        throw damaged("its directory is cut short")
      }
      let flags = directory.uint16(at: position + 8)
      let method = directory.uint16(at: position + 10)
      let compressed = Int64(directory.uint32(at: position + 20))
      let size = Int64(directory.uint32(at: position + 24))
      let nameLength = Int(directory.uint16(at: position + 28))
      let extraLength = Int(directory.uint16(at: position + 30))
      let commentLength = Int(directory.uint16(at: position + 32))
      let headerOffset = Int64(directory.uint32(at: position + 42))
      guard position + 46 + nameLength <= directory.count else {
        throw damaged("its directory is cut short")
      }
      let name = String(
        decoding: directory[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
      position += 46 + nameLength + extraLength + commentLength
      if name.hasSuffix("/") { continue }
      guard method == 0, flags & 1 == 0, compressed == size else {
        throw JournalError(
          .invalidArchive,
          message:
            "\(name) in \(file.path) is compressed or encrypted; a journal archive stores its "
            + "files as they are. Unpack the zip and import the folder.", path: file.path)
      }
      let local = try file.read(at: headerOffset, count: 30)
      guard local.count == 30, local.uint32(at: 0) == 0x0403_4b50 else {
        throw damaged("the header of \(name) is missing")
      }
      let dataOffset =
        headerOffset + 30 + Int64(local.uint16(at: 26)) + Int64(local.uint16(at: 28))
      guard dataOffset + size <= file.size else {
        throw damaged("\(name) ends past the end of the file; it may be truncated")
      }
      files[name] = (dataOffset, size)
    }
    return files
  }
}

extension [UInt8] {
  fileprivate func uint16(at index: Int) -> UInt16 {
    UInt16(self[index]) | UInt16(self[index + 1]) << 8
  }

  fileprivate func uint32(at index: Int) -> UInt32 {
    UInt32(self[index]) | UInt32(self[index + 1]) << 8 | UInt32(self[index + 2]) << 16
      | UInt32(self[index + 3]) << 24
  }
}
