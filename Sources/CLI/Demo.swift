import Foundation
import HaruModels
import HaruSettings

/// A short tour of what the SDK does, on embedded data, with no network.
enum Demo {
  static let usage = """
    usage: haru <command>

    commands:
      demo     a short tour of Haru on embedded data (no network, no key)
      help     this text
    """

  static func run() async {
    let language = DisplayLanguage(locale: .current)
    print("Haru — a tour on embedded data (no network, no service key)\n")

    print("1. Towns and the KMA forecast grid")
    let places: [(String, Double, Double)] = [
      ("서울특별시청", 37.5665, 126.9780),
      ("부산", 35.1770194, 129.0769528),
      ("제주시", 33.4996213, 126.5311884),
    ]
    for (name, latitude, longitude) in places {
      do {
        let town = try Town(
          name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude))
        print("   \(town.name): \(latitude), \(longitude) → grid \(town.gridPoint)")
      } catch {
        print("   \(name): \(error)")
      }
    }
    do {
      _ = try GridPoint(containing: Coordinate(latitude: 48.8566, longitude: 2.3522))
    } catch {
      print("   Paris: \(error.code) — \(error.message)")
    }

    print("\n2. Temperatures in either unit")
    for celsius in [-3.6, 0.4, 23.0] {
      guard let temperature = try? Temperature(celsius: celsius) else { continue }
      print(
        "   \(celsius) °C → \(temperature.formatted(in: .celsius)) / "
          + temperature.formatted(in: .fahrenheit))
    }

    print("\n3. Weather words in Korean and English")
    for sky in Sky.allCases {
      print("   \(sky.displayName(in: .korean)) / \(sky.displayName(in: .english))")
    }
    for text in ["강수없음", "1mm 미만", "30.0~50.0mm", "50.0mm 이상"] {
      let amount = PrecipitationAmount(parsing: text)
      print("   \"\(text)\" → \(amount.formatted(in: language))")
    }

    print("\n4. A journal entry is validated as it is made")
    let today = CalendarDay(containing: Date(), in: CalendarDay.koreaTimeZone)
    var draft = JournalEntryDraft(day: today, brand: "Le Labo", perfumeName: "Rose 31")
    print("   without a sentence: \(draft.validationErrors.map(\.description))")
    draft.sentence = "장미향인데 나무 냄새가 오래 남는다"
    if let entry = try? JournalEntry(draft: draft, createdAt: Date()) {
      print("   saved: \(entry.day) \(entry.brand) — \(entry.perfumeName): \(entry.sentence)")
    }

    print("\n5. Observation: the current value first, then each change")
    let unit = ValueSubject(TemperatureUnit.celsius)
    let observation = unit.observation
    var iterator = observation.makeAsyncIterator()
    if let first = await iterator.next() {
      print("   first: \(first.displayName(in: language))")
    }
    unit.send(.fahrenheit)
    if let next = await iterator.next() {
      print("   then:  \(next.displayName(in: language))")
    }

    print("\n6. Settings: written, observed, saved to a file and read back")
    await settingsTour()

    print("\nForecasts (HaruForecast) and the scent journal (HaruJournal) are in the libraries;")
    print("see the README. Their haru subcommands come next.")
  }

  static func settingsTour() async {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("haru-demo-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("settings.json")
    do {
      let store = try SettingsStore(backend: FilePreferencesBackend(fileURL: file))
      print(
        "   before: \(store[.temperatureUnit]), \(store[.petType]), \(store[.savedTowns].current.name)"
      )
      try store.set(.fahrenheit, for: .temperatureUnit)
      try store.set(.cat, for: .petType)
      let busan = try Town(
        name: "부산", coordinate: Coordinate(latitude: 35.1770194, longitude: 129.0769528))
      try store.update(.savedTowns) { try $0.add(busan) }
      do {
        try store.update(.savedTowns) { towns in
          try towns.add(Town(name: "제주", gridPoint: GridPoint(nx: 53, ny: 38)))
          try towns.add(Town(name: "대구", gridPoint: GridPoint(nx: 89, ny: 90)))
        }
      } catch {
        print("   a fourth town: \(error)")
      }
      try await store.flush()
      print(
        "   after:  \(store[.temperatureUnit]), \(store[.petType]), \(store[.savedTowns].current.name)"
      )
      let saved = try String(contentsOf: file, encoding: .utf8)
      print("   \(file.lastPathComponent):")
      for line in saved.split(separator: "\n").prefix(12) {
        print("     \(line)")
      }
    } catch {
      print("   settings failed: \(error)")
    }
  }
}
