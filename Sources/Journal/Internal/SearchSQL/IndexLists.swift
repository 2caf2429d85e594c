/// The entries that hold every one of some tokens, read from the search index's own tables.
///
/// FTS5 answers `"a" AND "b"` by stepping through both tokens' lists one entry at a time, through
/// several layers of its iterators: about 23 ns an entry listed. When both tokens are common and
/// no entry holds both, a query reads the two lists to their ends, and on a million entries that
/// is 17 ms. This reader reads the same lists from `entry_search_data` a page at a time, decodes
/// each page's part at once and steps through them side by side: 6.7 ms for the same two lists.
///
/// It reads only what it knows: the legacy structure record, leaf pages and the lists of a
/// `detail=none` index, as FTS5 3.40 writes them and later versions still write them for a table
/// that is not `contentless_delete` (<https://sqlite.org/src/file/ext/fts5/fts5_index.c>, whose
/// opening comment describes the format). Anything else throws ``IndexLists/UnknownFormat``, and
/// the search asks FTS5 instead, so a format it does not know costs time, never a match.
///
/// The lists are read as FTS5 reads them: each token is looked up in every segment, newest first,
/// and where segments list the same entry, the newest says whether it holds the token or was
/// deleted since. All reads must be in one transaction, so that no merge changes the segments
/// between them.
final class IndexLists {
  /// The index is not in a format this reader knows, or not as its structure record says.
  struct UnknownFormat: Error {
    let reason: String
  }

  /// The lists of every token in every segment that holds it: structures, stepped through in
  /// place, as a search steps once for every few entries listed.
  private var segments: [SegmentList]
  /// Each token's lists in ``segments``, newest segment first.
  private let tokenLists: [Range<Int>]

  /// The lists of some tokens, each as FTS5's `ascii` tokenizer writes it; `nil` when a token is
  /// not one it would write (an ASCII character other than a letter or digit, or nothing).
  ///
  /// - Throws: ``UnknownFormat``, or what SQLite reports.
  init?(tokens: [String], on connection: SQLiteConnection) throws {
    var encoded: [[UInt8]] = []
    for token in tokens {
      guard let bytes = Self.indexed(token) else { return nil }
      encoded.append(bytes)
    }
    guard !encoded.isEmpty else { return nil }
    // Lists with positions are read differently: a journal's index never has them.
    guard try connection.integer(Self.withoutPositionsSQL) == 1 else {
      throw UnknownFormat(reason: "an index that is not detail=none")
    }
    let record = try connection.withStatement(IndexLists.pageSQL) {
      statement throws -> [UInt8] in
      try statement.bind(IndexLists.structureID, at: 1)
      guard try statement.step() else { throw UnknownFormat(reason: "no structure record") }
      return statement.bytes(at: 0)
    }
    guard let segments = IndexStructure.segments(in: record) else {
      throw UnknownFormat(reason: "a structure record of another format")
    }
    let pages = PageReader(connection: connection)
    var lists: [SegmentList] = []
    var tokenLists: [Range<Int>] = []
    for token in encoded {
      let start = lists.count
      for segment in segments {
        let list = try SegmentList(token, in: segment, pages: pages)
        if !list.isAtEnd { lists.append(list) }
      }
      tokenLists.append(start..<lists.count)
    }
    self.segments = lists
    self.tokenLists = tokenLists
  }

  /// The pages read so far, doclist indexes not counted.
  var pagesRead: Int { segments.reduce(0) { $0 + $1.pagesRead } }

  /// The lowest key at least `key` that every token lists, or `nil` for none.
  func first(atLeast key: Int64) throws -> Int64? {
    let tokenLists = tokenLists
    return try segments.withUnsafeMutableBufferPointer { segments in
      var target = key
      var agreeing = 0
      var index = 0
      while true {
        guard let found = try Self.first(atLeast: target, in: segments, tokenLists[index]) else {
          return nil
        }
        if found != target {
          target = found
          agreeing = 0
        }
        agreeing += 1
        if agreeing == tokenLists.count { return target }
        index = index + 1 == tokenLists.count ? 0 : index + 1
      }
    }
  }

