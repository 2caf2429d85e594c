import Foundation
import HaruJournal
import HaruModels

/// The suspension of a journal (`journal.suspend`), as an iOS app calls it on its way to the
/// background.
enum JournalSuspensionBenchmarks {
  static let all: [Benchmark] = [suspend]

  /// `journal.suspend`: from the call of `suspend()` until it returns, when this process holds
  /// no lock on the journal's files, during an import of every row (or the `--rows` file) into a
  /// new journal. Each sample suspends right after one of the import's transactions committed and
  /// resumes at once; the import goes on between samples and is checked to have added every row.
  static let suspend = Benchmark(name: "journal.suspend", unit: .milliseconds) {
    let rows = try await JournalFixture.shared.rows()
    let directory = JournalFixture.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let journal = try JournalRepository(directory: directory)
    var changes = journal.changes.makeAsyncIterator()
    var last = await changes.next() ?? 0
    let importing = Task { try await journal.importEntries(fromTSV: rows.tsv) }
    var times: [Double] = []
    var sink = Sink()
    // After each new commit; the import goes on between two samples, until a few transactions
    // are left, so that the stream of changes never waits for a commit that does not come.
    while let value = await changes.next(), times.count < 400 {
      guard value > last else { continue }
      last = value
      let started = ContinuousClock.now
      await journal.suspend()
      let elapsed = ContinuousClock.now - started
      journal.resume()
      times.append(Harness.nanoseconds(elapsed))
      sink.consume(UInt64(value))
      if try await journal.count(in: .all) >= rows.count - 5_000 { break }
    }
    let report = try await importing.value
    guard report.importedCount == rows.count else {
      throw JournalBenchmarkError(
        description: "journal.suspend: \(report.importedCount) of \(rows.count) rows imported")
    }
    guard times.count >= 20 else {
      throw JournalBenchmarkError(description: "journal.suspend: only \(times.count) samples")
    }
    // The first suspensions are warm-up.
    let samples = Array(times.dropFirst(5))
    return Samples(
      nanosecondsPerOperation: samples,
      plan: SamplingPlan(warmupBatches: 5, samples: samples.count, batchSize: 1), sink: sink.value,
      note: "during an import of \(rows.count) rows of \(rows.source)")
  }
}
