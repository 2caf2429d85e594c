import Foundation
import HaruJournal
import HaruModels
import Testing

@testable import HaruJournal

/// A whole session with a journal, as a person uses it over months: a thousand adds with photos,
/// edits, favorites, deletes, searches, an import of tab-separated lines, a backup restored into
/// a new journal and a check of both files. Every result is compared with what the test itself
/// expects the journal to hold, written down step by step beside it. The suite runs once on
/// Debian's SQLite and once on SQLite built with Apple's options, against the same expectation.
@Suite(.timeLimit(.minutes(3)))
struct JournalScenarioTests {
  @Test func aWholeSessionLeavesBothJournalsHoldingExactlyWhatWasWritten() async throws {
    try await withTemporaryDirectory { root in
      let clock = TestClock()
      var data = SessionData(seed: 0x4841_5255)
      var expected = Expectation()
      let folder = root.appendingPathComponent("journal", isDirectory: true)
      let journal = try JournalRepository(directory: folder, now: clock.now)
      #expect(try await journal.count(in: .all) == 0)

      // 1. A thousand adds, each with a photo of its own bytes.
      for serial in 0..<1_000 {
        clock.advance(by: 60)
        let plant = Self.plan(serial)
        let draft = data.draft(planting: plant)
        let photo = data.photo(serial)
        let entry = try await journal.add(draft, photo: photo)
        let time = clock.now()
        #expect(entry.draft == draft && entry.createdAt == time && entry.updatedAt == time)
        #expect(entry.photo?.rawValue.hasSuffix("." + SessionData.fileExtension(of: photo)) == true)
        expected.record(
          entry.id, Expected(draft: draft, createdAt: time, updatedAt: time, photo: photo),
          planted: plant)
      }
      try await Self.expectJournal(journal, holds: expected)
      try await Self.expectSearches(on: journal, match: expected)

      // 2. Edits of a hundred entries: new text and day, a new photo, no photo, or the same one.
      var ids = expected.sortedIDs(in: .all)
      ids.shuffle(using: &data.random)
      for (index, id) in ids.prefix(100).enumerated() {
        clock.advance(by: 60)
        let old = try #require(expected.entries[id])
        let plant = Self.plan(index + 7)
        var draft = data.draft(planting: plant)
        draft.isFavorite = old.draft.isFavorite
        let change: JournalPhotoChange
        let photo: Data?
        switch index % 4 {
        case 0:
          photo = data.photo(10_000 + index)
          change = .replace(try #require(photo))
        case 1:
          photo = nil
          change = .remove
        default:
          photo = old.photo
          change = .keep
        }
        let updated: JournalEntry
        if index.isMultiple(of: 3) {
          // Only some fields, on top of what is stored.
          updated = try await journal.update(id, photo: change) { [draft] stored in
            stored.notes = draft.notes
            stored.sentence = draft.sentence
          }
          draft = JournalEntryDraft(
            day: old.draft.day, brand: old.draft.brand, perfumeName: old.draft.perfumeName,
            notes: draft.notes, sentence: draft.sentence, isFavorite: old.draft.isFavorite)
        } else {
          updated = try await journal.update(id, with: draft, photo: change)
        }
        let new = Expected(
          draft: draft, createdAt: old.createdAt, updatedAt: clock.now(), photo: photo)
        #expect(updated.id == id && updated.draft == draft)
        #expect(updated.createdAt == new.createdAt && updated.updatedAt == new.updatedAt)
        #expect((updated.photo == nil) == (photo == nil))
        expected.record(id, new, planted: plant)
      }

      // 3. A hundred favorite toggles, and ten that set the flag an entry already has.
      ids.shuffle(using: &data.random)
      for (index, id) in ids.prefix(110).enumerated() {
        clock.advance(by: 60)
        var entry = try #require(expected.entries[id])
        let flag = index < 100 ? !entry.draft.isFavorite : entry.draft.isFavorite
        let saved = try await journal.setFavorite(flag, for: id)
        if flag != entry.draft.isFavorite {
          entry.draft.isFavorite = flag
          entry.updatedAt = clock.now()
        }
        #expect(saved.isFavorite == flag)
        #expect(saved.updatedAt == entry.updatedAt, "an unchanged flag keeps the update time")
        expected.entries[id] = entry
      }

      // 4. A hundred deletes; each returns what it deleted.
      ids.shuffle(using: &data.random)
      for id in ids.prefix(100) {
        clock.advance(by: 60)
        let deleted = try await journal.delete(id)
        let old = try #require(expected.entries[id])
        #expect(Self.differences(deleted, old).isEmpty)
        #expect(try await journal.entry(id) == nil)
        expected.remove(id)
      }
      #expect(expected.entries.count == 900)
      try await Self.expectJournal(journal, holds: expected)
      try await Self.expectSearches(on: journal, match: expected)

      // 5. An import of tab-separated lines, some of them refused, one already in the journal.
      clock.advance(by: 3_600)
      let present = try #require(ids.dropFirst(100).first)
      let tsv = try data.tsv(lines: 300, alreadyPresent: present)
      let report = try await journal.importEntries(fromTSV: tsv.text)
      #expect(report.importedCount == tsv.accepted.count)
      #expect(report.skippedLines == [tsv.presentLine])
      #expect(report.rejectedLines.map { $0.line ?? 0 } == tsv.refused.map { $0.line })
      #expect(report.rejectedLines.map(\.code) == tsv.refused.map { $0.code })
      // Imported entries are created at the import's time, later in the file later.
      var created: [Date] = []
      for line in tsv.accepted {
        let entry = try #require(await journal.entry(line.id), "line \(line.line)")
        #expect(entry.draft == line.draft, "line \(line.line)")
        #expect(entry.photo == nil && entry.updatedAt == entry.createdAt)
        created.append(entry.createdAt)
        expected.record(
          line.id,
          Expected(
            draft: line.draft, createdAt: entry.createdAt, updatedAt: entry.createdAt, photo: nil),
          planted: line.planted)
      }
      #expect(created.first == clock.now())
      #expect(zip(created, created.dropFirst()).allSatisfy { $0 < $1 })
      #expect(expected.entries.count == 900 + tsv.accepted.count)
      try await Self.expectJournal(journal, holds: expected)
      try await Self.expectSearches(on: journal, match: expected)

      // 6. The journal opened again, as after a relaunch, exported; the archive restored into a
      // new journal, twice.
      let reopened = try JournalRepository(directory: folder, now: clock.now)
      try await Self.expectJournal(reopened, holds: expected)
      let archive = root.appendingPathComponent("backup", isDirectory: true)
      let exported = try await reopened.export(to: archive)
      #expect(exported.entryCount == expected.entries.count)
      #expect(exported.photoCount == expected.photoCount)
      #expect(exported.missingPhotos.isEmpty && exported.unreadable.isEmpty)

      let restoredClock = TestClock()
      restoredClock.advance(by: 86_400 * 30)
      let restored = try JournalRepository(
        directory: root.appendingPathComponent("restored", isDirectory: true),
        now: restoredClock.now)
      let imported = try await restored.import(archive: archive)
      #expect(imported.addedCount == expected.entries.count)
      #expect(imported.replaced.isEmpty && imported.keptNewer.isEmpty)
      #expect(imported.unchangedCount == 0)
      #expect(imported.rejectedLines.isEmpty && imported.missingPhotos.isEmpty)
      #expect(imported.photoCount == expected.photoCount)
      try await Self.expectJournal(restored, holds: expected)
      try await Self.expectSearches(on: restored, match: expected)
      // Identities, times, photo names and text byte for byte, the same as the first journal's.
      let first = try await Self.allEntries(of: reopened, in: .all)
      let second = try await Self.allEntries(of: restored, in: .all)
      #expect(first == second)
      #expect(first.map(Self.bytes) == second.map(Self.bytes))

      let again = try await restored.import(archive: archive)
      #expect(again.addedCount == 0 && again.photoCount == 0)
      #expect(again.unchangedCount == expected.entries.count)
      try await Self.expectJournal(restored, holds: expected)

      // 7. Both files are sound.
      for repository in [reopened, restored] {
        let fractions = LockedBox<[Double]>([])
        let check = try await repository.verify { fraction in
          fractions.set(fractions.value + [fraction])
        }
        #expect(check.isSound, "\(check.problems)")
        #expect(fractions.value.last == 1)
      }

      // 8. The counts of every list.
      for repository in [journal, reopened, restored] {
        #expect(try await repository.count(in: .all) == expected.entries.count)
        #expect(try await repository.count(in: .favorites) == expected.count(in: .favorites))
        let perfumes = try await repository.perfumes()
        #expect(Dictionary(perfumes.map { ($0.perfume, $0) }) { a, _ in a } == expected.perfumes)
        #expect(perfumes.count == expected.perfumes.count)
        #expect(zip(perfumes, perfumes.dropFirst()).allSatisfy { $0.lastDay >= $1.lastDay })
        for perfume in SessionData.checkedPerfumes {
          #expect(
            try await repository.count(in: .perfume(perfume))
              == expected.count(in: .perfume(perfume)), "\(perfume)")
        }
      }
      #expect(expected.count(in: .favorites) > 100)
      #expect(SessionData.checkedPerfumes.allSatisfy { expected.count(in: .perfume($0)) > 0 })
    }
  }

