import Foundation
import HaruJournal
import HaruModels

/// `haru journal import FILE`: tab-separated lines or JSON Lines, in batches of one transaction
/// each, so that Ctrl-C leaves whole batches imported and nothing half-written.
enum JournalImportCommand {
  /// Lines per transaction.
  static let batchSize = 500

  /// The import's outcome.
  struct Summary: Encodable {
    let file: String
    let format: String
    let lines: Int
    let imported: Int
    let skipped: Int
    let rejected: [Rejection]
    let interrupted: Bool
    let stoppedAfterLine: Int?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(file, forKey: .file)
      try container.encode(format, forKey: .format)
      try container.encode(lines, forKey: .lines)
      try container.encode(imported, forKey: .imported)
      try container.encode(skipped, forKey: .skipped)
      try container.encode(rejected, forKey: .rejected)
      try container.encode(interrupted, forKey: .interrupted)
      try container.encode(stoppedAfterLine, forKey: .stoppedAfterLine)
    }

    enum CodingKeys: String, CodingKey {
      case file, format, lines, imported, skipped, rejected, interrupted, stoppedAfterLine
    }
  }

  /// A refused line.
  struct Rejection: Encodable {
    let line: Int
    let field: String?
    let code: String
    let message: String

    init(_ error: JournalError) {
      line = error.line ?? 0
      field = error.field
      code = error.code.rawValue
      message = error.message
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(line, forKey: .line)
      try container.encode(field, forKey: .field)
      try container.encode(code, forKey: .code)
      try container.encode(message, forKey: .message)
    }

    enum CodingKeys: String, CodingKey {
      case line, field, code, message
    }
  }

  static func run(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalImport
    let options = try ParsedOptions(arguments, usage: usage)
    try options.expectPositionals(1...1, .missingImportFile, usage: usage)
    let path = options.positionals[0]
    let url = URL(fileURLWithPath: path)
    if JournalRepository.isArchive(url),
      (try? url.resourceValues(forKeys: [.isDirectoryKey]))?
        .isDirectory == true
    {
      try await JournalArchiveCommand.importArchive(path, context)
      return
    }
    var data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .data(Text(.fileUnreadable, path, error.localizedDescription))
    }
    // What the file is, from its contents: anything else is refused before the journal is opened.
    let kind: ImportFile.Kind
    switch ImportFile.kind(of: data) {
    case .success(let found): kind = found
    case .failure(let refusal): throw .data(Text(.importRefused, path, Text(refusal.message)))
    }
    switch kind {
    case .archive:
      try await JournalArchiveCommand.importArchive(path, context)
      return
    case .csv: data = ImportFile.tsv(fromCSV: data)
    case .tsv, .jsonLines: break
    }
    Interrupt.install()
    let lines = ImportLines(data)
    let journal = try context.openJournal()
    context.console.printError(
      "haru: "
        + context.text(
          .importStarting, String(lines.count), path, formatName(kind),
          String(batchSize)))
    let showsProgress = context.console.standardErrorIsTerminal
    var imported = 0
    var skipped = 0
    var rejected: [JournalError] = []
    var seen: [UUID: Int] = [:]
    var done = 0
    var interrupted = false
    while done < lines.count {
      if Interrupt.isRequested {
        interrupted = true
        break
      }
      let range = done..<min(done + batchSize, lines.count)
      var batch = Data()
      // The identities this batch brings, recorded as used once the journal has taken them.
      var batchIDs: [(id: UUID, line: Int)] = []
      // The first line of each identity derived in this batch, and the lines that repeat one.
      var batchDerived: [UUID: Int] = [:]
      var repeats: [(id: UUID, line: Int)] = []
      for index in range {
        let number = index + 1
        switch lines.tsvLine(at: index) {
        case .failure(let error):
          rejected.append(error)
        case .success(let line):
          let (id, text) = (line.id, line.text)
          if line.isDerived, let id {
            // The same line without an id again is the same entry: skipped once it is imported.
            if seen[id] != nil {
              skipped += 1
              break
            }
            if batchDerived[id] != nil {
              repeats.append((id, number))
              break
            }
            batchDerived[id] = number
          }
          if let id, let first = seen[id] {
            rejected.append(
              JournalError(
                .duplicateEntry,
                message: "The identity \(id.uuidString.lowercased()) is "
                  + "already used on line \(first).", field: "id", line: number,
                entryID: JournalEntry.ID(id)))
          } else {
            if let id { batchIDs.append((id, number)) }
            batch.append(text)
          }
        }
        // One line of the batch per line of the file, so that line numbers carry over.
        batch.append(0x0A)
      }
      let report: JournalImportReport
      do {
        report = try await journal.importEntries(fromTSV: batch)
      } catch {
        throw .data(
          Text(
            .importBatchFailed, String(range.lowerBound + 1), String(range.upperBound),
            error.message, String(range.lowerBound)))
      }
      imported += report.importedCount
      skipped += report.skippedCount
      let batchRejected = report.rejectedLines.map { error in
        refused(error, atLine: error.line.map { $0 + range.lowerBound })
      }
      rejected += batchRejected
      // A repeat of a refused line is refused for the same reason; of an imported one, skipped.
      for (id, line) in repeats {
        if let first = batchDerived[id],
          let error = batchRejected.first(where: { $0.line == first })
        {
          rejected.append(refused(error, atLine: line))
        } else {
          skipped += 1
        }
      }
      // A refused line does not use up its identity: a later line may still bring it.
      let refusedLines = Set(batchRejected.compactMap(\.line))
      for (id, line) in batchIDs where !refusedLines.contains(line) && seen[id] == nil {
        seen[id] = line
      }
      done = range.upperBound
      if showsProgress { drawProgress(done, of: lines.count, context.console) }
    }
    if showsProgress { context.console.writeError("\n") }
    // The batches are small writes each; the index is merged once for the whole import.
    if !interrupted { await journal.mergeSearchIndex(afterImportOf: imported) }
    rejected.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    let summary = Summary(
      file: path, format: kind == .csv ? "csv" : lines.isJSONLines ? "jsonl" : "tsv",
      lines: lines.count,
      imported: imported, skipped: skipped, rejected: rejected.map(Rejection.init),
      interrupted: interrupted,
      stoppedAfterLine: interrupted ? done : nil)
    if context.json {
      try context.printJSON(summary)
    } else {
      printSummary(summary, context)
    }
    if interrupted {
      throw CLIError(.interrupted, Text(.importInterrupted, String(done), String(lines.count)))
    }
    if !rejected.isEmpty {
      throw .data(Text(.importRejected, String(rejected.count), String(lines.count)))
    }
  }

  /// The name of a format, for the line that starts an import.
  static func formatName(_ kind: ImportFile.Kind) -> String {
    switch kind {
    case .csv: "CSV"
    case .jsonLines: "JSON Lines"
    case .tsv, .archive: "TSV"
    }
  }

  /// The same refusal, reported at another line.
  static func refused(_ error: JournalError, atLine line: Int?) -> JournalError {
    JournalError(
      error.code, message: error.message, field: error.field, line: line, path: error.path,
      entryID: error.entryID, validationError: error.validationError)
  }

  static func printSummary(_ summary: Summary, _ context: Context) {
    let console = context.console
    console.print(
      context.text(
        .importedEntriesSkippedAlreadyIn, "\(summary.file)", "\(summary.imported)",
        "\(summary.skipped)", "\(summary.rejected.count)", "\(summary.lines)"))
    for rejection in summary.rejected {
      let field = rejection.field.map { ", \($0)" } ?? ""
      console.print("  line \(rejection.line)\(field): \(rejection.message)")
    }
  }

  static func drawProgress(_ done: Int, of total: Int, _ console: Console) {
    let width = 30
    let filled = total == 0 ? width : done * width / total
    let percent = total == 0 ? 100 : done * 100 / total
    console.writeError(
      "\r[" + String(repeating: "#", count: filled)
        + String(repeating: " ", count: width - filled) + "] \(percent)% \(done)/\(total) lines")
  }
}

