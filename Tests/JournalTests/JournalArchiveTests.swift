import Foundation
import HaruJournalTesting
import HaruModels
import HaruShared
import HaruTestSupport
import Testing

@testable import HaruJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Export and restore of the journal: the round trip on both stores and in both archive forms,
/// and every row of the table of bad input and faults that one process can set up.
@Suite(.timeLimit(.minutes(3)))
struct JournalArchiveTests {
  // MARK: - Building blocks

  @Test func sha256GivesTheStandardsTestVectors() {
    #expect(
      SHA256.hex(of: [UInt8]())
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256.hex(of: Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    // One million "a", fed in uneven pieces, so that blocks span the pieces.
    var hash = SHA256()
    let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 999)
    var fed = 0
    while fed < 1_000_000 {
      let count = min(piece.count - fed % 7, 1_000_000 - fed)
      piece[0..<count].withUnsafeBytes { hash.update($0) }
      fed += count
    }
    #expect(
      hash.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    // 55, 56 and 64 bytes: the lengths where the padding needs one block or two.
    #expect(
      SHA256.hex(of: [UInt8](repeating: 0x61, count: 55))
        == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
    #expect(
      SHA256.hex(of: [UInt8](repeating: 0x61, count: 56))
        == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    #expect(
      SHA256.hex(of: [UInt8](repeating: 0x61, count: 64))
        == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
  }

  @Test func crc32GivesTheCheckValue() {
    var crc = CRC32()
    Array("123456789".utf8).withUnsafeBytes { crc.update($0) }
    #expect(crc.value == 0xCBF4_3926)
  }

  @Test(arguments: [
    ("1970-01-01T00:00:00.000000Z", Int64(0)),
    ("2026-11-30T04:13:20.123456Z", Int64(1_796_012_000_123_456)),
    ("1969-12-31T23:59:59.999999Z", Int64(-1)),
    ("2000-02-29T12:00:00.000001Z", Int64(951_825_600_000_001)),
  ])
  func timestampsAreUTCToTheMicrosecondBothWays(text: String, micros: Int64) {
    let date = JournalTime.date(microseconds: micros)
    #expect(ArchiveLine.timestamp(date) == text)
    #expect(ArchiveLine.parseTimestamp(text).map(JournalTime.microseconds) == micros)
  }

  @Test(arguments: ["2026-02-30T00:00:00Z", "2026-11-30 04:13:20Z", "2026-11-30T04:13:20", ""])
  func timestampsThatAreNotUTCTimesAreRefused(text: String) {
    #expect(ArchiveLine.parseTimestamp(text) == nil)
  }

  // MARK: - Round trip

  @Test(arguments: StoreKind.allCases, [JournalArchiveFormat.folder, .singleFile])
  func exportImportExportGivesTheSameArchiveButForTheExportTime(
    kind: StoreKind, format: JournalArchiveFormat
  ) async throws {
    try await withTemporaryDirectory { directory in
      let first = directory.appendingPathComponent("first", isDirectory: true)
      let second = directory.appendingPathComponent("second", isDirectory: true)
      let journal = try kind.makeRepository(in: first, now: Self.clock(from: 0))
      let original = try await Self.fill(journal)
      let archive = directory.appendingPathComponent(
        format == .folder ? "backup" : "backup.harujournal")
      let report = try await journal.export(to: archive, as: format)
      #expect(report.entryCount == original.count)
      #expect(report.photoCount == 3)
      #expect(report.missingPhotos.isEmpty)

      let restored = try kind.makeRepository(in: second, now: Self.clock(from: 9_000))
      let imported = try await restored.import(archive: archive)
      #expect(imported.addedCount == original.count)
      #expect(imported.rejectedLines.isEmpty && imported.missingPhotos.isEmpty)
      #expect(imported.photoCount == 3)
      // Every field, the identities and times included, and every photo byte for byte.
      let back = try await restored.entries(in: .all, limit: 1000).entries
      #expect(back == original)
      for entry in back {
        let photo = restored.photo(of: entry)
        let source = try await journal.entry(entry.id).flatMap { journal.photo(of: $0) }
        if case .stored(let url)? = photo, case .stored(let sourceURL)? = source {
          #expect(try Data(contentsOf: url) == Data(contentsOf: sourceURL))
        } else {
          #expect(entry.photo == nil)
        }
      }

      let again = directory.appendingPathComponent(
        format == .folder ? "again" : "again.harujournal")
      _ = try await restored.export(to: again, as: format)
      let a = try Self.files(of: archive)
      let b = try Self.files(of: again)
      #expect(a.keys.sorted() == b.keys.sorted())
      for name in a.keys where name != "manifest.json" {
        #expect(a[name] == b[name], "\(name) differs")
      }
      let manifestA = try Self.manifestWithoutTime(a["manifest.json"])
      let manifestB = try Self.manifestWithoutTime(b["manifest.json"])
      #expect(manifestA == manifestB)
      #expect(a["manifest.json"] != b["manifest.json"], "the export times differ")
    }
  }