  /// The lowest key at least `key` that one token's lists hold, or `nil` for none: where
  /// segments list the same key, the newest says whether the token is there.
  @inline(__always)
  private static func first(
    atLeast key: Int64, in segments: UnsafeMutableBufferPointer<SegmentList>, _ lists: Range<Int>
  ) throws -> Int64? {
    var target = key
    if lists.count == 1 {
      let only = lists.lowerBound
      while true {
        try segments[only].advance(to: target)
        if segments[only].isAtEnd { return nil }
        if !segments[only].isDeletion { return segments[only].key }
        target = segments[only].key + 1
      }
    }
    while true {
      var lowest = -1
      var lowestKey = Int64.max
      for index in lists {
        try segments[index].advance(to: target)
        // Strictly lower: of segments listing the same key, the newest is kept.
        if !segments[index].isAtEnd, segments[index].key < lowestKey {
          lowest = index
          lowestKey = segments[index].key
        }
      }
      guard lowest >= 0 else { return nil }
      if !segments[lowest].isDeletion { return lowestKey }
      target = lowestKey + 1
    }
  }

  /// The tokens of a MATCH expression that asks for each of some tokens and nothing else
  /// (`"a"`, `("a" AND "b")`, nested or not); `nil` for any other expression: one with `OR`, a
  /// prefix, or anything else FTS5's syntax allows.
  static func tokens(ofConjunction expression: String) -> [String]? {
    let bytes = Array(expression.utf8)
    var tokens: [String] = []
    var expectsToken = true
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x28, 0x29:  // space and parentheses: with AND alone, grouping changes nothing
        index += 1
      case 0x22:
        guard expectsToken else { return nil }
        var token: [UInt8] = []
        index += 1
        while true {
          guard index < bytes.count else { return nil }
          if bytes[index] == 0x22 {
            // A doubled quote is a quote in the token.
            guard index + 1 < bytes.count, bytes[index + 1] == 0x22 else { break }
            index += 1
          }
          token.append(bytes[index])
          index += 1
        }
        index += 1
        if index < bytes.count, bytes[index] == 0x2A { return nil }  // a prefix
        tokens.append(String(decoding: token, as: UTF8.self))
        expectsToken = false
      case 0x41:
        guard !expectsToken, bytes[index...].starts(with: "AND ".utf8) else { return nil }
        index += 4
        expectsToken = true
      default:
        return nil
      }
    }
    return expectsToken ? nil : tokens
  }

  /// A token's bytes as the index stores it, after the main index's mark `0`: ASCII letters in
  /// lower case; `nil` for a token the `ascii` tokenizer would split or drop.
  static func indexed(_ token: String) -> [UInt8]? {
    var bytes: [UInt8] = [0x30]
    for byte in token.utf8 {
      switch byte {
      case 0x41...0x5A: bytes.append(byte + 0x20)
      case 0x30...0x39, 0x61...0x7A, 0x80...: bytes.append(byte)
      default: return nil
      }
    }
    return bytes.count > 1 ? bytes : nil
  }

  /// Whether the index keeps no positions, as every version of the schema makes it.
  static let withoutPositionsSQL =
    "SELECT count(*) FROM sqlite_schema WHERE name = 'entry_search' AND sql LIKE '%detail = none%'"

  /// The id of the structure record in `entry_search_data`.
  static let structureID: Int64 = 10

  /// One row of `entry_search_data` by id.
  static let pageSQL = "SELECT block FROM entry_search_data WHERE id = ?1"

  /// The page of a segment on which a term starts, if the segment holds it: FTS5 keeps the first
  /// term of each page in `entry_search_idx`, with the page number shifted left by one.
  static let termPageSQL =
    "SELECT pgno FROM entry_search_idx WHERE segid = ?1 AND term <= ?2 ORDER BY term DESC LIMIT 1"
}

/// A segment of the index, as the structure record lists it.
struct IndexSegment: Equatable {
  let id: Int64
  let firstPage: Int64
  let lastPage: Int64
}

