import HaruShared

/// Finds areas by name: every area's names as UTF-16 code units, with posting lists from each
/// character (and each 초성, and each character with the 초성 after it) to the names that hold it,
/// and lists of the names by how the area's own name begins.
///
/// An entry is one way of naming an area: its name in today's table, or an older name that leads
/// to it. Its text is a run of segments separated by a 0: the full name written without spaces
/// (`경기도용인시수지구성복동`), then the short names of its 시도 (`경기`). A term matches an entry when
/// it matches inside one segment.
///
/// Entries are kept in the order of equal matches (읍면동, 시군구, 시도, each in table order), so
/// that posting lists, which are in entry order, list candidates in the order results are ranked.
struct SearchIndex: Sendable {
  /// One way of naming an area.
  struct Entry: Sendable {
    /// The area, as its position in the table.
    var area: Int32
    /// The level of the name: 2 for 읍면동, 1 for 시군구, 0 for 시도.
    var level: UInt8
    /// Where the entry's text starts in ``SearchIndex/text``.
    var start: Int32
    /// Where the area's own name (the last part of the full name) starts.
    var nameStart: Int32
    /// Where the full name ends.
    var fullNameEnd: Int32
    /// Where the entry's text ends.
    var end: Int32
    /// Whether the name is a 법정동's, leading to one of its 행정동 rather than naming the area.
    var isLegal: Bool
    /// The first key typed for the area's own name (``KoreanText/keys(of:)``): a match at the
    /// start of the name begins with it.
    var nameKey: UInt16
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

  /// A posting list: a range of ``SearchIndex/postingEntries``.
  private struct Postings: Sendable {
    var start: Int32
    var count: Int32
  }

  private(set) var entries: [Entry] = []
  /// Every entry's text, one after another.
  private(set) var text: [UInt16] = []
  /// Every posting list, one after another, each in entry order.
  private var postingEntries: [Int32] = []
  /// Where each character's list of the entries holding it is.
  private var postings: [UInt16: Postings] = [:]
  /// Where each initial consonant's (or other character's) list is, as 초성 search sees text.
  private var initialPostings: [UInt16: Postings] = [:]
  /// Where each pair's list is: a character followed, in the same segment, by one whose first
  /// key is the second (``pairKey(_:followedBy:)``).
  private var pairPostings: [UInt32: Postings] = [:]
  /// The entries below a 시도 whose own name begins with a Hangul syllable, by the syllable's
  /// first key (``Entry/nameKey``).
  private var nameKeyPostings: [UInt16: Postings] = [:]
  /// The same entries by the syllable their own name begins with.
  private var nameSyllablePostings: [UInt16: Postings] = [:]
  /// The other entries: the 시도's, whose short names are names of their own too, and those whose
  /// own name begins with anything but a syllable.
  private var otherNameEntries: [Int32] = []

  /// A name waiting for ``init(names:)``.
  struct Name: Sendable {
    /// The area, as its position in the table.
    var area: Int
    /// Where the area comes among equal matches (``Place/Level/rank``).
    var rank: UInt8
    /// The non-empty parts of the full name, 시도 first.
    var parts: [String]
    /// The short names of the area's 시도.
    var shortForms: [String]
    /// Whether the name is a 법정동's that the area is part of (``Entry/isLegal``).
    var isLegal = false
  }

