import Foundation
import HaruJournal
import HaruModels

/// `haru journal …`: the scent journal.
enum JournalCommand {
  static let entryOptions: Set<String> = [
    "--brand", "--name", "--sentence", "--text", "--date", "--photo",
  ]

  static func run(_ arguments: [String], _ context: Context) async throws(CLIError) {
    guard let action = arguments.first, !action.hasPrefix("--") else {
      throw .usage("missing action.", Help.journal)
    }
    let rest = Array(arguments.dropFirst())
    switch action {
    case "add": try await add(rest, context)
    case "list": try await list(rest, context)
    case "show": try await show(rest, context)
    case "edit": try await edit(rest, context)
    case "favorite": try await favorite(rest, context)
    case "delete": try await delete(rest, context)
    case "search": try await search(rest, context)
    case "perfumes": try await perfumes(rest, context)
    case "import": try await JournalImportCommand.run(rest, context)
    default:
      throw .usage("unknown action \"\(action.prefix(20))\".", Help.journal)
    }
  }

  // MARK: - Writing

  static func add(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalAdd
    let options = try ParsedOptions(
      arguments, valued: entryOptions, flags: ["--favorite"], usage: usage)
    try options.expectPositionals(0...0, "", usage: usage)
    for required in ["--brand", "--name", "--sentence"] where options.value(required) == nil {
      throw .usage("missing \(required).", usage)
    }
    let today = CalendarDay(containing: Date(), in: CalendarDay.koreaTimeZone)
    var draft = JournalEntryDraft(day: today)
    try apply(options, to: &draft, usage: usage)
    let photo = try options.value("--photo").map { (path) throws(CLIError) in try readPhoto(path) }
    let journal = try context.openJournal()
    let entry: JournalEntry
    do {
      entry = try await journal.add(draft, photo: photo)
    } catch {
      throw CLIError(error)
    }
    if context.json {
      try context.printJSON(EntryJSON(entry))
    } else {
      context.console.print(entry.id.description)
    }
  }

  static func edit(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalEdit
    let options = try ParsedOptions(
      arguments, valued: entryOptions, flags: ["--favorite", "--remove-photo"], usage: usage)
    try options.expectPositionals(1...1, "the entry's ID", usage: usage)
    let id = try entryID(options.positionals[0], usage: usage)
    if options.has("--photo"), options.flag("--remove-photo") {
      throw .usage("give --photo FILE or --remove-photo, not both.", usage)
    }
    let journal = try context.openJournal()
    let old = try await existing(id, in: journal)
    var draft = old.draft
    try apply(options, to: &draft, usage: usage)
    var change = JournalPhotoChange.keep
    if let path = options.value("--photo") {
      change = .replace(try readPhoto(path))
    } else if options.flag("--remove-photo") {
      change = .remove
    }
    let entry: JournalEntry
    do {
      entry = try await journal.update(id, with: draft, photo: change)
    } catch {
      throw CLIError(error)
    }
    try print([entry], context, single: true)
  }

  static func favorite(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalFavorite
    let options = try ParsedOptions(arguments, flags: ["--off"], usage: usage)
    try options.expectPositionals(1...1, "the entry's ID", usage: usage)
    let id = try entryID(options.positionals[0], usage: usage)
    let journal = try context.openJournal()
    let entry: JournalEntry
    do {
      entry = try await journal.setFavorite(!options.flag("--off"), for: id)
    } catch {
      throw CLIError(error)
    }
    try print([entry], context, single: true)
  }

  static func delete(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalDelete
    let options = try ParsedOptions(arguments, usage: usage)
    try options.expectPositionals(1...1, "the entry's ID", usage: usage)
    let id = try entryID(options.positionals[0], usage: usage)
    let journal = try context.openJournal()
    let entry: JournalEntry
    do {
      entry = try await journal.delete(id)
    } catch {
      throw CLIError(error)
    }
    if context.json {
      try context.printJSON(EntryJSON(entry))
    } else {
      context.console.print(context.text("삭제했습니다: ", "deleted ") + entry.id.description)
    }
  }

  // MARK: - Reading

  static func list(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalList
    let options = try ParsedOptions(
      arguments, valued: ["--limit"], flags: ["--favorites"], usage: usage)
    try options.expectPositionals(0...0, "", usage: usage)
    let limit = try checkedLimit(options, usage: usage)
    let journal = try context.openJournal()
    let page: JournalPage
    do {
      page = try await journal.entries(
        in: options.flag("--favorites") ? .favorites : .all, limit: limit)
    } catch {
      throw CLIError(error)
    }
    try print(page.entries, context, single: false)
  }

  static func show(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalShow
    let options = try ParsedOptions(arguments, usage: usage)
    try options.expectPositionals(1...1, "the entry's ID", usage: usage)
    let id = try entryID(options.positionals[0], usage: usage)
    let journal = try context.openJournal()
    let entry = try await existing(id, in: journal)
    if context.json {
      try context.printJSON([EntryJSON(entry)])
      return
    }
    let console = context.console
    console.print("\(entry.id)")
    console.print("\(context.text("날짜", "date"))      \(entry.day)")
    console.print("\(context.text("브랜드", "brand"))     \(entry.brand)")
    console.print("\(context.text("향수", "name"))      \(entry.perfumeName)")
    console.print("\(context.text("한 줄", "sentence"))  \(entry.sentence)")
    if !entry.notes.isEmpty {
      console.print("\(context.text("메모", "text"))      \(entry.notes)")
    }
    console.print(
      "\(context.text("즐겨찾기", "favorite"))  \(entry.isFavorite ? context.text("예", "yes") : context.text("아니요", "no"))"
    )
    if let photo = journal.photo(of: entry) {
      switch photo {
      case .stored(let url): console.print("\(context.text("사진", "photo"))     \(url.path)")
      case .missing(let name):
        console.print(
          "\(context.text("사진", "photo"))     \(name) (\(context.text("파일 없음", "file missing")))")
      }
    }
  }

