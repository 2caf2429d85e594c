import Foundation

/// The picture formats the journal accepts, recognised by their first bytes, never by a name.
enum PhotoFormat: Equatable {
  case jpeg
  case png
  case heic

  /// The extension of the file the journal writes.
  var fileExtension: String {
    switch self {
    case .jpeg: "jpg"
    case .png: "png"
    case .heic: "heic"
    }
  }

  /// Recognises a picture from its first bytes.
  ///
  /// - JPEG: `FF D8 FF`.
  /// - PNG: the 8-byte signature `89 50 4E 47 0D 0A 1A 0A`.
  /// - HEIC: an ISO base media `ftyp` box at the start whose major brand is `heic`, `heix` or
  ///   `mif1`, unless its brands say AVIF (also a HEIF container, but not HEIC).
  ///
  /// - Returns: The format, or `nil` for anything else.
  init?(detecting data: Data) {
    let head = Array(data.prefix(256))
    if head.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if Self.isHEIC(head) {
      self = .heic
    } else {
      return nil
    }
  }

  private static func isHEIC(_ head: [UInt8]) -> Bool {
    guard head.count >= 16, head[4..<8].elementsEqual("ftyp".utf8) else { return false }
    let boxSize = Self.boxSize(head)
    guard boxSize >= 16, boxSize % 4 == 0 else { return false }
    let end = Int(min(boxSize, UInt64(head.count)))
    let major = brand(head, at: 8)
    // Offset 12 is the minor version; compatible brands follow from 16 to the end of the box.
    let compatible = stride(from: 16, to: end - 3, by: 4).map { brand(head, at: $0) }
    guard ["heic", "heix", "mif1"].contains(major) else { return false }
    return !([major] + compatible).contains { $0 == "avif" || $0 == "avis" }
  }

  /// The size of the box that starts `head`: four bytes, big-endian, so up to 2³² − 1.
  static func boxSize(_ head: [UInt8]) -> UInt64 {
    head.prefix(4).reduce(0) { $0 << 8 | UInt64($1) }
  }

  private static func brand(_ bytes: [UInt8], at offset: Int) -> String {
    String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
  }
}
