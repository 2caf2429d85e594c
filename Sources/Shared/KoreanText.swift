import Foundation

/// The text rules of search shared by the journal and the place directory: folding, 초성 and the
/// jamo a keyboard types.
///
/// Text and query are folded alike (``normalized(_:)``): NFKC, full case folding, combining marks
/// removed, then NFC. The place directory then writes Hangul letters as compatibility jamo
/// (``fold(_:)``); the journal compares letters by the keys that type them (``keys(of:)``), so
/// that a letter typed in either form reads the same.
package enum KoreanText {
  /// Folds text for matching as the place directory does: ``normalized(_:)``, then Hangul
  /// letters written as conjoining jamo written as compatibility jamo (ㄱ, ㅏ), the form a
  /// keyboard produces. Stored text is never replaced by its folded form.
  package static func fold(_ text: String) -> String {
    let normalized = normalized(text)
    guard normalized.unicodeScalars.contains(where: { (0x1100...0x11FF).contains($0.value) })
    else { return normalized }
    var folded = String.UnicodeScalarView()
    for scalar in normalized.unicodeScalars {
      folded.append(compatibilityJamo(for: scalar))
    }
    return String(folded)
  }

  /// Whether folding leaves text as it is apart from `A`–`Z`: ASCII and Hangul syllables.
  @inline(__always)
  package static func isSimple(_ unit: UInt16) -> Bool {
    unit < 0x80 || isSyllable(unit)
  }

  /// Folds text as search matches it: NFKC, full Unicode case folding, combining marks removed,
  /// then NFC. Compatibility jamo become conjoining jamo, and jamo that spell a syllable become
  /// that syllable (`ㄱㅏ` → `가`).
  ///
  /// ```swift
  /// KoreanText.normalized("HERMÈS")  // "hermes"
  /// KoreanText.normalized("ＣＨＡＮＥＬ")  // "chanel"
  /// ```
  package static func normalized(_ text: String) -> String {
    // What people type is mostly ASCII and Hangul syllables, which fold to themselves (ASCII
    // letters to lowercase); only other text needs Foundation's normalizing.
    if text.utf16.allSatisfy(isSimple) {
      return String(
        decoding: text.utf16.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF16.self)
    }
    let compatible = text.precomposedStringWithCompatibilityMapping
    let caseFolded = compatible.folding(options: [.caseInsensitive], locale: nil)
    let decomposed = caseFolded.decomposedStringWithCanonicalMapping
    var unmarked = String.UnicodeScalarView()
    for scalar in decomposed.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark:
        continue
      default:
        unmarked.append(scalar)
      }
    }
    return String(unmarked).precomposedStringWithCanonicalMapping
  }

  /// A conjoining jamo (U+1100…U+11FF) as the compatibility jamo a keyboard types; anything else
  /// as itself.
  package static func compatibilityJamo(for scalar: Unicode.Scalar) -> Unicode.Scalar {
    let value = scalar.value
    let mapped: UInt16?
    switch value {
    case 0x1100...0x1112: mapped = initials[Int(value - 0x1100)]
    case 0x1161...0x1175: mapped = medials[Int(value - 0x1161)]
    case 0x11A8...0x11C2: mapped = finals[Int(value - 0x11A8) + 1]
    default: mapped = nil
    }
    guard let mapped, let result = Unicode.Scalar(mapped) else { return scalar }
    return result
  }

  // MARK: - Hangul letters

  /// The first Hangul syllable, 가 (U+AC00). Inlinable, like ``syllableLast`` and
  /// ``isSyllable(_:)``, so that code in other modules checking text one character at a time
  /// compares with constants instead of calling an accessor per character.
  @inlinable package static var syllableBase: UInt16 { 0xAC00 }
  /// The last Hangul syllable, 힣 (U+D7A3).
  @inlinable package static var syllableLast: UInt16 { 0xD7A3 }

  /// The 19 initial consonants, in syllable order, as compatibility jamo.
  package static let initials: [UInt16] = [
    0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146,
    0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
  ]
  /// The 21 vowels, in syllable order.
  package static let medials: [UInt16] = Array(0x314F...0x3163)
  /// The 27 final consonants in syllable order, after a 0 for "no final".
  package static let finals: [UInt16] = [
    0, 0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313A, 0x313B, 0x313C,
    0x313D, 0x313E, 0x313F, 0x3140, 0x3141, 0x3142, 0x3144, 0x3145, 0x3146, 0x3147, 0x3148,
    0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
  ]

  /// Compound letters as the two keys that type them (ㄳ → ㄱㅅ, ㅘ → ㅗㅏ), by letter − U+3131;
  /// 0 for a letter typed with one key. ㄲ ㄸ ㅃ ㅆ ㅉ are single keys and stay whole.
  package static let compounds: [(UInt16, UInt16)] = {
    var table = [(UInt16, UInt16)](repeating: (0, 0), count: 0x3163 - 0x3131 + 1)
    let pairs: [(UInt16, UInt16, UInt16)] = [
      (0x3133, 0x3131, 0x3145), (0x3135, 0x3134, 0x3148), (0x3136, 0x3134, 0x314E),
      (0x313A, 0x3139, 0x3131), (0x313B, 0x3139, 0x3141), (0x313C, 0x3139, 0x3142),
      (0x313D, 0x3139, 0x3145), (0x313E, 0x3139, 0x314C), (0x313F, 0x3139, 0x314D),
      (0x3140, 0x3139, 0x314E), (0x3144, 0x3142, 0x3145),
      (0x3158, 0x3157, 0x314F), (0x3159, 0x3157, 0x3150), (0x315A, 0x3157, 0x3163),
      (0x315D, 0x315C, 0x3153), (0x315E, 0x315C, 0x3154), (0x315F, 0x315C, 0x3163),
      (0x3162, 0x3161, 0x3163),
    ]
    for (letter, first, second) in pairs {
      table[Int(letter - 0x3131)] = (first, second)
    }
    return table
  }()

  /// The keys that type one character, at most five (a syllable with a compound vowel and a
  /// compound final), kept inline.
  package struct Keys: Sendable {
    package private(set) var count = 0
    private var storage: (UInt16, UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0, 0)

    package subscript(index: Int) -> UInt16 {
      switch index {
      case 0: storage.0
      case 1: storage.1
      case 2: storage.2
      case 3: storage.3
      default: storage.4
      }
    }

    package mutating func append(_ key: UInt16) {
      switch count {
      case 0: storage.0 = key
      case 1: storage.1 = key
      case 2: storage.2 = key
      case 3: storage.3 = key
      default: storage.4 = key
      }
      count = min(count + 1, 5)
    }

    package mutating func appendSplit(_ letter: UInt16) {
      if (0x3131...0x3163).contains(letter) {
        let (first, second) = KoreanText.compounds[Int(letter - 0x3131)]
        if first != 0 {
          append(first)
          append(second)
          return
        }
      }
      append(letter)
    }
  }

  /// The keys that type a character: a syllable's letters with compounds split, a compound
  /// letter split, anything else as itself.
  package static func keys(of unit: UInt16) -> Keys {
    var keys = Keys()
    if (0x1100...0x11FF).contains(unit), let scalar = Unicode.Scalar(unit) {
      // A conjoining letter types as its compatibility form.
      keys.appendSplit(UInt16(truncatingIfNeeded: compatibilityJamo(for: scalar).value))
      return keys
    }
    if isSyllable(unit) {
      let index = Int(unit - syllableBase)
      keys.append(initials[index / (21 * 28)])
      keys.appendSplit(medials[(index / 28) % 21])
      let final = finals[index % 28]
      if final != 0 {
        keys.appendSplit(final)
      }
    } else {
      keys.appendSplit(unit)
    }
    return keys
  }

  /// Whether a code unit is a Hangul syllable.
  @inlinable package static func isSyllable(_ unit: UInt16) -> Bool {
    unit &- syllableBase <= syllableLast - syllableBase
  }

  /// Whether a code unit is a compatibility consonant letter (ㄱ … ㅎ, compounds included).
  package static func isConsonant(_ unit: UInt16) -> Bool {
    (0x3131...0x314E).contains(unit)
  }

  /// Whether a code unit is Hangul that may still be being typed: a syllable or a letter, in
  /// compatibility or conjoining form.
  package static func isHangul(_ unit: UInt16) -> Bool {
    isSyllable(unit) || (0x3131...0x318E).contains(unit) || (0x1100...0x11FF).contains(unit)
      || (0xA960...0xA97F).contains(unit) || (0xD7B0...0xD7FF).contains(unit)
  }

  /// The consonant a character stands for in a 초성 search, as a compatibility letter: a
  /// syllable's initial consonant, or one of the 19 consonants that begin a syllable (ㄱ … ㅎ,
  /// ㄲ ㄸ ㅃ ㅆ ㅉ) written as a letter, in either form; `nil` for anything else.
  package static func initialConsonant(of unit: UInt16) -> UInt16? {
    if isSyllable(unit) { return initials[Int((unit - syllableBase) / (21 * 28))] }
    var letter = unit
    if (0x1100...0x11FF).contains(unit), let scalar = Unicode.Scalar(unit) {
      letter = UInt16(truncatingIfNeeded: compatibilityJamo(for: scalar).value)
    }
    return initialSet.contains(letter) ? letter : nil
  }

  /// The 19 initial consonants, for membership tests.
  private static let initialSet = Set(initials)

  /// The character as 초성 search sees it: a syllable's initial consonant, anything else itself.
  package static func initial(of unit: UInt16) -> UInt16 {
    guard isSyllable(unit) else { return unit }
    return initials[Int((unit - syllableBase) / (21 * 28))]
  }

  /// Appends the keys that type a character to `jamo`.
  package static func appendJamo(of unit: UInt16, to jamo: inout [UInt16]) {
    let keys = keys(of: unit)
    for index in 0..<keys.count {
      jamo.append(keys[index])
    }
  }

  /// The syllables that can be on the way to `jamo` or past it: those whose keys begin with
  /// `jamo`, and those whose keys are a shorter beginning of it (the rest going on in the next
  /// character). `jamo` must begin with a consonant and have at least two keys.
  package static func syllables(compatibleWith jamo: [UInt16]) -> [UInt16] {
    guard jamo.count >= 2, let initial = initials.firstIndex(of: jamo[0]) else { return [] }
    var result: [UInt16] = []
    for medial in 0..<21 {
      let base = syllableBase + UInt16((initial * 21 + medial) * 28)
      // Cheap test on the vowel first: its keys must agree with jamo's where both have one.
      let vowel = keys(of: base)
      guard agree(vowel, jamo) else { continue }
      for final in 0..<28 where agree(keys(of: base + UInt16(final)), jamo) {
        result.append(base + UInt16(final))
      }
    }
    return result
  }

  /// Whether two key sequences agree as far as both go.
  private static func agree(_ keys: Keys, _ jamo: [UInt16]) -> Bool {
    for index in 0..<min(keys.count, jamo.count) where keys[index] != jamo[index] {
      return false
    }
    return true
  }
}