/// The structure record: which segments the index is in.
enum IndexStructure {
  /// The most levels and segments FTS5 allows.
  private static let limit = 2_000

  /// The segments of a legacy structure record, newest first (level 0 first, the last of each
  /// level first), or `nil` for a record that is not one: a 4-byte cookie, then varints for the
  /// number of levels, of segments and the write counter, then for each level the segments
  /// being merged and the segments, and for each segment its id and first and last page.
  static func segments(in record: [UInt8]) -> [IndexSegment]? {
    var reader = VarintReader(record, from: 4)
    guard record.count >= 4,
      let levels = reader.next(), let count = reader.next(), reader.next() != nil,
      levels <= limit, count <= limit
    else { return nil }
    var segments: [IndexSegment] = []
    for _ in 0..<levels {
      guard let merging = reader.next(), let inLevel = reader.next(), merging <= inLevel,
        inLevel <= count - Int64(segments.count)
      else { return nil }
      var level: [IndexSegment] = []
      for _ in 0..<inLevel {
        // A segment a merge has used up and not yet dropped has pages 0 to 0: it holds nothing.
        guard let id = reader.next(), let first = reader.next(), let last = reader.next(),
          id > 0, id < 1 << 16, last < 1 << 31,
          (first > 0 && last >= first) || (first == 0 && last == 0)
        else { return nil }
        level.append(IndexSegment(id: id, firstPage: first, lastPage: last))
      }
      segments += level.reversed()
    }
    return segments.count == count ? segments : nil
  }
}

/// Reads SQLite varints from bytes: big-endian groups of seven bits, the high bit set on all but
/// the last; a ninth byte gives eight bits.
struct VarintReader {
  private let bytes: [UInt8]
  private(set) var position: Int

  init(_ bytes: [UInt8], from position: Int) {
    self.bytes = bytes
    self.position = position
  }

  /// The next varint as a non-negative value, or `nil` past the end or for a value of 2⁶³ or
  /// more.
  mutating func next() -> Int64? {
    var value: UInt64 = 0
    for read in 0..<9 {
      guard position < bytes.count else { return nil }
      let byte = bytes[position]
      position += 1
      if read == 8 {
        value = value << 8 | UInt64(byte)
        break
      }
      value = value << 7 | UInt64(byte & 0x7F)
      if byte < 0x80 { break }
    }
    return value > UInt64(Int64.max) ? nil : Int64(value)
  }
}

/// Reads leaf pages of `entry_search_data`.
private struct PageReader {
  let connection: SQLiteConnection

  /// Bytes read past a page's end: zeros, so that a varint that starts before the end can be
  /// read without checking each byte.
  static let padding = 10

  /// Page `number` of a segment, with ``padding`` zero bytes after it.
  func page(_ number: Int64, of segment: IndexSegment) throws -> [UInt8] {
    try connection.withStatement(IndexLists.pageSQL) { statement in
      try statement.bind(segment.id << 37 + number, at: 1)
      guard try statement.step() else {
        throw IndexLists.UnknownFormat(reason: "page \(number) of segment \(segment.id) is missing")
      }
      return statement.bytes(at: 0, padding: Self.padding)
    }
  }

  /// The page on which `term` would start in a segment, from `entry_search_idx`, and whether
  /// the list of the page's last term has a doclist index.
  func termPage(
    _ term: [UInt8], in segment: IndexSegment
  ) throws -> (page: Int64, isIndexed: Bool) {
    try connection.withStatement(IndexLists.termPageSQL) { statement in
      try statement.bind(segment.id, at: 1)
      try statement.bind(term, at: 2)
      let found = try statement.step() ? statement.int64(at: 0) : 0
      guard found >> 1 >= segment.firstPage else { return (segment.firstPage, false) }
      return (found >> 1, found & 1 == 1)
    }
  }