  static func search(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalSearch
    let options = try ParsedOptions(
      arguments, valued: ["--limit"], flags: ["--favorites"], usage: usage)
    guard !options.positionals.isEmpty else { throw .usage("missing QUERY.", usage) }
    let limit = try checkedLimit(options, usage: usage)
    let journal = try context.openJournal()
    let page: JournalPage
    do {
      page = try await journal.search(
        options.positionals.joined(separator: " "),
        in: options.flag("--favorites") ? .favorites : .all, limit: limit)
    } catch {
      throw CLIError(error)
    }
    try print(page.entries, context, single: false)
  }

  static func perfumes(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let options = try ParsedOptions(arguments, usage: Help.journalPerfumes)
    try options.expectPositionals(0...0, "", usage: Help.journalPerfumes)
    let journal = try context.openJournal()
    let perfumes: [PerfumeSummary]
    do {
      perfumes = try await journal.perfumes()
    } catch {
      throw CLIError(error)
    }
    if context.json {
      try context.printJSON(
        perfumes.map {
          PerfumeJSON(
            brand: $0.perfume.brand, name: $0.perfume.name, entries: $0.entryCount,
            lastDate: $0.lastDay.description)
        })
      return
    }
    if perfumes.isEmpty {
      context.console.print(context.text("기록된 향수가 없습니다.", "No perfumes in the journal yet."))
    }
    for summary in perfumes {
      context.console.print(
        "\(summary.lastDay)  \(summary.perfume.brand) — \(summary.perfume.name)  ×\(summary.entryCount)"
      )
    }
  }

  // MARK: - Helpers

  static func print(_ entries: [JournalEntry], _ context: Context, single: Bool) throws(CLIError) {
    if context.json {
      try context.printJSON(entries.map(EntryJSON.init))
      return
    }
    if entries.isEmpty, !single {
      context.console.print(context.text("항목이 없습니다.", "No entries."))
    }
    for entry in entries {
      let star = entry.isFavorite ? "★" : " "
      context.console.print(
        "\(star) \(entry.day)  \(entry.brand) — \(entry.perfumeName): \(entry.sentence)  [\(entry.id)]"
      )
    }
  }

  static func existing(
    _ id: JournalEntry.ID, in journal: JournalRepository
  ) async throws(CLIError) -> JournalEntry {
    do {
      guard let entry = try await journal.entry(id) else {
        throw CLIError.data("No journal entry has the ID \(id).")
      }
      return entry
    } catch let error as CLIError {
      throw error
    } catch let error as JournalError {
      throw CLIError(error)
    } catch {
      throw .data("\(error)")
    }
  }

  static func entryID(_ text: String, usage: String) throws(CLIError) -> JournalEntry.ID {
    guard let uuid = UUID(uuidString: text) else {
      throw .usage("\"\(text.prefix(40))\" is not an entry ID (a UUID).", usage)
    }
    return JournalEntry.ID(uuid)
  }

  static func checkedLimit(_ options: ParsedOptions, usage: String) throws(CLIError) -> Int {
    let limit = try options.integer("--limit", usage: usage) ?? 50
    guard (1...JournalRepository.maximumPageSize).contains(limit) else {
      throw .usage("--limit is between 1 and \(JournalRepository.maximumPageSize).", usage)
    }
    return limit
  }

  static func apply(
    _ options: ParsedOptions, to draft: inout JournalEntryDraft, usage: String
  ) throws(CLIError) {
    if let brand = options.value("--brand") { draft.brand = brand }
    if let name = options.value("--name") { draft.perfumeName = name }
    if let sentence = options.value("--sentence") { draft.sentence = sentence }
    if let text = options.value("--text") { draft.notes = text }
    if options.flag("--favorite") { draft.isFavorite = true }
    if let date = options.value("--date") {
      do {
        draft.day = try CalendarDay(parsing: date)
      } catch {
        throw .usage("--date needs a day as YYYY-MM-DD: \(error.message)", usage)
      }
    }
  }

  static func readPhoto(_ path: String) throws(CLIError) -> Data {
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .data("The photo \(path) cannot be read: \(error.localizedDescription)")
    }
  }
}

/// A journal entry as JSON.
struct EntryJSON: Encodable {
  let id: String
  let date: String
  let brand: String
  let name: String
  let text: String
  let sentence: String
  let favorite: Bool
  let photo: String?

  init(_ entry: JournalEntry) {
    id = entry.id.description
    date = entry.day.description
    brand = entry.brand
    name = entry.perfumeName
    text = entry.notes
    sentence = entry.sentence
    favorite = entry.isFavorite
    photo = entry.photo?.rawValue
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(date, forKey: .date)
    try container.encode(brand, forKey: .brand)
    try container.encode(name, forKey: .name)
    try container.encode(text, forKey: .text)
    try container.encode(sentence, forKey: .sentence)
    try container.encode(favorite, forKey: .favorite)
    try container.encode(photo, forKey: .photo)
  }

  enum CodingKeys: String, CodingKey {
    case id, date, brand, name, text, sentence, favorite, photo
  }
}

/// A perfume of the journal as JSON.
struct PerfumeJSON: Encodable {
  let brand: String
  let name: String
  let entries: Int
  let lastDate: String
}