  // MARK: - Checks

  /// Expects a journal to hold exactly the expected entries: every list in order, every field
  /// scalar for scalar, every photo byte for byte, and no other photo file.
  static func expectJournal(
    _ journal: JournalRepository, holds expected: Expectation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let lists =
      [JournalList.all, .favorites] + SessionData.checkedPerfumes.map(JournalList.perfume)
    for list in lists {
      let entries = try await allEntries(of: journal, in: list)
      #expect(
        entries.map(\.id) == expected.sortedIDs(in: list), "\(list)",
        sourceLocation: sourceLocation)
      #expect(
        try await journal.count(in: list) == expected.count(in: list), "\(list)",
        sourceLocation: sourceLocation)
      guard list == .all else { continue }
      var problems: [String] = []
      for entry in entries {
        guard let wanted = expected.entries[entry.id] else {
          problems.append("\(entry.id) is not expected")
          continue
        }
        problems += differences(entry, wanted).map { "\(entry.id): \($0)" }
        switch (journal.photo(of: entry), wanted.photo) {
        case (nil, nil):
          break
        case (.stored(let url)?, let bytes?):
          if (try? Data(contentsOf: url)) != bytes { problems.append("\(entry.id): photo bytes") }
        case (let photo, _):
          problems.append("\(entry.id): photo \(String(describing: photo))")
        }
      }
      #expect(problems.isEmpty, "\(problems.prefix(20))", sourceLocation: sourceLocation)
    }
    let files = fileNames(in: journal.directory.appendingPathComponent("photos"))
    #expect(files.count == expected.photoCount, sourceLocation: sourceLocation)
  }

  /// What differs between a stored entry and the expected one, field by field; text compared
  /// scalar for scalar, since `String` calls composed and decomposed Hangul equal.
  static func differences(_ entry: JournalEntry, _ expected: Expected) -> [String] {
    let draft = expected.draft
    var found: [String] = []
    if entry.day != draft.day { found.append("day \(entry.day) instead of \(draft.day)") }
    if !entry.brand.utf8.elementsEqual(draft.brand.utf8) { found.append("brand") }
    if !entry.perfumeName.utf8.elementsEqual(draft.perfumeName.utf8) { found.append("name") }
    if !entry.notes.utf8.elementsEqual(draft.notes.utf8) { found.append("notes") }
    if !entry.sentence.utf8.elementsEqual(draft.sentence.utf8) { found.append("sentence") }
    if entry.isFavorite != draft.isFavorite { found.append("favorite") }
    if entry.createdAt != expected.createdAt { found.append("createdAt \(entry.createdAt)") }
    if entry.updatedAt != expected.updatedAt { found.append("updatedAt \(entry.updatedAt)") }
    if (entry.photo == nil) != (expected.photo == nil) { found.append("photo") }
    return found
  }

  /// The searches a person makes: syllables, 초성, half-typed syllables, Latin words in any case,
  /// several terms, the planted words, other lists, and a word no entry has.
  static let searches: [(text: String, list: JournalList, finds: Bool)] = [
    ("장미", .all, true), ("목서", .all, true), ("ㄱㅁㅅ", .all, true), ("ㅈㅁ", .all, true),
    ("금몫", .all, true), ("포근하", .all, true), ("rose", .all, true), ("MUSK", .all, true),
    ("hermes", .all, true), ("장미 rose", .all, true), ("비누향  vanilla ", .all, true),
    (SessionData.korean, .all, true), ("ㅊㅂㄹㅂ", .all, true), ("zephyrine", .all, true),
    ("ZEPHYRINE 장미", .all, false), ("장미", .favorites, true),
    (SessionData.korean, .favorites, true), ("비", .perfume(SessionData.checkedPerfumes[0]), true),
    ("없는말", .all, false), ("\"rose\" OR -musk*", .all, false),
  ]

  /// Expects every search to find, page after page, what the definition of search finds among
  /// the expected entries, newest first; and the planted words exactly the entries they were
  /// planted in.
  static func expectSearches(
    on journal: JournalRepository, match expected: Expectation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let reference = SearchReference.Prepared(try expected.entriesWithoutPhotos())
    for (text, list, finds) in searches {
      var found: [JournalEntry.ID] = []
      var page = try await journal.search(text, in: list, limit: 40)
      found += page.entries.map(\.id)
      while let next = page.nextCursor {
        page = try await journal.search(text, in: list, after: next, limit: 40)
        found += page.entries.map(\.id)
      }
      let wanted = SearchReference.searchAll(text, in: list, among: reference).map(\.id)
      #expect(found == wanted, "\(text) in \(list)", sourceLocation: sourceLocation)
      if finds {
        #expect(
          !wanted.isEmpty, "\(text) in \(list) finds something", sourceLocation: sourceLocation)
      }
    }
    for (word, ids) in expected.planted {
      for list in [JournalList.all, .favorites] {
        let byConstruction = ids.filter { id in
          expected.entries[id].map { list != .favorites || $0.draft.isFavorite } ?? false
        }
        var found: Set<JournalEntry.ID> = []
        var page = try await journal.search(word, in: list, limit: 1000)
        found.formUnion(page.entries.map(\.id))
        while let next = page.nextCursor {
          page = try await journal.search(word, in: list, after: next, limit: 1000)
          found.formUnion(page.entries.map(\.id))
        }
        #expect(found == byConstruction, "\(word) in \(list)", sourceLocation: sourceLocation)
        #expect(!byConstruction.isEmpty, sourceLocation: sourceLocation)
      }
    }
  }

  /// Every entry of a list, page after page.
  static func allEntries(
    of journal: JournalRepository, in list: JournalList
  ) async throws -> [JournalEntry] {
    var page = try await journal.entries(in: list, limit: 250)
    var entries = page.entries
    while let next = page.nextCursor {
      page = try await journal.entries(in: list, after: next, limit: 250)
      entries += page.entries
    }
    #expect(page.unreadable.isEmpty)
    return entries
  }

  /// An entry's text fields as bytes, to compare what `String` calls equal.
  static func bytes(_ entry: JournalEntry) -> [[UInt8]] {
    [entry.brand, entry.perfumeName, entry.notes, entry.sentence].map { Array($0.utf8) }
  }

  /// Which words an entry gets planted: about one in five the Korean word, one in seven the
  /// Latin word, some both.
  static func plan(_ serial: Int) -> [String] {
    var words: [String] = []
    if serial % 5 == 2 { words.append(SessionData.korean) }
    if serial % 7 == 3 { words.append(SessionData.latin) }
    return words
  }

  // MARK: - The expectation

  /// What one entry should be: its fields, its times and its photo's bytes.
  struct Expected {
    var draft: JournalEntryDraft
    var createdAt: Date
    var updatedAt: Date
    var photo: Data?
  }

  /// What the journal should hold, kept beside it as the session goes.
  struct Expectation {
    var entries: [JournalEntry.ID: Expected] = [:]
    /// For each planted word, the entries it was planted in, by construction.
    var planted: [String: Set<JournalEntry.ID>] = [:]

    mutating func record(_ id: JournalEntry.ID, _ entry: Expected, planted words: [String]) {
      entries[id] = entry
      for word in [SessionData.korean, SessionData.latin] {
        if words.contains(word) {
          planted[word, default: []].insert(id)
        } else {
          planted[word]?.remove(id)
        }
      }
    }

    mutating func remove(_ id: JournalEntry.ID) {
      entries[id] = nil
      for word in planted.keys { planted[word]?.remove(id) }
    }

    /// The entries as the journal lists them, without photo names (which the journal chooses).
    func entriesWithoutPhotos() throws -> [JournalEntry] {
      try entries.map { id, entry in
        try JournalEntry(
          id: id, draft: entry.draft, createdAt: entry.createdAt, updatedAt: entry.updatedAt)
      }
    }

    /// The identities of a list's entries, newest first.
    func sortedIDs(in list: JournalList) -> [JournalEntry.ID] {
      entries.filter { Self.contains(list, $0.value) }
        .sorted { a, b in
          if a.value.draft.day != b.value.draft.day { return a.value.draft.day > b.value.draft.day }
          if a.value.createdAt != b.value.createdAt { return a.value.createdAt > b.value.createdAt }
          return a.key.description > b.key.description
        }
        .map(\.key)
    }

    func count(in list: JournalList) -> Int {
      entries.values.count { Self.contains(list, $0) }
    }

    var photoCount: Int { entries.values.count { $0.photo != nil } }

    /// One summary per perfume: its entries and its latest day.
    var perfumes: [Perfume: PerfumeSummary] {
      var summaries: [Perfume: PerfumeSummary] = [:]
      for entry in entries.values {
        let perfume = Perfume(brand: entry.draft.brand, name: entry.draft.perfumeName)
        let last = summaries[perfume]
        summaries[perfume] = PerfumeSummary(
          perfume: perfume, entryCount: (last?.entryCount ?? 0) + 1,
          lastDay: max(last?.lastDay ?? entry.draft.day, entry.draft.day))
      }
      return summaries
    }

    /// Whether an entry belongs in a list; a perfume's brand and name compared byte for byte.
    static func contains(_ list: JournalList, _ entry: Expected) -> Bool {
      switch list {
      case .all: true
      case .favorites: entry.draft.isFavorite
      case .perfume(let perfume):
        entry.draft.brand.utf8.elementsEqual(perfume.brand.utf8)
          && entry.draft.perfumeName.utf8.elementsEqual(perfume.name.utf8)
      }
    }
  }
}