/// The lines of an import file, as tab-separated lines the journal reads.
struct ImportLines {
  private let data: Data
  private let ranges: [Range<Int>]
  /// Whether the file is JSON Lines (its first non-blank line starts with `{`) rather than
  /// tab-separated.
  let isJSONLines: Bool

  init(_ data: Data) {
    var bytes = data
    // A UTF-8 byte order mark is not part of the first line.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = Data(bytes.dropFirst(3)) }
    self.data = bytes
    var ranges: [Range<Int>] = []
    var start = bytes.startIndex
    while start < bytes.endIndex {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
      ranges.append(start..<end)
      start = end + 1
    }
    self.ranges = ranges
    let firstText = ranges.lazy.map { bytes[$0] }.first { line in
      line.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
    }
    isJSONLines = firstText?.first { $0 != 0x20 && $0 != 0x09 } == UInt8(ascii: "{")
  }

  var count: Int { ranges.count }

  /// A line as the journal's tab-separated text.
  struct TSVLine {
    /// The entry's identity, when it can be read.
    let id: UUID?
    /// The tab-separated text.
    let text: Data
    /// Whether the line had no identity and `id` is derived from its content.
    let isDerived: Bool
  }

  /// The line as the journal's tab-separated text, with its identity when it can be read, or
  /// why it cannot be imported. A line with an empty identity (an empty first column, or a
  /// JSON record without an `id`, with `null` or `""`) gets one derived from its content.
  func tsvLine(at index: Int) -> Result<TSVLine, JournalError> {
    let line = data[ranges[index]]
    guard isJSONLines else {
      guard let tab = line.firstIndex(of: 0x09) else {
        return .success(TSVLine(id: nil, text: Data(line), isDerived: false))
      }
      let first = line[line.startIndex..<tab]
      guard first.allSatisfy({ $0 == 0x20 }) else {
        let id = UUID(uuidString: String(decoding: first, as: UTF8.self))
        return .success(TSVLine(id: id, text: Data(line), isDerived: false))
      }
      var rest = line[(tab + 1)...]
      if rest.last == 0x0D { rest = rest.dropLast() }
      let id = JSONLine.contentID(String(decoding: rest, as: UTF8.self))
      return .success(
        TSVLine(id: id, text: Data(id.uuidString.utf8) + Data(line[tab...]), isDerived: true))
    }
    let number = index + 1
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
      return .success(TSVLine(id: nil, text: Data(), isDerived: false))
    }
    return JSONLine.tsv(from: Data(line), line: number).map {
      TSVLine(id: $0.id, text: Data($0.text.utf8), isDerived: $0.isDerived)
    }
  }
}

