// HaruJournal alone: a journal in a temporary folder, one entry added and found by its 초성.

import Foundation
import HaruJournal
import HaruModels
import SampleJournal

do {
  let sample = try await SampleJournal()
  defer { sample.remove() }
  let page = try await sample.journal.search("ㅈㅁ")
  print("journal: \(page.entries.map(\.perfumeName))")
} catch {
  print("journal failed: \(error)")
  exit(1)
}