  /// Builds the index over names.
  init(names: [Name]) {
    // Stable: an area's name in today's table stays before its older names.
    let ordered = names.enumerated().sorted {
      ($0.element.rank, $0.element.area, $0.offset) < ($1.element.rank, $1.element.area, $1.offset)
    }
    entries.reserveCapacity(ordered.count)
    for (_, name) in ordered {
      let start = Int32(text.count)
      var nameStart = start
      for part in name.parts {
        nameStart = Int32(text.count)
        text.append(contentsOf: part.utf16)
      }
      let fullNameEnd = Int32(text.count)
      for form in name.shortForms {
        text.append(0)
        text.append(contentsOf: form.utf16)
      }
      let end = Int32(text.count)
      text.append(0)
      entries.append(
        Entry(
          area: Int32(name.area), level: UInt8(max(0, min(2, name.parts.count - 1))),
          start: start, nameStart: nameStart, fullNameEnd: fullNameEnd, end: end,
          isLegal: name.isLegal,
          nameKey: nameStart < fullNameEnd ? Self.firstKey(of: text[Int(nameStart)]) : 0))
    }
    var postingEntries: [Int32] = []
    var scratch = Scratch()
    postings = Self.build(entries, text, \.self, into: &postingEntries, scratch: &scratch)
    initialPostings = Self.build(
      entries, text, KoreanText.initial(of:), into: &postingEntries, scratch: &scratch)
    pairPostings = Self.buildPairs(entries, text, into: &postingEntries)
    var byKey: [UInt16: [Int32]] = [:]
    var bySyllable: [UInt16: [Int32]] = [:]
    for (index, entry) in entries.enumerated() {
      let first = entry.nameStart < entry.fullNameEnd ? text[Int(entry.nameStart)] : 0
      if entry.level != 0, KoreanText.isSyllable(first) {
        byKey[entry.nameKey, default: []].append(Int32(index))
        bySyllable[first, default: []].append(Int32(index))
      } else {
        otherNameEntries.append(Int32(index))
      }
    }
    func layOut(_ lists: [UInt16: [Int32]]) -> [UInt16: Postings] {
      var laidOut: [UInt16: Postings] = [:]
      for (key, list) in lists {
        laidOut[key] = Postings(start: Int32(postingEntries.count), count: Int32(list.count))
        postingEntries += list
      }
      return laidOut
    }
    nameKeyPostings = layOut(byKey)
    nameSyllablePostings = layOut(bySyllable)
    self.postingEntries = postingEntries
  }

  /// Space the posting lists are counted in, one slot per code unit, used by both builds.
  private struct Scratch {
    /// The last entry (+ 1) counted for each code unit; 0 for none.
    var last = [UInt16](repeating: 0, count: 0x1_0000)
    /// Each code unit's list (+ 1); 0 for none yet.
    var slot = [UInt16](repeating: 0, count: 0x1_0000)
  }

  /// Lays out one posting list per key, each entry once, in entry order.
  private static func build(
    _ entries: [Entry], _ text: [UInt16], _ key: (UInt16) -> UInt16,
    into postingEntries: inout [Int32], scratch: inout Scratch
  ) -> [UInt16: Postings] {
    // Dense arrays rather than dictionaries while counting: this runs for every character of
    // every name, on first use. Entries are counted from 1 so that 0 means none; there are far
    // fewer than 65,535 of them.
    scratch.slot.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    var keys: [UInt16] = []
    var counts: [Int32] = []
    func each(_ body: (Int, Int32) -> Void) {
      scratch.last.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
      for (index, entry) in entries.enumerated() {
        let mark = UInt16(truncatingIfNeeded: index + 1)
        for offset in Int(entry.start)..<Int(entry.end) where text[offset] != 0 {
          let unit = Int(key(text[offset]))
          if scratch.last[unit] != mark {
            scratch.last[unit] = mark
            body(unit, Int32(index))
          }
        }
      }
    }
    each { unit, _ in
      if scratch.slot[unit] == 0 {
        keys.append(UInt16(unit))
        counts.append(0)
        scratch.slot[unit] = UInt16(truncatingIfNeeded: keys.count)
      }
      counts[Int(scratch.slot[unit]) - 1] += 1
    }
    var fill = reserveLists(counts, in: &postingEntries)
    each { unit, entry in
      let slot = Int(scratch.slot[unit]) - 1
      postingEntries[Int(fill[slot])] = entry
      fill[slot] += 1
    }
    var lists: [UInt16: Postings] = [:]
    lists.reserveCapacity(keys.count)
    for (slot, key) in keys.enumerated() {
      lists[key] = Postings(start: fill[slot] - counts[slot], count: counts[slot])
    }
    return lists
  }

