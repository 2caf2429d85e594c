import Foundation
import HaruModels

/// One line of an archive's `entries.jsonl`: every field of an entry as a JSON object, with its
/// keys always in the same order, so that the same journal always gives the same bytes.
///
/// ```json
/// {"id":"…","date":"2026-11-30","brand":"Le Labo","name":"Rose 31","notes":"","sentence":"…",
///  "favorite":true,"createdAt":"2026-11-30T04:13:20.123456Z","updatedAt":"…","photo":"….jpg"}
/// ```
///
/// Times are UTC with six fraction digits: the journal keeps whole microseconds, so nothing is
/// rounded away. `photo` is `null` for an entry without a photo.
enum ArchiveLine {
  /// The line of an entry, with its line break.
  static func encode(_ entry: JournalEntry, into bytes: inout [UInt8]) {
    bytes += #"{"id":""#.utf8
    bytes += entry.id.description.utf8
    bytes += #"","date":""#.utf8
    bytes += entry.day.description.utf8
    bytes += #"","brand":"#.utf8
    appendString(entry.brand, to: &bytes)
    bytes += #","name":"#.utf8
    appendString(entry.perfumeName, to: &bytes)
    bytes += #","notes":"#.utf8
    appendString(entry.notes, to: &bytes)
    bytes += #","sentence":"#.utf8
    appendString(entry.sentence, to: &bytes)
    bytes +=
      (entry.isFavorite ? #","favorite":true,"createdAt":""# : #","favorite":false,"createdAt":""#)
      .utf8
    bytes += timestamp(entry.createdAt).utf8
    bytes += #"","updatedAt":""#.utf8
    bytes += timestamp(entry.updatedAt).utf8
    if let photo = entry.photo {
      bytes += #"","photo":""#.utf8
      bytes += photo.rawValue.utf8
      bytes += "\"}\n".utf8
    } else {
      bytes += #"","photo":null}"#.utf8
      bytes.append(0x0A)
    }
  }

  /// A JSON string: quotes, backslashes and control characters escaped, everything else as UTF-8.
  static func appendString(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes += [0x5C, 0x22]
      case UInt8(ascii: "\\"): bytes += [0x5C, 0x5C]
      case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
      case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
      case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
      case 0..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        bytes += Array(#"\u00"#.utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The fields of a line, as read.
  fileprivate struct Fields: Decodable {
    let id: String
    let date: String
    let brand: String
    let name: String
    let notes: String
    let sentence: String
    let favorite: Bool
    let createdAt: String
    let updatedAt: String
    let photo: String?
  }

  /// Reads a line back into an entry.
  ///
  /// - Throws: ``JournalError/Code/invalidImportLine`` when the line is not an object of this
  ///   shape, or a field cannot be read; ``JournalError/Code/invalidEntry`` when the entry fails
  ///   validation. The error carries the line number.
  static func decode(_ line: ArraySlice<UInt8>, number: Int) throws(JournalError) -> JournalEntry {
    // A line as ``encode(_:into:)`` writes it is read by a scanner of that one shape; any other
    // line (keys in another order, spaces, a `\u` escape, a field that is not there) goes
    // through `JSONDecoder`, which reads any JSON and says what is wrong with a line.
    if let fields = Fields(scanning: line) {
      return try entry(fields, number: number)
    }
    return try entry(decodeAnyShape(line, number: number), number: number)
  }

  /// Reads a line with `JSONDecoder` alone, as ``decode(_:number:)`` reads a line of another
  /// shape than its own: for tests, which hold the two ways to the same results.
  static func decodeWithJSONDecoder(
    _ line: ArraySlice<UInt8>, number: Int
  ) throws(JournalError) -> JournalEntry {
    try entry(decodeAnyShape(line, number: number), number: number)
  }

  private static func entry(_ fields: Fields, number: Int) throws(JournalError) -> JournalEntry {
    guard let uuid = UUID(uuidString: fields.id) else {
      throw invalid("The id \"\(fields.id.prefix(40))\" is not a UUID.", number, field: "id")
    }
    let id = JournalEntry.ID(uuid)
    let day: CalendarDay
    do {
      day = try CalendarDay(parsing: fields.date)
    } catch {
      throw invalid("The date is not a day as YYYY-MM-DD.", number, field: "date", id: id)
    }
    guard let createdAt = parseTimestamp(fields.createdAt) else {
      throw invalid("The createdAt is not a UTC time.", number, field: "createdAt", id: id)
    }
    guard let updatedAt = parseTimestamp(fields.updatedAt) else {
      throw invalid("The updatedAt is not a UTC time.", number, field: "updatedAt", id: id)
    }
    do {
      let photo = try fields.photo.map { (name) throws(ModelError) in try PhotoName(name) }
      return try JournalEntry(
        id: id, day: day, brand: fields.brand, perfumeName: fields.name, notes: fields.notes,
        sentence: fields.sentence, photo: photo, isFavorite: fields.favorite,
        createdAt: createdAt, updatedAt: updatedAt)
    } catch {
      throw JournalError(invalid: error, line: number, entryID: id)
    }
  }

  /// The fields of a line of any JSON shape.
  private static func decodeAnyShape(
    _ line: ArraySlice<UInt8>, number: Int
  ) throws(JournalError) -> Fields {
    do {
      return try JSONDecoder().decode(Fields.self, from: Data(line))
    } catch let DecodingError.keyNotFound(key, _) {
      throw invalid(
        "The line has no \"\(key.stringValue)\"; it is not a Haru journal entry.", number)
    } catch let DecodingError.typeMismatch(_, context) {
      let field = context.codingPath.first?.stringValue ?? "?"
      throw invalid("The \"\(field)\" has the wrong type.", number, field: field)
    } catch let DecodingError.valueNotFound(_, context) {
      let field = context.codingPath.first?.stringValue ?? "?"
      throw invalid("The \"\(field)\" is null.", number, field: field)
    } catch {
      throw invalid("The line is not a JSON object.", number)
    }
  }

  private static func invalid(
    _ message: String, _ line: Int, field: String? = nil, id: JournalEntry.ID? = nil
  ) -> JournalError {
    JournalError(.invalidImportLine, message: message, field: field, line: line, entryID: id)
  }

  // MARK: - Times

  /// A time as `YYYY-MM-DDTHH:MM:SS.ffffffZ`, in UTC, to the microsecond.
  static func timestamp(_ date: Date) -> String {
    let micros = JournalTime.microseconds(date)
    let (seconds, fraction) = micros.quotientAndRemainder(dividingBy: 1_000_000)
    let (wholeSeconds, positiveFraction) =
      fraction < 0 ? (seconds - 1, fraction + 1_000_000) : (seconds, fraction)
    let (days, secondOfDay) = wholeSeconds.quotientAndRemainder(dividingBy: 86_400)
    let (day, second) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
    let civil = JournalDay.epoch.adding(days: Int(clamping: day))
    return pad(Int64(civil.year), 4) + "-" + pad(Int64(civil.month), 2) + "-"
      + pad(Int64(civil.day), 2) + "T"
      + pad(second / 3600, 2) + ":" + pad(second / 60 % 60, 2) + ":" + pad(second % 60, 2) + "."
      + pad(positiveFraction, 6) + "Z"
  }

  /// Reads a time written by ``timestamp(_:)``; the fraction may have 0 to 6 digits.
  static func parseTimestamp(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int64? {
      guard range.upperBound <= bytes.count else { return nil }
      var value: Int64 = 0
      for byte in bytes[range] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int64(byte - 0x30)
      }
      return value
    }
    guard bytes.count >= 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
      bytes[13] == 0x3A, bytes[16] == 0x3A, bytes.last == 0x5A,
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    var micros: Int64 = 0
    if bytes.count > 20 {
      let digits = bytes.count - 21
      guard bytes[19] == 0x2E, (1...6).contains(digits), let fraction = number(20..<(20 + digits))
      else { return nil }
      micros = fraction
      for _ in digits..<6 { micros *= 10 }
    }
    guard let calendarDay = try? CalendarDay(year: Int(year), month: Int(month), day: Int(day))
    else { return nil }
    let days = Int64(JournalDay.epoch.days(until: calendarDay))
    let total = ((days * 86_400 + hour * 3600 + minute * 60 + second) * 1_000_000) + micros
    return JournalTime.date(microseconds: total)
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }
}

extension ArchiveLine.Fields {
  /// Reads a line of exactly the shape ``ArchiveLine/encode(_:into:)`` writes, or returns `nil`
  /// for any other, which `JSONDecoder` then reads: the keys in that order with nothing between
  /// them, strings with no `\u` escape, valid UTF-8. What it reads is what `JSONDecoder` reads
  /// from the same line.
  fileprivate init?(scanning line: ArraySlice<UInt8>) {
    var scanner = LineScanner(line)
    guard scanner.skip(#"{"id":"#), let id = scanner.string(),
      scanner.skip(#","date":"#), let date = scanner.string(),
      scanner.skip(#","brand":"#), let brand = scanner.string(),
      scanner.skip(#","name":"#), let name = scanner.string(),
      scanner.skip(#","notes":"#), let notes = scanner.string(),
      scanner.skip(#","sentence":"#), let sentence = scanner.string(),
      scanner.skip(#","favorite":"#), let favorite = scanner.boolean(),
      scanner.skip(#","createdAt":"#), let createdAt = scanner.string(),
      scanner.skip(#","updatedAt":"#), let updatedAt = scanner.string(),
      scanner.skip(#","photo":"#)
    else { return nil }
    let photo: String?
    if scanner.skip("null") {
      photo = nil
    } else if let name = scanner.string() {
      photo = name
    } else {
      return nil
    }
    guard scanner.skip("}"), scanner.isAtEnd else { return nil }
    self.init(
      id: id, date: date, brand: brand, name: name, notes: notes, sentence: sentence,
      favorite: favorite, createdAt: createdAt, updatedAt: updatedAt, photo: photo)
  }
}

/// Reads the parts of one line of `entries.jsonl` in order.
private struct LineScanner {
  private let bytes: ArraySlice<UInt8>
  private var index: Int

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    index = bytes.startIndex
  }

  var isAtEnd: Bool { index == bytes.endIndex }

  /// Moves past `text` when the line goes on with it.
  mutating func skip(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard bytes.endIndex - index >= count else { return false }
    let expected = UnsafeBufferPointer(start: text.utf8Start, count: count)
    for offset in 0..<count where bytes[index + offset] != expected[offset] {
      return false
    }
    index += count
    return true
  }

  mutating func boolean() -> Bool? {
    if skip("true") { return true }
    if skip("false") { return false }
    return nil
  }

  /// A JSON string: `nil` for one with a `\u` escape, a control character or bytes that are not
  /// UTF-8, which `JSONDecoder` reads or refuses instead.
  mutating func string() -> String? {
    guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") else { return nil }
    index += 1
    let start = index
    var unescaped: [UInt8]?
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text =
          unescaped.map { String(validating: $0, as: UTF8.self) }
          ?? String(validating: bytes[start..<index], as: UTF8.self)
        index += 1
        return text
      }
      if byte < 0x20 { return nil }
      if byte == UInt8(ascii: "\\") {
        guard index + 1 < bytes.endIndex else { return nil }
        let character: UInt8
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): character = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): character = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): character = UInt8(ascii: "/")
        case UInt8(ascii: "n"): character = 0x0A
        case UInt8(ascii: "r"): character = 0x0D
        case UInt8(ascii: "t"): character = 0x09
        case UInt8(ascii: "b"): character = 0x08
        case UInt8(ascii: "f"): character = 0x0C
        default: return nil
        }
        if unescaped == nil { unescaped = Array(bytes[start..<index]) }
        unescaped?.append(character)
        index += 2
        continue
      }
      unescaped?.append(byte)
      index += 1
    }
    return nil
  }
}
