/// The text rules of search, shared by the stores: case folding, substring matching, and the
/// character pairs (bigrams) the SQLite index is built from.
///
/// Matching works on UTF-8 bytes with `A`–`Z` folded to `a`–`z`, the same folding SQLite's
/// `lower()` and the index's `ascii` tokenizer apply, so every store agrees byte for byte.
enum SearchText {
  /// UTF-8 bytes of `text` with `A`–`Z` folded to lower case.
  static func folded(_ text: String) -> [UInt8] {
    text.utf8.map(fold)
  }

  @inline(__always)
  static func fold(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }

  /// Whether every term occurs in at least one field.
  static func matches(_ terms: [[UInt8]], in fields: [UnsafeBufferPointer<UInt8>]) -> Bool {
    guard !terms.isEmpty else { return false }
    for term in terms where !fields.contains(where: { contains(term, in: $0) }) {
      return false
    }
    return true
  }

  /// Whether folded `term` occurs in `field`, comparing `field` folded.
  static func contains(_ term: [UInt8], in field: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = term.count
    guard count > 0 else { return true }
    guard field.count >= count, let bytes = field.baseAddress else { return false }
    return term.withUnsafeBufferPointer { term in
      guard let wanted = term.baseAddress else { return true }
      let first = wanted[0]
      let last = field.count - count
      var start = 0
      while start <= last {
        if fold(bytes[start]) == first {
          var offset = 1
          while offset < count, fold(bytes[start + offset]) == wanted[offset] {
            offset += 1
          }
          if offset == count { return true }
        }
        start += 1
      }
      return false
    }
  }

  // MARK: - Bigrams

  /// Whether a character takes part in bigrams: ASCII letters and digits, and every character
  /// outside ASCII that is not whitespace. The index's `ascii` tokenizer keeps exactly these
  /// together, so a bigram is always one token.
  @inline(__always)
  static func isIndexed(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let value = scalar.value
      return (value >= 0x30 && value <= 0x39) || (value | 0x20 >= 0x61 && value | 0x20 <= 0x7A)
    }
    return !scalar.properties.isWhitespace
  }

  /// The runs of indexed characters in `text`, each as its characters (folded); adds the ASCII
  /// punctuation characters met (`!` to `~`) to the bit set `punctuation`.
  static func runs(
    _ text: Substring.UnicodeScalarView, punctuation: inout UInt128
  ) -> [[Unicode.Scalar]] {
    var runs: [[Unicode.Scalar]] = []
    var current: [Unicode.Scalar] = []
    for scalar in text {
      if isIndexed(scalar) {
        current.append(
          scalar.isASCII ? Unicode.Scalar(fold(UInt8(truncatingIfNeeded: scalar.value))) : scalar)
        continue
      }
      if scalar.value > 0x20, scalar.value < 0x7F {
        punctuation |= 1 << scalar.value
      }
      if !current.isEmpty {
        runs.append(current)
        current.removeAll(keepingCapacity: true)
      }
    }
    if !current.isEmpty { runs.append(current) }
    return runs
  }

  /// The index text of some fields: for every run of indexed characters, each pair of neighbours
  /// and the run's last character alone; then one ``mark(_:)`` token for each distinct ASCII
  /// punctuation character; all separated by spaces.
  ///
  /// Any text found inside a field has its pairs among the field's; a single character is the
  /// first of a pair or the last of a run, so a prefix query on it finds it; and a term of
  /// punctuation alone, such as `"` or `:)`, finds its characters' marks.
  static func indexText(_ fields: [Substring]) -> String {
    var text = String.UnicodeScalarView()
    var punctuation: UInt128 = 0
    for field in fields {
      for run in runs(field.unicodeScalars, punctuation: &punctuation) {
        for index in run.indices.dropLast() {
          text.append(run[index])
          text.append(run[index + 1])
          text.append(" ")
        }
        if let last = run.last {
          text.append(last)
          text.append(" ")
        }
      }
    }
    var result = String(text)
    for byte in UInt8(0x21)..<0x7F where punctuation & (1 << byte) != 0 {
      result += mark(byte) + " "
    }
    return result
  }

  /// The token standing for an ASCII punctuation character: a private-use character and the
  /// character's code in hexadecimal, which the `ascii` tokenizer keeps as one token.
  static func mark(_ byte: UInt8) -> String {
    "\u{E000}" + String(byte, radix: 16)
  }

  /// The index query for some terms: every pair of every term, each quoted; or, when no term has
  /// two indexed characters in a row, a prefix query for every single character; or, when no term
  /// has an indexed character, the marks of its punctuation. `nil` when there is none of these
  /// (a term of control characters): then only a scan can answer.
  ///
  /// A match is a superset of the entries the terms occur in; the caller checks each candidate.
  static func indexQuery(_ terms: [String]) -> String? {
    var pairs: Set<String> = []
    var singles: Set<String> = []
    var punctuation: UInt128 = 0
    for term in terms {
      for run in runs(Substring(term).unicodeScalars, punctuation: &punctuation) {
        if run.count == 1 {
          singles.insert(quoted(String(String.UnicodeScalarView(run))) + "*")
        } else {
          // Pairs that do not overlap, and the last one, are enough to narrow the candidates;
          // the check against the entry does the rest.
          var starts = Array(stride(from: 0, to: run.count - 1, by: 2))
          if run.count.isMultiple(of: 2) == false { starts.append(run.count - 2) }
          for index in starts {
            pairs.insert(quoted(String(String.UnicodeScalarView(run[index...index + 1]))))
          }
        }
      }
    }
    var tokens = pairs.isEmpty ? singles : Set(narrowest(pairs))
    if tokens.isEmpty {
      for byte in UInt8(0x21)..<0x7F where punctuation & (1 << byte) != 0 {
        tokens.insert(quoted(mark(byte)))
      }
    }
    guard !tokens.isEmpty else { return nil }
    return tokens.sorted().joined(separator: " AND ")
  }

  /// At most ``indexQueryTokenLimit`` pairs, those with characters outside ASCII (such as
  /// Hangul, which is more selective than Latin letters) first.
  static func narrowest(_ pairs: Set<String>) -> [String] {
    let ordered = pairs.sorted { a, b in
      let aLatin = a.utf8.allSatisfy { $0 < 0x80 }
      let bLatin = b.utf8.allSatisfy { $0 < 0x80 }
      return aLatin != bLatin ? !aLatin : a < b
    }
    return Array(ordered.prefix(indexQueryTokenLimit))
  }

  /// The most pairs an index query asks for: more narrow the candidates little and cost a
  /// pass over one more list of rows each.
  static let indexQueryTokenLimit = 4

  /// A string in FTS5 query syntax that matches exactly `token`: quoted, inner quotes doubled.
  static func quoted(_ token: String) -> String {
    "\"" + token.replacing("\"", with: "\"\"") + "\""
  }
}