  /// Makes room at the end of `postingEntries` for lists of `counts` entries, one after another.
  ///
  /// - Returns: Where each list starts.
  private static func reserveLists(
    _ counts: [Int32], in postingEntries: inout [Int32]
  ) -> [Int32] {
    var starts: [Int32] = []
    starts.reserveCapacity(counts.count)
    var next = Int32(postingEntries.count)
    for count in counts {
      starts.append(next)
      next += count
    }
    postingEntries.append(contentsOf: repeatElement(0, count: Int(next) - postingEntries.count))
    return starts
  }

  /// The key of a character followed by one whose first key is `key`.
  private static func pairKey(_ unit: UInt16, followedBy key: UInt16) -> UInt32 {
    UInt32(unit) << 16 | UInt32(key)
  }

  /// The first key that types a character (``KoreanText/keys(of:)``): a syllable's initial, the
  /// first letter of a compound one (ㄱ for ㄳ), anything else itself.
  private static func firstKey(of unit: UInt16) -> UInt16 {
    KoreanText.isSyllable(unit) ? KoreanText.initial(of: unit) : KoreanText.keys(of: unit)[0]
  }

  /// Lays out one posting list per pair of neighbouring characters (the second as its first key),
  /// each entry once, in entry order.
  private static func buildPairs(
    _ entries: [Entry], _ text: [UInt16], into postingEntries: inout [Int32]
  ) -> [UInt32: Postings] {
    // Each pair's slot, then each entry's pairs as slots, each once: a dictionary look-up per
    // pair of the text, and the lists laid out from the slots.
    var slots: [UInt32: Int32] = [:]
    var counts: [Int32] = []
    var lastEntry: [Int32] = []
    var occurrences: [(slot: Int32, entry: Int32)] = []
    occurrences.reserveCapacity(text.count)
    for (index, entry) in entries.enumerated() {
      var offset = Int(entry.start)
      while offset + 1 < Int(entry.end) {
        defer { offset += 1 }
        guard text[offset] != 0, text[offset + 1] != 0 else { continue }
        let key = pairKey(text[offset], followedBy: firstKey(of: text[offset + 1]))
        let slot: Int32
        if let found = slots[key] {
          slot = found
        } else {
          slot = Int32(counts.count)
          slots[key] = slot
          counts.append(0)
          lastEntry.append(-1)
        }
        guard lastEntry[Int(slot)] != Int32(index) else { continue }
        lastEntry[Int(slot)] = Int32(index)
        counts[Int(slot)] += 1
        occurrences.append((slot, Int32(index)))
      }
    }
    var fill = reserveLists(counts, in: &postingEntries)
    // Occurrences come in entry order, so each list fills in entry order.
    for occurrence in occurrences {
      postingEntries[Int(fill[Int(occurrence.slot)])] = occurrence.entry
      fill[Int(occurrence.slot)] += 1
    }
    var lists: [UInt32: Postings] = [:]
    lists.reserveCapacity(slots.count)
    for (key, slot) in slots {
      lists[key] = Postings(start: fill[Int(slot)] - counts[Int(slot)], count: counts[Int(slot)])
    }
    return lists
  }

  /// The entries in which `unit` is followed, in the same segment, by a character whose first key
  /// (``KoreanText/keys(of:)``) is `key`: a syllable of that initial, or a letter that types so.
  private func list(_ unit: UInt16, followedBy key: UInt16) -> ArraySlice<Int32> {
    guard let list = pairPostings[Self.pairKey(unit, followedBy: key)] else { return [] }
    return postingEntries[Int(list.start)..<Int(list.start + list.count)]
  }

  private func list(_ unit: UInt16, in lists: [UInt16: Postings]) -> ArraySlice<Int32> {
    guard let list = lists[unit] else { return [] }
    return postingEntries[Int(list.start)..<Int(list.start + list.count)]
  }