  @Test func theManifestRecordsVersionCountsSumsAndTime() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try StoreKind.sqlite.makeRepository(in: directory.appendingPathComponent("j"))
      let entries = try await Self.fill(journal)
      let archive = directory.appendingPathComponent("backup")
      _ = try await journal.export(to: archive)
      let data = try Data(contentsOf: archive.appendingPathComponent("manifest.json"))
      let manifest = try ArchiveManifest(decoding: Array(data), path: archive.path)
      #expect(manifest.formatVersion == 1)
      #expect(manifest.entryCount == entries.count)
      #expect(manifest.photoCount == 3)
      #expect(manifest.sdkVersion == JournalRepository.sdkVersion)
      #expect(manifest.exportedAt == ArchiveLine.timestamp(Fixture.now))
      #expect(manifest.files.map(\.path).first == "entries.jsonl")
      #expect(manifest.files.count == 4)
      for file in manifest.files {
        let bytes = try Data(contentsOf: archive.appendingPathComponent(file.path))
        #expect(Int64(bytes.count) == file.size)
        #expect(SHA256.hex(of: bytes) == file.sha256)
      }
      let lines = try String(
        contentsOf: archive.appendingPathComponent("entries.jsonl"), encoding: .utf8
      ).split(separator: "\n")
      #expect(lines.count == entries.count)
      let first = try #require(
        try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
      #expect(
        Set(first.keys) == [
          "id", "date", "brand", "name", "notes", "sentence", "favorite", "createdAt",
          "updatedAt", "photo",
        ])
    }
  }

  @Test func theSingleFileIsAZipThatOtherToolsOpen() async throws {
    let unzip = "/usr/bin/unzip"
    try await withTemporaryDirectory { directory in
      let journal = try StoreKind.sqlite.makeRepository(in: directory.appendingPathComponent("j"))
      _ = try await Self.fill(journal)
      let file = directory.appendingPathComponent("backup.harujournal")
      _ = try await journal.export(to: file, as: .singleFile)
      guard FileManager.default.isExecutableFile(atPath: unzip) else { return }
      let out = directory.appendingPathComponent("unzipped")
      let unzipped = try ChildProcess.run(unzip, ["-q", file.path, "-d", out.path])
      #expect(unzipped.status == 0 && !unzipped.wasSignalled)
      // What the tool unpacked is a folder archive the journal imports.
      let restored = try StoreKind.sqlite.makeRepository(in: directory.appendingPathComponent("r"))
      let report = try await restored.import(archive: out)
      #expect(report.addedCount == 5)
      #expect(report.photoCount == 3)
    }
  }

  // MARK: - Merging

  @Test(arguments: StoreKind.allCases)
  func anEntryAlreadyThereIsReplacedWhenTheArchivesIsNewerAndKeptOtherwise(
    kind: StoreKind
  ) async throws {
    try await withTemporaryDirectory { directory in
      let clock = LockedBox(0.0)
      let journal = try kind.makeRepository(in: directory.appendingPathComponent("j")) {
        Fixture.time(clock.value)
      }
      let older = try await journal.add(Fixture.draft(perfumeName: "Older here"))
      let newer = try await journal.add(Fixture.draft(perfumeName: "Newer here"))
      let same = try await journal.add(Fixture.draft(perfumeName: "Same"))
      clock.set(100)
      _ = try await journal.update(older.id) { $0.notes = "from the archive" }
      let archive = directory.appendingPathComponent("backup")
      _ = try await journal.export(to: archive)
      // After the export, `newer` is changed again, so the journal's copy is newer than the
      // archive's; the receiving journal holds `older` as it was first added, before the edit.
      clock.set(200)
      _ = try await journal.update(newer.id) { $0.notes = "changed after the export" }
      let journalOlder = try #require(try await journal.entry(older.id))
      let receiving = try kind.makeRepository(in: directory.appendingPathComponent("r")) {
        Fixture.time(clock.value)
      }
      _ = try receiving.store.insert([older, try #require(try await journal.entry(newer.id))])
      let report = try await receiving.import(archive: archive)
      #expect(report.replaced == [older.id])
      #expect(report.keptNewer == [newer.id])
      #expect(report.addedCount == 1)
      #expect(report.unchangedCount == 0)
      #expect(try await receiving.entry(older.id) == journalOlder)
      #expect(try await receiving.entry(newer.id)?.notes == "changed after the export")
      #expect(try await receiving.entry(same.id) == same)
      // Importing again changes nothing and says so.
      let again = try await receiving.import(archive: archive)
      #expect(again.addedCount == 0 && again.replaced.isEmpty)
      #expect(again.unchangedCount == 2)
      #expect(again.keptNewer == [newer.id])
    }
  }

  // MARK: - Damaged archives

  @Test func anArchiveWithAPhotoMissingIsImportedWithoutItAndReportedPerEntry() async throws {
    try await withTemporaryDirectory { directory in
      let (_, archive, entries) = try await Self.exported(in: directory)
      let withPhoto = try #require(entries.first { $0.photo != nil })
      let photo = try #require(withPhoto.photo)
      try FileManager.default.removeItem(
        at: archive.appendingPathComponent("photos").appendingPathComponent(photo.rawValue))
      let restored = try StoreKind.sqlite.makeRepository(in: directory.appendingPathComponent("r"))
      let report = try await restored.import(archive: archive)
      #expect(report.addedCount == entries.count)
      #expect(report.photoCount == 2)
      #expect(report.missingPhotos.map(\.entryID) == [withPhoto.id])
      #expect(report.missingPhotos.first?.code == .missingPhoto)
      #expect(report.missingPhotos.first?.message.contains(photo.rawValue) == true)
      let back = try #require(try await restored.entry(withPhoto.id))
      #expect(back.photo == nil)
      #expect(back.brand == withPhoto.brand && back.updatedAt == withPhoto.updatedAt)
    }
  }

  @Test func aChangedByteInTheEntriesIsRefusedBeforeAnythingIsWritten() async throws {
    try await withTemporaryDirectory { directory in
      let (_, archive, _) = try await Self.exported(in: directory)
      let url = archive.appendingPathComponent("entries.jsonl")
      var bytes = try Data(contentsOf: url)
      let index = try #require(bytes.firstIndex(of: UInt8(ascii: "L")))
      bytes[index] = UInt8(ascii: "M")
      try bytes.write(to: url)
      try await Self.expectRefused(archive, in: directory, code: .invalidArchive) { message in
        message.contains("entries.jsonl") && message.contains("SHA-256")
      }
    }
  }

  @Test func aTruncatedEntriesFileIsRefused() async throws {
    try await withTemporaryDirectory { directory in
      let (_, archive, _) = try await Self.exported(in: directory)
      let url = archive.appendingPathComponent("entries.jsonl")
      let bytes = try Data(contentsOf: url)
      try bytes.prefix(bytes.count / 2).write(to: url)
      try await Self.expectRefused(archive, in: directory, code: .invalidArchive) { message in
        message.contains("entries.jsonl") && message.contains("cut short")
      }
    }
  }

  @Test func aTruncatedSingleFileIsRefused() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try StoreKind.sqlite.makeRepository(in: directory.appendingPathComponent("j"))
      _ = try await Self.fill(journal)
      let file = directory.appendingPathComponent("backup.harujournal")
      _ = try await journal.export(to: file, as: .singleFile)
      let bytes = try Data(contentsOf: file)
      try bytes.prefix(bytes.count - 40).write(to: file)
      try await Self.expectRefused(file, in: directory, code: .invalidArchive) { message in
        message.contains("damaged") || message.contains("truncated")
      }
    }
  }

  @Test func aNewerFormatIsRefusedInWords() async throws {
    try await withTemporaryDirectory { directory in
      let (_, archive, _) = try await Self.exported(in: directory)
      let url = archive.appendingPathComponent("manifest.json")
      let text = try String(contentsOf: url, encoding: .utf8)
      try Data(
        text.replacingOccurrences(of: "\"formatVersion\": 1", with: "\"formatVersion\": 2").utf8
      )
      .write(to: url)
      try await Self.expectRefused(archive, in: directory, code: .newerArchiveFormat) { message in
        message.contains("format version 2") && message.contains("Update")
      }
    }
  }

  @Test func aLineOfAnotherProgramsShapeIsRejectedByNumberAndTheRestImported() async throws {
    try await withTemporaryDirectory { directory in
      let (_, archive, entries) = try await Self.exported(in: directory)
      let url = archive.appendingPathComponent("entries.jsonl")
      var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(
        String.init)
      lines.insert(#"{"title":"Dear diary","body":"not a scent","tags":["x"]}"#, at: 1)
      lines.insert(
        #"{"id":"not-a-uuid","date":"2026-11-30","brand":"B","name":"N","notes":"","sentence":"S","favorite":false,"createdAt":"2026-11-30T00:00:00.000000Z","updatedAt":"2026-11-30T00:00:00.000000Z","photo":null}"#,
        at: 3)
      try Self.rewrite(archive, entries: lines)
      let restored = try StoreKind.sqlite.makeRepository(in: directory.appendingPathComponent("r"))
      let report = try await restored.import(archive: archive)
      #expect(report.rejectedLines.map(\.line) == [2, 4])
      #expect(report.rejectedLines.map(\.code) == [.invalidImportLine, .invalidImportLine])
      #expect(report.rejectedLines[0].message.contains("not a Haru journal entry"))
      #expect(report.rejectedLines[1].field == "id")
      #expect(report.addedCount == entries.count)
      #expect(try await restored.count(in: .all) == entries.count)
    }
  }

  @Test func anIdentityUsedTwiceInTheArchiveIsRejectedOnItsSecondLine() async throws {
    try await withTemporaryDirectory { directory in
      let (_, archive, entries) = try await Self.exported(in: directory)
      let url = archive.appendingPathComponent("entries.jsonl")
      var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(
        String.init)
      lines.append(lines[0])
      try Self.rewrite(archive, entries: lines)
      let restored = try StoreKind.sqlite.makeRepository(in: directory.appendingPathComponent("r"))
      let report = try await restored.import(archive: archive)
      #expect(report.rejectedLines.map(\.line) == [entries.count + 1])
      #expect(report.rejectedLines.first?.code == .duplicateEntry)
      #expect(report.addedCount == entries.count)
    }
  }

  // MARK: - Export faults

  @Test func exportingIntoAFolderThatIsNotEmptyIsATypedErrorAndWritesNothing() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try StoreKind.sqlite.makeRepository(in: directory.appendingPathComponent("j"))
      _ = try await Self.fill(journal)
      let target = directory.appendingPathComponent("taken")
      try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
      try Data("mine".utf8).write(to: target.appendingPathComponent("notes.txt"))
      let error = await #expect(throws: JournalError.self) {
        try await journal.export(to: target)
      }
      #expect(error?.code == .destinationExists)
      #expect(fileNames(in: target) == ["notes.txt"])
      #expect(fileNames(in: directory) == ["j", "taken"])
      let file = directory.appendingPathComponent("taken.harujournal")
      try Data("mine".utf8).write(to: file)
      let fileError = await #expect(throws: JournalError.self) {
        try await journal.export(to: file, as: .singleFile)
      }
      #expect(fileError?.code == .destinationExists)
      #expect(try Data(contentsOf: file) == Data("mine".utf8))
      // An empty folder is fine.
      let empty = directory.appendingPathComponent("empty")
      try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
      _ = try await journal.export(to: empty)
      #expect(fileNames(in: empty) == ["entries.jsonl", "manifest.json", "photos"])
      #expect(try await journal.count(in: .all) == 5)
    }
  }

  @Test(.enabled(if: JournalFaultTests.isRoot, "tmpfs mounts need root"))
  func exportingOntoAFullDiskIsATypedErrorThatLeavesNothingBehind() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try StoreKind.sqlite.makeRepository(in: directory.appendingPathComponent("j"))
      var photo = Fixture.jpeg
      photo.append(Data(repeating: 0x5A, count: 200 * 1024))
      for index in 0..<8 {
        _ = try await journal.add(Fixture.draft(perfumeName: "Big \(index)"), photo: photo)
      }
      let mounted = directory.appendingPathComponent("small")
      try FileManager.default.createDirectory(at: mounted, withIntermediateDirectories: true)
      try JournalFaultTests.mount(["-t", "tmpfs", "-o", "size=600k", "tmpfs", mounted.path])
      defer { _ = try? JournalFaultTests.mount([mounted.path], command: "/usr/bin/umount") }
      for format in [JournalArchiveFormat.folder, .singleFile] {
        let error = await #expect(throws: JournalError.self) {
          try await journal.export(to: mounted.appendingPathComponent("backup"), as: format)
        }
        #expect(error?.code == .diskFull, "\(String(describing: error))")
        // Nothing under the final name, and the temporary files are gone too.
        #expect(fileNames(in: mounted) == [])
      }
      #expect(try await journal.count(in: .all) == 8)
      #expect(try await journal.verify().isSound)
    }
  }

  @Test func aCancelledExportLeavesNothingUnderTheFinalName() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try StoreKind.sqlite.makeRepository(in: directory.appendingPathComponent("j"))
      let lines = (0..<3000).map { index in
        [UUID().uuidString, "2026-11-20", "Bulk", "Bulk \(index)", "", "한 줄", "0"]
          .joined(separator: "\t")
      }
      _ = try await journal.importEntries(fromTSV: Data(lines.joined(separator: "\n").utf8))
      let target = directory.appendingPathComponent("backup")
      let task = LockedBox<Task<JournalExportReport, any Error>?>(nil)
      let started = LockedBox(false)
      let export = Task {
        try await journal.export(to: target) { _ in
          // Cancel from inside, on the first progress report: half-way, deterministically.
          if !started.value {
            started.set(true)
            task.value?.cancel()
          }
        }
      }
      task.set(export)
      if started.value { export.cancel() }
      let error = await #expect(throws: JournalError.self) { try await export.value }
      #expect(error?.code == .cancelled)
      #expect(fileNames(in: directory) == ["j"])
      #expect(try await journal.count(in: .all) == 3000)
    }
  }

  // MARK: - CSV

  @Test func csvHasABOMQuotesAsRFC4180AndTheArchivesColumns() async throws {
    try await withTemporaryDirectory { directory in
      let journal = try StoreKind.inMemory.makeRepository(in: directory.appendingPathComponent("j"))
      let entry = try await journal.add(
        Fixture.draft(
          brand: "Maison, \"Margiela\"", perfumeName: "Replica", notes: "첫 줄\n둘째 줄",
          sentence: "재즈 클럽", isFavorite: true))
      let file = directory.appendingPathComponent("journal.csv")
      let report = try await journal.exportCSV(to: file)
      #expect(report.entryCount == 1)
      let bytes = try Data(contentsOf: file)
      #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
      let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
      let expected =
        "id,date,brand,name,notes,sentence,favorite,createdAt,updatedAt,photo\r\n"
        + "\(entry.id),\(entry.day),\"Maison, \"\"Margiela\"\"\",Replica,\"첫 줄\n둘째 줄\","
        + "재즈 클럽,true,\(ArchiveLine.timestamp(entry.createdAt)),"
        + "\(ArchiveLine.timestamp(entry.updatedAt)),\r\n"
      #expect(text == expected)
      let again = await #expect(throws: JournalError.self) {
        try await journal.exportCSV(to: file)
      }
      #expect(again?.code == .destinationExists)
    }
  }

  // MARK: - Store contract

  @Test(arguments: StoreKind.allCases)
  func mergeAddsReplacesOlderAndKeepsNewerInOneCall(kind: StoreKind) throws {
    try withStore(kind) { store in
      let kept = try Fixture.entry(created: 0)
      let old = try Fixture.entry(created: 1)
      _ = try store.insert([kept, old])
      let newer = try JournalEntry(
        id: old.id, draft: Fixture.draft(notes: "newer"), createdAt: old.createdAt,
        updatedAt: Fixture.time(50))
      let older = try JournalEntry(
        id: kept.id, draft: Fixture.draft(notes: "older"), createdAt: kept.createdAt,
        updatedAt: kept.updatedAt)
      let fresh = try Fixture.entry(created: 2)
      let outcomes = try store.merge([newer, older, fresh])
      #expect(outcomes == [.replaced(old), .kept(kept), .added])
      #expect(try store.entry(old.id) == newer)
      #expect(try store.entry(kept.id) == kept)
      #expect(try store.entry(fresh.id) == fresh)
    }
  }

  // MARK: - Helpers

  /// A clock that ticks a millisecond per call, from `start` seconds after `Fixture.now`.
  static func clock(from start: Double) -> @Sendable () -> Date {
    let ticks = LockedBox(0)
    return {
      let tick = ticks.value
      ticks.set(tick + 1)
      return Fixture.time(start + Double(tick) / 1000)
    }
  }

  /// Five entries of every kind: with photos (JPEG, PNG, HEIC), a favorite, an edited one, text
  /// that JSON and CSV must escape. Returns them newest first.
  static func fill(_ journal: JournalRepository) async throws -> [JournalEntry] {
    _ = try await journal.add(
      Fixture.draft(day: -3, brand: "Le Labo", notes: "quote \" backslash \\ tab \t end"),
      photo: Fixture.jpeg)
    _ = try await journal.add(
      Fixture.draft(day: -2, brand: "Diptyque", notes: "첫 줄\n둘째 줄\r\n", isFavorite: true),
      photo: Fixture.png)
    let edited = try await journal.add(Fixture.draft(day: -1, brand: "Byredo"))
    _ = try await journal.add(Fixture.draft(day: 0, brand: "Jo Malone"), photo: Fixture.heic)
    _ = try await journal.add(Fixture.draft(day: 0, brand: "Aesop", notes: "장미 🌹 / 슬래시"))
    _ = try await journal.update(edited.id) { $0.sentence = "고친 한 줄" }
    return try await journal.entries(in: .all, limit: 1000).entries
  }

  /// A SQLite journal filled by ``fill(_:)`` and its folder archive.
  static func exported(
    in directory: URL
  ) async throws -> (JournalRepository, URL, [JournalEntry]) {
    let journal = try StoreKind.sqlite.makeRepository(in: directory.appendingPathComponent("j"))
    let entries = try await fill(journal)
    let archive = directory.appendingPathComponent("backup")
    _ = try await journal.export(to: archive)
    return (journal, archive, entries)
  }

  /// Expects an import to be refused with a code, and nothing written into the journal.
  static func expectRefused(
    _ archive: URL, in directory: URL, code: JournalError.Code,
    message: (String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let folder = directory.appendingPathComponent("refused-\(UUID().uuidString)")
    let restored = try StoreKind.sqlite.makeRepository(in: folder)
    let error = await #expect(throws: JournalError.self, sourceLocation: sourceLocation) {
      try await restored.import(archive: archive)
    }
    #expect(error?.code == code, "\(String(describing: error))", sourceLocation: sourceLocation)
    #expect(
      message(error?.message ?? ""), "\(String(describing: error))", sourceLocation: sourceLocation)
    #expect(try await restored.count(in: .all) == 0, sourceLocation: sourceLocation)
    #expect(
      fileNames(in: folder.appendingPathComponent("photos")) == [], sourceLocation: sourceLocation)
  }

  /// Replaces a folder archive's entries and writes a manifest that agrees with them, as another
  /// program might.
  static func rewrite(_ archive: URL, entries lines: [String]) throws {
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    try Data(bytes).write(to: archive.appendingPathComponent("entries.jsonl"))
    let url = archive.appendingPathComponent("manifest.json")
    var manifest = try ArchiveManifest(decoding: Array(try Data(contentsOf: url)), path: url.path)
    manifest.entryCount = lines.count
    manifest.files = manifest.files.map { file in
      file.path == "entries.jsonl"
        ? ArchiveManifest.File(
          path: file.path, size: Int64(bytes.count), sha256: SHA256.hex(of: bytes)) : file
    }
    try Data(manifest.encoded()).write(to: url)
  }

  /// The files of an archive by path: a folder's, or a zip's (read through the journal's reader).
  static func files(of archive: URL) throws -> [String: Data] {
    let reader = try ArchiveReader(path: archive.path)
    var paths = ["entries.jsonl", "manifest.json"]
    let manifest = try ArchiveManifest(
      decoding: try reader.contents(of: "manifest.json"), path: archive.path)
    paths += manifest.files.map(\.path).filter { $0 != "entries.jsonl" }
    var files: [String: Data] = [:]
    for path in paths {
      files[path] = Data(try reader.contents(of: path))
    }
    return files
  }

  static func manifestWithoutTime(_ data: Data?) throws -> ArchiveManifest {
    var manifest = try ArchiveManifest(decoding: Array(try #require(data)), path: "manifest")
    manifest.exportedAt = ""
    return manifest
  }
}

/// A line of `entries.jsonl` as the export writes it is read by a scanner of its own; every other
/// line by `JSONDecoder`. Both read the same entry from the same line, or refuse it alike.
struct ArchiveLineScannerTests {
  private static func line(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

  private static func result(
    _ read: (ArraySlice<UInt8>, Int) throws(JournalError) -> JournalEntry, _ line: String
  ) -> Result<JournalEntry, JournalError> {
    Result { () throws(JournalError) in try read(Self.line(line), 7) }
  }

  @Test(arguments: [
    "Rose 31", "장미향이 \"은은하게\" 남는다", "tab\there, new\nline, back\\slash, cr\r",
    "emoji 🌹 and é", "slash / and \\u0041",
  ])
  func aLineTheExportWroteReadsAsJSONDecoderReadsIt(notes: String) throws {
    let entry = try Fixture.entry(notes: notes)
    var bytes: [UInt8] = []
    ArchiveLine.encode(entry, into: &bytes)
    let line = bytes.dropLast()  // the line break
    #expect(try ArchiveLine.decode(line, number: 1) == entry)
    #expect(try ArchiveLine.decodeWithJSONDecoder(line, number: 1) == entry)
  }

  @Test(arguments: [
    // Another order, spaces, an escape the scanner leaves to JSONDecoder, a missing key, a
    // wrong type, a null, text that is not UTF-8, not JSON at all.
    #"{"date":"2026-11-30","id":"7C1D3B5E-2F4A-4C8B-9D6E-1A2B3C4D5E6F","brand":"b","name":"n","notes":"","sentence":"s","favorite":false,"createdAt":"2026-11-30T01:02:03.000004Z","updatedAt":"2026-11-30T01:02:03.000004Z","photo":null}"#,
    #"{"id": "7C1D3B5E-2F4A-4C8B-9D6E-1A2B3C4D5E6F","date":"2026-11-30","brand":"b","name":"n","notes":"","sentence":"s","favorite":true,"createdAt":"2026-11-30T01:02:03Z","updatedAt":"2026-11-30T01:02:03Z","photo":null}"#,
    #"{"id":"7C1D3B5E-2F4A-4C8B-9D6E-1A2B3C4D5E6F","date":"2026-11-30","brand":"\u0042","name":"n","notes":"","sentence":"s","favorite":true,"createdAt":"2026-11-30T01:02:03Z","updatedAt":"2026-11-30T01:02:03Z","photo":null}"#,
    #"{"id":"7C1D3B5E-2F4A-4C8B-9D6E-1A2B3C4D5E6F","date":"2026-11-30","brand":"b","name":"n","notes":"","favorite":true,"createdAt":"2026-11-30T01:02:03Z","updatedAt":"2026-11-30T01:02:03Z","photo":null}"#,
    #"{"id":"7C1D3B5E-2F4A-4C8B-9D6E-1A2B3C4D5E6F","date":"2026-11-30","brand":"b","name":"n","notes":"","sentence":"s","favorite":"yes","createdAt":"2026-11-30T01:02:03Z","updatedAt":"2026-11-30T01:02:03Z","photo":null}"#,
    #"{"id":"7C1D3B5E-2F4A-4C8B-9D6E-1A2B3C4D5E6F","date":"2026-11-30","brand":null,"name":"n","notes":"","sentence":"s","favorite":true,"createdAt":"2026-11-30T01:02:03Z","updatedAt":"2026-11-30T01:02:03Z","photo":null}"#,
    #"{"id":"7C1D3B5E-2F4A-4C8B-9D6E-1A2B3C4D5E6F","date":"2026-11-30","brand":"b","name":"n","notes":"","sentence":"s","favorite":true,"createdAt":"2026-11-30T01:02:03Z","updatedAt":"2026-11-30T01:02:03Z","photo":null} "#,
    #"{"id":"not a uuid","date":"2026-11-30","brand":"b","name":"n","notes":"","sentence":"s","favorite":true,"createdAt":"2026-11-30T01:02:03Z","updatedAt":"2026-11-30T01:02:03Z","photo":null}"#,
    #"{"id":"7C1D3B5E-2F4A-4C8B-9D6E-1A2B3C4D5E6F","date":"2026-11-30","brand":"b","name":"n","notes":"","sentence":"s","favorite":true,"createdAt":"2026-11-30T01:02:03Z","updatedAt":"2026-11-30T01:02:03Z","photo":"x.jpg"}"#,
    "[1, 2, 3]", "",
  ])
  func anyOtherLineReadsAsJSONDecoderReadsIt(line: String) {
    let scanned = Self.result(ArchiveLine.decode, line)
    let decoded = Self.result(ArchiveLine.decodeWithJSONDecoder, line)
    switch (scanned, decoded) {
    case (.success(let a), .success(let b)):
      #expect(a == b)
    case (.failure(let a), .failure(let b)):
      #expect(a.code == b.code)
      #expect(a.message == b.message)
      #expect(a.field == b.field)
    default:
      Issue.record("the scanner read \(scanned), JSONDecoder \(decoded)")
    }
  }

  @Test func textThatIsNotUTF8IsRefusedAsJSONDecoderRefusesIt() {
    var bytes = Array(
      #"{"id":"7C1D3B5E-2F4A-4C8B-9D6E-1A2B3C4D5E6F","date":"2026-11-30","brand":"b","name":"n","notes":"X","sentence":"s","favorite":true,"createdAt":"2026-11-30T01:02:03Z","updatedAt":"2026-11-30T01:02:03Z","photo":null}"#
        .utf8)
    if let index = bytes.firstIndex(of: UInt8(ascii: "X")) { bytes[index] = 0xFF }
    let line = bytes[...]
    let error = #expect(throws: JournalError.self) { try ArchiveLine.decode(line, number: 3) }
    #expect(error?.code == .invalidImportLine)
    #expect(error?.line == 3)
  }
}
