import Foundation
import HaruShared

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A file being written by an export: plain `write(2)` calls on a descriptor of its own, errors
/// typed as the journal's (a full disk is ``JournalError/Code/diskFull``).
final class OutputFile {
  let path: String
  private var descriptor: Int32
  /// Bytes written so far.
  private(set) var size: Int64 = 0

  /// Creates the file; it must not exist.
  init(creating path: String) throws(JournalError) {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw ArchiveIO.failure("create", errno, path: path) }
  }

  deinit {
    if descriptor >= 0 { _ = systemClose(descriptor) }
  }

  func write(_ bytes: UnsafeRawBufferPointer) throws(JournalError) {
    var offset = 0
    while offset < bytes.count, let base = bytes.baseAddress {
      let written = systemWrite(descriptor, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw ArchiveIO.failure("write", errno, path: path)
      }
      offset += written
    }
    size += Int64(bytes.count)
  }

  func write(_ bytes: [UInt8]) throws(JournalError) {
    var failure: JournalError?
    bytes.withUnsafeBytes { buffer in
      do throws(JournalError) { try write(buffer) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Writes bytes at an offset already written, such as a header's sizes once they are known.
  func patch(_ bytes: [UInt8], at offset: Int64) throws(JournalError) {
    let written = bytes.withUnsafeBytes { buffer in
      pwrite(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
    }
    guard written == bytes.count else { throw ArchiveIO.failure("write", errno, path: path) }
  }

  /// Flushes the bytes to the disk and closes the file.
  func close() throws(JournalError) {
    defer { descriptor = -1 }
    do {
      try FileDurability.syncToStorage(descriptor)
    } catch {
      _ = systemClose(descriptor)
      throw ArchiveIO.failure("flush", error.code, path: path)
    }
    if systemClose(descriptor) != 0 { throw ArchiveIO.failure("close", errno, path: path) }
  }
}

/// A file an import reads: `pread(2)` at any offset, so that a file inside a zip is read in place.
final class InputFile {
  let path: String
  private let descriptor: Int32
  let size: Int64

  init(path: String) throws(JournalError) {
    self.path = path
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw ArchiveIO.readFailure(errno, path: path) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      _ = systemClose(descriptor)
      throw ArchiveIO.readFailure(code, path: path)
    }
    size = Int64(status.st_size)
  }

  deinit {
    _ = systemClose(descriptor)
  }

  /// Reads `count` bytes at `offset`; fewer only at the end of the file.
  func read(at offset: Int64, count: Int) throws(JournalError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        pread(
          descriptor, buffer.baseAddress.map { $0 + done }, count - done,
          off_t(offset) + off_t(done))
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw ArchiveIO.readFailure(errno, path: path)
      }
      if got == 0 { break }
      done += got
    }
    if done < count { bytes.removeLast(count - done) }
    return bytes
  }

  /// Calls `body` with the bytes of a range, a chunk at a time.
  func forEachChunk(
    from offset: Int64, count: Int64, _ body: ([UInt8]) throws(JournalError) -> Void
  ) throws(JournalError) {
    var position = offset
    let end = offset + count
    while position < end {
      let chunk = try read(at: position, count: Int(min(ArchiveIO.chunkSize, end - position)))
      guard !chunk.isEmpty else {
        throw JournalError(
          .invalidArchive,
          message: "The archive file \(path) ends before the data its directory lists.", path: path)
      }
      try body(chunk)
      position += Int64(chunk.count)
    }
  }
}

enum ArchiveIO {
  /// The size of the pieces files are copied and hashed in.
  static let chunkSize: Int64 = 256 * 1024

  static func failure(_ action: String, _ code: Int32, path: String) -> JournalError {
    if code == ENOSPC || code == EDQUOT {
      return JournalError(
        .diskFull,
        message: "The disk is full; the export was not written. Free some space and try again.",
        path: path)
    }
    if code == EROFS || code == EACCES || code == EPERM {
      return JournalError(
        .readOnly,
        message: "The export cannot be written there (\(String(cString: strerror(code)))).",
        path: path)
    }
    return JournalError(
      .fileFailure,
      message: "The export could not be written (\(action): \(String(cString: strerror(code)))).",
      path: path)
  }

  static func readFailure(_ code: Int32, path: String) -> JournalError {
    JournalError(
      .fileFailure, message: "\(path) cannot be read: \(String(cString: strerror(code))).",
      path: path)
  }

  /// Deletes a folder or file this export created, with everything in it.
  static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Whether a path is a folder (not following a symbolic link) and whether it is empty.
  static func kind(of path: String) -> (exists: Bool, isFolder: Bool, isEmpty: Bool) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return (false, false, true) }
    let isFolder = status.st_mode & S_IFMT == S_IFDIR
    let isEmpty =
      isFolder && ((try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty ?? false)
    return (true, isFolder, isEmpty)
  }
}

/// `write(2)`, reachable from inside a type that has its own `write` method.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// `close(2)`, reachable from inside a type that has its own `close` method.
private func systemClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}
