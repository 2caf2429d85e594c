import Foundation
import HaruModels

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

    print("\nSettings, forecasts and the journal store arrive module by module; see the README.")
  }
}
