import Dispatch
import Foundation
import HaruModels
import HaruShared

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The journal's `photos` folder: files named by the journal, written atomically.
struct PhotoFolder: Sendable {
  /// The folder.
  let url: URL
  /// Flushes written photos to the disk after their write has returned.
  let flusher = PhotoFlusher()

  /// Prefix of a file being written; never a valid ``PhotoName``, which starts with a letter or
  /// digit.
  static let incomingPrefix = ".incoming-"

  /// Creates the folder when it does not exist and `creating` is true.
  init(url: URL, creating: Bool = true) throws(JournalError) {
    self.url = url
    guard creating else { return }
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw JournalError(
        .fileFailure,
        message:
          "The journal's photo folder could not be created: "
          + DatabaseFile.folderProblem(url, error),
        path: url.path)
    }
  }

  func fileURL(for name: PhotoName) -> URL {
    url.appendingPathComponent(name.rawValue, isDirectory: false)
  }

  func exists(_ name: PhotoName) -> Bool {
    FileManager.default.fileExists(atPath: fileURL(for: name).path)
  }

  /// Whether a photo's file is there with some bytes in it. A file renamed into place shortly
  /// before a power loss can come back empty; it counts as missing.
  func isStored(_ name: PhotoName) -> Bool {
    var status = stat()
    return stat(fileURL(for: name).path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
      && status.st_size > 0
  }

  /// Writes a photo under its name, all or nothing: the bytes go to a hidden temporary file, which
  /// is renamed into place. A reader never sees a partial photo, and once this returns the photo
  /// survives the app crashing or being killed. Its bytes reach the disk moments later, flushed by
  /// ``flusher`` on a queue of its own, like a commit of the journal's database, which is flushed
  /// at its next checkpoint.
  ///
  /// - Throws: ``JournalError/Code/diskFull``, ``JournalError/Code/readOnly`` or
  ///   ``JournalError/Code/fileFailure``; no file is left behind.
  func write(_ data: Data, as name: PhotoName) throws(JournalError) {
    let destination = fileURL(for: name).path
    let temporary = url.appendingPathComponent(
      Self.incomingPrefix + UUID().uuidString.lowercased(), isDirectory: false
    ).path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure("create", errno, path: temporary) }
    var problem: (action: String, code: Int32)?
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = systemWrite(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          problem = ("write", errno)
          return
        }
        offset += written
      }
    }
    if problem == nil, rename(temporary, destination) != 0 {
      problem = ("rename", errno)
    }
    if let problem {
      close(descriptor)
      unlink(temporary)
      throw failure(problem.action, problem.code, path: destination)
    }
    flusher.flushAndClose(descriptor)
  }

  /// Deletes a photo's file, if it exists. A file that cannot be deleted is left for the sweep.
  func remove(_ name: PhotoName) {
    unlink(fileURL(for: name).path)
  }

  /// Deletes the files the journal wrote that no entry refers to and that are older than a grace
  /// period: photos whose entry was never committed or was deleted before its file could be, and
  /// temporary files a crash left.
  ///
  /// Only what the journal itself names is ever deleted: a regular file directly in this folder
  /// whose name is a photo name the journal makes (``isJournalPhotoName(_:)``) or a temporary
  /// file's (``incomingPrefix`` and a UUID). A person's own files, folders and symbolic links are
  /// left alone, and when the folder itself is a symbolic link nothing is deleted at all, since
  /// it points to a folder the journal did not make.
  ///
  /// Files younger than the grace period are kept: an add running in another process may have
  /// written its photo and not committed its entry yet.
  ///
  /// - Parameters:
  ///   - cutoff: Files last modified at or before this instant may be deleted.
  ///   - referenced: Tells which names some entry refers to.
  /// - Returns: The number of files deleted.
  /// - Throws: ``JournalError/Code/fileFailure`` when the folder cannot be listed, or what
  ///   `referenced` throws.
  @discardableResult
  func sweep(
    olderThan cutoff: Date,
    referenced: (Set<PhotoName>) throws(JournalError) -> Set<PhotoName>
  ) throws(JournalError) -> Int {
    let manager = FileManager.default
    var folderStatus = stat()
    guard lstat(url.path, &folderStatus) == 0, folderStatus.st_mode & S_IFMT == S_IFDIR else {
      return 0
    }
    let names: [String]
    do {
      names = try manager.contentsOfDirectory(atPath: url.path)
    } catch {
      throw JournalError(
        .fileFailure,
        message: "The journal's photo folder could not be read: \(error.localizedDescription)",
        path: url.path)
    }
    var candidates: [String: PhotoName?] = [:]
    for name in names {
      let photo: PhotoName?
      if Self.isJournalPhotoName(name) {
        photo = try? PhotoName(name)
        guard photo != nil else { continue }
      } else if Self.isIncomingName(name) {
        photo = nil
      } else {
        continue
      }
      let path = url.appendingPathComponent(name, isDirectory: false).path
      // `attributesOfItem` does not follow a symbolic link, so a link is never a regular file.
      guard let attributes = try? manager.attributesOfItem(atPath: path),
        attributes[.type] as? FileAttributeType == .typeRegular,
        let modified = attributes[.modificationDate] as? Date, modified <= cutoff
      else { continue }
      candidates.updateValue(photo, forKey: name)
    }
    let named = Set(candidates.values.compactMap { $0 })
    let keep = try referenced(named)
    var removed = 0
    for (name, photo) in candidates where photo.map({ !keep.contains($0) }) ?? true {
      if unlink(url.appendingPathComponent(name, isDirectory: false).path) == 0 {
        removed += 1
      }
    }
    return removed
  }

  /// Whether a file name is one ``PhotoName/unique(fileExtension:)`` makes: a lowercase UUID, a
  /// dot and an extension of lowercase letters and digits (or no extension), such as
  /// `6f9619ff-8b86-d011-b42d-00cf4fc964ff.jpg`.
  static func isJournalPhotoName(_ name: String) -> Bool {
    guard let dot = name.firstIndex(of: ".") else { return isLowercaseUUID(name[...]) }
    let base = name[..<dot]
    let fileExtension = name[name.index(after: dot)...]
    return isLowercaseUUID(base) && (1...8).contains(fileExtension.count)
      && fileExtension.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("0"..."9").contains($0)
      }
  }

  /// Whether a file name is a temporary photo file's: ``incomingPrefix`` and a lowercase UUID.
  static func isIncomingName(_ name: String) -> Bool {
    name.hasPrefix(incomingPrefix) && isLowercaseUUID(name.dropFirst(incomingPrefix.count))
  }

  private static func isLowercaseUUID(_ text: Substring) -> Bool {
    text.count == 36 && UUID(uuidString: String(text)) != nil && text == text.lowercased()
  }

  private func failure(_ action: String, _ code: Int32, path: String) -> JournalError {
    if code == ENOSPC || code == EDQUOT {
      return JournalError(
        .diskFull,
        message: "The disk is full; the photo was not saved. Free some space and try again.",
        path: path)
    }
    if code == EROFS {
      return JournalError(
        .readOnly, message: "The photo folder is on a read-only disk; nothing was saved.",
        path: path)
    }
    return JournalError(
      .fileFailure,
      message: "The photo could not be saved (\(action): \(String(cString: strerror(code)))).",
      path: path)
  }
}

/// `write(2)`, reachable from inside a type that has its own `write` method.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
