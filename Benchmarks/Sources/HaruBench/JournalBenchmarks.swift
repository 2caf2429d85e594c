import Foundation
import HaruJournal
import HaruModels

/// The benchmarks of the scent journal (`journal.*`), on a SQLite journal of 100,000 entries (or
/// the `--rows` file).
///
/// Every metric goes through `JournalRepository`, the API an app uses. The database is built once
/// per run, untimed, unless `journal.import` builds it.
enum JournalBenchmarks {
  static let all: [Benchmark] =
    [
      importRows, open, listNewest, listFavorites, listUncached, fileBaseline, add,
      addWithoutPhoto,
    ] + JournalSearchBenchmarks.all + AdversarialSearchBenchmarks.all + JournalSearchBaseline.all
    + JournalSuspensionBenchmarks.all

  /// `journal.import`: rows per second importing every row in one call into a new journal:
  /// reading the text, validating every entry and committing them, 5,000 to a transaction.
  static let importRows = Benchmark(name: "journal.import", unit: .rowsPerSecond) {
    let rows = try await JournalFixture.shared.rows()
    let plan = SamplingPlan(warmupBatches: 1, samples: 3, batchSize: rows.count)
    var note = ""
    let samples = try await JournalTiming.measure(plan) {
      let directory = JournalFixture.scratchDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let journal = try JournalRepository(directory: directory)
      let started = ContinuousClock.now
      let report = try await journal.importEntries(fromTSV: rows.tsv)
      let elapsed = ContinuousClock.now - started
      let index = try searchIndexBytes(
        ofDatabaseAt: directory.appendingPathComponent(JournalRepository.databaseFileName).path)
      note =
        "\(report.importedCount) of \(rows.count) rows of \(rows.source) imported, "
        + "\(report.rejectedLines.count) rejected; the search index holds "
        + String(
          format: "%.1f MB in %.1f MB of pages", Double(index.data) / 1e6, Double(index.pages) / 1e6
        )
      return (elapsed, UInt64(report.importedCount))
    }
    return samples.with(note: note)
  }

  /// `journal.open`: opening the journal of 100,000 entries: checking the file, opening the
  /// connections, checking the schema version (nothing to migrate) and sweeping the photo folder.
  /// Closing is not timed.
  static let open = Benchmark(name: "journal.open", unit: .milliseconds) {
    let directory = try await JournalFixture.shared.journalDirectory()
    let plan = SamplingPlan(warmupBatches: 5, samples: 50, batchSize: 1)
    return try await JournalTiming.measure(plan) {
      let started = ContinuousClock.now
      let journal = try JournalRepository(directory: directory)
      let elapsed = ContinuousClock.now - started
      return (elapsed, UInt64(journal.directory.path.utf8.count))
    }
  }

  /// `journal.list.newest`: the first page of 50 entries of the whole journal.
  static let listNewest = list(.all, name: "journal.list.newest")

  /// `journal.list.favorites`: the first page of 50 favorites.
  static let listFavorites = list(.favorites, name: "journal.list.favorites")

  static func list(_ list: JournalList, name: String) -> Benchmark {
    Benchmark(name: name, unit: .milliseconds) {
      let journal = try JournalRepository(
        directory: try await JournalFixture.shared.journalDirectory())
      let plan = SamplingPlan(warmupBatches: 200, samples: 2_000, batchSize: 1)
      return try await JournalTiming.measure(plan) {
        let started = ContinuousClock.now
        let page = try await journal.entries(in: list, limit: 50)
        let elapsed = ContinuousClock.now - started
        guard page.entries.count == 50 else {
          throw JournalBenchmarkError(description: "\(name): the page holds \(page.entries.count)")
        }
        return (elapsed, UInt64(page.entries[49].createdAt.timeIntervalSince1970))
      }
    }
  }

