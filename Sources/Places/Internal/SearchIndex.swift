/// Finds areas by name: every area's names as UTF-16 code units, with posting lists from each
/// character (and each 초성) to the names that hold it.
///
/// An entry is one way of naming an area: its name in today's table, or an older name that leads
/// to it. Its text is a run of segments separated by a 0: the full name written without spaces
/// (`경기도용인시수지구성복동`), then the short names of its 시도 (`경기`). A term matches an entry when
/// it matches inside one segment.
struct SearchIndex: Sendable {
  /// One way of naming an area.
  struct Entry: Sendable {
    /// The area, as its position in the table.
    var area: Int32
    /// 2 for 읍면동, 1 for 시군구, 0 for 시도.
    var level: UInt8
    /// Where the entry's text starts in ``SearchIndex/text``.
    var start: Int32
    /// Where the area's own name (the last part of the full name) starts.
    var nameStart: Int32
    /// Where the full name ends.
    var fullNameEnd: Int32
    /// Where the entry's text ends.
    var end: Int32
  }

  /// How a query met an entry, best first.
  enum Tier: UInt8, Comparable {
    case exactFullName, exactName, namePrefix, nameSubstring, fullName

    static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Where a term was found in a segment, best first.
  enum Position: UInt8, Comparable {
    case whole, start, inside

    static func < (lhs: Position, rhs: Position) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  private(set) var entries: [Entry] = []
  /// Every entry's text, one after another.
  private(set) var text: [UInt16] = []
  /// For each unit of ``text``, what 초성 search sees: a syllable's initial consonant, or itself.
  private(set) var initials: [UInt16] = []
  /// The entries holding each character, in entry order, each entry once.
  private var postings: [UInt16: [Int32]] = [:]
  /// The entries holding each initial consonant (or other character) in ``initials``.
  private var initialPostings: [UInt16: [Int32]] = [:]
  /// While building: the last entry added to each character's posting list, and to each initial's.
  private var lastPosted: [Int32] = []
  private var lastPostedInitial: [Int32] = []

  /// Adds an entry.
  ///
  /// - Parameters:
  ///   - area: The area's position in the table.
  ///   - parts: The non-empty parts of the full name, 시도 first.
  ///   - shortForms: The short names of the area's 시도.
  mutating func add(area: Int, parts: [String], shortForms: [String]) {
    let start = Int32(text.count)
    var nameStart = start
    for part in parts {
      nameStart = Int32(text.count)
      text.append(contentsOf: part.utf16)
    }
    let fullNameEnd = Int32(text.count)
    for form in shortForms {
      text.append(0)
      text.append(contentsOf: form.utf16)
    }
    let end = Int32(text.count)
    text.append(0)
    let entry = Int32(entries.count)
    entries.append(
      Entry(
        area: Int32(area), level: UInt8(max(0, min(2, parts.count - 1))), start: start,
        nameStart: nameStart, fullNameEnd: fullNameEnd, end: end))
    if lastPosted.isEmpty {
      lastPosted = Array(repeating: -1, count: 0x1_0000)
      lastPostedInitial = Array(repeating: -1, count: 0x1_0000)
    }
    for offset in Int(start)..<Int(end) {
      let unit = text[offset]
      let initial = KoreanText.initial(of: unit)
      initials.append(initial)
      if unit != 0, lastPosted[Int(unit)] != entry {
        lastPosted[Int(unit)] = entry
        postings[unit, default: []].append(entry)
      }
      if initial != 0, lastPostedInitial[Int(initial)] != entry {
        lastPostedInitial[Int(initial)] = entry
        initialPostings[initial, default: []].append(entry)
      }
    }
    initials.append(0)
  }

  /// Ends building: drops what only adding needed.
  mutating func finish() {
    lastPosted = []
    lastPostedInitial = []
  }

  // MARK: - Searching

