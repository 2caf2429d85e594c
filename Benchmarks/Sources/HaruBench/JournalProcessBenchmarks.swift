import Foundation
import HaruJournal
import HaruModels

/// The benchmarks of a journal shared with other processes (`journal.add.contended`,
/// `journal.list.newest.during-import`, `journal.search.cancel`,
/// `journal.external-change.latency`).
///
/// The other processes are this executable again, started with `--child` (see
/// ``BenchChild``), on the same 100,000-entry journal.
enum JournalProcessBenchmarks {
  static let all: [Benchmark] = [
    addContended, addContendedFloor, listDuringImport, searchCancel, externalChange,
  ]

  /// `journal.add.contended`: `journal.add` (an entry with a 200 KB photo) while three other
  /// processes add entries to the same journal as fast as they can.
  static let addContended = Benchmark(name: "journal.add.contended", unit: .milliseconds) {
    let directory = try await JournalFixture.shared.journalDirectory()
    let children = try (0..<3).map { _ in try BenchChild.start(.add, directory: directory) }
    defer { children.forEach { $0.stop() } }
    let journal = try JournalRepository(directory: directory)
    let photo = JournalBenchmarks.samplePhoto()
    let day = CalendarDay(containing: Date(), in: CalendarDay.koreaTimeZone)
    let plan = SamplingPlan(warmupBatches: 10, samples: 300, batchSize: 1)
    var index = 0
    let samples = try await JournalTiming.measure(plan) {
      index += 1
      let draft = JournalEntryDraft(
        day: day, brand: "Le Labo", perfumeName: "Rose 31", notes: "장미향이 은은하게 남는다.",
        sentence: "경합 중 #\(index)")
      let started = ContinuousClock.now
      let entry = try await journal.add(draft, photo: photo)
      let elapsed = ContinuousClock.now - started
      return (elapsed, UInt64(entry.sentence.utf8.count))
    }
    return samples.with(note: "3 other processes adding meanwhile")
  }

  /// `journal.add.contended.baseline.file`: the floor under `journal.add.contended`: the photo
  /// file alone (`journal.add.baseline.file`) while three other processes add entries to the
  /// same journal as fast as they can.
  static let addContendedFloor = Benchmark(
    name: "journal.add.contended.baseline.file", unit: .milliseconds
  ) {
    let directory = try await JournalFixture.shared.journalDirectory()
    let children = try (0..<3).map { _ in try BenchChild.start(.add, directory: directory) }
    defer { children.forEach { $0.stop() } }
    let samples = try await JournalBenchmarks.measurePhotoFileWrites()
    return samples.with(note: "3 other processes adding meanwhile")
  }

  /// `journal.list.newest.during-import`: the first page of 50 while another process imports
  /// batches of 500 entries, checkpointing as it goes.
  static let listDuringImport = Benchmark(
    name: "journal.list.newest.during-import", unit: .milliseconds
  ) {
    let directory = try await JournalFixture.shared.journalDirectory()
    let child = try BenchChild.start(.importBatches, directory: directory)
    defer { child.stop() }
    let journal = try JournalRepository(directory: directory)
    let plan = SamplingPlan(warmupBatches: 200, samples: 2_000, batchSize: 1)
    return try await JournalTiming.measure(plan) {
      let started = ContinuousClock.now
      let page = try await journal.entries(in: .all, limit: 50)
      let elapsed = ContinuousClock.now - started
      return (elapsed, UInt64(page.entries.count))
    }.with(note: "another process importing meanwhile")
  }

  /// `journal.search.cancel`: the time from cancelling a running search (a common syllable, a page
  /// of 1000) to its return.
  static let searchCancel = Benchmark(name: "journal.search.cancel", unit: .milliseconds) {
    let journal = try JournalRepository(
      directory: try await JournalFixture.shared.journalDirectory())
    let plan = SamplingPlan(warmupBatches: 5, samples: 200, batchSize: 1)
    let whole = ContinuousClock.now
    _ = try await journal.search("향", limit: 1000)
    let uncancelled = ContinuousClock.now - whole
    var cancelledCount = 0
    let samples = try await JournalTiming.measure(plan) {
      let search = Task { try await journal.search("향", limit: 1000) }
      // Let the search start reading.
      try await Task.sleep(for: .microseconds(300))
      let started = ContinuousClock.now
      search.cancel()
      let result = await search.result
      let elapsed = ContinuousClock.now - started
      if case .failure(JournalError.Code.cancelled) = result {
        cancelledCount += 1
      }
      return (elapsed, UInt64(cancelledCount))
    }
    return samples.with(
      note:
        "an uncancelled search takes \(uncancelled); \(cancelledCount) of the timed and warm-up "
        + "searches ended cancelled, the rest had finished before the cancel")
  }

