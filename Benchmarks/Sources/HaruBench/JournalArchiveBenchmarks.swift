import Foundation
import HaruJournal
import HaruModels
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The benchmarks of journal archives: `journal.export` and `journal.import.archive`, rows per
/// second on the 100,000-entry journal without photos, with the peak memory of a process that
/// exports or imports 10,000 entries, 100,000 entries, and 100,000 entries with 1,000 photos
/// printed as a note (each measured in a process of its own, `haru-bench --archive-child`, so
/// that nothing else this run did counts).
enum JournalArchiveBenchmarks {
  static let all: [Benchmark] = [export, importArchive]

  /// `journal.export`: rows per second writing the whole journal as an archive folder:
  /// reading every entry in one snapshot, writing `entries.jsonl` with its SHA-256, the manifest,
  /// and renaming the folder into place.
  static let export = Benchmark(name: "journal.export", unit: .rowsPerSecond) {
    let directory = try await JournalFixture.shared.journalDirectory()
    let journal = try JournalRepository(directory: directory)
    let plan = SamplingPlan(warmupBatches: 1, samples: 3, batchSize: 100_000)
    let samples = try await JournalTiming.measure(plan) {
      let target = JournalFixture.scratchDirectory()
      defer { try? FileManager.default.removeItem(at: target) }
      let started = ContinuousClock.now
      let report = try await journal.export(to: target)
      let elapsed = ContinuousClock.now - started
      return (elapsed * (100_000 / Double(max(1, report.entryCount))), UInt64(report.entryCount))
    }
    let memory = try await ArchiveFixtures.shared.peakMemory(.export)
    return samples.with(note: memory)
  }

  /// `journal.import.archive`: rows per second restoring an archive of the whole journal into a
  /// new, empty journal: checking the manifest and every file's SHA-256, reading and validating
  /// every line, and storing the entries in transactions of 2,000.
  static let importArchive = Benchmark(name: "journal.import.archive", unit: .rowsPerSecond) {
    let archive = try await ArchiveFixtures.shared.archive(.large)
    let plan = SamplingPlan(warmupBatches: 1, samples: 3, batchSize: 100_000)
    let samples = try await JournalTiming.measure(plan) {
      let target = JournalFixture.scratchDirectory()
      defer { try? FileManager.default.removeItem(at: target) }
      let journal = try JournalRepository(directory: target)
      let started = ContinuousClock.now
      let report = try await journal.import(archive: archive)
      let elapsed = ContinuousClock.now - started
      return (elapsed * (100_000 / Double(max(1, report.addedCount))), UInt64(report.addedCount))
    }
    let memory = try await ArchiveFixtures.shared.peakMemory(.import)
    return samples.with(note: memory)
  }
}

/// The journals and archives of the archive benchmarks, built once, untimed.
actor ArchiveFixtures {
  static let shared = ArchiveFixtures()

  enum Size: String, CaseIterable, Sendable {
    /// The first 10,000 rows.
    case small = "10k entries"
    /// All 100,000 rows.
    case large = "100k entries"
    /// 99,000 rows and 1,000 entries with a 200 KB photo each.
    case photos = "100k entries with 1000 photos"
  }

  private var journals: [Size: URL] = [:]
  private var archives: [Size: URL] = [:]

  func journal(_ size: Size) async throws -> URL {
    if let built = journals[size] { return built }
    let directory: URL
    switch size {
    case .large:
      directory = try await JournalFixture.shared.journalDirectory()
    case .small, .photos:
      let rows = try await JournalFixture.shared.rows()
      directory = JournalFixture.scratchDirectory()
      Console.message("  building a journal of \(size.rawValue), not timed")
      let journal = try JournalRepository(directory: directory)
      _ = try await journal.importEntries(
        fromTSV: Self.firstLines(rows.tsv, size == .small ? 10_000 : 99_000))
      if size == .photos {
        let photo = JournalBenchmarks.samplePhoto()
        let day = CalendarDay(containing: Date(), in: CalendarDay.koreaTimeZone)
        for index in 0..<1000 {
          _ = try await journal.add(
            JournalEntryDraft(
              day: day, brand: "Photo", perfumeName: "With photo \(index)", sentence: "사진"),
            photo: photo)
        }
      }
    }
    journals[size] = directory
    return directory
  }

  func archive(_ size: Size) async throws -> URL {
    if let built = archives[size] { return built }
    let journal = try JournalRepository(directory: try await journal(size))
    let archive = JournalFixture.scratchDirectory()
    _ = try await journal.export(to: archive)
    archives[size] = archive
    return archive
  }

  /// The peak memory of a process exporting (or importing) each size, as a note.
  func peakMemory(_ work: ArchiveChild.Work) async throws -> String {
    var parts: [String] = []
    for size in Size.allCases {
      let source = work == .export ? try await journal(size) : try await archive(size)
      let target = JournalFixture.scratchDirectory()
      defer { try? FileManager.default.removeItem(at: target) }
      let peak = try ArchiveChild.run(work, source: source, target: target)
      let anonymous = peak.anonymous.map { " (\($0 / 1024) MB of it anonymous)" } ?? ""
      parts.append("\(size.rawValue) \(peak.resident / 1024) MB\(anonymous)")
    }
    return "peak memory of a process that \(work.rawValue)s: " + parts.joined(separator: ", ")
      + "; the rest of the resident peak is files mapped into memory (the program's libraries, "
      + "and up to 256 MiB of the journal file, which SQLite maps), pages the kernel can drop"
  }

  /// The text up to the `count`-th line break.
  static func firstLines(_ tsv: Data, _ count: Int) -> Data {
    var seen = 0
    for (index, byte) in tsv.enumerated() where byte == 0x0A {
      seen += 1
      if seen == count { return tsv.prefix(index + 1) }
    }
    return tsv
  }
}

