import Foundation
import HaruModels

/// An archive as one zip file whose entries are stored, not compressed: photos are compressed
/// already, and any zip tool (and every operating system's file manager) opens it.
///
/// Each file's local header is written with its sizes and CRC-32 left blank, then filled in once
/// the file's bytes are written, so a file is never held in memory. Zip64 is not written: an
/// archive past 4 GiB or 65,535 files is refused with a message that suggests a folder archive.
final class ZipArchiveSink: ArchiveSink {
  private struct Entry {
    let name: [UInt8]
    let headerOffset: Int64
    var crc: UInt32 = 0
    var size: Int64 = 0
  }

  let output: OutputFile
  private var entries: [Entry] = []
  private var crc = CRC32()
  private let dosTime: UInt16
  private let dosDate: UInt16

  /// Creates the zip file; it must not exist.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - modified: The modification time recorded for every file, in UTC.
  /// - Throws: A failure to create the file, such as ``JournalError/Code/diskFull``.
  init(path: String, modified: Date) throws(JournalError) {
    output = try OutputFile(creating: path)
    let seconds = Int64(modified.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : 0
    let civil = JournalDay.epoch.adding(days: Int(days))
    let second = seconds - days * 86_400
    let year = Int64(max(0, min(127, civil.year - 1980)))
    dosDate = UInt16(year << 9 | Int64(civil.month) << 5 | Int64(civil.day))
    dosTime = UInt16((second / 3600) << 11 | (second / 60 % 60) << 5 | (second % 60) / 2)
  }

  func beginFile(_ path: String) throws(JournalError) {
    guard entries.count < 65_535 else { throw tooLarge() }
    let name = Array(path.utf8)
    entries.append(Entry(name: name, headerOffset: output.size))
    crc = CRC32()
    var header: [UInt8] = []
    header.append32(0x0403_4b50)
    header.append16(20)  // version needed: 2.0
    header.append16(0x0800)  // the name is UTF-8
    header.append16(0)  // stored
    header.append16(dosTime)
    header.append16(dosDate)
    header.append32(0)  // CRC-32, filled in at the end of the file
    header.append32(0)  // compressed size, likewise
    header.append32(0)  // size, likewise
    header.append16(UInt16(name.count))
    header.append16(0)
    header += name
    try output.write(header)
  }

  func append(_ bytes: UnsafeRawBufferPointer) throws(JournalError) {
    crc.update(bytes)
    entries[entries.count - 1].size += Int64(bytes.count)
    guard output.size + Int64(bytes.count) < Int64(UInt32.max) else { throw tooLarge() }
    try output.write(bytes)
  }

  func endFile() throws(JournalError) {
    guard var entry = entries.last else { return }
    entry.crc = crc.value
    entries[entries.count - 1] = entry
    var fields: [UInt8] = []
    fields.append32(entry.crc)
    fields.append32(UInt32(entry.size))
    fields.append32(UInt32(entry.size))
    try output.patch(fields, at: entry.headerOffset + 14)
  }

  func finish() throws(JournalError) {
    let directoryOffset = output.size
    var directory: [UInt8] = []
    for entry in entries {
      directory.append32(0x0201_4b50)
      directory.append16(3 << 8 | 20)  // made by Unix, zip 2.0
      directory.append16(20)
      directory.append16(0x0800)
      directory.append16(0)
      directory.append16(dosTime)
      directory.append16(dosDate)
      directory.append32(entry.crc)
      directory.append32(UInt32(entry.size))
      directory.append32(UInt32(entry.size))
      directory.append16(UInt16(entry.name.count))
      directory.append16(0)  // extra field
      directory.append16(0)  // comment
      directory.append16(0)  // disk
      directory.append16(0)  // internal attributes
      directory.append32(UInt32(0o100644) << 16)  // a regular file, rw-r--r--
      directory.append32(UInt32(entry.headerOffset))
      directory += entry.name
    }
    guard directoryOffset + Int64(directory.count) < Int64(UInt32.max) else { throw tooLarge() }
    var end: [UInt8] = []
    end.append32(0x0605_4b50)
    end.append16(0)
    end.append16(0)
    end.append16(UInt16(entries.count))
    end.append16(UInt16(entries.count))
    end.append32(UInt32(directory.count))
    end.append32(UInt32(directoryOffset))
    end.append16(0)
    try output.write(directory + end)
    try output.close()
  }

  private func tooLarge() -> JournalError {
    JournalError(
      .fileFailure,
      message:
        "The journal is too large for a single-file archive (4 GiB or 65,535 photos at most); "
        + "export it as a folder instead.", path: output.path)
  }
}

extension [UInt8] {
  mutating func append16(_ value: UInt16) {
    append(UInt8(truncatingIfNeeded: value))
    append(UInt8(truncatingIfNeeded: value >> 8))
  }

  mutating func append32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
    }
  }
}
