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
    let t = context.text

    console.print(t("하루 둘러보기", "A tour of Haru"))
    console.print(
      t(
        "네트워크도 서비스 키도 쓰지 않습니다. 데이터는 임시 폴더에 두었다가 끝나면 지웁니다:",
        "No network and no service key. Everything is kept in a temporary folder, removed at the end:"
      ))
    console.print("  \(folder.path)")

    // 1. Settings, written and read back.
    heading(1, t("설정: 저장하고 다시 읽기", "Settings: written, then read back from the file"), console)
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
    heading(2, t("동네: 이름이나 초성으로 찾기", "Towns: found by name or by initial consonants"), console)
    let query = "용인 ㅅㅂㄷ"
    console.print(t("  \"\(query)\" 찾기:", "  Searching for \"\(query)\":"))
    for place in PlaceDirectory().search(query, limit: 5) {
      console.print("    " + TownsPlacesCommand.line(place))
    }
    console.print(
      t(
        "  \"성복동\" 더하기 (격자와 중기예보 구역은 기상청 표에서):",
        "  Adding \"성복동\" (its grid cell and mid-term regions come from KMA's table):"))
    let town = try TownsPlacesCommand.town(for: "성복동")
    try await TownsCommand.change(reread) { (towns) throws(SettingsError) in
      try towns.add(town, makeCurrent: false)
    }
    try TownsCommand.show(reread[.savedTowns], context)

    // 3. Ten days for Seoul, from the samples.
    heading(3, t("서울의 열흘", "Ten days in Seoul"), console)
    console.print("  " + SampleData.label(context.language))
    console.print(
      t(
        "  오늘부터 3일 뒤까지는 단기예보, 4–10일째는 중기예보: 7일째까지 오전·오후, 그 뒤는 하루 하나.",
        "  Today to day 3 from the short-term forecast, days 4–10 from the mid-term forecast: "
          + "오전/오후 (morning, afternoon) to day 7, one value a day after."))
    let outlook = try await ForecastCommand.fetch(
      town: Town.seoulCityHall, from: .samples(.kma), now: nil, cacheDirectory: nil)
    try ForecastCommand.show(outlook, days: 11, unit: reread[.temperatureUnit], context)

    // 4. The scent journal.
    heading(
      4, t("향기 일기: 쓰고, 치는 대로 찾고, 내보내기", "The scent journal: added, searched as typed, exported"),
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
    console.print(t("  모든 항목, 최근 것부터:", "  Every entry, newest first:"))
    let all = try await page { () async throws(JournalError) in try await journal.entries(in: .all)
    }
    try JournalCommand.print(all.entries, context, single: false)
    console.print(
      t(
        "  \"장미\"를 치는 동안 (초성, 덜 친 글자, 낱말 속의 두 음절도 찾습니다):",
        "  While typing \"장미\" (rose): initial consonants, a half-typed syllable and two "
          + "syllables inside longer words are found too:"))
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
      t(
        "  내보내기: 항목 \(report.entryCount)개를 \(archive.lastPathComponent)/ 에 (다시 읽을 수 있는 보관본)",
        "  Exported: \(report.entryCount) entries to \(archive.lastPathComponent)/, an archive "
          + "haru journal import reads back"))

    console.print("")
    console.print(t("다음에 해 볼 것:", "Next, on your own data:"))
    let comment = { (korean: String, english: String) in "# " + t(korean, english) }
    let steps: [(String, String)] = [
      (
        "haru towns search \"용인 ㅅㅂㄷ\"",
        comment("이름이나 초성으로 동네 찾기", "find a town by name or initials")
      ),
      ("haru towns add 성복동", comment("따라갈 동네 (세 곳까지)", "follow it (up to three towns)")),
      ("haru forecast --offline", comment("위의 샘플 데이터", "the sample data above")),
      (
        "HARU_KMA_SERVICE_KEY=… haru forecast",
        comment("지금 동네의 열흘, 미세먼지와 함께", "the current town's ten days, with air quality")
      ),
      ("HARU_KMA_SERVICE_KEY=… haru air", comment("미세먼지와 측정소", "air quality and its stations")),
      (
        "haru journal add --brand \"Le Labo\" --name \"Santal 33\" --sentence \"…\"",
        comment("시향지 한 장", "one test strip")
      ),
      ("haru journal search sant", comment("치는 대로 찾기", "search as you type")),
      ("haru journal export ~/haru-journal", comment("보관본으로 내보내기", "export an archive")),
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
