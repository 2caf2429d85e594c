// Adds journal entries with photos, one after another, and prints each added entry's identity on
// its own line as soon as the add has returned. The crash-consistency test kills this process at a
// random moment and then checks that every printed entry survived with its photo.
//
//   HaruJournalCrashHelper <journal folder> <number of adds> <seed>

import Foundation
import HaruJournal
import HaruModels

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[2]), let seed = UInt64(arguments[3]) else {
  FileHandle.standardError.write(
    Data("usage: HaruJournalCrashHelper <journal folder> <number of adds> <seed>\n".utf8))
  exit(2)
}

do {
  let journal = try JournalRepository(directory: URL(fileURLWithPath: arguments[1]))
  var state = seed | 1
  func nextByte() -> UInt8 {
    // xorshift64: any varied bytes will do, so photos differ in content and size.
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return UInt8(truncatingIfNeeded: state)
  }
  let day = CalendarDay(containing: Date(), in: CalendarDay.koreaTimeZone)
  for index in 0..<count {
    let size = 4_096 + Int(nextByte()) * 64
    var photo = Data([0xFF, 0xD8, 0xFF, 0xE0])
    photo.append(contentsOf: (0..<size).map { _ in nextByte() })
    let draft = JournalEntryDraft(
      day: day.adding(days: -(index % 30)), brand: "Crash \(seed)", perfumeName: "Run \(index)",
      notes: "향수 \(index)", sentence: "kill me anytime", isFavorite: index % 3 == 0)
    let entry = try await journal.add(draft, photo: photo)
    FileHandle.standardOutput.write(Data("\(entry.id)\n".utf8))
  }
} catch {
  FileHandle.standardError.write(Data("HaruJournalCrashHelper: \(error)\n".utf8))
  exit(1)
}
