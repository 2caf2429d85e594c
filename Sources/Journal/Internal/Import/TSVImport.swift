import Foundation
import HaruModels

/// Reads the journal's import format: tab-separated values, one entry per line, no header.
///
/// Fields, in order: `id` (a UUID, kept by the entry), `date` (`YYYY-MM-DD`), `brand`, `name`,
/// `content` (the notes), `sentence`, `favorite` (`0` or `1`). In the text fields, `\t`, `\n`,
/// `\r` and `\\` stand for a tab, a line break, a carriage return and a backslash; any other
/// backslash is kept as it is. Lines end with LF or CRLF; empty lines are skipped.
enum TSVImport {
  /// One line that reads as an entry's fields.
  struct Row {
    let line: Int
    let id: JournalEntry.ID
    let draft: JournalEntryDraft
  }

  static let fieldNames = ["id", "date", "brand", "name", "content", "sentence", "favorite"]

  /// Splits the data into lines and reads each one.
  ///
  /// - Returns: The lines that read as entry fields, and an error for every other non-empty line.
  ///   The fields are not validated here.
  static func parse(_ data: Data) -> (rows: [Row], rejected: [JournalError]) {
    var rows: [Row] = []
    var rejected: [JournalError] = []
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      let bytes = buffer.bindMemory(to: UInt8.self)
      var lineNumber = 0
      var start = 0
      while start < bytes.count {
        lineNumber += 1
        let newline = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        var end = newline
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        start = newline + 1
        guard !line.isEmpty else { continue }
        do throws(JournalError) {
          rows.append(try parseLine(line, number: lineNumber))
        } catch {
          rejected.append(error)
        }
      }
    }
    return (rows, rejected)
  }

  private static func parseLine(
    _ bytes: UnsafeBufferPointer<UInt8>, number: Int
  ) throws(JournalError) -> Row {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw invalid(number, field: nil, "The line is not valid UTF-8 text; save the file as UTF-8.")
    }
    let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == fieldNames.count else {
      throw invalid(
        number, field: nil,
        "Expected \(fieldNames.count) tab-separated fields (\(fieldNames.joined(separator: ", "))), "
          + "found \(fields.count).")
    }
    guard let uuid = UUID(uuidString: String(fields[0])) else {
      throw invalid(number, field: "id", "\"\(fields[0].prefix(40))\" is not a UUID.")
    }
    let day: CalendarDay
    do {
      day = try CalendarDay(parsing: String(fields[1]))
    } catch {
      throw invalid(number, field: "date", error.message)
    }
    let isFavorite: Bool
    switch fields[6] {
    case "0": isFavorite = false
    case "1": isFavorite = true
    default:
      throw invalid(number, field: "favorite", "Write 0 or 1, not \"\(fields[6].prefix(20))\".")
    }
    let draft = JournalEntryDraft(
      day: day, brand: unescape(fields[2]), perfumeName: unescape(fields[3]),
      notes: unescape(fields[4]), sentence: unescape(fields[5]), isFavorite: isFavorite)
    return Row(line: number, id: JournalEntry.ID(uuid), draft: draft)
  }

  /// Replaces `\t`, `\n`, `\r` and `\\` with the characters they stand for.
  static func unescape(_ field: Substring) -> String {
    guard field.utf8.contains(UInt8(ascii: "\\")) else { return String(field) }
    var result = ""
    result.reserveCapacity(field.utf8.count)
    var iterator = field.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      guard scalar == "\\" else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch iterator.next() {
      case "t": result.unicodeScalars.append("\t")
      case "n": result.unicodeScalars.append("\n")
      case "r": result.unicodeScalars.append("\r")
      case "\\": result.unicodeScalars.append("\\")
      case let other?:
        result.unicodeScalars.append("\\")
        result.unicodeScalars.append(other)
      case nil:
        result.unicodeScalars.append("\\")
      }
    }
    return result
  }

  private static func invalid(_ line: Int, field: String?, _ message: String) -> JournalError {
    JournalError(.invalidImportLine, message: message, field: field, line: line)
  }
}
