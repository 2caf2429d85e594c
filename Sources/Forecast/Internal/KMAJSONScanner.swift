import Foundation

/// Why a body could not be read as JSON, and where.
struct JSONScanFailure: Error, Equatable {
  var reason: String
  var offset: Int
}

/// A strict, allocation-light JSON reader for the KMA envelope.
///
/// It walks the bytes once and keeps only what Haru uses: the header's result code and message,
/// the gateway's reason code, the page counts and the items. Unknown members are skipped
/// whatever they hold; nesting deeper than ``maximumDepth`` is refused rather than followed, and
/// every read is bounds-checked, so a truncated or hostile body is an error, never a crash.
struct KMAJSONScanner {
  static let maximumDepth = 64

  private let bytes: UnsafeRawBufferPointer
  private var position = 0

  private init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// Reads a body.
  ///
  /// - Parameter data: The body; a UTF-8 byte order mark in front is skipped.
  /// - Returns: What the body holds.
  /// - Throws: ``JSONScanFailure`` when the body is not one JSON object, or is truncated.
  static func scan(_ data: Data) throws(JSONScanFailure) -> KMAEnvelope {
    let result = data.withUnsafeBytes { buffer -> Result<KMAEnvelope, JSONScanFailure> in
      var scanner = KMAJSONScanner(buffer)
      return Result { () throws(JSONScanFailure) -> KMAEnvelope in try scanner.document() }
    }
    return try result.get()
  }

  // MARK: - The envelope

