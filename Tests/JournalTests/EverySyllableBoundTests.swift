import Dispatch
import Foundation
import HaruModels
import HaruShared
import Testing

@testable import HaruJournal

/// Every one of the 11,172 Hangul syllables, searched as a one-syllable query and as the last of
/// two terms, on a journal where the syllables on the way to it are common and it is rare: each
/// page is the reference's, and the entries the search checked (``JournalRows/examined``) stay
/// within the bound the search article states, `walkPages × limit + limit` on a journal whose
/// entries each have a day of their own.
///
/// The journal holds, in 40 entries each, every syllable without a final followed by a syllable
/// beginning with ㄱ, ㄴ, ㄹ or ㅂ (다리: what a search for 닭, 닮, 닯, 닰 … would read if it asked
/// for 다 before an ㄹ syllable), every syllable with the final ㄱ, ㄴ, ㄹ or ㅂ followed by a
/// syllable of any initial (달빛; 달걀 matches 닭), and every syllable once, alone. Half the
/// entries also hold 오늘, the first of the two terms.
@Suite(.serialized)
struct EverySyllableBoundTests {
  static let limit = 3
  static let companion = "오늘"
  /// Every syllable (1) unless `HARU_SYLLABLE_STRIDE` says every how many: the sanitized CI runs
  /// check the same code on every seventh, the main run on all of them.
  static let syllableStride = max(
    Int(ProcessInfo.processInfo.environment["HARU_SYLLABLE_STRIDE"] ?? "") ?? 1, 1)

  @Test func everySyllableFindsTheReferencePageWithinTheBound() throws {
    try withTemporaryDirectory { directory in
      let store = try SQLiteJournalStore(
        fileURL: directory.appendingPathComponent("journal.sqlite"))
      let notes = Self.notes()
      let entries = try notes.enumerated().map { index, text in
        try Fixture.entry(day: -index, brand: "b", perfumeName: "n", notes: text, sentence: "s")
      }
      _ = try store.insert(entries)
      // Newest first: entry 0 has the latest day.
      let reference = Self.matchingEntries(notes)
      let bound = SearchPlanner.walkPages * Self.limit + Self.limit
      // Four runs of the syllables side by side, each on a reader of its own.
      let runs = 4
      let results = LockedState([(checked: Int, worst: Int)]())
      DispatchQueue.concurrentPerform(iterations: runs) { run in
        var checked = 0
        var worst = 0
        for offset in stride(from: run, to: 11_172, by: runs)
        where offset % Self.syllableStride == 0 {
          let syllable = KoreanText.syllableBase + UInt16(offset)
          let text = String(decoding: [syllable], as: UTF16.self)
          let matching = reference[offset]
          for (query, expected) in [
            (text, matching),
            (Self.companion + " " + text, matching.filter { notes[$0].contains(Self.companion) }),
          ] {
            do {
              let rows = try store.readableSearch(
                JournalSearchQuery(query), in: .all, after: nil, limit: Self.limit,
                interrupter: nil)
              let page = expected.prefix(Self.limit).map { entries[$0].id }
              if rows.entries.map(\.id) != page {
                Issue.record(
                  "\(query): \(rows.entries.count) found, the reference has \(page.count)")
              }
              if rows.examined > bound {
                Issue.record("\(query): \(rows.examined) entries checked, over the bound \(bound)")
              }
              worst = max(worst, rows.examined)
              checked += 1
            } catch {
              Issue.record("\(query): \(error)")
            }
          }
        }
        results.withLock { $0.append((checked, worst)) }
      }
      let checked = results.withLock { $0.reduce(0) { $0 + $1.checked } }
      let worst = results.withLock { $0.map(\.worst).max() ?? 0 }
      #expect(checked == 2 * (0..<11_172).filter { $0 % Self.syllableStride == 0 }.count)
      // The journal is one that makes the bound matter: a search that asked for 다 before an ㄹ
      // syllable for 닭 would check more than the bound allows.
      #expect(try candidates(for: "다리", in: store) > Int64(bound))
      #expect(worst <= bound)
    }
  }

  /// The notes of the journal's entries, each word separated by a space.
  static func notes() -> [String] {
    func syllable(_ initial: Int, _ vowel: Int, _ final: Int) -> UInt16 {
      KoreanText.syllableBase + UInt16((initial * 21 + vowel) * 28 + final)
    }
    // The initials ㄱ ㄴ ㄹ ㅂ, and the finals of the same letters: the first letter of every
    // compound final.
    let firstLetters = [(initial: 0, final: 1), (2, 4), (5, 8), (7, 17)]
    var random = SeededGenerator(seed: 11_172)
    var words: [[UInt16]] = []
    for initial in 0..<19 {
      for vowel in 0..<21 {
        for (next, final) in firstLetters {
          for _ in 0..<40 {
            words.append([syllable(initial, vowel, 0), syllable(next, 20, 0)])
          }
          for _ in 0..<8 {
            let any = Int(random.next() % 19)
            words.append([syllable(initial, vowel, final), syllable(any, 20, 0)])
          }
        }
      }
    }
    for unit in KoreanText.syllableBase...KoreanText.syllableLast { words.append([unit]) }
    words.shuffle(using: &random)
    let perEntry = 48
    return stride(from: 0, to: words.count, by: perEntry).enumerated().map { number, start in
      var text = words[start..<min(start + perEntry, words.count)].map {
        String(decoding: $0, as: UTF16.self)
      }
      if number % 2 == 0 { text.insert(companion, at: text.count / 2) }
      return text.joined(separator: " ")
    }
  }

  /// For each syllable, the entries (by position, newest first) whose notes hold text whose keys
  /// begin with the syllable's keys: worked out from the keys each position of the text begins,
  /// not with the search's own matching.
  static func matchingEntries(_ notes: [String]) -> [[Int]] {
    var byKeys: [[UInt16]: Int] = [:]
    for unit in KoreanText.syllableBase...KoreanText.syllableLast {
      byKeys[KoreanQuery.keys(of: unit)] = Int(unit - KoreanText.syllableBase)
    }
    var lists = [[Int]](repeating: [], count: 11_172)
    for (entry, text) in notes.enumerated() {
      let units = Array(text.utf16)
      var found = Set<Int>()
      for start in units.indices {
        var stream: [UInt16] = []
        var index = start
        while stream.count < 5, index < units.count {
          stream += KoreanQuery.keys(of: units[index])
          index += 1
        }
        for length in 2...5 where length <= stream.count {
          if let syllable = byKeys[Array(stream.prefix(length))] { found.insert(syllable) }
        }
      }
      for syllable in found { lists[syllable].append(entry) }
    }
    return lists
  }
}
