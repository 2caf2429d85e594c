import Foundation
public import HaruJournal
import HaruModels

/// A journal in a temporary folder that holds one entry, 자몽 by 조말론, for the tools to show.
public struct SampleJournal: Sendable {
  /// The journal.
  public let journal: JournalRepository
  private let folder: URL

  /// Opens a journal in a new temporary folder and adds the entry.
  public init() async throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("haru-consumer-\(UUID().uuidString)", isDirectory: true)
    journal = try JournalRepository(directory: folder)
    let day = try CalendarDay(year: 2026, month: 11, day: 30)
    _ = try await journal.add(
      JournalEntryDraft(day: day, brand: "조말론", perfumeName: "자몽", sentence: "겨울 아침의 자몽"))
  }

  /// Deletes the folder and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}
