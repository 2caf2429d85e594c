import Foundation
import HaruJournal
import HaruJournalTesting
import HaruModels
import HaruShared
import HaruTesting

/// A journal over an in-memory store, with photos in a temporary folder, and a manual clock.
final class JournalFixture: Sendable {
  let directory: URL
  let journal: JournalRepository
  let clock = ManualClock()
  static let day: CalendarDay =
    (try? CalendarDay(year: 2026, month: 11, day: 30))
    ?? CalendarDay(containing: Date(timeIntervalSince1970: 0), in: CalendarDay.koreaTimeZone)

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("haru-viewmodels-\(UUID().uuidString)", isDirectory: true)
    // Each entry is created a second after the one before, so the order is fixed.
    let ticks = LockedState(0.0)
    journal = try JournalRepository(
      store: InMemoryJournalStore(), directory: directory,
      now: {
        ticks.withLock { tick in
          tick += 1
          return Date(timeIntervalSince1970: 1_800_000_000 + tick)
        }
      })
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Adds an entry and returns it.
  @discardableResult
  func add(
    _ brand: String, _ name: String, sentence: String = "좋은 향", favorite: Bool = false,
    photo: Data? = nil
  ) async throws -> JournalEntry {
    let draft = JournalEntryDraft(
      day: Self.day, brand: brand, perfumeName: name, sentence: sentence, isFavorite: favorite)
    return try await journal.add(draft, photo: photo)
  }

  /// The smallest bytes the journal reads as a PNG picture.
  static let png = Data(
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 24))
}
