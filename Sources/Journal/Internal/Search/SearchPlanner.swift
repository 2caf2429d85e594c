/// Chooses what a search asks the index for: of the tokens every match must hold, those that
/// leave the fewest candidates for the least reading.
///
/// Each token the index is asked for costs a look-up and a pass over its list of entries; each
/// candidate the index returns costs a look-up of the entry and a check of its text. A term of
/// common letter pairs (`NEAR(`, or a typo of a common word) holds pairs that each list a third
/// of the journal, where one rarer pair may list almost nothing. The planner estimates both
/// costs from a ``TokenSample`` of the journal's entries, and adds tokens, the one that saves
/// most first, while a token saves more checking than it costs to read.
///
/// Any choice is sound: every token asked for is one that every match holds.
enum SearchPlanner {
  /// What reading one entry of a token's list costs, in microseconds.
  static let listedEntryCost = 0.025
  /// What merging one entry of a list into the list of a prefix costs, in microseconds: the
  /// index keeps no prefixes, so FTS5 merges the lists of every token that begins with the
  /// character, in full, before it returns the first candidate.
  static let mergedEntryCost = 0.15
  /// What looking a token up costs, in microseconds.
  static let lookupCost = 10.0
  /// What reading and checking one candidate costs, in microseconds.
  static let candidateCost = 1.5

  /// How many sampled entries must hold what a query asks for before the planner expects a page
  /// to fill from a share of its candidates.
  static let commonInSample = 8

  /// The most terms of a query the index is asked about.
  static let termLimit = 16
  /// The most requirements of one way of matching the planner weighs: the rarest.
  static let requirementLimit = 32

  /// How a search finds its matches.
  enum Strategy: Equatable {
    /// Read the index's candidates for this MATCH expression, newest first, and check each;
    /// first, when `walkingFirst` is more than 0, walk that many entries of the list newest
    /// first and check each, going on through the index from where the walk stopped if the
    /// page is not full by then.
    case index(String, walkingFirst: Int)
    /// Walk the list newest first and check every entry until a page is full: only for terms
    /// the index cannot narrow.
    case walk
  }

  /// The most entries a search walks before it goes on through the index, whatever the sample
  /// says: a walk is chosen because matches look common, and a sample that misjudged them costs
  /// at most this many checks.
  static let walkLimit = 1_024

  /// How to search for some terms, a page of `limit` at a time.
  ///
  /// The index, unless it cannot narrow the terms. When every term is as short as one or two
  /// characters and the sample says matches are so common that walking the list fills a page
  /// sooner than the index merges the lists of every token that begins with those characters
  /// (`e`, `향`, `ro`), the search walks first: at most four times the entries the sample says a
  /// page takes, and never more than ``walkLimit``, then goes on through the index.
  static func strategy(
    _ terms: [SearchText.Term], sample: TokenSample, limit: Int, segments: Int = 1
  ) -> Strategy {
    let estimate = Estimate(sample: sample, segments: segments)
    guard let chosen = indexPlan(terms, estimate, limit: limit) else { return .walk }
    if terms.allSatisfy(listsOnlyMatches), sample.entries > 0 {
      let share = Double(chosen.holders.count) / Double(sample.entries)
      let journal = Double(sample.journalEntries)
      let walked = share > 0 ? min(journal, Double(limit) / share) : journal
      if walked * candidateCost < chosen.cost {
        let budget = min(Double(walkLimit), max(4 * walked, 4 * Double(limit)))
        return .index(chosen.expression, walkingFirst: Int(budget))
      }
    }
    return .index(chosen.expression, walkingFirst: 0)
  }

  /// Whether what the index lists for a term is what the term matches, so that the share of the
  /// sample it lists is the share of the journal a walk finds matching: a term of one character,
  /// or of two that cannot be unfinished (`ro`, `ㅇㅇ`, `장미` before a space).
  private static func listsOnlyMatches(_ term: SearchText.Term) -> Bool {
    term.units.count == 1 || (term.units.count == 2 && term.unfinishedKeys == nil)
  }

  /// The MATCH expression for some terms, or `nil` when the index cannot narrow them (only a
  /// walk of the list can answer then). A term narrows when every way it can match asks the
  /// index for something. Planned as if every candidate were read.
  static func indexQuery(_ terms: [SearchText.Term], sample: TokenSample) -> String? {
    indexPlan(terms, Estimate(sample: sample), limit: nil)?.expression
  }

