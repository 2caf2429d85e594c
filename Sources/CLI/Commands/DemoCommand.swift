import Foundation
import HaruForecast
import HaruJournal
import HaruModels
import HaruSettings

/// `haru demo`: a short tour on bundled samples, in a temporary data folder, with no network.
enum DemoCommand {
  static func run(_ arguments: [String], _ outer: Context) async throws(CLIError) {
    let options = try ParsedOptions(arguments, usage: Help.demo)
    try options.expectPositionals(0...0, "", usage: Help.demo)
    if outer.json {
      throw .usage("the demo is a tour for people and has no --json output.", Help.demo)
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

    // 2. Towns: a coordinate becomes a KMA grid cell.
    heading(
      2, t("동네: 위경도를 기상청 격자로", "Towns: a latitude and longitude become a KMA grid cell"), console)
    let busan = try TownPicker.make(name: "부산", .coordinate(35.1770194, 129.0769528))
    try await TownsCommand.change(reread) { (towns) throws(SettingsError) in
      try towns.add(busan, makeCurrent: false)
    }
    try TownsCommand.show(reread[.savedTowns], context)

    // 3. The forecast for Seoul, from the samples.
    heading(3, t("서울의 날씨", "The weather in Seoul"), console)
    console.print("  " + SampleData.label(context.language))
    let outlook = try await ForecastCommand.fetch(
      town: Town.seoulCityHall, from: .samples(.kma), now: nil, cacheDirectory: nil)
    try ForecastCommand.show(outlook, days: 10, unit: reread[.temperatureUnit], context)

    // 4. The scent journal.
    heading(4, t("향기 일기: 쓰고, 보고, 찾기", "The scent journal: added, listed, searched"), console)
    let journal = try context.openJournal()
    let samples: [(String, String, String, String, Bool)] = [
      ("2026-11-18", "Le Labo", "Rose 31", "장미향인데 나무 냄새가 오래 남는다", true),
      ("2026-11-19", "Diptyque", "Philosykos", "무화과 잎을 손으로 비빈 냄새", false),
      ("2026-11-20", "Jo Malone", "Wild Bluebell", "비 온 뒤 들판, 들장미향이 살짝", false),
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
        throw .data("\(error)")
      }
    }
    console.print(t("  모든 항목, 최근 것부터:", "  Every entry, newest first:"))
    let all = try await page { () async throws(JournalError) in try await journal.entries(in: .all)
    }
    try JournalCommand.print(all.entries, context, single: false)
    console.print(
      t(
        "  \"장미\" 찾기 (낱말 속의 두 음절도 찾습니다):",
        "  Searching for \"장미\" (rose), found inside longer words too:"))
    let found = try await page { () async throws(JournalError) in try await journal.search("장미") }
    try JournalCommand.print(found.entries, context, single: false)

    console.print("")
    console.print(t("다음에 해 볼 것:", "Next, on your own data:"))
    console.print("  haru towns add 제주 --lat 33.4996 --lon 126.5312")
    console.print("  haru forecast --offline        " + t("# 샘플 데이터", "# sample data"))
    console.print("  HARU_KMA_SERVICE_KEY=… haru forecast --town 제주")
    console.print("  haru journal add --brand \"Le Labo\" --name \"Santal 33\" --sentence \"…\"")
    console.print("  haru help")
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
