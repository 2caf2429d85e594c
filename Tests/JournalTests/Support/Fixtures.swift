import Foundation
import HaruModels
import Testing

@testable import HaruJournal

/// Entries, days, times and photos the journal tests share.
enum Fixture {
  /// 2026-11-30 around 13:00 in Korea, in whole microseconds as the journal stores times.
  static let now = JournalTime.rounded(Date(timeIntervalSince1970: 1_796_000_000.123_456))

  static func day(_ offset: Int = 0) -> CalendarDay {
    CalendarDay(containing: now, in: CalendarDay.koreaTimeZone).adding(days: offset)
  }

  /// A time `seconds` after ``now``, in whole microseconds.
  static func time(_ seconds: Double) -> Date {
    JournalTime.rounded(now.addingTimeInterval(seconds))
  }

  static func draft(
    day offset: Int = 0, brand: String = "Le Labo", perfumeName: String = "Rose 31",
    notes: String = "장미향인데 나무 냄새가 오래 남는다", sentence: String = "들장미 같은 오후",
    isFavorite: Bool = false
  ) -> JournalEntryDraft {
    JournalEntryDraft(
      day: day(offset), brand: brand, perfumeName: perfumeName, notes: notes, sentence: sentence,
      isFavorite: isFavorite)
  }

  static func entry(
    id: JournalEntry.ID = JournalEntry.ID(), day offset: Int = 0, created seconds: Double = 0,
    brand: String = "Le Labo", perfumeName: String = "Rose 31",
    notes: String = "장미향인데 나무 냄새가 오래 남는다", sentence: String = "들장미 같은 오후",
    isFavorite: Bool = false, photo: String? = nil
  ) throws -> JournalEntry {
    try JournalEntry(
      id: id,
      draft: draft(
        day: offset, brand: brand, perfumeName: perfumeName, notes: notes, sentence: sentence,
        isFavorite: isFavorite),
      photo: photo.map { try PhotoName($0) },
      createdAt: time(seconds))
  }

  /// A JPEG's first bytes and some content.
  static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + filler(200))
  /// A PNG signature and some content.
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + filler(200))
  /// An ISO base media `ftyp` box with the `heic` major brand.
  static let heic = Data(
    [0x00, 0x00, 0x00, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
      + filler(200))

  static func filler(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
  }
}

/// A small seeded generator (SplitMix64), so that generated data is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