  /// The plan for some terms and a page of `limit` matches (`nil`: every candidate is read).
  ///
  /// The index lists candidates newest first, and a search stops reading them once a page is
  /// full. When the sample says matches are common, only a share of the candidates is read, so
  /// a candidate saved costs less than a token looked up: the plan asks for fewer tokens.
  private static func indexPlan(
    _ terms: [SearchText.Term], _ estimate: Estimate, limit: Int?
  ) -> Plan? {
    var seen: Set<[SearchText.Conjunction]> = []
    // Each term's ways of matching, each as its requirements, read and priced.
    var termWays: [[[Plan]]] = []
    for term in terms where termWays.count < termLimit {
      guard let ways = SearchText.conjunctions(for: term), seen.insert(ways).inserted else {
        continue
      }
      let wayRequirements = ways.map { requirements(of: $0, estimate) }
      guard wayRequirements.allSatisfy({ !$0.isEmpty }) else { continue }
      termWays.append(wayRequirements)
    }
    var estimate = estimate
    if let limit {
      // The sampled entries that meet every requirement of a way of every term: as many as
      // match, or more.
      let matching = termWays.map { ways in
        ways.reduce([UInt16]()) { union($0, holders(ofAll: $1)) }
      }
      // Sampled entries may hold the tokens in different fields, or apart, and match nothing:
      // those that hold them are checked against the terms, and only matches common enough to
      // be sampled many times are taken to fill a page early.
      if let first = matching.first {
        let holding = matching.dropFirst().reduce(first) { intersection($0, $1) }
        let sampled = estimate.sample.matchingCount(of: terms, among: holding) ?? holding.count
        if sampled >= commonInSample {
          estimate.readShare = min(1, Double(limit) / estimate.entries(sampled))
        }
      }
    }
    let plans = termWays.compactMap { ways in any(of: ways.map { choose($0, estimate) }) }
    return all(of: choose(plans, estimate))
  }

  /// The ways of matching one term joined by OR, each the parts chosen for it. A part that every
  /// way asks for is asked for once, outside the OR — `(A AND B) OR (A AND C)` as
  /// `A AND (B OR C)`, and `A OR (A AND C)` as `A` — and a way given twice is given once: the same
  /// candidates, with each token's list read once. `nil` for no ways.
  static func any(of ways: [[Plan]]) -> Plan? {
    // A few ways of a few parts each: compared byte for byte, which hashing a String is not.
    func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
    let common =
      ways.first?.filter { part in
        ways.dropFirst().allSatisfy { way in way.contains { same($0.expression, part.expression) } }
      } ?? []
    var rests: [Plan] = []
    for way in ways {
      let own = way.filter { part in !common.contains { same($0.expression, part.expression) } }
      if let rest = all(of: own) {
        if !rests.contains(where: { same($0.expression, rest.expression) }) { rests.append(rest) }
      } else if let plan = all(of: common) {
        // This way asks for nothing beyond the common parts, which every other way asks for.
        return plan
      }
    }
    guard let first = rests.first else { return all(of: common) }
    let alternatives = Plan(
      expression: rests.count == 1
        ? first.expression : "(" + rests.map(\.expression).joined(separator: " OR ") + ")",
      holders: rests.dropFirst().reduce(first.holders) { union($0, $1.holders) },
      cost: rests.reduce(0) { $0 + $1.cost })
    return all(of: common + [alternatives]) ?? alternatives
  }

  /// What one part of a query asks of the index, which sampled entries it lists, and what
  /// reading it costs.
  struct Plan: Equatable {
    var expression: String
    var holders: [UInt16]
    var cost: Double
  }

  /// The sample and the journal's size it stands for.
  private struct Estimate {
    let sample: TokenSample
    /// Journal entries per sampled entry.
    let scale: Double
    /// What looking a token up costs: FTS5 looks it up in every segment of the index.
    let lookup: Double
    /// The share of its candidates a search is expected to read before its page is full.
    var readShare = 1.0

    init(sample: TokenSample, segments: Int = 1) {
      self.sample = sample
      scale = sample.entries == 0 ? 0 : Double(sample.journalEntries) / Double(sample.entries)
      lookup = lookupCost * Double(max(1, segments))
    }

    /// What checking the candidates of some sampled entries costs.
    func checking(_ sampled: Int) -> Double { entries(sampled) * readShare * candidateCost }

    /// Candidates in the journal for a number of sampled entries.
    func entries(_ sampled: Int) -> Double { Double(sampled) * scale }
  }

