// HaruWeatherViewModels alone: the weather screen's view model shows Seoul from a sample answer.

import Foundation
import HaruForecast
import HaruModels
import HaruSettings
import HaruViewModelCore
import HaruWeatherViewModels
import SampleForecast

@MainActor
func show() async throws {
  let settings = try SettingsStore(backend: InMemoryPreferencesBackend())
  let screen = ScreenState(
    WeatherViewModel(settings: settings, forecast: try SampleForecast.service(), language: .korean),
    input: .init())
  screen.input.appear.send()
  for await report in screen.output.report {
    guard let report else { continue }
    let days = report.days.map { "\($0.title) \($0.minimum ?? "–")/\($0.maximum ?? "–")" }
    print("weather: \(report.townName) \(days)")
    return
  }
}

do {
  try await show()
} catch {
  print("weather failed: \(error)")
  exit(1)
}
