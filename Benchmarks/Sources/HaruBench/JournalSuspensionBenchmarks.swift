import Foundation
import HaruJournal
import HaruModels

/// The suspension of a journal (`journal.suspend`), as an iOS app calls it on its way to the
/// background.
enum JournalSuspensionBenchmarks {
  static let all: [Benchmark] = [suspend]

  /// `journal.suspend`: from the call of `suspend()` until it returns, when this process holds
  /// no lock on the journal's files, during an import of every row (or the `--rows` file) into a
  /// new journal. After each of the import's transactions commits, a sample waits a random time
  /// (fixed seed) up to a little more than one transaction takes, so that most land inside the
  /// next transaction, then suspends and resumes at once. Imports run until there are enough
  /// samples, each checked to have added every row.
  static let suspend = Benchmark(name: "journal.suspend", unit: .milliseconds) {
    let rows = try await JournalFixture.shared.rows()
    var random = SplitMix64(seed: 0x5A5A_1234)
    var times: [Double] = []
    var sink = Sink()
    var rounds = 0
    while times.count < 100, rounds < 8 {
      rounds += 1
      let directory = JournalFixture.scratchDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let journal = try JournalRepository(directory: directory)
      var changes = journal.changes.makeAsyncIterator()
      var last = await changes.next() ?? 0
      let importing = Task { try await journal.importEntries(fromTSV: rows.tsv) }
      var committedAt = ContinuousClock.now
      var transaction = Duration.milliseconds(500)
      while let value = await changes.next() {
        guard value > last else { continue }
        last = value
        let now = ContinuousClock.now
        transaction = now - committedAt
        committedAt = now
        if try await journal.count(in: .all) >= rows.count { break }
        let wait = 1.2 * random.unitInterval()
        try await Task.sleep(for: transaction * wait)
        let started = ContinuousClock.now
        await journal.suspend()
        let elapsed = ContinuousClock.now - started
        journal.resume()
        // A transaction the suspension stopped runs again from its start.
        committedAt = ContinuousClock.now
        times.append(Harness.nanoseconds(elapsed))
        sink.consume(UInt64(value))
      }
      let report = try await importing.value
      guard report.importedCount == rows.count else {
        throw JournalBenchmarkError(
          description: "journal.suspend: \(report.importedCount) of \(rows.count) rows imported")
      }
    }
    guard times.count >= 20 else {
      throw JournalBenchmarkError(description: "journal.suspend: only \(times.count) samples")
    }
    // The first suspensions are warm-up.
    let samples = Array(times.dropFirst(5))
    return Samples(
      nanosecondsPerOperation: samples,
      plan: SamplingPlan(warmupBatches: 5, samples: samples.count, batchSize: 1), sink: sink.value,
      note: "during \(rounds) imports of \(rows.count) rows of \(rows.source)")
  }
}
