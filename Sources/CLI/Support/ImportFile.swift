import Foundation

/// What a file given to `haru journal import` is, read from its bytes, never from its name.
enum ImportFile {
  /// A kind of file the import reads.
  enum Kind: Equatable {
    /// A Haru journal archive (a zip holding `manifest.json`).
    case archive
    /// Haru's tab-separated lines.
    case tsv
    /// JSON Lines with the tab-separated format's field names.
    case jsonLines
    /// The CSV that `haru journal export --csv` writes.
    case csv
  }

  /// The columns of the CSV that `haru journal export --csv` writes, in order.
  static let csvColumns = [
    "id", "date", "brand", "name", "notes", "sentence", "favorite", "createdAt", "updatedAt",
    "photo",
  ]

  /// The kind of a file's contents, or what it looks like when the import does not read it:
  /// a message naming it (a JPEG image, a PDF document, an empty file, …).
  static func kind(of data: Data) -> Result<Kind, KindError> {
    let bytes = [UInt8](data.prefix(4096))
    let signatures: [([UInt8], Message)] = [
      ([0xFF, 0xD8, 0xFF], .fileIsJPEG),
      ([0x89, 0x50, 0x4E, 0x47], .fileIsPNG),
      (Array("GIF8".utf8), .fileIsGIF),
      (Array("%PDF".utf8), .fileIsPDF),
      (Array("RIFF".utf8), .fileIsRIFF),
    ]
    if let found = signatures.first(where: { bytes.starts(with: $0.0) }) {
      return .failure(KindError(found.1))
    }
    if bytes.count >= 12, bytes[4..<8] == ArraySlice("ftyp".utf8) {
      return .failure(KindError(.fileIsHEIC))
    }
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    {
      // A Haru archive names its manifest in the zip's directory, at the end of the file.
      let manifest = Data("manifest.json".utf8)
      return data.range(of: manifest) == nil
        ? .failure(KindError(.fileIsOtherZip)) : .success(.archive)
    }
    var text = data
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = Data(text.dropFirst(3)) }
    let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    guard text.contains(where: { !blank.contains($0) }) else {
      return .failure(KindError(.fileIsEmpty))
    }
    guard !text.contains(0), String(data: text, encoding: .utf8) != nil else {
      return .failure(KindError(.fileIsBinary))
    }
    let firstLine =
      text.split(separator: 0x0A, omittingEmptySubsequences: true)
      .first { $0.contains { !blank.contains($0) } } ?? Data()
    let first = String(decoding: firstLine, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    if first.hasPrefix("{") { return .success(.jsonLines) }
    if first.contains("\t") { return .success(.tsv) }
    if first.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      == csvColumns
    {
      return .success(.csv)
    }
    return .failure(KindError(.fileIsOtherText))
  }

  /// What a refused file looks like.
  struct KindError: Error {
    let message: Message
    init(_ message: Message) { self.message = message }
  }

  /// The records of Haru's CSV export as the journal's tab-separated lines, one line a record,
  /// header left out; photos and times are not imported.
  ///
  /// Fields are read as RFC 4180 writes them: quoted when they hold a comma, a quote or a line
  /// break, quotes doubled inside.
  static func tsv(fromCSV data: Data) -> Data {
    var text = String(decoding: data, as: UTF8.self)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    var records = csvRecords(text)
    if let header = records.first, header == csvColumns { records.removeFirst() }
    var lines: [String] = []
    for record in records where !(record.count == 1 && record[0].isEmpty) {
      func field(_ index: Int) -> String { index < record.count ? record[index] : "" }
      let favorite = field(6) == "true" || field(6) == "1" ? "1" : "0"
      let fields = (0..<6).map { JSONLine.escaped(field($0)) } + [favorite]
      lines.append(fields.joined(separator: "\t"))
    }
    return Data(lines.joined(separator: "\n").utf8)
  }

  /// The records of a CSV text, each a list of fields; CR LF or LF ends a record.
  static func csvRecords(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var characters = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar?
    while let scalar = pending ?? characters.next() {
      pending = nil
      if quoted {
        if scalar == "\"" {
          if let next = characters.next() {
            if next == "\"" {
              field.unicodeScalars.append("\"")
            } else {
              quoted = false
              pending = next
            }
          } else {
            quoted = false
          }
        } else {
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where field.isEmpty: quoted = true
      case ",":
        record.append(field)
        field = ""
      case "\r": break
      case "\n":
        record.append(field)
        records.append(record)
        record = []
        field = ""
      default: field.unicodeScalars.append(scalar)
      }
    }
    if !field.isEmpty || !record.isEmpty {
      record.append(field)
      records.append(record)
    }
    return records
  }
}
