import HaruShared

extension SearchText {
  /// A field folded as search compares it, from its UTF-8 bytes.
  static func folded(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt16] {
    let buffer = FoldBuffer()
    return withExtendedLifetime(buffer) { Array(buffer.fold(bytes)) }
  }

  /// The most UTF-16 units ``foldCommonText(_:into:)`` writes for one byte.
  static let maximumFoldGrowth = 2

  /// Folds text of ASCII, Hangul syllables and the Latin letters of ``latinFolds`` (what entries
  /// mostly hold) one character at a time into `target`, which has room for
  /// ``maximumFoldGrowth`` units per byte; `nil`, with `target` in any state, when the text
  /// holds anything else, which only ``KoreanText/normalized(_:)`` folds right, whole.
  ///
  /// - Returns: The number of units written.
  static func foldCommonText(
    _ bytes: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt16>
  ) -> Int? {
    let count = bytes.count
    guard count > 0, let source = bytes.baseAddress else { return 0 }
    var written = 0
    var index = 0
    while index < count {
      let byte = source[index]
      if byte < 0x80 {
        target[written] = UInt16(byte &- 0x41 < 26 ? byte | 0x20 : byte)
        written += 1
        index += 1
        continue
      }
      // A Hangul syllable is three bytes: 0xEA 0xB0 0x80 (U+AC00) to 0xED 0x9E 0xA3 (U+D7A3).
      if byte >= 0xEA, byte <= 0xED, index + 2 < count {
        let second = source[index + 1]
        let third = source[index + 2]
        if second & 0xC0 == 0x80, third & 0xC0 == 0x80 {
          let unit =
            UInt16(byte & 0x0F) << 12 | UInt16(second & 0x3F) << 6 | UInt16(third & 0x3F)
          if KoreanText.isSyllable(unit) {
            target[written] = unit
            written += 1
            index += 3
            continue
          }
        }
      }
      // U+00A0 to U+024F are two bytes: 0xC2 0xA0 to 0xC9 0x8F. One that folded into more units
      // than its two bytes have room for would take the whole-text path.
      if byte >= 0xC2, byte <= 0xC9, index + 1 < count {
        let second = source[index + 1]
        let value = Int(byte & 0x1F) << 6 | Int(second & 0x3F)
        if second & 0xC0 == 0x80, value >= latinFoldsStart, value < latinFoldsEnd {
          let start = latinFoldStarts[value - latinFoldsStart]
          let end = latinFoldStarts[value - latinFoldsStart + 1]
          guard end - start <= 2 * maximumFoldGrowth else { return nil }
          for position in start..<end {
            target[written] = latinFoldUnits[position]
            written += 1
          }
          index += 2
          continue
        }
      }
      return nil
    }
    return written
  }

  /// Storage that fields fold into, kept and reused from one checked row to the next (see
  /// `SearchFunctions`), or used once by ``folded(_:)-(UnsafeBufferPointer<UInt8>)``: a field's
  /// folded units stay valid until its next fold. Used by one thread at a time.
  final class FoldBuffer {
    private var storage: UnsafeMutablePointer<UInt16>
    private var capacity: Int
    /// The units of the last fold.
    private(set) var units: UnsafeBufferPointer<UInt16>

    /// Empty storage with room for a field of 256 bytes.
    init() {
      capacity = 512
      storage = .allocate(capacity: capacity)
      units = UnsafeBufferPointer(start: storage, count: 0)
    }

    /// Frees the storage.
    deinit {
      storage.deallocate()
    }

    /// Folds a field's UTF-8 bytes into the storage; the result is also kept in ``units``.
    @discardableResult
    func fold(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt16> {
      reserve(bytes.count * SearchText.maximumFoldGrowth)
      if let written = SearchText.foldCommonText(bytes, into: storage) {
        units = UnsafeBufferPointer(start: storage, count: written)
        return units
      }
      let folded = Array(KoreanText.normalized(String(decoding: bytes, as: UTF8.self)).utf16)
      reserve(folded.count)
      folded.withUnsafeBufferPointer { source in
        if let base = source.baseAddress { storage.initialize(from: base, count: source.count) }
      }
      units = UnsafeBufferPointer(start: storage, count: folded.count)
      return units
    }

    /// Makes room for `count` units, dropping what the storage held.
    private func reserve(_ count: Int) {
      guard count > capacity else { return }
      storage.deallocate()
      capacity = max(count, capacity * 2)
      storage = .allocate(capacity: capacity)
    }
  }

  private static let latinFoldsStart = 0xA0
  private static let latinFoldsEnd = 0x250

  /// How each character from U+00A0 to U+024F (Latin-1 Supplement, Latin Extended-A and -B)
  /// folds on its own. None of them is a combining mark or composes with a neighbour, and their
  /// folding does not depend on what is around them, so a field of these, ASCII and Hangul
  /// syllables folds character by character exactly as it does whole (`SearchFoldingTests`
  /// checks every one of them in company).
  static let latinFolds: [[UInt16]] = (latinFoldsStart..<latinFoldsEnd).map { value in
    guard let scalar = Unicode.Scalar(UInt32(value)) else { return [] }
    return Array(KoreanText.normalized(String(Character(scalar))).utf16)
  }

  /// ``latinFolds`` end to end, and where each character's units start in it (one more entry
  /// than characters, for the end of the last), for ``foldCommonText(_:into:)``.
  private static let latinFoldUnits: [UInt16] = latinFolds.flatMap(\.self)
  private static let latinFoldStarts: [Int] = latinFolds.reduce(into: [0]) { starts, units in
    starts.append((starts.last ?? 0) + units.count)
  }

  /// A string folded as search compares it.
  static func folded(_ text: String) -> [UInt16] {
    Array(KoreanText.normalized(text).utf16)
  }
}