  /// `journal.external-change.latency`: from asking another process to add an entry until this
  /// process's observation of the list delivers it: the other process's add, its commit, the
  /// folder watch waking, and the page read again.
  static let externalChange = Benchmark(
    name: "journal.external-change.latency", unit: .milliseconds
  ) {
    let directory = try await JournalFixture.shared.journalDirectory()
    let child = try BenchChild.start(.addOnRequest, directory: directory)
    defer { child.stop() }
    let journal = try JournalRepository(directory: directory)
    // Only the child's entries: the generated journal has entries dated years ahead, which the
    // whole list shows before today's.
    let pages = try await journal.observation(
      of: .perfume(Perfume(brand: "Child", name: "Requested")), limit: 5)
    var iterator = pages.makeAsyncIterator()
    let plan = SamplingPlan(warmupBatches: 5, samples: 100, batchSize: 1)
    var index = 0
    return try await JournalTiming.measure(plan) {
      index += 1
      let sentence = "다른 프로세스 #\(index)"
      let started = ContinuousClock.now
      try child.send(sentence)
      while let value = await iterator.next() {
        if case .success(let page) = value, page.entries.first?.sentence == sentence { break }
      }
      let elapsed = ContinuousClock.now - started
      return (elapsed, UInt64(index))
    }
  }
}

/// This executable started again as another process that works on a journal until stopped:
/// `haru-bench --child add|import|add-on-request DIRECTORY`.
final class BenchChild: Sendable {
  enum Work: String, Sendable {
    /// Adds entries without pause.
    case add
    /// Imports batches of 500 entries without pause.
    case importBatches = "import"
    /// Adds one entry per line read from standard input, with that line as its sentence.
    case addOnRequest = "add-on-request"
  }

  private let process: Process
  private let input: FileHandle

  private init(process: Process, input: FileHandle) {
    self.process = process
    self.input = input
  }

  static func start(_ work: Work, directory: URL) throws -> BenchChild {
    guard let executable = Bundle.main.executableURL else {
      throw JournalBenchmarkError(description: "the benchmark executable cannot be found")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--child", work.rawValue, directory.path]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    return BenchChild(process: process, input: input.fileHandleForWriting)
  }

  /// Asks an `add-on-request` child to add an entry with this sentence.
  func send(_ sentence: String) throws {
    try input.write(contentsOf: Data((sentence + "\n").utf8))
  }

  func stop() {
    process.terminate()
    process.waitUntilExit()
  }

  /// Runs the child's side when the arguments ask for it; returns `false` otherwise.
  static func runIfAsked(_ arguments: [String]) async -> Bool {
    guard arguments.count == 3, arguments[0] == "--child", let work = Work(rawValue: arguments[1])
    else { return false }
    do {
      let journal = try JournalRepository(directory: URL(fileURLWithPath: arguments[2]))
      let day = CalendarDay(containing: Date(), in: CalendarDay.koreaTimeZone)
      switch work {
      case .add:
        var index = 0
        while true {
          index += 1
          _ = try await journal.add(
            JournalEntryDraft(
              day: day, brand: "Child", perfumeName: "Adder", sentence: "추가 #\(index)"))
        }
      case .importBatches:
        var batch = 0
        while true {
          batch += 1
          let lines = (0..<500).map { line in
            [
              UUID().uuidString, "2026-11-20", "Child", "Import \(batch)", "가져온 메모 \(line)",
              "가져옴", "0",
            ].joined(separator: "\t")
          }
          _ = try await journal.importEntries(fromTSV: Data(lines.joined(separator: "\n").utf8))
        }
      case .addOnRequest:
        while let line = readLine() {
          _ = try await journal.add(
            JournalEntryDraft(day: day, brand: "Child", perfumeName: "Requested", sentence: line))
        }
      }
    } catch {
      Console.message("haru-bench child: \(error)")
      exit(1)
    }
    return true
  }
}
