import Foundation

/// What an AirKorea JSON answer holds that Haru reads: the result code and the rows.
///
/// The service's envelope is `{"response":{"body":{"totalCount":…,"items":[…]},"header":{…}}}`,
/// `body` before `header`, rows of flat objects whose values are strings, `null` or numbers.
/// `items` is read as an array, as `{"item": [...]}` or `{"item": {...}}`, or as a single object
/// (other clients report all three).
struct AirKoreaEnvelope {
  var resultCode: String?
  var resultMessage: String?
  /// `OpenAPI_ServiceResponse.cmmMsgHeader.returnReasonCode`: the gateway's refusal, sent as JSON.
  var gatewayReasonCode: String?
  var totalCount: Int64?
  /// The rows, each holding the wanted fields in the order they were asked for.
  var rows: [[String?]] = []
}

/// Why a body could not be read, and where.
struct AirKoreaJSONFailure: Error, Equatable {
  let reason: String
  let offset: Int
}

/// A one-pass reader of AirKorea's JSON that keeps only the fields asked for.
///
/// It reads the envelope's structure and skips every other value without making a string of it;
/// a wanted value becomes a `String` (a number keeps its text, `null` stays `nil`). Nesting
/// deeper than 32 levels, bad escapes, control characters in strings and trailing bytes are
/// refused, so a hostile body fails rather than recursing without end.
struct AirKoreaJSON {
  private let bytes: UnsafeRawBufferPointer
  private let fields: [[UInt8]]
  private var at = 0

  private static let depthLimit = 32

  private init(bytes: UnsafeRawBufferPointer, fields: [[UInt8]]) {
    self.bytes = bytes
    self.fields = fields
  }