  // MARK: - Searching

  /// The areas matching every term of the query, best first: by tier, then 읍면동 before 시군구
  /// before 시도, then table order; each area once, at its best.
  func search(_ query: PlaceQuery, limit: Int) -> [(area: Int, tier: Tier)] {
    guard limit > 0, !query.terms.isEmpty else { return [] }
    // The first keys a match at the start of a name can begin with: once only such matches can
    // still make the results, an entry whose name begins otherwise is passed over unread.
    let startKeys = Self.startKeys(of: query)
    // A query of one character (`동`, `시`) is held by thousands of names, but most often the
    // areas whose own name begins with it fill the results: then only the entries whose name
    // begins so need reading. (A longer query's candidates are few enough to read them all.)
    if query.terms.count == 1, let candidates = nameStartCandidates(query.terms[0]),
      candidates.count >= limit
    {
      let ranked = rankByOwnName(
        query, candidates: candidates, limit: limit, startKeys: startKeys,
        worstSlot: Self.slot(.namePrefix, isLegal: true))
      if ranked.count >= limit { return ranked }
    }
    // Every term's candidates, the shortest list first, narrowed by the others while they are
    // long enough to be worth it.
    var lists: [ArraySlice<Int32>] = []
    for term in query.terms {
      let list = candidateList(for: term)
      if list.isEmpty { return [] }
      lists.append(list)
    }
    lists.sort { $0.count < $1.count }
    var candidates = lists[0]
    for list in lists.dropFirst() where candidates.count > 32 {
      candidates = intersection(candidates, list)
    }
    var results = rankByOwnName(
      query, candidates: candidates, limit: limit, startKeys: startKeys,
      worstSlot: Self.slotCount - 1)
    if results.count == limit { return results }
    // Then the areas met elsewhere in their full name, in rank order, those met by a name of
    // their own first, until the limit.
    var found = Set(results.lazy.map { Int32($0.area) })
    for isLegal in [false, true] {
      for candidate in candidates {
        let entry = entries[Int(candidate)]
        guard entry.isLegal == isLegal, !found.contains(entry.area),
          query.terms.allSatisfy({ matches($0, entry) })
        else { continue }
        found.insert(entry.area)
        results.append((Int(entry.area), .fullName))
        if results.count == limit { return results }
      }
    }
    return results
  }

  /// A rank among the areas whose own name the query meets: the tier, then whether the name met
  /// was a 법정동's.
  private static func slot(_ tier: Tier, isLegal: Bool) -> Int {
    Int(tier.rawValue) * 2 + (isLegal ? 1 : 0)
  }

  /// The slots of the tiers that meet an area's own name, ``Tier/exactFullName`` to
  /// ``Tier/nameSubstring``.
  private static let slotCount = 8