  private mutating func document() throws(JSONScanFailure) -> KMAEnvelope {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      position = 3
    }
    var envelope = KMAEnvelope()
    try expectObject("the body")
    var first = true
    while let key = try nextKey(&first) {
      if equals(key, "response") {
        try response(into: &envelope)
      } else if equals(key, "OpenAPI_ServiceResponse") {
        try gateway(into: &envelope)
      } else {
        try skipValue(depth: 1)
      }
    }
    skipWhitespace()
    guard position == bytes.count else {
      throw fail("unexpected content after the JSON object")
    }
    return envelope
  }

  private mutating func response(into envelope: inout KMAEnvelope) throws(JSONScanFailure) {
    guard try openObject() else { return try skipValue(depth: 1) }
    var first = true
    while let key = try nextKey(&first) {
      if equals(key, "header") {
        guard try openObject() else {
          try skipValue(depth: 2)
          continue
        }
        var firstInHeader = true
        while let name = try nextKey(&firstInHeader) {
          if equals(name, "resultCode") {
            envelope.resultCode = try scalarText()
          } else if equals(name, "resultMsg") {
            envelope.resultMessage = try scalarText()
          } else {
            try skipValue(depth: 3)
          }
        }
      } else if equals(key, "body") {
        try body(into: &envelope)
      } else {
        try skipValue(depth: 2)
      }
    }
  }

  private mutating func body(into envelope: inout KMAEnvelope) throws(JSONScanFailure) {
    guard try openObject() else { return try skipValue(depth: 2) }
    var first = true
    while let key = try nextKey(&first) {
      if equals(key, "items") {
        // `"items": ""` when a page is empty; `{"item": [...]}` otherwise.
        guard try openObject() else {
          try skipValue(depth: 3)
          continue
        }
        var firstInItems = true
        while let name = try nextKey(&firstInItems) {
          if equals(name, "item") {
            try itemList(into: &envelope.items)
          } else {
            try skipValue(depth: 4)
          }
        }
      } else if equals(key, "totalCount") {
        envelope.totalCount = try integer()
      } else if equals(key, "pageNo") {
        envelope.pageNumber = try integer()
      } else if equals(key, "numOfRows") {
        envelope.rowsPerPage = try integer()
      } else {
        try skipValue(depth: 3)
      }
    }
  }

  private mutating func itemList(into items: inout [KMAItem]) throws(JSONScanFailure) {
    switch try peekValueStart() {
    case UInt8(ascii: "["):
      position += 1
      items.reserveCapacity(items.count + min(2048, bytes.count / 80))
      var first = true
      while try nextElement(&first) {
        if try openObject() {
          items.append(try item())
        } else {
          try skipValue(depth: 5)
        }
      }
    case UInt8(ascii: "{"):
      // A single item sent as an object rather than a one-element array.
      position += 1
      items.append(try item())
    default:
      try skipValue(depth: 4)
    }
  }

  /// Reads the members of an item whose `{` was consumed.
  private mutating func item() throws(JSONScanFailure) -> KMAItem {
    var item = KMAItem()
    var first = true
    while let key = try nextKey(&first) {
      switch ItemField(key, in: bytes) {
      case .category:
        item.category = try category()
      case .baseDate: item.baseDate = try digits()
      case .baseTime: item.baseTime = try digits()
      case .forecastDate: item.forecastDate = try digits()
      case .forecastTime: item.forecastTime = try digits()
      case .forecastValue, .observedValue: item.value = try scalarText()
      case .nx: item.nx = try integer().flatMap { Int(exactly: $0) }
      case .ny: item.ny = try integer().flatMap { Int(exactly: $0) }
      case .other: try skipValue(depth: 6)
      }
    }
    return item
  }

  private mutating func gateway(into envelope: inout KMAEnvelope) throws(JSONScanFailure) {
    guard try openObject() else { return try skipValue(depth: 1) }
    var first = true
    while let key = try nextKey(&first) {
      guard equals(key, "cmmMsgHeader"), try openObject() else {
        try skipValue(depth: 2)
        continue
      }
      var firstInHeader = true
      while let name = try nextKey(&firstInHeader) {
        if equals(name, "returnReasonCode") {
          envelope.gatewayReasonCode = try scalarText()
        } else if equals(name, "returnAuthMsg") {
          envelope.gatewayMessage = try scalarText()
        } else {
          try skipValue(depth: 3)
        }
      }
    }
  }

  // MARK: - Values Haru keeps

  /// A string, or the text of a number or literal; `nil` for `null`, an object or an array.
  private mutating func scalarText() throws(JSONScanFailure) -> String? {
    switch try peekValueStart() {
    case UInt8(ascii: "\""):
      return makeString(try stringToken())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let range = try numberToken()
      return text(range)
    case UInt8(ascii: "n"):
      try literal("null")
      return nil
    case UInt8(ascii: "t"):
      try literal("true")
      return "true"
    case UInt8(ascii: "f"):
      try literal("false")
      return "false"
    default:
      try skipValue(depth: 6)
      return nil
    }
  }

  /// A whole number sent as a number or as a string of digits; `nil` otherwise, and for one past
  /// `Int64`.
  private mutating func integer() throws(JSONScanFailure) -> Int64? {
    switch try peekValueStart() {
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let range = try numberToken()
      return Int64(text(range))
    case UInt8(ascii: "\""):
      let token = try stringToken()
      return Int64(makeString(token).trimmingASCIIWhitespace())
    default:
      try skipValue(depth: 6)
      return nil
    }
  }

  /// A date or time of digits only, such as `"20261130"` or `"0600"`; -1 when it is anything else.
  ///
  /// Up to 12 digits, so `Int64`: `"202611300600"` is past a 32-bit `Int`.
  private mutating func digits() throws(JSONScanFailure) -> Int64 {
    switch try peekValueStart() {
    case UInt8(ascii: "\""):
      let token = try stringToken()
      guard !token.hasEscapes, token.range.count > 0, token.range.count <= 12 else { return -1 }
      var value: Int64 = 0
      for index in token.range {
        let byte = bytes[index]
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return -1 }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      return value
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      let range = try numberToken()
      return Int64(text(range)) ?? -1
    default:
      try skipValue(depth: 6)
      return -1
    }
  }

  private mutating func category() throws(JSONScanFailure) -> KMACategory {
    guard try peekValueStart() == UInt8(ascii: "\"") else {
      try skipValue(depth: 6)
      return .unknown
    }
    let token = try stringToken()
    guard !token.hasEscapes, token.range.count == 3 else { return .unknown }
    let start = token.range.lowerBound
    return KMACategory(bytes[start], bytes[start + 1], bytes[start + 2])
  }

  // MARK: - Structure

  /// Skips whitespace and expects `{`.
  private mutating func expectObject(_ what: String) throws(JSONScanFailure) {
    skipWhitespace()
    guard position < bytes.count else { throw fail("\(what) is empty") }
    guard bytes[position] == UInt8(ascii: "{") else { throw fail("\(what) is not a JSON object") }
    position += 1
  }

  /// Consumes `{` when the next value is an object.
  private mutating func openObject() throws(JSONScanFailure) -> Bool {
    guard try peekValueStart() == UInt8(ascii: "{") else { return false }
    position += 1
    return true
  }

  /// The next member's key with its `:` consumed, or `nil` after the object's closing `}`.
  private mutating func nextKey(_ first: inout Bool) throws(JSONScanFailure) -> StringToken? {
    skipWhitespace()
    guard position < bytes.count else { throw fail("the body ends inside an object") }
    if bytes[position] == UInt8(ascii: "}") {
      position += 1
      return nil
    }
    if !first {
      guard bytes[position] == UInt8(ascii: ",") else {
        throw fail("expected ',' or '}' in an object")
      }
      position += 1
      skipWhitespace()
      guard position < bytes.count else { throw fail("the body ends inside an object") }
    }
    first = false
    guard bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
    let key = try stringToken()
    skipWhitespace()
    guard position < bytes.count else { throw fail("the body ends inside an object") }
    guard bytes[position] == UInt8(ascii: ":") else { throw fail("expected ':' after a name") }
    position += 1
    return key
  }

  /// Whether another element follows in an array whose `[` was consumed; consumes the `]`.
  private mutating func nextElement(_ first: inout Bool) throws(JSONScanFailure) -> Bool {
    skipWhitespace()
    guard position < bytes.count else { throw fail("the body ends inside an array") }
    if bytes[position] == UInt8(ascii: "]") {
      position += 1
      return false
    }
    if !first {
      guard bytes[position] == UInt8(ascii: ",") else {
        throw fail("expected ',' or ']' in an array")
      }
      position += 1
    }
    first = false
    return true
  }

  /// The first byte of the next value, after whitespace.
  private mutating func peekValueStart() throws(JSONScanFailure) -> UInt8 {
    skipWhitespace()
    guard position < bytes.count else { throw fail("the body ends where a value was expected") }
    return bytes[position]
  }

  /// Skips one value of any kind, refusing nesting deeper than ``maximumDepth``.
  private mutating func skipValue(depth: Int) throws(JSONScanFailure) {
    guard depth <= Self.maximumDepth else {
      throw fail("values are nested more than \(Self.maximumDepth) deep")
    }
    switch try peekValueStart() {
    case UInt8(ascii: "{"):
      position += 1
      var first = true
      while try nextKey(&first) != nil {
        try skipValue(depth: depth + 1)
      }
    case UInt8(ascii: "["):
      position += 1
      var first = true
      while try nextElement(&first) {
        try skipValue(depth: depth + 1)
      }
    case UInt8(ascii: "\""):
      _ = try stringToken()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      _ = try numberToken()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default:
      throw fail("expected a value")
    }
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  private mutating func literal(_ word: StaticString) throws(JSONScanFailure) {
    let count = word.utf8CodeUnitCount
    guard bytes.count - position >= count else { throw fail("the body ends inside \(word)") }
    let matches = word.withUTF8Buffer { expected in
      (0..<count).allSatisfy { bytes[position + $0] == expected[$0] }
    }
    guard matches else { throw fail("expected \(word)") }
    position += count
  }

  // MARK: - Tokens

  struct StringToken {
    /// The bytes between the quotes, escapes still escaped.
    var range: Range<Int>
    var hasEscapes: Bool
  }

  /// Reads a string whose opening quote is at `position`, checking escapes and control characters.
  private mutating func stringToken() throws(JSONScanFailure) -> StringToken {
    position += 1
    let start = position
    var hasEscapes = false
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let token = StringToken(range: start..<position, hasEscapes: hasEscapes)
        position += 1
        return token
      }
      if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        position += 1
        guard position < bytes.count else { break }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          position += 1
        case UInt8(ascii: "u"):
          guard bytes.count - position > 4 else { throw fail("the body ends inside a string") }
          for offset in 1...4 where hexValue(bytes[position + offset]) == nil {
            throw fail("a \\u escape needs four hexadecimal digits")
          }
          position += 5
        default:
          throw fail("an unknown escape in a string")
        }
        continue
      }
      guard byte >= 0x20 else { throw fail("a control character inside a string") }
      position += 1
    }
    throw fail("the body ends inside a string")
  }

  /// Reads a number at `position` by the JSON grammar.
  private mutating func numberToken() throws(JSONScanFailure) -> Range<Int> {
    let start = position
    func isDigit(_ index: Int) -> Bool {
      index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard isDigit(position) else { throw fail("a number needs digits") }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
    } else {
      while isDigit(position) { position += 1 }
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard isDigit(position) else { throw fail("a number needs digits after '.'") }
      while isDigit(position) { position += 1 }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard isDigit(position) else { throw fail("a number needs digits in its exponent") }
      while isDigit(position) { position += 1 }
    }
    return start..<position
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// The string a token stands for, escapes resolved. Escapes were checked when it was read.
  private func makeString(_ token: StringToken) -> String {
    guard token.hasEscapes else { return text(token.range) }
    var output: [UInt8] = []
    output.reserveCapacity(token.range.count)
    var index = token.range.lowerBound
    let end = token.range.upperBound
    while index < end {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < end else {
        output.append(byte)
        index += 1
        continue
      }
      let escape = bytes[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hex4(at: index, end: end) ?? 0xFFFD
        index += 4
        if (0xD800..<0xDC00).contains(scalar) {
          // A high surrogate makes one scalar with the low surrogate that must follow it.
          if index + 6 <= end, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u"),
            let low = hex4(at: index + 2, end: end), (0xDC00..<0xE000).contains(low)
          {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          } else {
            scalar = 0xFFFD
          }
        } else if (0xDC00..<0xE000).contains(scalar) {
          scalar = 0xFFFD
        }
        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        output.append(contentsOf: Array(String(character).utf8))
      default: output.append(escape)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private func hex4(at index: Int, end: Int) -> UInt32? {
    guard index + 4 <= end else { return nil }
    var value: UInt32 = 0
    for offset in 0..<4 {
      guard let digit = hexValue(bytes[index + offset]) else { return nil }
      value = value << 4 | digit
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// Whether a key is the given name. A key written with escapes is compared once resolved.
  private func equals(_ token: StringToken, _ name: StaticString) -> Bool {
    if token.hasEscapes {
      return makeString(token) == name.description
    }
    return Self.equals(bytes, token.range, name)
  }

  static func equals(
    _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ name: StaticString
  ) -> Bool {
    guard range.count == name.utf8CodeUnitCount else { return false }
    return name.withUTF8Buffer { expected in
      var index = 0
      for position in range {
        guard bytes[position] == expected[index] else { return false }
        index += 1
      }
      return true
    }
  }

  private func fail(_ reason: String) -> JSONScanFailure {
    JSONScanFailure(reason: reason, offset: position)
  }

  /// The members of an item Haru reads.
  private enum ItemField {
    case category, baseDate, baseTime, forecastDate, forecastTime, forecastValue, observedValue
    case nx, ny, other

    private static let eightLetterNames: [(name: StaticString, field: ItemField)] = [
      ("category", .category), ("fcstDate", .forecastDate), ("fcstTime", .forecastTime),
      ("baseDate", .baseDate), ("baseTime", .baseTime),
    ]

    init(_ token: StringToken, in bytes: UnsafeRawBufferPointer) {
      guard !token.hasEscapes else {
        self = .other
        return
      }
      let range = token.range
      switch range.count {
      case 2:
        if KMAJSONScanner.equals(bytes, range, "nx") {
          self = .nx
        } else if KMAJSONScanner.equals(bytes, range, "ny") {
          self = .ny
        } else {
          self = .other
        }
      case 8:
        self =
          Self.eightLetterNames.first { KMAJSONScanner.equals(bytes, range, $0.name) }?.field
          ?? .other
      case 9:
        if KMAJSONScanner.equals(bytes, range, "fcstValue") {
          self = .forecastValue
        } else if KMAJSONScanner.equals(bytes, range, "obsrValue") {
          self = .observedValue
        } else {
          self = .other
        }
      default:
        self = .other
      }
    }
  }
}
