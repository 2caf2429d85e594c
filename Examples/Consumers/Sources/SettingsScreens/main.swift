// HaruSettingsViewModels alone: the towns screen finds a town by the name people type.

import Foundation
import HaruModels
import HaruPlaces
import HaruSettings
import HaruSettingsViewModels
import HaruViewModelCore

@MainActor
func show() async throws {
  let settings = try SettingsStore(backend: InMemoryPreferencesBackend())
  let screen = ScreenState(TownsViewModel(settings: settings, language: .korean), input: .init())
  screen.input.search.send("용인 성복")
  for await suggestions in screen.output.suggestions where !suggestions.isEmpty {
    print("towns screen: \(suggestions.map(\.name))")
    return
  }
}

do {
  try await show()
} catch {
  print("settings screens failed: \(error)")
  exit(1)
}
