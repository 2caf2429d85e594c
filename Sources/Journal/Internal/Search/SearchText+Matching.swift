import HaruShared

extension SearchText {
  /// Whether every term matches at least one of the folded fields.
  static func matches(_ terms: [Term], in fields: [[UInt16]]) -> Bool {
    guard !terms.isEmpty else { return false }
    return terms.allSatisfy { term in
      fields.contains { field in field.withUnsafeBufferPointer { matches(term, in: $0) } }
    }
  }

  /// Whether a term matches a folded field: it occurs in it; or it is 초성 and its consonants
  /// begin consecutive characters of the field; or its last character may still be being typed
  /// and the field holds the rest followed by text whose keys begin with that character's keys.
  static func matches(_ term: Term, in field: [UInt16]) -> Bool {
    field.withUnsafeBufferPointer { matches(term, in: $0) }
  }

  static func matches(_ term: Term, in field: UnsafeBufferPointer<UInt16>) -> Bool {
    term.units.withUnsafeBufferPointer { units in
      if firstPosition(of: units, in: field, from: 0) != nil { return true }
      if let initials = term.initials, matchesInitials(initials, in: field) { return true }
      if let keys = term.unfinishedKeys {
        let finished = UnsafeBufferPointer(rebasing: units.dropLast())
        var start = 0
        while let found = firstPosition(of: finished, in: field, from: start) {
          if KoreanText.keysBegin(keys, in: field, at: found + finished.count, upTo: field.count) {
            return true
          }
          start = found + 1
        }
      }
      return false
    }
  }

  /// The first position at or after `start` where `units` occurs in `field`.
  private static func firstPosition(
    of units: UnsafeBufferPointer<UInt16>, in field: UnsafeBufferPointer<UInt16>, from start: Int
  ) -> Int? {
    let count = units.count
    guard count > 0 else { return start <= field.count ? start : nil }
    guard field.count >= count, start <= field.count - count,
      let needle = units.baseAddress, let haystack = field.baseAddress
    else { return nil }
    let first = needle[0]
    var position = start
    let last = field.count - count
    while position <= last {
      if haystack[position] == first {
        var offset = 1
        while offset < count, haystack[position + offset] == needle[offset] {
          offset += 1
        }
        if offset == count { return position }
      }
      position += 1
    }
    return nil
  }

  /// Whether the consonants begin consecutive characters of the field.
  private static func matchesInitials(
    _ initials: [UInt16], in field: UnsafeBufferPointer<UInt16>
  ) -> Bool {
    guard field.count >= initials.count else { return false }
    for start in 0...(field.count - initials.count)
    where KoreanQuery.initialsBegin(initials, in: field, at: start) {
      return true
    }
    return false
  }

  /// The keys that type one character (compound letters split, letters in compatibility form);
  /// anything that is not Hangul as itself.
  static func keys(of unit: UInt16) -> [UInt16] {
    KoreanQuery.keys(of: unit)
  }
}
