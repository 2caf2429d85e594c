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
      throw .usage(Text(.journalMissingAction), Help.journal)
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
    case "export": try await JournalArchiveCommand.export(rest, context)
    case "check": try await check(rest, context)
    case "watch": try await watch(rest, context)
    default:
      throw .usage(Text(.journalUnknownAction, String(action.prefix(20))), Help.journal)
    }
  }

  // MARK: - Writing

  static func add(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalAdd
    let options = try ParsedOptions(
      arguments, valued: entryOptions, flags: ["--favorite"], usage: usage)
    try options.expectPositionals(0...0, usage: usage)
    for required in ["--brand", "--name", "--sentence"] where options.value(required) == nil {
      throw .usage(Text(.missingOption, required), usage)
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
    try options.expectPositionals(1...1, .missingEntryID, usage: usage)
    let id = try entryID(options.positionals[0], usage: usage)
    if options.has("--photo"), options.flag("--remove-photo") {
      throw .usage(Text(.photoOrRemove), usage)
    }
    let edits = try Edits(options, usage: usage)
    guard edits.changesAnything || options.has("--photo") || options.flag("--remove-photo") else {
      throw .usage(Text(.editNothing), usage)
    }
    var change = JournalPhotoChange.keep
    if let path = options.value("--photo") {
      change = .replace(try readPhoto(path))
    } else if options.flag("--remove-photo") {
      change = .remove
    }
    let journal = try context.openJournal()
    let entry: JournalEntry
    do {
      // Only the fields given change, on top of the entry as stored when the edit is written, so
      // an edit of another field by another process at the same time is kept.
      entry = try await journal.update(id, photo: change) { draft in edits.apply(to: &draft) }
    } catch {
      throw CLIError(error)
    }
    try print([entry], context, single: true)
  }

  static func favorite(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalFavorite
    let options = try ParsedOptions(arguments, flags: ["--off"], usage: usage)
    try options.expectPositionals(1...1, .missingEntryID, usage: usage)
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
    try options.expectPositionals(1...1, .missingEntryID, usage: usage)
    let id = try entryID(options.positionals[0], usage: usage)
    let journal = try context.openJournal()
    let entry: JournalEntry
    do {
      entry = try await journal.delete(id)
    } catch JournalError.Code.corruptEntry {
      // A row that no longer reads as an entry can still be deleted by its ID.
      do {
        try await journal.deleteUnreadable(id)
      } catch {
        throw CLIError(error)
      }
      if context.json {
        try context.printJSON(["id": id.description])
      } else {
        context.console.print(context.text(.deleted) + id.description)
      }
      return
    } catch {
      throw CLIError(error)
    }
    if context.json {
      try context.printJSON(EntryJSON(entry))
    } else {
      context.console.print(context.text(.deleted) + entry.id.description)
    }
  }

  // MARK: - Reading

  static func list(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalList
    let options = try ParsedOptions(
      arguments, valued: ["--limit", "--after"], flags: ["--favorites", "--all"], usage: usage)
    try options.expectPositionals(0...0, usage: usage)
    let list: JournalList = options.flag("--favorites") ? .favorites : .all
    if options.flag("--all") {
      if options.has("--limit") || options.has("--after") {
        throw .usage(Text(.listAllAlone), usage)
      }
      try await listAll(list, context)
      return
    }
    let limit = try checkedLimit(options, usage: usage)
    let journal = try context.openJournal()
    var cursor: JournalCursor?
    if let after = options.value("--after") {
      let id = try entryID(after, usage: usage)
      let entry = try await existing(id, in: journal)
      cursor = JournalCursor(after: entry)
    }
    let page: JournalPage
    do {
      page = try await journal.entries(in: list, after: cursor, limit: limit)
    } catch {
      throw CLIError(error)
    }
    reportUnreadable(page, context)
    try print(page.entries, context, single: false)
  }

  /// Every entry, newest first, a page at a time: printed as it is read, or as one JSON array.
  static func listAll(_ list: JournalList, _ context: Context) async throws(CLIError) {
    let journal = try context.openJournal()
    var cursor: JournalCursor?
    var printedAny = false
    if context.json { context.console.write("[") }
    repeat {
      let page: JournalPage
      do {
        page = try await journal.entries(
          in: list, after: cursor, limit: JournalRepository.maximumPageSize)
      } catch {
        if context.json { context.console.write("]\n") }
        throw CLIError(error)
      }
      reportUnreadable(page, context)
      for entry in page.entries {
        if context.json {
          context.console.write((printedAny ? ",\n" : "\n") + (try compactJSON(EntryJSON(entry))))
        } else {
          try print([entry], context, single: true)
        }
        printedAny = true
      }
      cursor = page.nextCursor
    } while cursor != nil
    if context.json {
      context.console.write(printedAny ? "\n]\n" : "]\n")
    } else if !printedAny {
      try print([], context, single: false)
    }
  }

  /// Tells on standard error which rows of a page were left out because they no longer read.
  static func reportUnreadable(_ page: JournalPage, _ context: Context) {
    for problem in page.unreadable {
      let id = problem.entryID.map { " \($0)" } ?? ""
      context.console.printError(
        context.text(.reportWarning, context.text(.skippedUnreadable, id, problem.message)))
    }
  }

  static func compactJSON(_ value: some Encodable) throws(CLIError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw .data(Text(.jsonFailed, "\(error)"))
    }
  }

  /// `haru journal watch`: the page on one line of JSON at start and after every change to it,
  /// from any process, until interrupted.
  static func watch(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalWatch
    let options = try ParsedOptions(
      arguments, valued: ["--limit"], flags: ["--favorites"], usage: usage)
    try options.expectPositionals(0...0, usage: usage)
    let limit = try checkedLimit(options, usage: usage)
    let journal = try context.openJournal()
    let pages: ValueObservation<Result<JournalPage, JournalError>>
    do {
      pages = try await journal.observation(
        of: options.flag("--favorites") ? .favorites : .all, limit: limit)
    } catch {
      throw CLIError(error)
    }
    for await value in pages {
      switch value {
      case .success(let page):
        reportUnreadable(page, context)
        context.console.print(try compactJSON(page.entries.map(EntryJSON.init)))
      case .failure(let error):
        context.console.printError(context.text(.reportWarning, error.description))
      }
    }
  }

  /// `haru journal check`: SQLite's check of the whole file and the search index's own check.
  /// Exit status 0 when sound, 3 when damaged.
  static func check(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalCheck
    let options = try ParsedOptions(arguments, usage: usage)
    try options.expectPositionals(0...0, usage: usage)
    let journal = try context.openJournal()
    let result: JournalVerification
    do {
      result = try await journal.verify()
    } catch {
      throw CLIError(error)
    }
    if context.json {
      try context.printJSON(CheckJSON(sound: result.isSound, problems: result.problems))
    } else if result.isSound {
      context.console.print(context.text(.theJournalIsSound))
    } else {
      for problem in result.problems {
        context.console.print(problem)
      }
    }
    guard result.isSound else {
      throw .data(
        Text(.journalDamaged, context.journalDirectory.path, String(result.problems.count)))
    }
  }

  static func show(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalShow
    let options = try ParsedOptions(arguments, usage: usage)
    try options.expectPositionals(1...1, .missingEntryID, usage: usage)
    let id = try entryID(options.positionals[0], usage: usage)
    let journal = try context.openJournal()
    let entry = try await existing(id, in: journal)
    if context.json {
      try context.printJSON([EntryJSON(entry)])
      return
    }
    let console = context.console
    // The labels are padded by terminal columns: a Hangul syllable takes two.
    func row(_ label: Message, _ value: String) {
      console.print(pad(context.text(label), 10) + value)
    }
    console.print("\(entry.id)")
    row(.date, entry.day.description)
    row(.brand, entry.brand)
    row(.name, entry.perfumeName)
    row(.sentence, entry.sentence)
    if !entry.notes.isEmpty { row(.text, entry.notes) }
    row(.favorite, context.text(entry.isFavorite ? .yes : .no))
    if let photo = journal.photo(of: entry) {
      switch photo {
      case .stored(let url): row(.photo, url.path)
      case .missing(let name): row(.photo, "\(name) (\(context.text(.fileMissing)))")
      }
    }
  }

  static func search(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let usage = Help.journalSearch
    let options = try ParsedOptions(
      arguments, valued: ["--limit", "--brand", "--name"], flags: ["--favorites"], usage: usage)
    guard !options.positionals.isEmpty else { throw .usage(Text(.missingQuery), usage) }
    let list = try journalList(options, usage: usage)
    let limit = try checkedLimit(options, usage: usage)
    let journal = try context.openJournal()
    let page: JournalPage
    do {
      page = try await journal.search(
        options.positionals.joined(separator: " "), in: list, limit: limit)
    } catch {
      throw CLIError(error)
    }
    reportUnreadable(page, context)
    try print(page.entries, context, single: false)
  }

  /// The list the options name: the favorites with `--favorites`, one perfume with `--brand B
  /// --name N` (trimmed, as entries store them), otherwise every entry.
  static func journalList(_ options: ParsedOptions, usage: String) throws(CLIError) -> JournalList {
    let brand = options.value("--brand")?.trimmingCharacters(in: .whitespacesAndNewlines)
    let name = options.value("--name")?.trimmingCharacters(in: .whitespacesAndNewlines)
    switch (brand, name) {
    case (nil, nil):
      return options.flag("--favorites") ? .favorites : .all
    case (let brand?, let name?):
      if options.flag("--favorites") {
        throw .usage(Text(.favoritesOrPerfume), usage)
      }
      guard !brand.isEmpty, !name.isEmpty else {
        throw .usage(Text(.perfumeNeedsBoth), usage)
      }
      return .perfume(Perfume(brand: brand, name: name))
    case (nil, _?):
      throw .usage(Text(.nameNeedsBrand), usage)
    case (_?, nil):
      throw .usage(Text(.brandNeedsName), usage)
    }
  }

  static func perfumes(_ arguments: [String], _ context: Context) async throws(CLIError) {
    let options = try ParsedOptions(arguments, usage: Help.journalPerfumes)
    try options.expectPositionals(0...0, usage: Help.journalPerfumes)
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
      context.console.print(context.text(.noPerfumesInTheJournal))
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
      context.console.print(context.text(.noEntries))
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
        throw CLIError.data(Text(.entryNotFound, id.description))
      }
      return entry
    } catch let error as CLIError {
      throw error
    } catch let error as JournalError {
      throw CLIError(error)
    } catch {
      throw .data(Text(.unexpectedError, "\(error)"))
    }
  }

  static func entryID(_ text: String, usage: String) throws(CLIError) -> JournalEntry.ID {
    guard let uuid = UUID(uuidString: text) else {
      throw .usage(Text(.notAnEntryID, String(text.prefix(40))), usage)
    }
    return JournalEntry.ID(uuid)
  }

  static func checkedLimit(_ options: ParsedOptions, usage: String) throws(CLIError) -> Int {
    let limit = try options.integer("--limit", usage: usage) ?? 50
    guard (1...JournalRepository.maximumPageSize).contains(limit) else {
      throw .usage(Text(.limitRange, String(JournalRepository.maximumPageSize)), usage)
    }
    return limit
  }

  static func apply(
    _ options: ParsedOptions, to draft: inout JournalEntryDraft, usage: String
  ) throws(CLIError) {
    try Edits(options, usage: usage).apply(to: &draft)
  }

  /// The fields an `add` or `edit` command line gives, checked once; the others stay as they are.
  struct Edits: Sendable {
    var brand: String?
    var name: String?
    var sentence: String?
    var text: String?
    var favorite = false
    var day: CalendarDay?

    init(_ options: ParsedOptions, usage: String) throws(CLIError) {
      brand = options.value("--brand")
      name = options.value("--name")
      sentence = options.value("--sentence")
      text = options.value("--text")
      favorite = options.flag("--favorite")
      if let date = options.value("--date") {
        do {
          day = try CalendarDay(parsing: date)
        } catch {
          throw .usage(Text(.dateFormat, error.message), usage)
        }
      }
    }

    /// Whether any field is given.
    var changesAnything: Bool {
      brand != nil || name != nil || sentence != nil || text != nil || favorite || day != nil
    }

    func apply(to draft: inout JournalEntryDraft) {
      if let brand { draft.brand = brand }
      if let name { draft.perfumeName = name }
      if let sentence { draft.sentence = sentence }
      if let text { draft.notes = text }
      if favorite { draft.isFavorite = true }
      if let day { draft.day = day }
    }
  }

  static func readPhoto(_ path: String) throws(CLIError) -> Data {
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .data(Text(.photoUnreadable, path, error.localizedDescription))
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

/// The result of `haru journal check` as JSON.
struct CheckJSON: Encodable {
  let sound: Bool
  let problems: [String]
}

/// A perfume of the journal as JSON.
struct PerfumeJSON: Encodable {
  let brand: String
  let name: String
  let entries: Int
  let lastDate: String
}
