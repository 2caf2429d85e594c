/// Runs a validating initializer while decoding and reports its ``ModelError`` as a decoding error.
func validated<Value, Key: CodingKey>(
  in container: KeyedDecodingContainer<Key>,
  forKey key: Key,
  _ make: () throws -> Value
) throws -> Value {
  do {
    return try make()
  } catch let error as ModelError {
    throw DecodingError.dataCorruptedError(
      forKey: key, in: container, debugDescription: error.description)
  }
}
