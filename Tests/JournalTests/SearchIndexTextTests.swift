import HaruShared
import Testing

@testable import HaruJournal

/// The index text is written as UTF-8 straight into a buffer. Journals indexed by an earlier
/// version hold the tokens it made, and a row of a contentless index can only be deleted with the
/// same tokens, so the bytes must stay exactly those of the earlier way: tokens of UTF-16 code
/// units decoded into a `String`.
struct SearchIndexTextTests {
  /// The index text as the earlier version built it, kept here as the reference.
  private static func reference(_ fields: [[UInt16]]) -> [UInt8] {
    var text: [UInt16] = []
    var punctuation: UInt128 = 0
    let space: UInt16 = 0x20
    for field in fields {
      for written in SearchText.runs(field[...], punctuation: &punctuation) {
        // ASCII punctuation is written as U+E100 plus its code.
        let run = written.map { unit in
          unit > 0x20 && unit < 0x7F && !(0x30...0x39).contains(unit)
            && !(0x61...0x7A).contains(unit) && !(0x41...0x5A).contains(unit)
            ? 0xE100 + unit : unit
        }
        for index in run.indices.dropLast() {
          text += [run[index], run[index + 1], space]
        }
        if let last = run.last { text += [last, space] }
      }
      var runs: [[UInt16]] = []
      var current: [UInt16] = []
      for unit in field {
        if KoreanText.isHangul(unit) {
          current.append(KoreanText.keys(of: unit)[0])
          continue
        }
        if !current.isEmpty {
          runs.append(current)
          current.removeAll()
        }
      }
      if !current.isEmpty { runs.append(current) }
      for run in runs {
        for index in run.indices {
          text += [SearchText.leadMark, run[index], space]
          if index + 1 < run.count {
            text += [SearchText.leadMark, run[index], run[index + 1], space]
          }
        }
      }
    }
    var result = String(decoding: text, as: UTF16.self)
    for byte in UInt8(0x21)..<0x7F where punctuation & (1 << byte) != 0 {
      result += SearchText.mark(byte) + " "
    }
    return Array(result.utf8)
  }

  /// Code units entries hold or could: ASCII letters, digits, punctuation and spaces, Hangul
  /// syllables, conjoining and compatibility jamo, Latin with accents, CJK, wide spaces, and both
  /// halves of surrogate pairs, alone and together.
  private static let alphabet: [UInt16] = [
    0x20, 0x21, 0x22, 0x28, 0x2E, 0x30, 0x39, 0x41, 0x61, 0x7A, 0x7E, 0x0A, 0xA0, 0xE8, 0x3B1,
    0x4E2D, 0x3000, 0x2028, 0xAC00, 0xAE08, 0xBAA9, 0xC11C, 0xD5A5, 0xD7A3, 0x1100, 0x1161,
    0x11A8, 0x3131, 0x314F, 0x3145, 0xD83C, 0xDF39, 0xDBFF, 0xDC00, 0xE000, 0xFFFD,
  ]

  @Test func theIndexTextIsByteForByteWhatTheEarlierVersionWrote() {
    var generator = SeededGenerator(seed: 0x1D3A)
    for _ in 0..<3_000 {
      let fields = (0..<4).map { _ in
        (0..<Int.random(in: 0..<24, using: &generator)).map { _ in
          Self.alphabet.randomElement(using: &generator) ?? 0x20
        }
      }
      let made = SearchText.indexText(fields)
      #expect(made == Self.reference(fields), "\(fields)")
      if made != Self.reference(fields) { return }
    }
  }

  @Test func aSurrogatePairStaysOneCharacterAndASplitHalfBecomesAReplacement() {
    // 🌹 is D83C DF39: its pair is one token; the halves on either side of it are not.
    let made = String(decoding: SearchText.indexText([[0x61, 0xD83C, 0xDF39]]), as: UTF8.self)
    #expect(made == "a\u{FFFD} 🌹 \u{FFFD} ")
  }
}