  /// Record `number` of a level of a segment's doclist indexes (level 0 the lowest), with
  /// ``padding`` zero bytes after it; `nil` when there is none.
  func doclistIndex(
    _ number: Int64, level: Int64, of segment: IndexSegment
  ) throws -> [UInt8]? {
    try connection.withStatement(IndexLists.pageSQL) { statement in
      try statement.bind(segment.id << 37 + 1 << 36 + level << 31 + number, at: 1)
      guard try statement.step() else { return nil }
      return statement.bytes(at: 0, padding: Self.padding)
    }
  }
}

/// One token's list in one segment, read a page at a time.
///
/// A leaf page starts with two big-endian 16-bit numbers, the second the size of its data; after
/// the data comes the page index, a varint for each term that starts on the page: the offset of
/// the first, then the difference to the next. The token's list follows its term: the first key
/// in full, then differences, each followed, in a `detail=none` index, by one zero byte if the
/// entry is a deletion of the key and a second if it also holds the token again. A list goes on
/// from the fourth byte of the next page, its first key there in full, until the next term.
///
/// Each page's part of the list is decoded at once into ``entries``, which a search then steps
/// through.
private struct SegmentList {
  private let segment: IndexSegment
  private let pages: PageReader
  private var page: [UInt8] = []
  private var pageNumber: Int64 = 0
  /// The size of the page's data, before its page index.
  private var dataSize = 0
  /// Where the list ends on this page: the next term, or past the page.
  private var listEnd = 0
  private var offset = 0

  /// The page's entries, the first ``count``: each key shifted left by one, plus one for a
  /// deletion, so that entries compare as their keys do against a key shifted left by one.
  private var entries: [Int64] = []
  private var count = 0
  private var index = 0

  /// Later pages of a long list and the first key of each, from its doclist index, to go
  /// straight to the page that holds a key instead of reading every page before it.
  private var jumps: [(page: Int64, firstKey: Int64)] = []
  private var jump = 0
  /// Pages read so far.
  private(set) var pagesRead = 0

  private(set) var isAtEnd = false
  /// The key the list is at.
  var key: Int64 { entries[index] >> 1 }
  /// Whether the entry at ``key`` only says the key was deleted.
  var isDeletion: Bool { entries[index] & 1 == 1 }

  /// The list of a term (the index mark and the token) in a segment.
  init(_ term: [UInt8], in segment: IndexSegment, pages: PageReader) throws {
    self.segment = segment
    self.pages = pages
    let start = try pages.termPage(term, in: segment)
    pageNumber = start.page - 1
    guard try nextPage() else {
      isAtEnd = true
      return
    }
    guard listEnd <= page.count - PageReader.padding else {
      throw IndexLists.UnknownFormat(
        reason: "the term's page in segment \(segment.id) has no terms")
    }
    guard try seek(term) else {
      isAtEnd = true
      return
    }
    // The index belongs to the page's last term, which is this one if its list goes on.
    if start.isIndexed, listEnd > dataSize {
      jumps = try Self.jumps(ofListOn: start.page, in: segment, pages: pages)
    }
    try decode(toward: Int64.min)
  }

  /// The pages and first keys that the doclist index of the list whose term starts on page
  /// `termPage` lists: one record (numbered by that page) when the list is not too long, or a
  /// level of records with one above it that counts them, each record's flags byte's low bit
  /// telling whether a level is above it. Taller indexes, for lists far longer than a journal's,
  /// are not read: the list is then read page by page.
  private static func jumps(
    ofListOn termPage: Int64, in segment: IndexSegment, pages: PageReader
  ) throws -> [(page: Int64, firstKey: Int64)] {
    guard let first = try pages.doclistIndex(termPage, level: 0, of: segment) else { return [] }
    if first[0] & 1 == 0 { return try jumps(in: first) }
    guard let upper = try pages.doclistIndex(termPage, level: 1, of: segment), upper[0] & 1 == 0
    else { return [] }
    // Flags, the number of the first record below, its first key, then one more key for each
    // further record.
    var reader = VarintReader(upper, from: 1)
    guard reader.next() == termPage, reader.next() != nil else {
      throw IndexLists.UnknownFormat(reason: "a doclist index of segment \(segment.id) is damaged")
    }
    var records = 1
    while reader.position < upper.count - PageReader.padding {
      guard reader.next() != nil else {
        throw IndexLists.UnknownFormat(
          reason: "a doclist index of segment \(segment.id) is damaged")
      }
      records += 1
    }
    var jumps = try Self.jumps(in: first)
    for number in termPage + 1..<termPage + Int64(records) {
      guard let record = try pages.doclistIndex(number, level: 0, of: segment) else {
        throw IndexLists.UnknownFormat(
          reason: "a doclist index of segment \(segment.id) is missing a record")
      }
      jumps += try Self.jumps(in: record)
    }
    return jumps
  }

