/// A preference as a backend keeps it: a JSON value.
///
/// The store encodes each typed value to a ``StoredValue`` when it writes, and decodes it back when a
/// key is first read, so backends deal only with plain data and never with an app's types.
///
/// Numbers compare by value: `.integer(2)` equals `.number(2.0)`, as the JSON `2` and `2.0` do.
/// Whole numbers beyond the range of `Int64` are kept as `.number`, with a `Double`'s precision.
public enum StoredValue: Hashable, Sendable {
  /// JSON `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number.
  case integer(Int64)
  /// A number with a fraction (or too large for a whole number).
  case number(Double)
  /// A string.
  case string(String)
  /// An ordered list.
  case array([StoredValue])
  /// An object with string keys.
  case object([String: StoredValue])
}

extension StoredValue {
  /// Whether two values are the same JSON, numbers compared by value.
  public static func == (lhs: StoredValue, rhs: StoredValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)):
      Int64(exactly: b) == a
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a == b
    default: false
    }
  }

  /// Hashes the value so that equal numbers hash alike, whichever case holds them.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .integer(let value): hasher.combine(value)
    case .number(let value):
      if let whole = Int64(exactly: value) {
        hasher.combine(whole)
      } else {
        hasher.combine(value)
      }
    case .string(let value): hasher.combine(value)
    case .array(let value): hasher.combine(value)
    case .object(let value): hasher.combine(value)
    }
  }
}

extension StoredValue: Codable {
  /// Decodes any JSON value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([StoredValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: StoredValue].self))
    }
  }

  /// Encodes the value as the JSON it stands for.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}