/// Days, text and photos for the session, from a seeded generator.
struct SessionData {
  var random: SeededGenerator

  init(seed: UInt64) {
    random = SeededGenerator(seed: seed)
  }

  /// A Korean and a Latin word that no generated text holds: they are planted in chosen entries.
  static let korean = "청보리밭"
  static let latin = "zephyrine"

  /// Brands, the same Hangul once composed and once decomposed among them: two perfumes.
  static let brands = [
    "Le Labo", "Diptyque", "딥티크", "Byredo", "조말론", "조말론".decomposedStringWithCanonicalMapping,
    "Aesop", "Hermès", "탬버린즈",
  ]
  static let names = ["Rose 31", "Santal 33", "필로시코스", "도손", "Gypsy Water", "카모", "Hwyl"]
  static let words = [
    "장미", "장미향이", "들장미", "머스크", "비누향", "금목서향", "목서", "무화과", "시트러스", "바닐라",
    "우디한", "포근한", "가을비", "흙냄새", "잎", "나무", "냄새가", "오래", "남는다", "오후", "향수를",
    "금목서향".decomposedStringWithCanonicalMapping, "rose", "Rose", "ROSE", "musk", "Musk", "vanilla",
    "iris", "Oud", "amber", "citrus", "wood", "soap", "No.5",
  ]
  /// Lists of one perfume whose entries and counts are checked.
  static let checkedPerfumes = [
    Perfume(brand: "Le Labo", name: "Rose 31"), Perfume(brand: "딥티크", name: "도손"),
    Perfume(brand: "조말론", name: "카모"),
    Perfume(brand: "조말론".decomposedStringWithCanonicalMapping, name: "카모"),
  ]

