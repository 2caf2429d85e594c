import Foundation
import HaruJournal
import HaruModels
import Synchronization

/// `journal.search.<n>`: the first page (50) of one query's newest matches, one line per query of
/// `--queries` (or the default mix), with `"hits"` the results on the page; each page is first
/// checked against a brute-force search of every entry. `journal.search.worst` repeats the line
/// of the query with the highest p99.
enum JournalSearchBenchmarks {
  static let pageSize = 50
  static let plan = SamplingPlan(warmupBatches: 10, samples: 50, batchSize: 1)

  /// The default queries: common and rare words, one syllable, two syllables inside a word,
  /// Latin in either case, several terms, punctuation, and terms no entry holds.
  static let defaultQueries = [
    "장미", "오스만투스", "향", "목서", "비누향", "rose", "ROSE", "Tragedy", "#996", "떼", "라보",
    "장미 머스크", "무화과 우유", "Kyoto temple", "없는향수", "zzq", "\"", "(두", "e", "샌달우드가",
    // Folded text, 초성 and half-typed syllables, and a query of common pairs with no hit.
    "HERMÈS", "ＲＯＳＥ", "ㄱㅁㅅ", "ㅈㅁ", "금몫", "장ㅁ", "서햐", "NEAR(", "ㅎ",
  ]

  static var queries: [String] {
    guard let file = Command.inputs.queriesFile else { return defaultQueries }
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
      Console.message("haru-bench: cannot read the queries file \(file); using the default queries")
      return defaultQueries
    }
    return text.split(whereSeparator: \.isNewline).map(String.init).filter {
      !$0.allSatisfy(\.isWhitespace)
    }
  }

  static let all: [Benchmark] = {
    let queries = Self.queries
    let lines = queries.enumerated().map { index, query in
      Benchmark(name: "journal.search.\(index + 1)", unit: .microseconds) {
        try await measure(query, number: index + 1)
      }
    }
    let worst = Benchmark(name: "journal.search.worst", unit: .microseconds) {
      let worst = try await highestP99(
        of: queries, measured: { await SearchResults.shared.samples(of: $0) }, measure: measure)
      let hits = ReportExtras.hits(for: "journal.search.\(worst.number)") ?? 0
      ReportExtras.record(hits: hits, for: "journal.search.worst")
      let size = try await SearchResults.shared.databaseSize()
      return worst.samples.with(
        note:
          "the highest p99 is query \(worst.number), \(Report.jsonString(queries[worst.number - 1])); "
          + "database file \(size / 1_000_000) MB")
    }
    return lines + [worst]
  }()

  /// The samples with the highest p99 among one line per query, measuring the lines not yet
  /// measured in this run, and that line's number.
  static func highestP99(
    of queries: [String], measured: (Int) async -> Samples?,
    measure: (String, Int) async throws -> Samples
  ) async throws -> (samples: Samples, number: Int) {
    var worst: (samples: Samples, number: Int)?
    for (index, query) in queries.enumerated() {
      var samples = await measured(index + 1)
      if samples == nil {
        samples = try await measure(query, index + 1)
      }
      guard let samples else { continue }
      if worst.map({ samples.percentile(0.99) > $0.samples.percentile(0.99) }) ?? true {
        worst = (samples, index + 1)
      }
    }
    guard let worst else { throw JournalBenchmarkError(description: "no queries to search") }
    return worst
  }

  static func measure(_ query: String, number: Int) async throws -> Samples {
    let journal = try await SearchResults.shared.journal()
    let expected = try await SearchResults.shared.reference(query, limit: pageSize)
    let (samples, hits) = try await timeFirstPage(
      of: query, in: journal, expecting: expected, limit: pageSize, plan: plan)
    ReportExtras.record(hits: hits, for: "journal.search.\(number)")
    await SearchResults.shared.store(samples, for: number)
    return samples.with(note: "query \(Report.jsonString(query)): \(hits) on the first page")
  }

  /// Checks the first page of a query against the brute-force search's identities, then times
  /// the search of that page under `plan`.
  ///
  /// - Returns: The samples, and how many entries the page holds.
  static func timeFirstPage(
    of query: String, in journal: JournalRepository, expecting expected: [JournalEntry.ID],
    limit: Int, plan: SamplingPlan
  ) async throws -> (samples: Samples, hits: Int) {
    let first = try await journal.search(query, limit: limit)
    guard first.entries.map(\.id) == expected else {
      throw JournalBenchmarkError(
        description:
          "\(Report.jsonString(query)): the first page differs from the brute-force search "
          + "(\(first.entries.count) entries, \(expected.count) expected)")
    }
    let samples = try await JournalTiming.measure(plan) {
      let started = ContinuousClock.now
      let page = try await journal.search(query, limit: limit)
      let elapsed = ContinuousClock.now - started
      return (elapsed, UInt64(page.entries.count))
    }
    return (samples, first.entries.count)
  }
}

/// The journal the search benchmarks share, every entry for the brute-force reference, and the
/// samples of each query for `journal.search.worst`.
actor SearchResults {
  static let shared = SearchResults()

  private var opened: JournalRepository?
  private var entries: [JournalEntry]?
  private var measured: [Int: Samples] = [:]

  func journal() async throws -> JournalRepository {
    if let opened { return opened }
    let journal = try JournalRepository(
      directory: try await JournalFixture.shared.journalDirectory())
    opened = journal
    return journal
  }

  func samples(of number: Int) -> Samples? { measured[number] }

  func store(_ samples: Samples, for number: Int) {
    measured[number] = samples
  }

  func databaseSize() async throws -> Int {
    let directory = try await JournalFixture.shared.journalDirectory()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix("journal.sqlite") }.reduce(0) { total, name in
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: directory.appendingPathComponent(name).path)
      return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
    }
  }

  /// The identities of the newest `limit` entries the query matches, found by testing every
  /// entry with ``JournalSearchQuery/matches(_:)``.
  func reference(_ query: String, limit: Int) async throws -> [JournalEntry.ID] {
    bruteForceSearch(query, limit: limit, among: try await everyEntry())
  }

  /// Every entry of the journal, newest first, read once.
  func everyEntry() async throws -> [JournalEntry] {
    if let entries { return entries }
    let all = try await allEntries(of: try await journal())
    entries = all
    return all
  }
}

/// The identities of the newest `limit` of some entries (newest first) that the query matches,
/// found by testing each with ``JournalSearchQuery/matches(_:)``.
func bruteForceSearch(
  _ text: String, limit: Int, among entries: [JournalEntry]
) -> [JournalEntry.ID] {
  let query = JournalSearchQuery(text)
  var found: [JournalEntry.ID] = []
  for entry in entries where found.count < limit && query.matches(entry) {
    found.append(entry.id)
  }
  return found
}

/// Every entry of a journal, newest first, a page of 1,000 at a time.
func allEntries(of journal: JournalRepository) async throws -> [JournalEntry] {
  var all: [JournalEntry] = []
  var page = try await journal.entries(in: .all, limit: 1000)
  while true {
    all += page.entries
    guard let next = page.nextCursor else { break }
    page = try await journal.entries(in: .all, after: next, limit: 1000)
  }
  return all
}
