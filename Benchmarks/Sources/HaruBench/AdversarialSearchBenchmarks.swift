import Foundation
import HaruJournal
import HaruModels

/// `journal.search.adversarial.<kind>`: the first page (50) of one query over a journal built to
/// make it slow (``AdversarialJournal``: the pieces of its term common, the term rare or absent),
/// one line per kind, `"hits"` the results on the page, each page first checked against a
/// brute-force search of every entry. `journal.search.adversarial.worst` repeats the line with
/// the highest p99 and names its query. Each journal (the first kinds', and the compound finals'
/// and vowels', ``AdversarialJournal/Family``) has 10,000 entries unless `--adversarial` says
/// otherwise; it is imported once, untimed, and its index merged as an import leaves it.
enum AdversarialSearchBenchmarks {
  static let pageSize = 50
  static let plan = SamplingPlan(warmupBatches: 10, samples: 100, batchSize: 1)

  static let all: [Benchmark] = {
    let lines = AdversarialJournal.kinds.map { kind in
      Benchmark(name: "journal.search.adversarial.\(kind.name)", unit: .microseconds) {
        try await measure(kind)
      }
    }
    let worst = Benchmark(name: "journal.search.adversarial.worst", unit: .microseconds) {
      let kinds = AdversarialJournal.kinds
      let worst = try await JournalSearchBenchmarks.highestP99(
        of: kinds.map(\.query),
        measured: { await AdversarialResults.shared.samples(of: kinds[$0 - 1].name) },
        measure: { _, number in try await measure(kinds[number - 1]) })
      let kind = kinds[worst.number - 1]
      let hits = ReportExtras.hits(for: "journal.search.adversarial.\(kind.name)") ?? 0
      ReportExtras.record(hits: hits, for: "journal.search.adversarial.worst")
      return worst.samples.with(
        note:
          "the highest p99 is \(kind.name), \(Report.jsonString(kind.query)), "
          + "over \(Command.inputs.adversarialSize) entries")
    }
    return lines + [worst]
  }()

  static func measure(_ kind: AdversarialJournal.Kind) async throws -> Samples {
    let journal = try await AdversarialResults.shared.journal(kind.family)
    let expected = try await AdversarialResults.shared.reference(
      kind.query, in: kind.family, limit: pageSize)
    let size = Command.inputs.adversarialSize
    let planted = kind.matches(size: size)
    guard expected.count == min(planted, pageSize) else {
      throw JournalBenchmarkError(
        description:
          "\(kind.name): the journal holds \(expected.count) matches on the first page, "
          + "\(min(planted, pageSize)) were planted")
    }
    let (samples, hits) = try await JournalSearchBenchmarks.timeFirstPage(
      of: kind.query, in: journal, expecting: expected, limit: pageSize, plan: plan)
    let name = "journal.search.adversarial.\(kind.name)"
    ReportExtras.record(hits: hits, for: name)
    await AdversarialResults.shared.store(samples, for: kind.name)
    return samples.with(
      note:
        "query \(Report.jsonString(kind.query)) over \(size) entries: \(planted) match, "
        + "\(hits) on the first page")
  }
}

/// The adversarial journals, every entry of each for the brute-force reference, and each line's
/// samples.
actor AdversarialResults {
  static let shared = AdversarialResults()

  private var opened: [AdversarialJournal.Family: JournalRepository] = [:]
  private var entries: [AdversarialJournal.Family: [JournalEntry]] = [:]
  private var measured: [String: Samples] = [:]

  func journal(_ family: AdversarialJournal.Family) async throws -> JournalRepository {
    if let journal = opened[family] { return journal }
    let size = Command.inputs.adversarialSize
    var random = SplitMix64(seed: 0x4144_5645)  // "ADVE"
    let tsv = AdversarialJournal.tsv(
      AdversarialJournal.rows(size: size, family: family, using: &random))
    let directory = JournalFixture.scratchDirectory()
    Console.message("  building an adversarial journal (\(family)) of \(size) entries, not timed")
    do {
      let journal = try JournalRepository(directory: directory)
      let report = try await journal.importEntries(fromTSV: tsv)
      guard report.rejectedLines.isEmpty else {
        throw JournalBenchmarkError(
          description: "the adversarial journal rejected \(report.rejectedLines[0])")
      }
    }
    try await JournalFixture.settle(directory)
    let journal = try JournalRepository(directory: directory)
    opened[family] = journal
    return journal
  }

  func samples(of name: String) -> Samples? { measured[name] }

  func store(_ samples: Samples, for name: String) {
    measured[name] = samples
  }

  /// The identities of the newest `limit` entries the query matches, by testing every entry.
  func reference(
    _ query: String, in family: AdversarialJournal.Family, limit: Int
  ) async throws -> [JournalEntry.ID] {
    if entries[family] == nil {
      entries[family] = try await allEntries(of: try await journal(family))
    }
    return bruteForceSearch(query, limit: limit, among: entries[family] ?? [])
  }
}