  /// The entries matching every term of the query, each with its tier.
  func matches(_ query: PlaceQuery) -> [(entry: Int, tier: Tier)] {
    guard !query.terms.isEmpty else { return [] }
    var candidates: [Int32]?
    for term in query.terms {
      let list = candidateList(for: term)
      if candidates.map({ list.count < $0.count }) ?? true {
        candidates = list
      }
      if list.isEmpty { return [] }
    }
    var found: [(entry: Int, tier: Tier)] = []
    for candidate in candidates ?? [] {
      let entry = entries[Int(candidate)]
      guard query.terms.allSatisfy({ matches($0, entry) }) else { continue }
      found.append((Int(candidate), tier(of: query, entry)))
    }
    return found
  }

  /// Whether the query's terms all match an entry, and how well (for tests and the baseline).
  func tierIfMatching(_ query: PlaceQuery, entry index: Int) -> Tier? {
    let entry = entries[index]
    guard !query.terms.isEmpty, query.terms.allSatisfy({ matches($0, entry) }) else { return nil }
    return tier(of: query, entry)
  }

  /// The entries that can hold a term: a superset, to be checked one by one.
  private func candidateList(for term: PlaceQuery.Term) -> [Int32] {
    var ways: [[Int32]] = []
    // Literally: every entry holding the term's rarest character.
    ways.append(rarest(term.units, in: postings))
    if term.isInitials {
      ways.append(rarest(term.units, in: initialPostings))
    }
    if let jamo = term.unfinishedJamo, let first = jamo.first {
      let settled = rarest(Array(term.units.dropLast()), in: postings)
      if term.units.count > 1, settled.count < 64 {
        ways.append(settled)
      } else {
        // The entries holding a syllable on the way to the unfinished one; a lone letter can
        // begin any syllable it is the initial of.
        var unfinished =
          jamo.count >= 2
          ? union(KoreanText.syllables(compatibleWith: jamo).compactMap { postings[$0] })
          : initialPostings[first] ?? []
        if jamo.count >= 2, let letter = postings[term.units[term.units.count - 1]] {
          unfinished = union([unfinished, letter])
        }
        ways.append(term.units.count > 1 && settled.count < unfinished.count ? settled : unfinished)
      }
    }
    return ways.count == 1 ? ways[0] : union(ways)
  }

  private func rarest(_ units: [UInt16], in lists: [UInt16: [Int32]]) -> [Int32] {
    var best: [Int32]?
    for unit in units {
      guard let list = lists[unit] else { return [] }
      if best.map({ list.count < $0.count }) ?? true {
        best = list
      }
    }
    return best ?? []
  }

  /// The sorted union of sorted lists.
  private func union(_ lists: [[Int32]]) -> [Int32] {
    var result: [Int32] = []
    for list in lists where !list.isEmpty {
      if result.isEmpty {
        result = list
        continue
      }
      var merged: [Int32] = []
      merged.reserveCapacity(result.count + list.count)
      var i = 0
      var j = 0
      while i < result.count || j < list.count {
        if j == list.count || (i < result.count && result[i] < list[j]) {
          merged.append(result[i])
          i += 1
        } else if i == result.count || list[j] < result[i] {
          merged.append(list[j])
          j += 1
        } else {
          merged.append(result[i])
          i += 1
          j += 1
        }
      }
      result = merged
    }
    return result
  }

  private func matches(_ term: PlaceQuery.Term, _ entry: Entry) -> Bool {
    var segmentStart = Int(entry.start)
    let end = Int(entry.end)
    while segmentStart <= end {
      var segmentEnd = segmentStart
      while segmentEnd < end, text[segmentEnd] != 0 {
        segmentEnd += 1
      }
      if position(of: term, in: segmentStart..<segmentEnd) != nil {
        return true
      }
      segmentStart = segmentEnd + 1
    }
    return false
  }