  mutating func pick(_ values: [String]) -> String {
    values[Int.random(in: 0..<values.count, using: &random)]
  }

  mutating func phrase(words range: ClosedRange<Int>, separators: [String] = [" "]) -> String {
    (0..<Int.random(in: range, using: &random)).map { index in
      (index == 0 ? "" : pick(separators)) + pick(Self.words)
    }.joined()
  }

  /// A draft with generated text on a day of the last three years, the planted words in it.
  mutating func draft(planting planted: [String]) -> JournalEntryDraft {
    var notes = phrase(words: 0...9, separators: [" ", " ", "\n", ", "])
    var sentence = phrase(words: 1...6)
    if planted.contains(Self.korean) { notes += (notes.isEmpty ? "" : " ") + Self.korean + "에서" }
    if planted.contains(Self.latin) {
      let spelling = pick([Self.latin, "Zephyrine", "ZEPHYRINE"])
      sentence = "like a \(spelling) morning, " + sentence
    }
    return JournalEntryDraft(
      day: Fixture.day(-Int.random(in: 0..<1_100, using: &random)), brand: pick(Self.brands),
      perfumeName: pick(Self.names), notes: notes, sentence: sentence,
      isFavorite: Int.random(in: 0..<4, using: &random) == 0)
  }

  /// A JPEG, PNG or HEIC picture's first bytes, followed by bytes no other photo has.
  func photo(_ serial: Int) -> Data {
    let header = [Fixture.jpeg, Fixture.png, Fixture.heic][serial % 3]
    return header + Data(String(serial).utf8) + Data(Fixture.filler(serial % 97))
  }