  /// The areas among the candidates (in entry order) whose own name the query meets at a slot no
  /// worse than `worstSlot`, best first: the first `limit` of them, or all when there are fewer.
  private func rankByOwnName(
    _ query: PlaceQuery, candidates: some Collection<Int32>, limit: Int, startKeys: [UInt16],
    worstSlot: Int
  ) -> [(area: Int, tier: Tier)] {
    // A single term that meets an area's own name meets its full name too.
    let ownNameSuffices = query.terms.count == 1
    // Candidates come in rank order and an area's names are next to each other, its 법정동's
    // names last, so each slot's list fills in rank order, and a slot already holding `limit`
    // areas needs no more. Within a tier, the areas met by a name of their own come before those
    // met only by a 법정동's name (`공덕동` is the 행정동 공덕동 before the 아현동 that part of 법정동
    // 공덕동 lies in).
    var bySlot: [[Int32]] = Array(repeating: [], count: Self.slotCount)
    // The areas counted so far at each slot or better: a candidate is worth checking only at a
    // slot that holds fewer than `limit` of them.
    var counted = [Int](repeating: 0, count: Self.slotCount)
    var group = (area: Int32(-1), slot: Int.max)
    func flush() {
      guard group.slot != .max else { return }
      bySlot[group.slot].append(group.area)
      for slot in group.slot..<Self.slotCount { counted[slot] += 1 }
    }
    for candidate in candidates {
      let entry = entries[Int(candidate)]
      if entry.area != group.area {
        flush()
        group = (entry.area, .max)
      }
      // The worst slot that can still make the results, and the worst tier it allows this
      // entry. A 법정동's name comes after the area's own, so it counts only when it is better.
      var useful = worstSlot
      while useful >= 0, counted[useful] >= limit { useful -= 1 }
      useful = min(useful, group.slot - 1)
      let legal = entry.isLegal ? 1 : 0
      let usefulTier = useful >= legal ? (useful - legal) / 2 : -1
      let startOnly = usefulTier < Int(Tier.nameSubstring.rawValue)
      // A 시도's short names are names of its own, and an exact full name begins elsewhere: only
      // the other entries can be passed over by their first key.
      if startOnly, entry.level != 0, !startKeys.contains(entry.nameKey),
        query.whole.count != Int(entry.fullNameEnd - entry.start)
      {
        continue
      }
      guard usefulTier >= 0,
        let tier = nameTier(of: query, entry, startOnly: startOnly),
        Int(tier.rawValue) <= usefulTier,
        ownNameSuffices || query.terms.allSatisfy({ matches($0, entry) })
      else { continue }
      group.slot = Self.slot(tier, isLegal: entry.isLegal)
    }
    flush()
    var results: [(area: Int, tier: Tier)] = []
    var found = Set<Int32>()
    for (slot, areas) in bySlot.enumerated() {
      let tier = Tier(rawValue: UInt8(slot / 2)) ?? .fullName
      for area in areas where found.insert(area).inserted {
        results.append((Int(area), tier))
        if results.count == limit { return results }
      }
    }
    return results
  }

  /// For a term of one character, the entries whose own name it can meet at its start, or
  /// at a better tier (an exact full name of one character is a 시도's): in entry order.
  private func nameStartCandidates(_ term: PlaceQuery.Term) -> [Int32]? {
    guard term.units.count == 1 else { return nil }
    let unit = term.units[0]
    var candidates = otherNameEntries
    if term.initials != nil {
      // A letter: literally, as a 초성 or as the first key of a syllable, each a name whose
      // first key it is.
      candidates += list(Self.firstKey(of: unit), in: nameKeyPostings)
    } else if let jamo = term.unfinishedKeys, jamo.count >= 2 {
      // A syllable still being typed: the name begins with one on the way to it or past it.
      for syllable in KoreanText.syllables(compatibleWith: jamo) {
        candidates += list(syllable, in: nameSyllablePostings)
      }
    } else {
      candidates += list(unit, in: nameSyllablePostings)
    }
    // No entry is in two of these lists.
    candidates.sort()
    return candidates
  }

  /// The first keys (``KoreanText/keys(of:)``) that a name met at its start by any term of the
  /// query begins with: the term's first character's, or its first 초성 letter's; each once. (The
  /// terms written together begin as the first term does.)
  private static func startKeys(of query: PlaceQuery) -> [UInt16] {
    var keys: [UInt16] = []
    for term in query.terms {
      if let first = term.units.first { keys.append(firstKey(of: first)) }
      if let initial = term.initials?.first { keys.append(initial) }
    }
    return Array(Set(keys))
  }