  /// The pages and first keys one doclist index record lists: a flags byte, a page and its
  /// first key, then for each later page a zero byte if no key starts on it, or the difference
  /// of its first key to the one before.
  private static func jumps(in record: [UInt8]) throws -> [(page: Int64, firstKey: Int64)] {
    var reader = VarintReader(record, from: 1)
    let size = record.count - PageReader.padding
    guard var page = reader.next(), var key = reader.next() else {
      throw IndexLists.UnknownFormat(reason: "a doclist index is damaged")
    }
    var jumps = [(page, key)]
    while reader.position < size {
      if record[reader.position] == 0 {
        page += 1
        _ = reader.next()
        continue
      }
      guard let delta = reader.next(), delta > 0, delta < 1 << 62, key < 1 << 62 else {
        throw IndexLists.UnknownFormat(reason: "a doclist index is damaged")
      }
      page += 1
      key += delta
      jumps.append((page, key))
    }
    return jumps
  }

  /// Moves to the first entry whose key is at least `target`, or to the end.
  @inline(__always)
  mutating func advance(to target: Int64) throws {
    let bound = target << 1
    while !isAtEnd {
      while index < count, entries[index] < bound { index += 1 }
      if index < count { return }
      try decode(toward: target)
    }
  }

  /// Decodes the list's entries on the page from ``offset``, going on to the next page when the
  /// list does, or straight to the last page whose first key is at most `target`; or marks the
  /// end.
  private mutating func decode(toward target: Int64) throws {
    while true {
      if offset >= dataSize {
        var farthest = pageNumber + 1
        while jump < jumps.count, jumps[jump].firstKey <= target {
          farthest = max(farthest, jumps[jump].page)
          jump += 1
        }
        if farthest > pageNumber + 1 {
          pageNumber = farthest - 1
          guard try nextPage() else {
            throw IndexLists.UnknownFormat(
              reason: "a doclist index of segment \(segment.id) names a page past its end")
          }
          // The page's first key, in full, where its header says.
          offset = Int(page[0]) << 8 | Int(page[1])
          guard offset >= 4, offset < dataSize else {
            throw IndexLists.UnknownFormat(
              reason: "a page of segment \(segment.id) has no key where its index says")
          }
        } else {
          guard try nextPage() else {
            isAtEnd = true
            return
          }
          offset = 4
        }
      }
      let end = min(listEnd, dataSize)
      guard offset < end else {
        isAtEnd = true
        return
      }
      // An entry takes a byte at least.
      if entries.count < end - offset { entries = Array(repeating: 0, count: page.count) }
      index = 0
      let start = offset
      let decoded = page.withUnsafeBufferPointer { bytes in
        entries.withUnsafeMutableBufferPointer { entries in
          Self.decode(bytes, from: start, to: end, into: entries)
        }
      }
      guard let decoded else {
        throw IndexLists.UnknownFormat(reason: "a list of segment \(segment.id) is damaged")
      }
      (offset, count) = decoded
      if count > 0 { return }
    }
  }

