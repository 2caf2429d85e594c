import Foundation

/// Converts typed values to and from ``StoredValue`` through their `Codable` conformance.
enum StoredValueCoding {
  static func encode<Value: Encodable>(_ value: Value) throws -> StoredValue {
    let data = try JSONEncoder().encode(value)
    return try JSONDecoder().decode(StoredValue.self, from: data)
  }

  static func decode<Value: Decodable>(_ type: Value.Type, from stored: StoredValue) throws -> Value
  {
    let data = try JSONEncoder().encode(stored)
    return try JSONDecoder().decode(Value.self, from: data)
  }
}