  static func fileExtension(of photo: Data) -> String {
    photo.starts(with: Fixture.jpeg.prefix(3)) ? "jpg" : photo.starts(with: [0x89]) ? "png" : "heic"
  }

  mutating func id() -> JournalEntry.ID {
    let high = random.next()
    let low = random.next()
    let bytes = (0..<16).map { index in
      UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> (8 * UInt64(index % 8)))
    }
    return JournalEntry.ID(
      UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
          bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        )))
  }

  /// A line of an import that should be added.
  struct ImportLine {
    let line: Int
    let id: JournalEntry.ID
    let draft: JournalEntryDraft
    let planted: [String]
  }

  /// Tab-separated lines: good ones with escaped tabs, line breaks and backslashes, with CR LF
  /// and LF endings and a blank line; every 40th line refused for a reason of its own; and one
  /// line of an entry the journal holds already.
  mutating func tsv(lines count: Int, alreadyPresent: JournalEntry.ID) throws -> ImportFile {
    var file = ImportFile()
    var text = ""
    var number = 0
    for index in 1...count {
      number += 1
      let planted = JournalScenarioTests.plan(index)
      var draft = self.draft(planting: planted)
      if index % 9 == 0 {
        draft.notes =
          "tab\t, back\\slash\r\nand a new line" + (draft.notes.isEmpty ? "" : " ")
          + draft.notes
      }
      let id = index == count / 2 ? alreadyPresent : self.id()
      var row = [
        id.rawValue.uuidString, draft.day.description, Self.escape(draft.brand),
        Self.escape(draft.perfumeName), Self.escape(draft.notes), Self.escape(draft.sentence),
        draft.isFavorite ? "1" : "0",
      ]
      if index == count / 2 {
        file.presentLine = number
      } else {
        switch index % 40 {
        case 10:
          row[1] = "2026-02-30"
          file.refused.append((number, .invalidImportLine))
        case 20:
          row[5] = "  "
          file.refused.append((number, .invalidEntry))
        case 30:
          row.removeLast()
          file.refused.append((number, .invalidImportLine))
        case 0:
          row[0] = try #require(file.accepted.last).id.rawValue.uuidString
          file.refused.append((number, .duplicateEntry))
        default:
          file.accepted.append(ImportLine(line: number, id: id, draft: draft, planted: planted))
        }
      }
      text += row.joined(separator: "\t") + (index.isMultiple(of: 2) ? "\r\n" : "\n")
      if index == count / 3 {
        // A blank line holds no entry, and still counts in the numbering.
        text += "\n"
        number += 1
      }
    }
    file.text = Data(text.utf8)
    return file
  }

  /// An import's text and what it should do with each line.
  struct ImportFile {
    var text = Data()
    var accepted: [ImportLine] = []
    var refused: [(line: Int, code: JournalError.Code)] = []
    var presentLine = 0
  }

  /// A field as the import reads it: tab, line break, carriage return and backslash escaped.
  static func escape(_ field: String) -> String {
    var escaped = ""
    for scalar in field.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