  /// Decodes keys and their zero bytes from `start` to `end` (the page's first key, or a list's,
  /// in full); returns where it stopped and how many entries it wrote, or `nil` for keys out of
  /// order or too large. The page's zero padding lets a varint that starts before `end` be read
  /// without checking each byte; `entries` has room for one entry a byte.
  private static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    into entries: UnsafeMutableBufferPointer<Int64>
  ) -> (offset: Int, count: Int)? {
    var offset = start
    var count = 0
    var key: UInt64 = 0
    while offset < end {
      var delta: UInt64 = 0
      var read = 0
      while true {
        let byte = bytes[offset]
        offset += 1
        read += 1
        if read == 9 {
          delta = delta << 8 | UInt64(byte)
          break
        }
        delta = delta << 7 | UInt64(byte & 0x7F)
        if byte < 0x80 { break }
      }
      let (sum, overflow) = key.addingReportingOverflow(delta)
      guard delta > 0 || key == 0, !overflow, sum < 1 << 62 else { return nil }
      key = sum
      var entry = Int64(key) << 1
      if offset < end, bytes[offset] == 0 {
        offset += 1
        if offset < end, bytes[offset] == 0 {
          offset += 1
        } else {
          entry |= 1
        }
      }
      entries[count] = entry
      count += 1
    }
    return (offset, count)
  }

  /// Loads the segment's next page; `false` past its last.
  private mutating func nextPage() throws -> Bool {
    pageNumber += 1
    guard pageNumber <= segment.lastPage else { return false }
    page = try pages.page(pageNumber, of: segment)
    pagesRead += 1
    let size = page.count - PageReader.padding
    guard size >= 4 else {
      throw IndexLists.UnknownFormat(reason: "a page of segment \(segment.id) is too short")
    }
    dataSize = Int(page[2]) << 8 | Int(page[3])
    guard dataSize >= 4, dataSize <= size else {
      throw IndexLists.UnknownFormat(reason: "a page of segment \(segment.id) is damaged")
    }
    if dataSize == size {
      listEnd = size + 1
    } else {
      offset = dataSize
      listEnd = try varint()
    }
    return true
  }

  /// Finds a term among those that start on the page (FTS5's `fts5LeafSeek`): each is stored as
  /// the number of bytes it shares with the one before (not for the first), the number of new
  /// bytes, and those bytes. Leaves ``offset`` at its list and ``listEnd`` at the next term.
  private mutating func seek(_ term: [UInt8]) throws -> Bool {
    let size = page.count - PageReader.padding
    var indexOffset = dataSize
    offset = indexOffset
    var termOffset = try varint()
    indexOffset = offset
    offset = termOffset
    var kept = 0
    var matched = 0
    while true {
      guard offset < size else {
        throw IndexLists.UnknownFormat(reason: "a term of segment \(segment.id) is past its page")
      }
      let new = try varint()
      if kept < matched { return false }
      if kept == matched {
        guard new > 0, offset + new <= size else {
          throw IndexLists.UnknownFormat(reason: "a term of segment \(segment.id) is damaged")
        }
        var same = 0
        while same < new, matched + same < term.count, page[offset + same] == term[matched + same] {
          same += 1
        }
        matched += same
        if matched == term.count {
          guard same == new else { return false }
          offset += new
          if indexOffset >= size {
            listEnd = size + 1
          } else {
            let saved = offset
            offset = indexOffset
            listEnd = try termOffset + varint()
            offset = saved
          }
          return true
        }
        if same < new, page[offset + same] > term[matched] { return false }
      }
      guard indexOffset < size else { return false }
      offset = indexOffset
      termOffset += try varint()
      indexOffset = offset
      offset = termOffset
      guard offset < size else {
        throw IndexLists.UnknownFormat(reason: "a term of segment \(segment.id) is past its page")
      }
      kept = try varint()
    }
  }

  /// The varint at ``offset``, which moves past it: an offset or a length within the page, so
  /// never more than the page's size.
  private mutating func varint() throws -> Int {
    var reader = VarintReader(page, from: offset)
    guard let value = reader.next(), value <= Int64(page.count) else {
      throw IndexLists.UnknownFormat(
        reason: "a number of segment \(segment.id) is cut off or past its page")
    }
    offset = reader.position
    return Int(value)
  }
}
