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
  func validate(_ value: String, field: String) throws(ModelError) -> String {
    let trimmed = value.trimmingWhitespace()
    if isRequired, trimmed.isEmpty {
      throw ModelError(.emptyField, field: field, message: "This field is required.")
    }
    // Stop counting at the limit: a pasted 10 MB text is refused without walking all of it.
    if let limit = trimmed.index(
      trimmed.startIndex, offsetBy: maximumLength, limitedBy: trimmed.endIndex),
      limit != trimmed.endIndex
    {
      throw ModelError(
        .fieldTooLong, field: field, message: "Use at most \(maximumLength) characters.")
    }
    for scalar in trimmed.unicodeScalars {
      let isLineBreak =
        scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}"
      if isLineBreak {
        if allowsLineBreaks { continue }
        throw ModelError(
          .invalidCharacters, field: field, message: "Keep this to one line, without line breaks.")
      }
      if scalar == "\t" { continue }
      if scalar.properties.generalCategory == .control {
        throw ModelError(
          .invalidCharacters, field: field,
          message: "Remove the invisible control character U+\(hex(scalar.value)).")
      }
    }
    return trimmed
  }

  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension String {
  /// The string without leading and trailing whitespace and line breaks.
  func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