  /// The requirements of one way of matching, each with the sampled entries that meet it and
  /// what reading it costs; the rarest ``requirementLimit`` of them.
  private static func requirements(
    of way: SearchText.Conjunction, _ estimate: Estimate
  ) -> [Plan] {
    var requirements = way.requirements.map { requirement in
      var holders: [UInt16] = []
      var cost = 0.0
      for tokens in requirement.alternatives {
        let lists = tokens.map { estimate.sample.holders(of: $0) }
        let both = lists.dropFirst().reduce(Array(lists.first ?? [])) { intersection($0, $1) }
        holders = union(holders, both)
        for (token, list) in zip(tokens, lists) {
          cost += readingCost(of: token, listing: list.count, estimate)
        }
      }
      return Plan(expression: requirement.expression, holders: holders, cost: cost)
    }
    if requirements.count > requirementLimit {
      requirements = Array(
        requirements.enumerated().sorted { a, b in
          a.element.holders.count != b.element.holders.count
            ? a.element.holders.count < b.element.holders.count : a.offset < b.offset
        }.prefix(requirementLimit).map(\.element))
    }
    return requirements
  }

  /// The parts joined by AND: the entries all of them list, and what reading them all costs;
  /// `nil` for no parts.
  private static func all(of parts: [Plan]) -> Plan? {
    guard let first = parts.first else { return nil }
    let expression =
      parts.count == 1
      ? first.expression : "(" + parts.map(\.expression).joined(separator: " AND ") + ")"
    return Plan(
      expression: expression, holders: holders(ofAll: parts), cost: parts.reduce(0) { $0 + $1.cost }
    )
  }

  /// The sampled entries that every one of some parts lists; none for no parts.
  private static func holders(ofAll parts: [Plan]) -> [UInt16] {
    guard let first = parts.first else { return [] }
    return parts.dropFirst().reduce(first.holders) { intersection($0, $1.holders) }
  }

  /// Some of `parts`, all of which a match meets, chosen greedily: first the one whose reading
  /// and candidates cost least, then, while one saves more checking than it costs to read, the
  /// one that saves most. Never empty when `parts` is not.
  private static func choose(_ parts: [Plan], _ estimate: Estimate) -> [Plan] {
    var remaining = parts
    let first = remaining.indices.min { a, b in
      total(remaining[a], estimate) < total(remaining[b], estimate)
    }
    guard let first else { return [] }
    var chosen = [remaining.remove(at: first)]
    var candidates = chosen[0].holders
    while !remaining.isEmpty, !candidates.isEmpty {
      var best: (index: Int, saving: Double, holders: [UInt16])?
      for (index, part) in remaining.enumerated() {
        let narrowed = intersection(candidates, part.holders)
        let saving = estimate.checking(candidates.count - narrowed.count) - part.cost
        if saving > (best?.saving ?? 0) { best = (index, saving, narrowed) }
      }
      guard let best else { break }
      chosen.append(remaining.remove(at: best.index))
      candidates = best.holders
    }
    return chosen
  }

  /// What asking the index for one token, held by `listing` sampled entries, costs: looking it
  /// up and reading its list; for a prefix, looking up and merging every token that begins with
  /// it.
  private static func readingCost(
    of token: SearchText.IndexToken, listing: Int, _ estimate: Estimate
  ) -> Double {
    guard token.isPrefix else {
      return estimate.lookup + estimate.entries(listing) * listedEntryCost
    }
    let begun = estimate.sample.tokens(beginningWith: token)
    return estimate.lookup * Double(max(1, begun.tokens)) + estimate.entries(begun.listed)
      * mergedEntryCost
  }

  /// What a part costs on its own: reading it and checking its candidates.
  private static func total(_ part: Plan, _ estimate: Estimate) -> Double {
    part.cost + estimate.checking(part.holders.count)
  }

  /// The entries in both ascending lists.
  static func intersection<A: RandomAccessCollection<UInt16>, B: RandomAccessCollection<UInt16>>(
    _ a: A, _ b: B
  ) -> [UInt16] {
    var result: [UInt16] = []
    var i = a.startIndex
    var j = b.startIndex
    while i < a.endIndex, j < b.endIndex {
      if a[i] < b[j] {
        i = a.index(after: i)
      } else if a[i] > b[j] {
        j = b.index(after: j)
      } else {
        result.append(a[i])
        i = a.index(after: i)
        j = b.index(after: j)
      }
    }
    return result
  }

  /// The entries in either ascending list, ascending.
  static func union<A: RandomAccessCollection<UInt16>, B: RandomAccessCollection<UInt16>>(
    _ a: A, _ b: B
  ) -> [UInt16] {
    var result: [UInt16] = []
    result.reserveCapacity(a.count + b.count)
    var i = a.startIndex
    var j = b.startIndex
    while i < a.endIndex, j < b.endIndex {
      if a[i] < b[j] {
        result.append(a[i])
        i = a.index(after: i)
      } else if a[i] > b[j] {
        result.append(b[j])
        j = b.index(after: j)
      } else {
        result.append(a[i])
        i = a.index(after: i)
        j = b.index(after: j)
      }
    }
    result += a[i...]
    result += b[j...]
    return result
  }
}
