import HaruModels

/// Entries as CSV lines (RFC 4180): fields separated by commas, lines ended by CR LF, and a
/// field quoted, its quotes doubled, when it holds a comma, a quote or a line break.
enum CSV {
  static let columns = [
    "id", "date", "brand", "name", "notes", "sentence", "favorite", "createdAt", "updatedAt",
    "photo",
  ]

  static let header: [UInt8] = Array((columns.joined(separator: ",") + "\r\n").utf8)

  static func append(_ entry: JournalEntry, to bytes: inout [UInt8]) {
    let fields = [
      entry.id.description, entry.day.description, entry.brand, entry.perfumeName, entry.notes,
      entry.sentence, entry.isFavorite ? "true" : "false", ArchiveLine.timestamp(entry.createdAt),
      ArchiveLine.timestamp(entry.updatedAt), entry.photo?.rawValue ?? "",
    ]
    for (index, field) in fields.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      appendField(field, to: &bytes)
    }
    bytes += [0x0D, 0x0A]
  }

  static func appendField(_ field: String, to bytes: inout [UInt8]) {
    let utf8 = field.utf8
    let needsQuotes = utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
    guard needsQuotes else {
      bytes += utf8
      return
    }
    bytes.append(0x22)
    for byte in utf8 {
      if byte == 0x22 { bytes.append(0x22) }
      bytes.append(byte)
    }
    bytes.append(0x22)
  }
}
