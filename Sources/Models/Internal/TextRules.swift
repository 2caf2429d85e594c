/// How a text field is cleaned and checked before a model accepts it.
struct TextRules: Sendable {
  /// Whether an empty value (after trimming) is refused.
  var isRequired: Bool
  /// The longest value accepted, in characters, after trimming.
  var maximumLength: Int
  /// Whether line breaks are accepted.
  var allowsLineBreaks: Bool

  static let townName = TextRules(isRequired: true, maximumLength: 60, allowsLineBreaks: false)

  /// Returns the value trimmed of surrounding whitespace, or throws why it is not acceptable.
  ///
  /// Refused: line breaks in a one-line field, control characters other than tab, and invisible
  /// format characters (zero-width spaces, direction overrides, byte-order marks) except the
  /// zero-width joiner that emoji sequences need. A value made only of joiners counts as empty.
  func validate(_ value: String, field: String) throws(ModelError) -> String {
    let trimmed = value.trimmingWhitespace()
    let hasVisibleContent = trimmed.unicodeScalars.contains { $0 != Self.zeroWidthJoiner }
    if isRequired, !hasVisibleContent {
      throw ModelError(.emptyField, field: field, message: "This field is required.")
    }
    // A character takes at least one UTF-8 byte, so a short text needs no counting; a long one is
    // counted only up to the limit, so a pasted 10 MB text is refused without walking all of it.
    if trimmed.utf8.count > maximumLength,
      let limit = trimmed.index(
        trimmed.startIndex, offsetBy: maximumLength, limitedBy: trimmed.endIndex),
      limit != trimmed.endIndex
    {
      throw ModelError(
        .fieldTooLong, field: field, message: "Use at most \(maximumLength) characters.")
    }
    for scalar in trimmed.unicodeScalars {
      // Printable ASCII and Hangul syllables, most of what a journal holds, need no lookup.
      if (0x20...0x7E).contains(scalar.value) || (0xAC00...0xD7A3).contains(scalar.value) {
        continue
      }
      let isLineBreak =
        scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
      if isLineBreak {
        if allowsLineBreaks { continue }
        throw ModelError(
          .invalidCharacters, field: field, message: "Keep this to one line, without line breaks.")
      }
      if scalar == "\t" { continue }
      switch scalar.properties.generalCategory {
      case .control:
        throw ModelError(
          .invalidCharacters, field: field,
          message: "Remove the invisible control character U+\(hex(scalar.value)).")
      case .format where scalar != Self.zeroWidthJoiner:
        throw ModelError(
          .invalidCharacters, field: field,
          message: "Remove the invisible formatting character U+\(hex(scalar.value)).")
      default:
        continue
      }
    }
    return String(trimmed)
  }

  private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension String {
  /// The string without leading and trailing whitespace and line breaks, without copying it.
  func trimmingWhitespace() -> Substring {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return Substring(scalars[first...last])
  }
}