  private func tier(of query: PlaceQuery, _ entry: Entry) -> Tier {
    let fullName = Int(entry.start)..<Int(entry.fullNameEnd)
    let whole = query.joined ?? query.terms[0]
    if whole.units.count == fullName.count, isLiteral(whole.units, at: fullName.lowerBound) {
      return .exactFullName
    }
    var best = bestPosition(of: query, in: Int(entry.nameStart)..<Int(entry.fullNameEnd))
    if entry.level == 0, best != .whole {
      // A 시도's short names are names of its own.
      var start = Int(entry.fullNameEnd) + 1
      while start < Int(entry.end), best != .whole {
        var end = start
        while end < Int(entry.end), text[end] != 0 { end += 1 }
        if let found = bestPosition(of: query, in: start..<end), best.map({ found < $0 }) ?? true {
          best = found
        }
        start = end + 1
      }
    }
    switch best {
    case .whole?: return .exactName
    case .start?: return .namePrefix
    case .inside?: return .nameSubstring
    case nil: return .fullName
    }
  }

  /// The best place any term, or the terms written together, matches inside one name.
  private func bestPosition(of query: PlaceQuery, in name: Range<Int>) -> Position? {
    var best: Position?
    for term in query.terms {
      if let found = position(of: term, in: name), best.map({ found < $0 }) ?? true {
        best = found
        if found == .whole { return found }
      }
    }
    if let joined = query.joined, let found = position(of: joined, in: name),
      best.map({ found < $0 }) ?? true
    {
      best = found
    }
    return best
  }

  /// The best place a term matches inside one segment of text, or `nil`.
  func position(of term: PlaceQuery.Term, in range: Range<Int>) -> Position? {
    let units = term.units
    guard !units.isEmpty else { return nil }
    var best: Position?
    // 1. Literally.
    if units.count <= range.count {
      var offset = range.lowerBound
      while offset + units.count <= range.upperBound {
        if isLiteral(units, at: offset) {
          if offset != range.lowerBound {
            best = .inside
          } else {
            return units.count == range.count ? .whole : .start
          }
          break
        }
        offset += 1
      }
    }
    // The other ways can only do better by matching at the start.
    let last = best == nil ? range.upperBound : range.lowerBound + 1
    // 2. As 초성: the initials of consecutive characters.
    if term.isInitials, units.count <= range.count {
      var offset = range.lowerBound
      while offset < last, offset + units.count <= range.upperBound {
        if isInitials(units, at: offset) {
          if offset == range.lowerBound {
            return units.count == range.count ? .whole : .start
          }
          best = .inside
          break
        }
        offset += 1
      }
    }
    // 3. With its last character still being typed.
    if let jamo = term.unfinishedJamo {
      let settled = units.count - 1
      let stop = best == nil ? range.upperBound : range.lowerBound + 1
      var offset = range.lowerBound
      while offset < stop, offset + settled < range.upperBound {
        if initials[offset + settled] == jamo[0] || !KoreanText.isSyllable(text[offset + settled]),
          isLiteral(units[0..<settled], at: offset),
          jamoBegin(at: offset + settled, upTo: range.upperBound, with: jamo)
        {
          if offset == range.lowerBound { return .start }
          best = .inside
          break
        }
        offset += 1
      }
    }
    return best
  }

  private func isLiteral(_ units: some Collection<UInt16>, at offset: Int) -> Bool {
    var index = offset
    for unit in units {
      guard text[index] == unit else { return false }
      index += 1
    }
    return true
  }

  private func isInitials(_ units: [UInt16], at offset: Int) -> Bool {
    for (index, unit) in units.enumerated() where initials[offset + index] != unit {
      return false
    }
    return true
  }

  /// Whether the keys that type the text from `offset` begin with `jamo`.
  private func jamoBegin(at offset: Int, upTo end: Int, with jamo: [UInt16]) -> Bool {
    var matched = 0
    var index = offset
    while matched < jamo.count {
      guard index < end else { return false }
      let keys = KoreanText.keys(of: text[index])
      var key = 0
      while key < keys.count, matched < jamo.count {
        guard keys[key] == jamo[matched] else { return false }
        key += 1
        matched += 1
      }
      index += 1
    }
    return true
  }
}