/// This executable started again to export or import once and print its peak memory:
/// `haru-bench --archive-child export|import SOURCE TARGET`.
enum ArchiveChild {
  enum Work: String, Sendable {
    case export
    case `import`
  }

  /// Runs a child and returns its peak resident memory and, where the system reports it, its
  /// peak anonymous memory, both in KiB.
  static func run(
    _ work: Work, source: URL, target: URL
  ) throws -> (resident: Int, anonymous: Int?) {
    guard let executable = Bundle.main.executableURL else {
      throw JournalBenchmarkError(description: "the benchmark executable cannot be found")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--archive-child", work.rawValue, source.path, target.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let numbers = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
      .compactMap { Int($0) }
    guard process.terminationStatus == 0, let resident = numbers.first else {
      throw JournalBenchmarkError(
        description: "the \(work.rawValue) child failed: \(String(decoding: data, as: UTF8.self))")
    }
    return (resident, numbers.count > 1 && numbers[1] > 0 ? numbers[1] : nil)
  }

  /// Does the child's work when the arguments ask for it.
  ///
  /// - Returns: Whether this process was a child.
  static func runIfAsked(_ arguments: [String]) async -> Bool {
    guard arguments.count == 4, arguments[0] == "--archive-child",
      let work = Work(rawValue: arguments[1])
    else { return false }
    let anonymous = AnonymousMemoryPeak()
    do {
      switch work {
      case .export:
        let journal = try JournalRepository(directory: URL(fileURLWithPath: arguments[2]))
        _ = try await journal.export(to: URL(fileURLWithPath: arguments[3]))
      case .import:
        let journal = try JournalRepository(directory: URL(fileURLWithPath: arguments[3]))
        _ = try await journal.import(archive: URL(fileURLWithPath: arguments[2]))
      }
    } catch {
      print("failed: \(error)")
      exit(1)
    }
    print(peakResidentKilobytes(), anonymous.stop())
    return true
  }
}

/// The most memory this process has held resident, in KiB.
///
/// On Linux this is `VmHWM` of `/proc/self/status`: `getrusage`'s `ru_maxrss` carries over the
/// peak of the image that `execve` replaced, and a process started with `posix_spawn` (as
/// `Process` starts it) would report its parent's peak.
func peakResidentKilobytes() -> Int {
  #if os(Linux)
    return processStatusKilobytes("VmHWM")
  #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss / 1024)
  #endif
}

/// The most anonymous memory (`RssAnon` of `/proc/self/status`: the heap and stacks, not files
/// mapped into memory) this process held while it ran, sampled every 5 ms on a thread of its own;
/// 0 where the system does not report it.
final class AnonymousMemoryPeak: Sendable {
  private let state = Mutex<(peak: Int, running: Bool)>((0, true))
  private let done = DispatchSemaphore(value: 0)

  init() {
    let thread = Thread { [self] in
      while state.withLock({ $0.running }) {
        let current = Self.anonymousKilobytes()
        state.withLock { $0.peak = max($0.peak, current) }
        usleep(5_000)
      }
      done.signal()
    }
    thread.start()
  }

  /// Stops sampling and returns the peak in KiB.
  func stop() -> Int {
    let current = Self.anonymousKilobytes()
    state.withLock {
      $0.running = false
      $0.peak = max($0.peak, current)
    }
    done.wait()
    return state.withLock { $0.peak }
  }

  private static func anonymousKilobytes() -> Int {
    #if os(Linux)
      return processStatusKilobytes("RssAnon")
    #else
      return 0
    #endif
  }
}

#if os(Linux)
  /// A field of `/proc/self/status` given in kB, such as `VmHWM`; 0 when it is missing.
  private func processStatusKilobytes(_ field: String) -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let prefix = field + ":"
    for line in status.split(separator: "\n") where line.hasPrefix(prefix) {
      let value = line.dropFirst(prefix.count).split(whereSeparator: { $0 == " " || $0 == "\t" })
      return Int(value.first ?? "") ?? 0
    }
    return 0
  }
#endif