  /// The entries that can hold a term: a superset, to be checked one by one.
  private func candidateList(for term: PlaceQuery.Term) -> ArraySlice<Int32> {
    // Literally: every entry holding the term's rarest character. A term whose last character
    // may be unfinished needs no list of its own for that: its literal matches are among those
    // the unfinished way lists below.
    var ways = term.unfinishedKeys == nil ? [rarestLiteral(term.units[...])] : []
    if let initials = term.initials {
      ways.append(rarest(initials, in: initialPostings))
    }
    if let jamo = term.unfinishedKeys, let first = jamo.first {
      var settled = rarestLiteral(term.units.dropLast())
      if term.units.count > 1 {
        // The settled characters end next to the unfinished one, which begins with `first`.
        settled = intersection(settled, list(term.units[term.units.count - 2], followedBy: first))
      }
      if term.units.count > 1, settled.count < 64 {
        ways.append(settled)
      } else {
        // The entries holding a syllable on the way to the unfinished one; a lone letter can
        // begin any syllable it is the initial of.
        var unfinished: [ArraySlice<Int32>] =
          jamo.count >= 2
          ? KoreanText.syllables(compatibleWith: jamo).map { syllable in
            let keys = KoreanText.keys(of: syllable)
            guard keys.count < jamo.count else { return list(syllable, in: postings) }
            // A syllable typed only part of the way (목 for 몫) must be followed by a character
            // that goes on with the rest (서).
            return list(syllable, followedBy: jamo[keys.count])
          }
          : [list(first, in: initialPostings)]
        if jamo.count >= 2 {
          unfinished.append(list(term.units[term.units.count - 1], in: postings))
        }
        // The union is at least as long as its longest list: the settled characters' list, when
        // no longer, is the one to read, and the union is not worth making.
        if term.units.count > 1, settled.count <= unfinished.lazy.map(\.count).max() ?? 0 {
          ways.append(settled)
        } else {
          let union = union(unfinished)
          ways.append(term.units.count > 1 && settled.count < union.count ? settled : union)
        }
      }
    }
    return ways.dropFirst().reduce(ways.first ?? [], union)
  }

  /// The shortest of the lists of the entries holding each character of `units` and each pair
  /// of neighbours in it: those holding them all written together are among its entries.
  private func rarestLiteral(_ units: ArraySlice<UInt16>) -> ArraySlice<Int32> {
    var best = rarest(Array(units), in: postings)
    for index in units.indices.dropLast() where best.count > 0 {
      let pair = list(units[index], followedBy: Self.firstKey(of: units[index + 1]))
      if pair.count < best.count { best = pair }
    }
    return best
  }

  private func rarest(_ units: [UInt16], in lists: [UInt16: Postings]) -> ArraySlice<Int32> {
    var best: ArraySlice<Int32>?
    for unit in units {
      let found = list(unit, in: lists)
      if found.isEmpty { return [] }
      if best.map({ found.count < $0.count }) ?? true {
        best = found
      }
    }
    return best ?? []
  }

  /// The entries in both sorted lists.
  private func intersection(_ a: ArraySlice<Int32>, _ b: ArraySlice<Int32>) -> ArraySlice<Int32> {
    var result: [Int32] = []
    var i = a.startIndex
    var j = b.startIndex
    while i < a.endIndex, j < b.endIndex {
      if a[i] < b[j] {
        i += 1
      } else if b[j] < a[i] {
        j += 1
      } else {
        result.append(a[i])
        i += 1
        j += 1
      }
    }
    return result[...]
  }

  /// The sorted union of two sorted lists.
  private func union(_ a: ArraySlice<Int32>, _ b: ArraySlice<Int32>) -> ArraySlice<Int32> {
    if a.isEmpty { return b }
    if b.isEmpty { return a }
    var result: [Int32] = []
    result.reserveCapacity(a.count + b.count)
    var i = a.startIndex
    var j = b.startIndex
    while i < a.endIndex, j < b.endIndex {
      if a[i] < b[j] {
        result.append(a[i])
        i += 1
      } else {
        if a[i] == b[j] { i += 1 }
        result.append(b[j])
        j += 1
      }
    }
    result += a[i...]
    result += b[j...]
    return result[...]
  }