/// One JSON Lines record, with the tab-separated format's field names.
enum JSONLine {
  /// A field whose value has the wrong type.
  struct FieldError: Error {
    let field: String
    let message: String
  }

  struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// The fields of a record; missing ones are empty, and validation is left to the journal.
  struct Record: Decodable {
    var id: UUID?
    var texts: [String: String] = [:]
    var favorite = false

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      // An empty id is no id: the line gets one derived from its content.
      if let text = try Self.text("id", in: container),
        !text.allSatisfy({ $0 == " " || $0 == "\t" })
      {
        guard let uuid = UUID(uuidString: text) else {
          throw FieldError(field: "id", message: "The id is not a UUID.")
        }
        id = uuid
      }
      let photo = Key("photo")
      if container.contains(photo), try !container.decodeNil(forKey: photo) {
        throw FieldError(
          field: "photo", message: "Photos cannot be imported; leave out the photo field.")
      }
      for name in ["date", "brand", "name", "content", "sentence"] {
        texts[name] = try Self.text(name, in: container)
      }
      if texts["content"] == nil {
        texts["content"] = try Self.text("text", in: container)
      }
      let key = Key("favorite")
      if let flag = try? container.decodeIfPresent(Bool.self, forKey: key) {
        favorite = flag
      } else if let number = try? container.decodeIfPresent(Int.self, forKey: key),
        number == 0 || number == 1
      {
        favorite = number == 1
      } else if container.contains(key), try !container.decodeNil(forKey: key) {
        throw FieldError(field: "favorite", message: "The favorite is true, false, 0 or 1.")
      }
    }

    static func text(_ name: String, in container: KeyedDecodingContainer<Key>) throws -> String? {
      do {
        return try container.decodeIfPresent(String.self, forKey: Key(name))
      } catch {
        throw FieldError(field: name, message: "The \(name) must be text in quotes.")
      }
    }
  }

  static func tsv(
    from data: Data, line: Int
  ) -> Result<(id: UUID, text: String, isDerived: Bool), JournalError> {
    let record: Record
    do {
      record = try JSONDecoder().decode(Record.self, from: data)
    } catch let error as FieldError {
      return .failure(
        JournalError(.invalidImportLine, message: error.message, field: error.field, line: line))
    } catch {
      return .failure(
        JournalError(
          .invalidImportLine, message: "The line is not a JSON object; write one object per line.",
          line: line))
    }
    var fields: [String] = []
    for name in ["date", "brand", "name", "content", "sentence"] {
      fields.append(escaped(record.texts[name] ?? ""))
    }
    fields.append(record.favorite ? "1" : "0")
    // A line without an id gets one derived from its content, so importing the same line again
    // finds its entry already there instead of adding it twice.
    let id = record.id ?? contentID(fields.joined(separator: "\t"))
    return .success((id, ([id.uuidString] + fields).joined(separator: "\t"), record.id == nil))
  }

  /// An identity derived from a line's fields: the 128-bit FNV-1a hash of their UTF-8 bytes,
  /// marked as a version 8 (application-defined) UUID.
  static func contentID(_ text: String) -> UUID {
    var hash: UInt128 = 0x6C62_272E_07BB_0142_62B8_2175_6295_C58D
    let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013B
    for byte in text.utf8 {
      hash ^= UInt128(byte)
      hash &*= prime
    }
    var bytes = (0..<16).map { UInt8(truncatingIfNeeded: hash >> (8 * (15 - $0))) }
    bytes[6] = bytes[6] & 0x0F | 0x80
    bytes[8] = bytes[8] & 0x3F | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
        bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  /// A text field in the tab-separated format's escapes.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "\\": result += "\\\\"
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
