import Foundation

/// The one byte-level reader of the bodies KMA's and AirKorea's services send.
///
/// It tells the form of a body by its first significant byte, walks a JSON body once and keeps
/// only what Haru uses: the header's result code and message, the gateway's refusal, API Hub's
/// `result`, the page counts and the rows, each row handed to an ``EnvelopeRowReader``. Unknown
/// members are skipped whatever they hold; nesting deeper than ``maximumDepth`` is refused
/// rather than followed, and every read is bounds-checked, so a truncated or hostile body is an
/// error, never a crash. An XML body is searched for the gateway's elements, never parsed.
///
/// The envelope's shapes, as the services send them:
/// - the data portal: `{"response":{"header":{"resultCode","resultMsg"},"body":{"items":…,
///   "pageNo","numOfRows","totalCount"}}}`, `body` before or after `header`, or absent (`03`);
/// - `items` as `{"item":[…]}`, `{"item":{…}}` (one row), a bare list (AirKorea), one row
///   object, `""` or `null` (an empty page);
/// - the gateway: `OpenAPI_ServiceResponse.cmmMsgHeader` with `returnReasonCode`, as XML even
///   when JSON was asked for, or as JSON;
/// - KMA API Hub's errors: `{"result":{"status":401,"message":"유효한 인증키가 아닙니다."}}`.
struct EnvelopeScanner {
  static let maximumDepth = 64
  /// How far into a markup body the gateway's elements are looked for: the envelopes are small,
  /// a page is not read further.
  static let markupPrefix = 65_536

  private let bytes: UnsafeRawBufferPointer
  private var position = 0

  private init(_ bytes: UnsafeRawBufferPointer, at position: Int) {
    self.bytes = bytes
    self.position = position
  }

  /// Reads a body.
  ///
  /// - Parameters:
  ///   - data: The body; a UTF-8 byte order mark in front is skipped.
  ///   - reader: How each row of `items` is read.
  /// - Returns: What the body holds; its ``Envelope/format`` says what kind of body it is.
  /// - Throws: ``EnvelopeFailure`` when a body that starts as JSON is not one JSON object.
  static func scan<Reader: EnvelopeRowReader>(
    _ data: Data, rows reader: Reader
  ) throws(EnvelopeFailure) -> Envelope<Reader.Row> {
    let result = data.withUnsafeBytes { buffer -> Result<Envelope<Reader.Row>, EnvelopeFailure> in
      var start = 0
      if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
      var scanner = EnvelopeScanner(buffer, at: start)
      scanner.skipWhitespace()
      guard scanner.position < buffer.count else { return .success(Envelope(format: .empty)) }
      switch buffer[scanner.position] {
      case UInt8(ascii: "{"):
        return Result { () throws(EnvelopeFailure) in try scanner.document(reader) }
      case UInt8(ascii: "<"):
        return .success(scanner.markup())
      default:
        return .success(Envelope(format: .text))
      }
    }
    return try result.get()
  }

  // MARK: - The envelope

