// Prints the short-term forecast for Seoul City Hall from a sample answer bundled with this
// tool, through the real KMA client: no network, no service key.

import Foundation
import HaruForecast
// HaruForecast's API is written in HaruModels types (a town, a day's forecast) and imports that
// module publicly, so it is built with the product; this tool declares no other product.
import HaruModels

guard let sampleURL = Bundle.module.url(forResource: "getVilageFcst", withExtension: "json"),
  let sample = try? Data(contentsOf: sampleURL)
else {
  FileHandle.standardError.write(Data("forecast-now: the bundled sample is missing\n".utf8))
  exit(1)
}

// 2026-11-30 01:00 in Seoul: the newest short-term run then is the 23:00 run of the day
// before, the one the sample holds.
let oneInTheMorning = Date(timeIntervalSince1970: 1_795_968_000)
let client = KMAClient(
  serviceKey: "not-a-real-key",
  transport: BundledSampleTransport(sample: sample, baseDate: "20261129", baseTime: "2300"),
  now: { oneInTheMorning })

let town = Town.seoulCityHall
do {
  let forecast = try await client.dailyForecast(for: town.gridPoint)
  print("\(town.name) (\(town.gridPoint)), \(forecast.run), sample data:")
  for day in forecast.days {
    let low = day.minimum?.temperature.formatted(in: .celsius) ?? "–"
    let high = day.maximum?.temperature.formatted(in: .celsius) ?? "–"
    let sky = day.sky?.displayName(in: .english) ?? "–"
    let chance = day.precipitationProbability?.formatted ?? "–"
    print("\(day.day)  \(low) / \(high)  \(sky), precipitation \(chance)")
  }
} catch {
  FileHandle.standardError.write(Data("forecast-now: \(error.code): \(error.message)\n".utf8))
  exit(1)
}