  /// The sorted union of sorted lists.
  private func union(_ lists: [ArraySlice<Int32>]) -> ArraySlice<Int32> {
    let nonEmpty = lists.filter { !$0.isEmpty }
    if nonEmpty.count <= 1 { return nonEmpty.first ?? [] }
    // A mark per entry, then one pass: cheaper than merging or sorting long lists.
    var marked = [Bool](repeating: false, count: entries.count)
    var total = 0
    for list in nonEmpty {
      for entry in list where !marked[Int(entry)] {
        marked[Int(entry)] = true
        total += 1
      }
    }
    var union: [Int32] = []
    union.reserveCapacity(total)
    for (entry, isMarked) in marked.enumerated() where isMarked {
      union.append(Int32(entry))
    }
    return union[...]
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

  /// How the query meets the entry's own name (for a 시도, its short names too), or `nil` when
  /// it meets it only elsewhere or not at all.
  private func nameTier(of query: PlaceQuery, _ entry: Entry, startOnly: Bool) -> Tier? {
    let fullName = Int(entry.start)..<Int(entry.fullNameEnd)
    if query.whole.count == fullName.count, isLiteral(query.whole, at: fullName.lowerBound) {
      return .exactFullName
    }
    var best = bestPosition(
      of: query, in: Int(entry.nameStart)..<Int(entry.fullNameEnd), startOnly: startOnly)
    if entry.level == 0, best != .whole {
      // A 시도's short names are names of its own.
      var start = Int(entry.fullNameEnd) + 1
      while start < Int(entry.end), best != .whole {
        var end = start
        while end < Int(entry.end), text[end] != 0 { end += 1 }
        if let found = bestPosition(of: query, in: start..<end, startOnly: startOnly),
          best.map({ found < $0 }) ?? true
        {
          best = found
        }
        start = end + 1
      }
    }
    switch best {
    case .whole?: return .exactName
    case .start?: return .namePrefix
    case .inside?: return .nameSubstring
    case nil: return nil
    }
  }

  /// The best place any term, or the terms written together, matches inside one name.
  private func bestPosition(
    of query: PlaceQuery, in name: Range<Int>, startOnly: Bool
  ) -> Position? {
    var best: Position?
    for term in query.terms {
      if let found = position(of: term, in: name, startOnly: startOnly),
        best.map({ found < $0 }) ?? true
      {
        best = found
        if found == .whole { return found }
      }
    }
    if let joined = query.joined, let found = position(of: joined, in: name, startOnly: startOnly),
      best.map({ found < $0 }) ?? true
    {
      best = found
    }
    return best
  }

  /// The best place a term matches inside one segment of text, or `nil`.
  ///
  /// With `startOnly`, only a match at the start of the segment is looked for.
  func position(
    of term: PlaceQuery.Term, in range: Range<Int>, startOnly: Bool = false
  ) -> Position? {
    let units = term.units
    guard !units.isEmpty else { return nil }
    var best: Position?
    // 1. Literally.
    if units.count <= range.count {
      let stop = startOnly ? range.lowerBound + 1 : range.upperBound
      var offset = range.lowerBound
      while offset < stop, offset + units.count <= range.upperBound {
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
    let last = best == nil && !startOnly ? range.upperBound : range.lowerBound + 1
    // 2. As 초성: the initials of consecutive characters.
    if let initials = term.initials, units.count <= range.count {
      var offset = range.lowerBound
      while offset < last, offset + units.count <= range.upperBound {
        if text.withUnsafeBufferPointer({
          KoreanQuery.initialsBegin(initials, in: $0, at: offset)
        }) {
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
    if let jamo = term.unfinishedKeys {
      let settled = units.count - 1
      var offset = range.lowerBound
      while offset < last, offset + settled < range.upperBound {
        let next = text[offset + settled]
        if !KoreanText.isSyllable(next) || KoreanText.initial(of: next) == jamo[0],
          isLiteral(units[0..<settled], at: offset),
          text.withUnsafeBufferPointer({
            KoreanText.keysBegin(jamo, in: $0, at: offset + settled, upTo: range.upperBound)
          })
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
}
