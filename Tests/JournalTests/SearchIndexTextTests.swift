import HaruShared
import Testing

@testable import HaruJournal

/// The index text is written as UTF-8 straight into a buffer. A row of a contentless index can
/// only be deleted with the tokens it was indexed with, so the bytes must be exactly those of the
/// plain definition below: tokens of UTF-16 code units decoded into a `String`, in the same order.
struct SearchIndexTextTests {
  /// The index text as the definition reads, written plainly, as the reference.
  private static func reference(_ fields: [[UInt16]]) -> [UInt8] {
    // ASCII, ASCII punctuation as written, and Latin to U+024F.
    func narrow(_ unit: UInt16) -> Bool { unit < 0x250 || (0xE100..<0xE180).contains(unit) }
    var tokens: [[UInt16]] = []
    var grams: [[UInt16]] = []
    var narrowPairs: [[UInt16]] = []
    var runEnds: [UInt16] = []
    var keysAlone: [UInt16] = []
    var punctuation: UInt128 = 0
    for field in fields {
      for written in SearchText.runs(field[...], punctuation: &punctuation) {
        // ASCII punctuation is written as U+E100 plus its code.
        let run = written.map { unit in
          unit > 0x20 && unit < 0x7F && !(0x30...0x39).contains(unit)
            && !(0x61...0x7A).contains(unit) && !(0x41...0x5A).contains(unit)
            ? 0xE100 + unit : unit
        }
        for index in run.indices.dropLast() {
          let pair = [run[index], run[index + 1]]
          guard pair.allSatisfy(narrow) else {
            tokens.append(pair)
            grams.append(pair)
            continue
          }
          if index + 2 < run.count, narrow(run[index + 2]) {
            tokens.append(pair + [run[index + 2]])
            grams.append(pair + [run[index + 2]])
          } else {
            narrowPairs.append(pair)
          }
        }
        if let last = run.last { runEnds.append(last) }
      }
      var runs: [[UInt16]] = []
      var current: [UInt16] = []
      for unit in field {
        if KoreanText.isHangul(unit) {
          current.append(unit)
          continue
        }
        if !current.isEmpty {
          runs.append(current)
          current.removeAll()
        }
      }
      if !current.isEmpty { runs.append(current) }
      for run in runs {
        let keys = run.map { KoreanText.keys(of: $0)[0] }
        for index in run.indices.dropFirst() {
          // The character before in full and this one's first key; the first keys of two and of
          // three in a row.
          tokens.append([SearchText.followMark, run[index - 1], keys[index]])
          tokens.append([SearchText.initialsMark, keys[index - 1], keys[index]])
          if index >= 2 {
            tokens.append([SearchText.initialsMark] + keys[index - 2...index])
          }
        }
        if let last = keys.last { keysAlone.append(last) }
      }
    }
    // Two narrow characters that no trigram holds, once, unless a trigram begins with them.
    var kept: [[UInt16]] = []
    for pair in narrowPairs where !kept.contains(pair) {
      if !grams.contains(where: { $0.count == 3 && Array($0.prefix(2)) == pair }) {
        kept.append(pair)
      }
    }
    // A character or a first key alone, once, when no token begins with it; a surrogate alone
    // (written as U+FFFD) always.
    var alone: [[UInt16]] = []
    for unit in runEnds {
      let surrogate = (0xD800...0xDFFF).contains(unit)
      let begun = (grams + narrowPairs).contains { $0[0] == unit }
      if (surrogate || !begun) && !alone.contains([unit]) { alone.append([unit]) }
    }
    // The first key of a run's last character, once, unless an initials token begins with it.
    let initials = tokens.filter { $0.first == SearchText.initialsMark }
    var initialsAlone: [[UInt16]] = []
    for key in keysAlone where !initialsAlone.contains([SearchText.initialsMark, key]) {
      if !initials.contains(where: { $0[1] == key }) {
        initialsAlone.append([SearchText.initialsMark, key])
      }
    }
    // Each field's pairs and trigrams, then its follow and initials tokens, field by field; then
    // what stands alone.
    var result = ""
    for token in tokens {
      result += String(decoding: token, as: UTF16.self) + " "
    }
    for token in kept + alone + initialsAlone {
      result += String(decoding: token, as: UTF16.self) + " "
    }
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

  @Test func theIndexTextIsByteForByteWhatTheDefinitionSays() {
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
