// Adds journal entries with photos, one after another, and prints each added entry's identity on
// its own line as soon as the add has returned. The crash-consistency test kills this process at a
// random moment and then checks that every printed entry survived with its photo.
//
//   HaruJournalCrashHelper <journal folder> <number of adds> <seed>
//
// Or holds the journal's write lock, as another program using SQLite would: begins an immediate
// transaction, prints `locked`, and keeps the lock until it has held it for the given seconds or
// is killed.
//
//   HaruJournalCrashHelper hold-lock <journal folder> <seconds>
//
// Or opens the journal, prints `ready`, and for every line read from its input adds one entry
// and prints how long the add took, in microseconds: the suspension test asks it to write while
// another process's import is suspended.
//
//   HaruJournalCrashHelper add-on-request <journal folder>

import Foundation
import HaruJournal
import HaruModels
import HaruShared

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "hold-lock", let seconds = UInt32(arguments[3]) {
  let path = URL(fileURLWithPath: arguments[2])
    .appendingPathComponent(JournalRepository.databaseFileName).path
  var connection: OpaquePointer?
  guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
    sqlite3_exec(connection, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK
  else {
    let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection"
    FileHandle.standardError.write(Data("HaruJournalCrashHelper: \(message)\n".utf8))
    exit(1)
  }
  FileHandle.standardOutput.write(Data("locked\n".utf8))
  sleep(seconds)
  sqlite3_exec(connection, "ROLLBACK", nil, nil, nil)
  sqlite3_close(connection)
  exit(0)
}
if arguments.count == 3, arguments[1] == "add-on-request" {
  do {
    let journal = try JournalRepository(
      directory: URL(fileURLWithPath: arguments[2]),
      options: JournalRepository.Options(busyTimeout: .seconds(5)))
    let day = CalendarDay(containing: Date(), in: CalendarDay.koreaTimeZone)
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    var index = 0
    while readLine() != nil {
      let started = ContinuousClock.now
      let draft = JournalEntryDraft(
        day: day, brand: "Other process", perfumeName: "Request \(index)",
        sentence: "written while the other process is suspended")
      _ = try await journal.add(draft)
      let microseconds = (ContinuousClock.now - started).saturatingMicroseconds
      FileHandle.standardOutput.write(Data("added \(microseconds)\n".utf8))
      index += 1
    }
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("HaruJournalCrashHelper: \(error)\n".utf8))
    exit(1)
  }
}
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