  /// Reads a body, keeping of each row the fields named.
  ///
  /// - Parameters:
  ///   - data: The body.
  ///   - fields: The names of the fields to keep; a row holds their values in this order.
  /// - Returns: The result code and the rows.
  /// - Throws: ``AirKoreaJSONFailure`` for a body that is not the JSON it claims to be.
  static func read(_ data: Data, fields: [String]) throws(AirKoreaJSONFailure) -> AirKoreaEnvelope {
    let names = fields.map { Array($0.utf8) }
    let outcome: Result<AirKoreaEnvelope, AirKoreaJSONFailure> = data.withUnsafeBytes { raw in
      var reader = AirKoreaJSON(bytes: raw, fields: names)
      do throws(AirKoreaJSONFailure) {
        return .success(try reader.document())
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  // MARK: - The envelope

  private mutating func document() throws(AirKoreaJSONFailure) -> AirKoreaEnvelope {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { at = 3 }
    var envelope = AirKoreaEnvelope()
    try members { (reader, key) throws(AirKoreaJSONFailure) in
      if key == "response" {
        try reader.response(&envelope)
      } else if key == "OpenAPI_ServiceResponse" {
        try reader.gateway(&envelope)
      } else {
        try reader.skip(depth: 1)
      }
    }
    space()
    guard at == bytes.count else { throw failure("bytes follow the end of the answer") }
    return envelope
  }

  private mutating func response(_ envelope: inout AirKoreaEnvelope) throws(AirKoreaJSONFailure) {
    try members { (reader, key) throws(AirKoreaJSONFailure) in
      switch key {
      case "header":
        try reader.members { (reader, key) throws(AirKoreaJSONFailure) in
          switch key {
          case "resultCode": envelope.resultCode = try reader.scalar()
          case "resultMsg": envelope.resultMessage = try reader.scalar()
          default: try reader.skip(depth: 3)
          }
        }
      case "body":
        try reader.members { (reader, key) throws(AirKoreaJSONFailure) in
          switch key {
          case "totalCount": envelope.totalCount = try reader.scalar().flatMap { Int64($0) }
          case "items": try reader.items(into: &envelope.rows)
          default: try reader.skip(depth: 3)
          }
        }
      default:
        try reader.skip(depth: 2)
      }
    }
  }

  /// `{"cmmMsgHeader": {"returnReasonCode": "30", …}}`: the portal gateway's refusal.
  private mutating func gateway(_ envelope: inout AirKoreaEnvelope) throws(AirKoreaJSONFailure) {
    try members { (reader, key) throws(AirKoreaJSONFailure) in
      guard key == "cmmMsgHeader" else { return try reader.skip(depth: 2) }
      try reader.members { (reader, key) throws(AirKoreaJSONFailure) in
        switch key {
        case "returnReasonCode": envelope.gatewayReasonCode = try reader.scalar()
        case "returnAuthMsg", "errMsg":
          let text = try reader.scalar()
          envelope.resultMessage = envelope.resultMessage ?? text
        default: try reader.skip(depth: 3)
        }
      }
    }
  }

  /// `[row, …]`, `{"item": [row, …]}`, `{"item": row}`, a single row, or `null`.
  private mutating func items(into rows: inout [[String?]]) throws(AirKoreaJSONFailure) {
    space()
    switch peek() {
    case UInt8(ascii: "["):
      try elements { (reader) throws(AirKoreaJSONFailure) in rows.append(try reader.row()) }
    case UInt8(ascii: "{"):
      // An object is either a wrapper whose one member is "item" or a row itself.
      let start = at
      var isWrapper = false
      try members { (reader, key) throws(AirKoreaJSONFailure) in
        if key == "item" {
          isWrapper = true
          try reader.items(into: &rows)
        } else {
          try reader.skip(depth: 4)
        }
      }
      if !isWrapper {
        at = start
        rows.append(try row())
      }
    case UInt8(ascii: "n"):
      try word("null")
    case UInt8(ascii: "\""):
      // An empty answer has been seen to carry `"items": ""`.
      _ = try string()
    default:
      throw failure("items is neither a list nor an object")
    }
  }

  private mutating func row() throws(AirKoreaJSONFailure) -> [String?] {
    var values = [String?](repeating: nil, count: fields.count)
    space()
    guard peek() == UInt8(ascii: "{") else { throw failure("a row is not an object") }
    at += 1
    var first = true
    while let key = try nextKey(&first) {
      if let index = fields.firstIndex(where: { same(key, $0) }) {
        values[index] = try scalar()
      } else {
        try skip(depth: 5)
      }
    }
    return values
  }

  // MARK: - Values

  /// The members of an object, each handed over with its key; the handler reads the value.
  private mutating func members(
    _ body: (inout AirKoreaJSON, String) throws(AirKoreaJSONFailure) -> Void
  ) throws(AirKoreaJSONFailure) {
    space()
    guard peek() == UInt8(ascii: "{") else { throw failure("an object was expected") }
    at += 1
    var first = true
    while let key = try nextKey(&first) {
      let name = text(key)
      try body(&self, name)
    }
  }

  private mutating func elements(
    _ body: (inout AirKoreaJSON) throws(AirKoreaJSONFailure) -> Void
  ) throws(AirKoreaJSONFailure) {
    at += 1
    space()
    if peek() == UInt8(ascii: "]") {
      at += 1
      return
    }
    while true {
      try body(&self)
      space()
      switch peek() {
      case UInt8(ascii: ","): at += 1
      case UInt8(ascii: "]"):
        at += 1
        return
      default: throw failure("a list's elements must be separated by commas")
      }
    }
  }

  /// The next key of an open object and the colon after it, or `nil` at its closing brace.
  private mutating func nextKey(_ first: inout Bool) throws(AirKoreaJSONFailure) -> Token? {
    space()
    if peek() == UInt8(ascii: "}") {
      at += 1
      return nil
    }
    if !first {
      guard peek() == UInt8(ascii: ",") else {
        throw failure("an object's members must be separated by commas")
      }
      at += 1
      space()
    }
    first = false
    guard peek() == UInt8(ascii: "\"") else { throw failure("a key was expected") }
    let key = try string()
    space()
    guard peek() == UInt8(ascii: ":") else { throw failure("a colon was expected after a key") }
    at += 1
    return key
  }

  /// A string, a number's text, a boolean's word, or `nil` for `null`; an object or a list is
  /// skipped and read as `nil`.
  private mutating func scalar() throws(AirKoreaJSONFailure) -> String? {
    space()
    switch peek() {
    case UInt8(ascii: "\""): return text(try string())
    case UInt8(ascii: "n"):
      try word("null")
      return nil
    case UInt8(ascii: "t"):
      try word("true")
      return "true"
    case UInt8(ascii: "f"):
      try word("false")
      return "false"
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      try skip(depth: 6)
      return nil
    default:
      let range = try number()
      return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
  }

  private mutating func skip(depth: Int) throws(AirKoreaJSONFailure) {
    guard depth <= Self.depthLimit else { throw failure("values nest too deep") }
    space()
    switch peek() {
    case UInt8(ascii: "{"):
      at += 1
      var first = true
      while try nextKey(&first) != nil { try skip(depth: depth + 1) }
    case UInt8(ascii: "["):
      try elements { (reader) throws(AirKoreaJSONFailure) in try reader.skip(depth: depth + 1) }
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "n"): try word("null")
    case UInt8(ascii: "t"): try word("true")
    case UInt8(ascii: "f"): try word("false")
    default: _ = try number()
    }
  }

  // MARK: - Tokens

  /// The bytes between a string's quotes, and whether they hold escapes.
  struct Token {
    var range: Range<Int>
    var escaped: Bool
  }

  private mutating func string() throws(AirKoreaJSONFailure) -> Token {
    at += 1
    let start = at
    var escaped = false
    while at < bytes.count {
      switch bytes[at] {
      case UInt8(ascii: "\""):
        defer { at += 1 }
        return Token(range: start..<at, escaped: escaped)
      case UInt8(ascii: "\\"):
        escaped = true
        guard at + 1 < bytes.count else { throw failure("a string ends inside an escape") }
        let kind = bytes[at + 1]
        if kind == UInt8(ascii: "u") {
          guard at + 5 < bytes.count, (2...5).allSatisfy({ hex(bytes[at + $0]) != nil }) else {
            throw failure("\\u needs four hexadecimal digits")
          }
          at += 6
        } else if Array("\"\\/bfnrt".utf8).contains(kind) {
          at += 2
        } else {
          throw failure("an unknown escape in a string")
        }
      case 0..<0x20:
        throw failure("a control character inside a string")
      default:
        at += 1
      }
    }
    throw failure("the body ends inside a string")
  }

  private mutating func number() throws(AirKoreaJSONFailure) -> Range<Int> {
    let start = at
    let bytes = bytes
    let isDigit = { (index: Int) in
      index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    }
    if peek() == UInt8(ascii: "-") { at += 1 }
    guard isDigit(at) else { throw failure("a value was expected") }
    let leadingZero = bytes[at] == UInt8(ascii: "0")
    at += 1
    if !leadingZero { while isDigit(at) { at += 1 } }
    if peek() == UInt8(ascii: ".") {
      at += 1
      guard isDigit(at) else { throw failure("digits must follow a decimal point") }
      while isDigit(at) { at += 1 }
    }
    if let byte = peek(), byte | 0x20 == UInt8(ascii: "e") {
      at += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { at += 1 }
      guard isDigit(at) else { throw failure("digits must follow an exponent") }
      while isDigit(at) { at += 1 }
    }
    return start..<at
  }

  private mutating func word(_ literal: StaticString) throws(AirKoreaJSONFailure) {
    let length = literal.utf8CodeUnitCount
    let found =
      bytes.count - at >= length
      && literal.withUTF8Buffer { expected in
        expected.indices.allSatisfy { bytes[at + $0] == expected[$0] }
      }
    guard found else { throw failure("expected \(literal)") }
    at += length
  }

  private mutating func space() {
    while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      at += 1
    }
  }

  private func peek() -> UInt8? {
    at < bytes.count ? bytes[at] : nil
  }

  private func same(_ token: Token, _ name: [UInt8]) -> Bool {
    guard !token.escaped, token.range.count == name.count else {
      return token.escaped && text(token) == String(decoding: name, as: UTF8.self)
    }
    var index = 0
    for offset in token.range {
      guard bytes[offset] == name[index] else { return false }
      index += 1
    }
    return true
  }

  /// The text of a string token, its escapes resolved (they were checked when it was read).
  private func text(_ token: Token) -> String {
    let raw = UnsafeRawBufferPointer(rebasing: bytes[token.range])
    guard token.escaped else { return String(decoding: raw, as: UTF8.self) }
    var scalars = String.UnicodeScalarView()
    var units: [UInt8] = []
    var index = token.range.lowerBound
    func flush() {
      scalars.append(contentsOf: String(decoding: units, as: UTF8.self).unicodeScalars)
      units.removeAll(keepingCapacity: true)
    }
    while index < token.range.upperBound {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        units.append(byte)
        index += 1
        continue
      }
      let kind = bytes[index + 1]
      index += 2
      switch kind {
      case UInt8(ascii: "b"): units.append(0x08)
      case UInt8(ascii: "f"): units.append(0x0C)
      case UInt8(ascii: "n"): units.append(0x0A)
      case UInt8(ascii: "r"): units.append(0x0D)
      case UInt8(ascii: "t"): units.append(0x09)
      case UInt8(ascii: "u"):
        var value: UInt32 = 0
        for offset in 0..<4 { value = value << 4 | (hex(bytes[index + offset]) ?? 0) }
        index += 4
        flush()
        // A surrogate pair is joined; a lone surrogate becomes U+FFFD.
        if (0xD800..<0xDC00).contains(value), index + 5 < token.range.upperBound,
          bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        {
          var low: UInt32 = 0
          for offset in 2..<6 { low = low << 4 | (hex(bytes[index + offset]) ?? 0) }
          if (0xDC00..<0xE000).contains(low) {
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          }
        }
        scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
      default: units.append(kind)
      }
    }
    flush()
    return String(scalars)
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  private func hex(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private func failure(_ reason: String) -> AirKoreaJSONFailure {
    AirKoreaJSONFailure(reason: reason, offset: at)
  }
}