  private mutating func document<Reader: EnvelopeRowReader>(
    _ reader: Reader
  ) throws(EnvelopeFailure) -> Envelope<Reader.Row> {
    var envelope = Envelope<Reader.Row>(format: .json)
    try expectObject()
    var first = true
    while let key = try nextKey(&first) {
      if matches(key, "response") {
        try response(into: &envelope, reader)
      } else if matches(key, "OpenAPI_ServiceResponse") {
        try gateway(into: &envelope)
      } else if matches(key, "result") {
        try hubResult(into: &envelope)
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

  private mutating func response<Reader: EnvelopeRowReader>(
    into envelope: inout Envelope<Reader.Row>, _ reader: Reader
  ) throws(EnvelopeFailure) {
    guard try openObject() else { return try skipValue(depth: 1) }
    var first = true
    while let key = try nextKey(&first) {
      if matches(key, "header") {
        guard try openObject() else {
          try skipValue(depth: 2)
          continue
        }
        var firstInHeader = true
        while let name = try nextKey(&firstInHeader) {
          if matches(name, "resultCode") {
            envelope.resultCode = try scalarText()
          } else if matches(name, "resultMsg") {
            envelope.resultMessage = try scalarText()
          } else {
            try skipValue(depth: 3)
          }
        }
      } else if matches(key, "body") {
        try body(into: &envelope, reader)
      } else {
        try skipValue(depth: 2)
      }
    }
  }

  private mutating func body<Reader: EnvelopeRowReader>(
    into envelope: inout Envelope<Reader.Row>, _ reader: Reader
  ) throws(EnvelopeFailure) {
    guard try openObject() else { return try skipValue(depth: 2) }
    envelope.hasBody = true
    var first = true
    while let key = try nextKey(&first) {
      if matches(key, "items") {
        try items(into: &envelope.rows, reader, depth: 3)
      } else if matches(key, "totalCount") {
        envelope.totalCount = try integer()
      } else if matches(key, "pageNo") {
        envelope.pageNumber = try integer()
      } else if matches(key, "numOfRows") {
        envelope.rowsPerPage = try integer()
      } else {
        try skipValue(depth: 3)
      }
    }
  }

  /// `[row, …]`, `{"item": [row, …]}`, `{"item": row}`, one row, or no rows for `""` and `null`
  /// (sent for an empty page). Anything else is a shape no service sends, and refused.
  private mutating func items<Reader: EnvelopeRowReader>(
    into rows: inout [Reader.Row], _ reader: Reader, depth: Int
  ) throws(EnvelopeFailure) {
    guard depth <= Self.maximumDepth else { throw tooDeep() }
    switch try peekValueStart() {
    case UInt8(ascii: "["):
      position += 1
      rows.reserveCapacity(rows.count + min(2048, bytes.count / 80))
      var first = true
      while try nextElement(&first) {
        guard try openObject() else { throw fail("a row of items is not an object") }
        rows.append(try reader.row(from: &self))
      }
    case UInt8(ascii: "{"):
      // A wrapper whose member is "item", or a row itself: read as a wrapper first, and again
      // as a row when no "item" was in it.
      position += 1
      let start = position
      var isWrapper = false
      var first = true
      while let key = try nextKey(&first) {
        if matches(key, "item") {
          isWrapper = true
          try items(into: &rows, reader, depth: depth + 1)
        } else {
          try skipValue(depth: depth + 1)
        }
      }
      if !isWrapper {
        let end = position
        position = start
        rows.append(try reader.row(from: &self))
        position = end
      }
    case UInt8(ascii: "\""), UInt8(ascii: "n"):
      try skipValue(depth: depth)
    default:
      throw fail("items is neither a list nor an object")
    }
  }

  /// `{"cmmMsgHeader": {"returnReasonCode": "30", "returnAuthMsg": …, "errMsg": …}}`.
  private mutating func gateway<Row>(into envelope: inout Envelope<Row>) throws(EnvelopeFailure) {
    guard try openObject() else { return try skipValue(depth: 1) }
    var first = true
    while let key = try nextKey(&first) {
      guard matches(key, "cmmMsgHeader"), try openObject() else {
        try skipValue(depth: 2)
        continue
      }
      var firstInHeader = true
      var errorMessage: String?
      while let name = try nextKey(&firstInHeader) {
        if matches(name, "returnReasonCode") {
          envelope.gatewayReasonCode = try scalarText()
        } else if matches(name, "returnAuthMsg") {
          envelope.gatewayMessage = try scalarText()
        } else if matches(name, "errMsg") {
          errorMessage = try scalarText()
        } else {
          try skipValue(depth: 3)
        }
      }
      envelope.gatewayMessage = envelope.gatewayMessage ?? errorMessage
    }
  }

  /// KMA API Hub's error: `{"status": 401, "message": "…"}`.
  private mutating func hubResult<Row>(into envelope: inout Envelope<Row>) throws(EnvelopeFailure) {
    guard try openObject() else { return try skipValue(depth: 1) }
    var first = true
    while let key = try nextKey(&first) {
      if matches(key, "status") {
        envelope.hubStatus = try integer()
      } else if matches(key, "message") {
        envelope.hubMessage = try scalarText()
      } else {
        try skipValue(depth: 2)
      }
    }
  }

  // MARK: - Markup

  /// The gateway's XML envelope, or a web page when none of its elements is there.
  private func markup<Row>() -> Envelope<Row> {
    let end = min(bytes.count, position + Self.markupPrefix)
    var envelope = Envelope<Row>(format: .page)
    envelope.gatewayReasonCode = element("returnReasonCode", before: end)
    envelope.gatewayMessage =
      element("returnAuthMsg", before: end) ?? element("errMsg", before: end)
    envelope.resultCode = element("resultCode", before: end)
    envelope.resultMessage = element("resultMsg", before: end)
    if envelope.gatewayReasonCode != nil || envelope.resultCode != nil {
      envelope.format = .xml
    }
    return envelope
  }

  /// The text of the first `<name>…</name>` at or after `position`, trimmed.
  private func element(_ name: StaticString, before end: Int) -> String? {
    let length = name.utf8CodeUnitCount
    guard let open = find(name, from: position, before: end, opening: true) else { return nil }
    let start = open + length + 2
    guard let close = find(name, from: start, before: end, opening: false) else { return nil }
    return text(start..<close).trimmingASCIIWhitespace()
  }

  /// Where `<name>` (or `</name>`) starts.
  private func find(_ name: StaticString, from start: Int, before end: Int, opening: Bool) -> Int? {
    let length = name.utf8CodeUnitCount + (opening ? 2 : 3)
    guard end - start >= length else { return nil }
    return name.withUTF8Buffer { name -> Int? in
      var index = start
      while index + length <= end {
        defer { index += 1 }
        guard bytes[index] == UInt8(ascii: "<") else { continue }
        var at = index + 1
        if !opening {
          guard bytes[at] == UInt8(ascii: "/") else { continue }
          at += 1
        }
        guard (0..<name.count).allSatisfy({ bytes[at + $0] == name[$0] }),
          bytes[at + name.count] == UInt8(ascii: ">")
        else { continue }
        return index
      }
      return nil
    }
  }

  // MARK: - Values

  /// A string, or the text of a number or literal; `nil` for `null`, an object or an array.
  @inline(__always)
  mutating func scalarText() throws(EnvelopeFailure) -> String? {
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
  mutating func integer() throws(EnvelopeFailure) -> Int64? {
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
  mutating func digits() throws(EnvelopeFailure) -> Int64 {
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

  /// A string of exactly three bytes with no escapes, such as a KMA category `"TMP"`, packed as
  /// `a << 16 | b << 8 | c`; `nil` for any other value, which is skipped.
  mutating func threeByteCode() throws(EnvelopeFailure) -> UInt32? {
    guard try peekValueStart() == UInt8(ascii: "\"") else {
      try skipValue(depth: 6)
      return nil
    }
    let token = try stringToken()
    guard !token.hasEscapes, token.range.count == 3 else { return nil }
    let start = token.range.lowerBound
    return UInt32(bytes[start]) << 16 | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2])
  }

  // MARK: - Structure

  /// Skips whitespace and expects `{`.
  private mutating func expectObject() throws(EnvelopeFailure) {
    skipWhitespace()
    guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else {
      throw fail("the body is not a JSON object")
    }
    position += 1
  }

  /// Consumes `{` when the next value is an object.
  private mutating func openObject() throws(EnvelopeFailure) -> Bool {
    guard try peekValueStart() == UInt8(ascii: "{") else { return false }
    position += 1
    return true
  }

  /// The next member's key with its `:` consumed, or `nil` after the object's closing `}`.
  ///
  /// - Parameter first: `true` before the object's first member; the call keeps it.
  /// - Returns: The key, or `nil` at the end of the object.
  /// - Throws: ``EnvelopeFailure`` when the object is not valid JSON.
  mutating func nextKey(_ first: inout Bool) throws(EnvelopeFailure) -> Key? {
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
  private mutating func nextElement(_ first: inout Bool) throws(EnvelopeFailure) -> Bool {
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
  @inline(__always)
  private mutating func peekValueStart() throws(EnvelopeFailure) -> UInt8 {
    skipWhitespace()
    guard position < bytes.count else { throw fail("the body ends where a value was expected") }
    return bytes[position]
  }

  /// Skips one value of any kind, refusing nesting deeper than ``maximumDepth``.
  ///
  /// - Parameter depth: How deep the value is; a row's members are at depth 6.
  /// - Throws: ``EnvelopeFailure`` when the value is not valid JSON or nests too deep.
  mutating func skipValue(depth: Int) throws(EnvelopeFailure) {
    guard depth <= Self.maximumDepth else { throw tooDeep() }
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

  // Called between every two tokens: kept inline, as it was when the scanner read only KMA's
  // items (measured with `forecast.kma.decode`).
  @inline(__always)
  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  private mutating func literal(_ word: StaticString) throws(EnvelopeFailure) {
    let count = word.utf8CodeUnitCount
    guard bytes.count - position >= count else { throw fail("the body ends inside \(word)") }
    let matches = word.withUTF8Buffer { expected in
      (0..<count).allSatisfy { bytes[position + $0] == expected[$0] }
    }
    guard matches else { throw fail("expected \(word)") }
    position += count
  }

  // MARK: - Keys

  /// A member name: the bytes between its quotes, escapes still escaped.
  struct Key {
    fileprivate let range: Range<Int>
    /// Whether the name holds escapes, compared only once resolved.
    let hasEscapes: Bool

    /// Its length in bytes, escapes unresolved.
    var count: Int { range.count }
  }

  /// Whether a key is the given name. A key written with escapes is compared once resolved.
  func matches(_ key: Key, _ name: StaticString) -> Bool {
    name.withUTF8Buffer { matches(key, UnsafeRawBufferPointer($0)) }
  }

  /// Whether a key written without escapes is the ASCII name given: the hot path of a reader
  /// that tells its names apart by ``Key/count`` first and leaves escaped names to ``matches(_:_:)``.
  @inline(__always)
  func isUnescaped(_ key: Key, _ name: StaticString) -> Bool {
    guard !key.hasEscapes, key.range.count == name.utf8CodeUnitCount else { return false }
    let expected = name.utf8Start
    var offset = 0
    for position in key.range {
      guard bytes[position] == expected[offset] else { return false }
      offset += 1
    }
    return true
  }

  /// Whether a key is the name whose UTF-8 bytes are given.
  func matches(_ key: Key, _ name: UnsafeRawBufferPointer) -> Bool {
    guard !key.hasEscapes else {
      return Array(makeString(key).utf8).elementsEqual(name)
    }
    guard key.range.count == name.count else { return false }
    var index = 0
    for position in key.range {
      guard bytes[position] == name[index] else { return false }
      index += 1
    }
    return true
  }

  // MARK: - Tokens

  /// Reads a string whose opening quote is at `position`, checking escapes and control characters.
  private mutating func stringToken() throws(EnvelopeFailure) -> Key {
    position += 1
    let start = position
    var hasEscapes = false
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let token = Key(range: start..<position, hasEscapes: hasEscapes)
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
  private mutating func numberToken() throws(EnvelopeFailure) -> Range<Int> {
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
  private func makeString(_ token: Key) -> String {
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

  private func tooDeep() -> EnvelopeFailure {
    fail("values are nested more than \(Self.maximumDepth) deep")
  }

  private func fail(_ reason: String) -> EnvelopeFailure {
    EnvelopeFailure(reason: reason, offset: position)
  }
}