  /// `journal.list.newest.uncached`: a page of 50 entries none of which was read before in this
  /// run, walking down the whole journal page after page. The repository keeps entries it has
  /// read and validated (by the exact bytes of their rows), so the lines above measure the page an
  /// app reads again and again; this one measures reading and validating 50 entries for the first
  /// time.
  static let listUncached = Benchmark(name: "journal.list.newest.uncached", unit: .milliseconds) {
    let journal = try JournalRepository(
      directory: try await JournalFixture.shared.journalDirectory())
    // Start below the pages the other list benchmarks read.
    var cursor = try await journal.entries(in: .all, limit: 1000).nextCursor
    var wrapped = false
    let plan = SamplingPlan(warmupBatches: 50, samples: 1_000, batchSize: 1)
    var samples = try await JournalTiming.measure(plan) {
      let started = ContinuousClock.now
      let page = try await journal.entries(in: .all, after: cursor, limit: 50)
      let elapsed = ContinuousClock.now - started
      cursor = page.nextCursor
      if cursor == nil {
        wrapped = true
      }
      return (elapsed, UInt64(page.entries.count))
    }
    if wrapped {
      samples.note = "the journal has too few entries: pages were read again, from the cache"
    }
    return samples
  }

  /// `journal.add`: adding one entry with a 200 KB JPEG photo to the journal of 100,000 entries,
  /// until it returns: the photo written and renamed into place, then the row committed. The
  /// photo's flush to the disk runs after it returns, on the journal's own queue.
  static let add = adding(name: "journal.add", photo: true)

  /// `journal.add.no-photo`: the same without a photo: validating, committing the row and
  /// updating the search index; what `journal.add` costs beyond writing the file.
  static let addWithoutPhoto = adding(name: "journal.add.no-photo", photo: false)

  static func adding(name: String, photo withPhoto: Bool) -> Benchmark {
    Benchmark(name: name, unit: .milliseconds) {
      let journal = try JournalRepository(
        directory: try await JournalFixture.shared.journalDirectory())
      let photo = withPhoto ? samplePhoto() : nil
      let day = CalendarDay(containing: Date(), in: CalendarDay.koreaTimeZone)
      let plan = SamplingPlan(warmupBatches: 10, samples: 300, batchSize: 1)
      var index = 0
      return try await JournalTiming.measure(plan) {
        index += 1
        let draft = JournalEntryDraft(
          day: day, brand: "Le Labo", perfumeName: "Rose 31",
          notes: "장미향이 은은하게 남는다. The dry down is creamy sandalwood.",
          sentence: "오늘의 향 #\(index)", isFavorite: index.isMultiple(of: 7))
        let started = ContinuousClock.now
        let entry = try await journal.add(draft, photo: photo)
        let elapsed = ContinuousClock.now - started
        return (elapsed, UInt64(entry.sentence.utf8.count))
      }
    }
  }

  /// `journal.add.baseline.file`: the floor under `journal.add`: writing the same 200 KB to a new
  /// file and renaming it into place with Foundation, no database.
  static let fileBaseline = Benchmark(name: "journal.add.baseline.file", unit: .milliseconds) {
    try await measurePhotoFileWrites()
  }

  /// Writes `samplePhoto()` to a new file in a scratch folder and renames it into place with
  /// Foundation, 300 times after 10 warm-up writes: what `journal.add` does for its photo before
  /// it returns, with no database.
  static func measurePhotoFileWrites() async throws -> Samples {
    let folder = JournalFixture.scratchDirectory()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let photo = samplePhoto()
    let plan = SamplingPlan(warmupBatches: 10, samples: 300, batchSize: 1)
    return try await JournalTiming.measure(plan) {
      let started = ContinuousClock.now
      let temporary = folder.appendingPathComponent(UUID().uuidString + ".tmp")
      guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
        throw JournalBenchmarkError(description: "cannot create \(temporary.path)")
      }
      let handle = try FileHandle(forWritingTo: temporary)
      try handle.write(contentsOf: photo)
      try handle.close()
      let destination = folder.appendingPathComponent(UUID().uuidString + ".jpg")
      try FileManager.default.moveItem(at: temporary, to: destination)
      let elapsed = ContinuousClock.now - started
      return (elapsed, UInt64(destination.path.utf8.count))
    }
  }

  /// 200 KB that start like a JPEG file, the same bytes every run.
  static func samplePhoto() -> Data {
    var generator = SplitMix64(seed: 0x5048_4F54)  // "PHOT"
    var photo = Data([0xFF, 0xD8, 0xFF, 0xE0])
    photo.append(
      contentsOf: (0..<(200_000 - 4)).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    return photo
  }
}

struct JournalBenchmarkError: Error, CustomStringConvertible {
  let description: String
}
