// HaruJournalViewModels alone: the journal's list view model searches as a person types.

import Foundation
import HaruJournal
import HaruJournalViewModels
import HaruModels
import HaruViewModelCore
import SampleJournal

@MainActor
func show(_ journal: JournalRepository) async {
  let screen = ScreenState(
    JournalListViewModel(journal: journal, language: .korean), input: .init())
  screen.input.search.send("ㅈㅁ")
  for await entries in screen.output.entries where !entries.isEmpty {
    print("journal screen: \(entries.map(\.perfumeName))")
    return
  }
}

do {
  let sample = try await SampleJournal()
  defer { sample.remove() }
  await show(sample.journal)
} catch {
  print("journal screens failed: \(error)")
  exit(1)
}
