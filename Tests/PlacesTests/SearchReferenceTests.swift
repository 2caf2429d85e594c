import HaruShared
import Testing

@testable import HaruPlaces

/// The index against a reference written from the rules: every name checked, no posting lists,
/// no early stop.
struct SearchReferenceTests {
  /// One name of an area as the reference sees it: segments of text, its own name, its level.
  struct Name {
    var area: Int
    var rank: UInt8
    var level: UInt8
    var segments: [[UInt16]]
    var ownName: [UInt16]
    /// Whether it is a 법정동's name, which ranks after an area's own among equal matches.
    var isLegal: Bool
  }

  static let table = PlaceTable.shared

  /// The names the index holds, read back segment by segment.
  static let names: [Name] = table.search.entries.map { entry in
    let text = table.search.text
    let body = Array(text[Int(entry.start)..<Int(entry.end)])
    let segments = body.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    return Name(
      area: Int(entry.area), rank: 2 - table.rows[Int(entry.area)].level, level: entry.level,
      segments: segments, ownName: Array(text[Int(entry.nameStart)..<Int(entry.fullNameEnd)]),
      isLegal: entry.isLegal)
  }

  static func initial(_ unit: UInt16) -> UInt16 {
    guard (0xAC00...0xD7A3).contains(unit) else { return unit }
    let initials: [UInt16] = [
      0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146,
      0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]
    return initials[Int(unit - 0xAC00) / 588]
  }

  static func keys(_ units: ArraySlice<UInt16>) -> [UInt16] {
    var keys: [UInt16] = []
    for unit in units { KoreanText.appendJamo(of: unit, to: &keys) }
    return keys
  }

  /// Where a term meets a text: 0 whole, 1 at the start, 2 inside; nil if nowhere.
  static func meet(_ term: PlaceQuery.Term, _ text: [UInt16]) -> Int? {
    let units = term.units
    var best: Int?
    func note(_ offset: Int, whole: Bool) {
      let found = offset > 0 ? 2 : whole ? 0 : 1
      best = min(best ?? 3, found)
    }
    if units.count <= text.count {
      for offset in 0...(text.count - units.count)
      where Array(text[offset..<offset + units.count]) == units {
        note(offset, whole: units.count == text.count)
      }
      if term.initials != nil {
        let initials = text.map(initial)
        for offset in 0...(text.count - units.count)
        where Array(initials[offset..<offset + units.count]) == units {
          note(offset, whole: units.count == text.count)
        }
      }
    }
    if let jamo = term.unfinishedKeys, units.count - 1 < text.count {
      let settled = units.dropLast()
      for offset in 0..<(text.count - settled.count)
      where Array(text[offset..<offset + settled.count]) == Array(settled) {
        let rest = keys(text[(offset + settled.count)...])
        if rest.count >= jamo.count, Array(rest.prefix(jamo.count)) == jamo {
          note(offset, whole: false)
        }
      }
    }
    return best
  }

  static func reference(_ query: PlaceQuery) -> [(area: Int, tier: Int)] {
    guard !query.terms.isEmpty else { return [] }
    var best: [Int: (tier: Int, legal: Int, rank: UInt8)] = [:]
    for name in names {
      let all = query.terms.allSatisfy { term in name.segments.contains { meet(term, $0) != nil } }
      guard all else { continue }
      let pieces = query.terms + (query.joined.map { [$0] } ?? [])
      let whole = query.joined ?? query.terms[0]
      var tier = 4
      if whole.units == name.segments[0] {
        tier = 0
      } else {
        let owns = [name.ownName] + (name.level == 0 ? Array(name.segments.dropFirst()) : [])
        for own in owns {
          for piece in pieces {
            if let found = meet(piece, own) { tier = min(tier, found + 1) }
          }
        }
      }
      let legal = name.isLegal ? 1 : 0
      if best[name.area].map({ (tier, legal) < ($0.tier, $0.legal) }) ?? true {
        best[name.area] = (tier, legal, name.rank)
      }
    }
    return best.map { (area: $0.key, tier: $0.value.tier) }.sorted {
      let left = (
        best[$0.area]?.tier ?? 9, best[$0.area]?.legal ?? 9, best[$0.area]?.rank ?? 9, $0.area
      )
      let right = (
        best[$1.area]?.tier ?? 9, best[$1.area]?.legal ?? 9, best[$1.area]?.rank ?? 9, $1.area
      )
      return left < right
    }
  }

  /// Queries made from the names: stretches, their initials, a last syllable cut short, two
  /// terms, a closing space.
  static let queries: [String] = {
    var seed: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    var queries: [String] = [
      "동", "구", "도", "ㄱ", "ㅅㅂ", "서울 종로", "경기 ㅅㅂ", "광주 서", "중앙", "면",
      // Names that begin as the query does fill the first page, or nearly; full names exactly.
      "성", "ㄷ", "남동", "시 동구 ", "산1동", "경시", "서울특별시종로구", "경기도용인시수지구", "강원",
      "역", "십", "동 ", "ㄳ", "ㅘ", "1", "시 서",
    ]
    while queries.count < 100 {
      let name = names[next(names.count)]
      let source = next(2) == 0 ? name.ownName : name.segments[0]
      let length = 1 + next(min(6, source.count))
      let start = next(source.count - length + 1)
      var units = Array(source[start..<start + length])
      switch next(6) {
      case 0: units = units.map(initial)
      case 1:
        // The last syllable without its final consonant, or as its initial alone.
        if let last = units.last, (0xAC00...0xD7A3).contains(last) {
          let index = Int(last - 0xAC00)
          units[units.count - 1] =
            index % 28 != 0 ? last - UInt16(index % 28) : initial(last)
        }
      case 2 where units.count > 1:
        let cut = 1 + next(units.count - 1)
        units.insert(0x20, at: cut)
      case 3: units.append(0x20)
      default: break
      }
      queries.append(String(decoding: units, as: UTF16.self))
    }
    return queries
  }()

  @Test(arguments: queries)
  func indexAgreesWithTheReference(_ query: String) {
    let parsed = PlaceQuery(query)
    let expected = Self.reference(parsed)
    let all = Self.table.search.search(parsed, limit: Int.max)
    #expect(all.map(\.area) == expected.map(\.area), "\(query)")
    #expect(all.map { Int($0.tier.rawValue) } == expected.map(\.tier), "\(query)")
    // Stopping early gives the beginning of the same list.
    for limit in [7, 20] {
      let first = Self.table.search.search(parsed, limit: limit)
      #expect(first.map(\.area) == Array(expected.prefix(limit).map(\.area)), "\(query)")
      #expect(
        first.map { Int($0.tier.rawValue) } == Array(expected.prefix(limit).map(\.tier)),
        "\(query)")
    }
  }
}
