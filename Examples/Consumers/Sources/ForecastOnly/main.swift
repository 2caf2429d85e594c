// HaruForecast alone: Seoul's outlook from a sample answer, through the real KMA client.

import Foundation
import HaruForecast
import HaruModels
import SampleForecast

do {
  let outlook = try await SampleForecast.service().outlook(for: .seoulCityHall)
  for day in outlook.days {
    let low = day.minimum?.temperature.formatted(in: .celsius) ?? "–"
    let high = day.maximum?.temperature.formatted(in: .celsius) ?? "–"
    print("forecast: \(day.day) \(low) / \(high)")
  }
} catch {
  print("forecast failed: \(error)")
  exit(1)
}
