import Foundation
import HaruJournal

/// The journal the `journal.*` benchmarks share: the rows, and a journal folder holding them all,
/// built once per run outside any timed region.
actor JournalFixture {
  static let shared = JournalFixture()

  /// Every folder of this run lives here; it is deleted when the process exits.
  static let root = FileManager.default.temporaryDirectory.appendingPathComponent(
    "haru-bench-journal-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)

  private var loaded: (tsv: Data, count: Int, source: String)?
  private var built: URL?

  /// The rows to import.
  func rows() throws -> (tsv: Data, count: Int, source: String) {
    if let loaded { return loaded }
    let (tsv, source) = try JournalRows.load()
    let rows = (tsv, JournalRows.lineCount(tsv), source)
    loaded = rows
    atexit {
      try? FileManager.default.removeItem(at: JournalFixture.root)
    }
    return rows
  }

  /// A journal folder holding every row, imported once.
  func journalDirectory() async throws -> URL {
    if let built { return built }
    let rows = try rows()
    let directory = Self.scratchDirectory()
    Console.message("  building a journal of \(rows.count) rows (\(rows.source)), not timed")
    do {
      let journal = try JournalRepository(directory: directory)
      let report = try await journal.importEntries(fromTSV: rows.tsv)
      if !report.rejectedLines.isEmpty {
        Console.message(
          "  \(report.rejectedLines.count) rows rejected, such as: \(report.rejectedLines[0])")
      }
    }
    try await Self.settle(directory)
    built = directory
    return directory
  }

  /// Waits, untimed, until the journal in `directory` is closed and its write-ahead log copied
  /// into the file: after an import of this size the background checkpoint copies tens of
  /// megabytes, which would otherwise compete with the first timed operations.
  nonisolated static func settle(_ directory: URL) async throws {
    let log = directory.appendingPathComponent(JournalRepository.databaseFileName + "-wal").path
    let deadline = ContinuousClock.now + .seconds(120)
    while FileManager.default.fileExists(atPath: log) {
      guard ContinuousClock.now < deadline else {
        throw JournalBenchmarkError(description: "the imported journal did not close: \(log)")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// A new folder under ``root``.
  nonisolated static func scratchDirectory() -> URL {
    root.appendingPathComponent(UUID().uuidString, isDirectory: true)
  }
}

/// Times async operations one by one, like `Harness.measure`, for work that must `await`.
enum JournalTiming {
  /// Runs `plan.warmupBatches` untimed batches, then `plan.samples` timed ones.
  ///
  /// - Parameters:
  ///   - plan: How many batches, of what size.
  ///   - isolation: Where to run: the caller's actor, so the closure need not be `Sendable`.
  ///   - batch: Does the work, timing only the part that counts, and returns that time and a
  ///     digest of the result. The time is divided by `plan.batchSize`.
  /// - Returns: One time per operation for each timed batch.
  /// - Throws: What `batch` throws; measuring stops at the first error.
  static func measure(
    _ plan: SamplingPlan, isolation: isolated (any Actor)? = #isolation,
    batch: () async throws -> (Duration, UInt64)
  ) async throws -> Samples {
    var sink = Sink()
    for _ in 0..<plan.warmupBatches {
      sink.consume(try await batch().1)
    }
    var perOperation: [Double] = []
    perOperation.reserveCapacity(plan.samples)
    for _ in 0..<plan.samples {
      let (elapsed, digest) = try await batch()
      sink.consume(digest)
      perOperation.append(Harness.nanoseconds(elapsed) / Double(plan.batchSize))
    }
    return Samples(nanosecondsPerOperation: perOperation, plan: plan, sink: sink.value)
  }
}

extension Samples {
  func with(note: String) -> Samples {
    var copy = self
    copy.note = note
    return copy
  }
}
