import Foundation

/// The file name of a journal photo: made by the SDK, relative to the journal's photo folder.
///
/// A photo name is never a path and never comes from the person: it is 1 to 128 ASCII letters,
/// digits, `.`, `_` or `-`, starting with a letter or digit, with no `..`. A database that stores
/// photo names can be moved to another device or folder without rewriting a single row.
public struct PhotoName: Hashable, Sendable, CustomStringConvertible {
  /// The file name, such as `"3f1c…e2.jpg"`.
  public let rawValue: String

  /// Accepts a stored photo name after checking it.
  ///
  /// - Parameter rawValue: The file name.
  /// - Throws: ``ModelError/Code/invalidPhotoName`` when the name is a path, hidden, empty, too long
  ///   or holds other characters.
  public init(_ rawValue: String) throws(ModelError) {
    let bytes = rawValue.utf8
    let isAllowed: (UInt8) -> Bool = { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
    guard (1...128).contains(bytes.count), bytes.allSatisfy(isAllowed),
      let first = bytes.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-"),
      first != UInt8(ascii: "_"), !rawValue.contains("..")
    else {
      throw ModelError(
        .invalidPhotoName, field: "photo",
        message: "\"\(rawValue)\" is not a photo name made by Haru; photos are named by the SDK.")
    }
    self.rawValue = rawValue
  }

  /// A new, unique photo name with a file extension.
  ///
  /// - Parameter fileExtension: The extension without a dot, such as `"jpg"`; anything but ASCII
  ///   letters and digits is dropped, and at most 8 characters are kept.
  /// - Returns: A name such as `"6f9619ff-8b86-d011-b42d-00cf4fc964ff.jpg"`.
  public static func unique(fileExtension: String) -> PhotoName {
    let cleaned = String(
      fileExtension.unicodeScalars.filter {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
      }
      .prefix(8)
    ).lowercased()
    let base = UUID().uuidString.lowercased()
    let name = cleaned.isEmpty ? base : "\(base).\(cleaned)"
    return PhotoName(unchecked: name)
  }

  private init(unchecked rawValue: String) {
    self.rawValue = rawValue
  }

  /// The file name.
  public var description: String { rawValue }
}

extension PhotoName: Codable {
  /// Decodes a stored photo name and checks it like ``init(_:)``.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the name is not one the SDK could have made.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      try self.init(text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes the file name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
