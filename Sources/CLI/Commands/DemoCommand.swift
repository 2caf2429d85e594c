import Foundation
import HaruForecast
import HaruJournal
import HaruModels
import HaruPlaces
import HaruSettings

/// `haru demo`: a short tour on bundled samples, in a temporary data folder, with no network.
enum DemoCommand {
  static func run(_ arguments: [String], _ outer: Context) async throws(CLIError) {
    let options = try ParsedOptions(arguments, usage: Help.demo)
    try options.expectPositionals(0...0, usage: Help.demo)
    if outer.json {
      throw .usage(Text(.demoNoJSON), Help.demo)
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("haru-demo-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let context = Context(
      dataDirectory: folder, json: false, language: outer.language,
      environment: outer.environment, console: outer.console)
    let console = context.console

    console.print(context.text(.aTourOfHaru))
    console.print(
      context.text(.noNetworkAndNoService))
    console.print("  \(folder.path)")

    // 1. Settings, written and read back.
    heading(1, context.text(.settingsWrittenThenReadBack), console)
    let store = try context.openSettings()
    do {
      try store.set(.dark, for: .themeMode)
      try store.set(.cat, for: .petType)
      try await store.flush()
    } catch {
      throw CLIError(error)
    }
    let reread = try context.openSettings()
    for key in SettingsCommand.keys {
      let value = SettingsCommand.value(of: key, in: reread)
      console.print("  \(pad(key, 6))\(pad(value.raw, 9))\(value.display(context.language))")
    }
    console.print("  (\(context.settingsFile.lastPathComponent))")

    // 2. Towns, found by name or by their initial consonants in KMA's table.
    heading(2, context.text(.townsFoundByNameOr), console)
    let query = "용인 ㅅㅂㄷ"
    console.print(context.text(.searchingFor, "\(query)"))
    for place in PlaceDirectory().search(query, limit: 5) {
      console.print("    " + TownsPlacesCommand.line(place))
    }
    console.print(
      context.text(.addingItsGridCellAnd))
    let town = try TownsPlacesCommand.town(for: "성복동")
    try await TownsCommand.change(reread) { (towns) throws(SettingsError) in
      try towns.add(town, makeCurrent: false)
    }
    try TownsCommand.show(reread[.savedTowns], context)

    // 3. Ten days for Seoul, from the samples.
    heading(3, context.text(.tenDaysInSeoul), console)
    console.print("  " + SampleData.label(context.language))
    console.print(
      context.text(.todayToDayFromThe))
    let outlook = try await ForecastCommand.fetch(
      town: Town.seoulCityHall, from: .samples(.kma), now: nil, cacheDirectory: nil)
    try ForecastCommand.show(outlook, days: 11, unit: reread[.temperatureUnit], context)

    // 4. The scent journal.
    heading(
      4, context.text(.theScentJournalAddedSearched),
      console)
    let journal = try context.openJournal()
    let samples: [(String, String, String, String, Bool)] = [
      ("2026-10-02", "Le Labo", "Rose 31", "장미향인데 나무 냄새가 오래 남는다", true),
      ("2026-10-03", "Diptyque", "Philosykos", "손으로 짓이긴 무화과 잎 냄새", false),
      ("2026-10-04", "Jo Malone", "Wild Bluebell", "비 온 뒤 들판, 들장미향이 살짝", false),
    ]
    for (date, brand, name, sentence, isFavorite) in samples {
      do {
        let draft = JournalEntryDraft(
          day: try CalendarDay(parsing: date), brand: brand, perfumeName: name,
          sentence: sentence, isFavorite: isFavorite)
        _ = try await journal.add(draft)
      } catch let error as JournalError {
        throw CLIError(error)
      } catch {
        throw .data(Text(.unexpectedError, "\(error)"))
      }
    }
    console.print(context.text(.everyEntryNewestFirst))
    let all = try await page { () async throws(JournalError) in try await journal.entries(in: .all)
    }
    try JournalCommand.print(all.entries, context, single: false)
    console.print(
      context.text(.whileTypingRoseInitialConsonants))
    for typed in ["ㅈ", "자", "장", "장ㅁ", "장미"] {
      let found = try await page { () async throws(JournalError) in try await journal.search(typed)
      }
      let names = found.entries.map(\.perfumeName).joined(separator: ", ")
      console.print("    \(pad(typed, 5))\(found.entries.count)  \(names)")
    }
    let archive = folder.appendingPathComponent("journal-export", isDirectory: true)
    let report: JournalExportReport
    do {
      report = try await journal.export(to: archive)
    } catch {
      throw CLIError(error)
    }
    console.print(
      context.text(
        .exportedEntriesToAnArchive, "\(report.entryCount)", "\(archive.lastPathComponent)"))

    console.print("")
    console.print(context.text(.nextOnYourOwnData))
    let comment = { (key: Message) in "# " + context.text(key) }
    let steps: [(String, String)] = [
      (
        "haru towns search \"용인 ㅅㅂㄷ\"",
        comment(.demoFindTown)
      ),
      ("haru towns add 성복동", comment(.demoFollowTown)),
      ("haru forecast --offline", comment(.demoSampleData)),
      (
        "HARU_KMA_SERVICE_KEY=… haru forecast",
        comment(.demoTenDays)
      ),
      ("HARU_KMA_SERVICE_KEY=… haru air", comment(.demoAirQuality)),
      (
        "haru journal add --brand \"Le Labo\" --name \"Santal 33\" --sentence \"…\"",
        comment(.demoTestStrip)
      ),
      ("haru journal search sant", comment(.demoSearch)),
      ("haru journal export ~/haru-journal", comment(.demoExport)),
      ("haru help", ""),
    ]
    for (command, note) in steps {
      console.print("  " + (note.isEmpty ? command : pad(command, 44) + note))
    }
  }

  static func heading(_ number: Int, _ title: String, _ console: Console) {
    console.print("")
    console.print("\(number). \(title)")
  }

  static func page(
    _ read: () async throws(JournalError) -> JournalPage
  ) async throws(CLIError) -> JournalPage {
    do {
      return try await read()
    } catch {
      throw CLIError(error)
    }
  }
}
