/// Everything a backend stores: the values by key, and the schema version they were written with.
public struct StoredPreferences: Hashable, Sendable {
  /// The version of the store's schema the values follow; see ``SettingsMigration``.
  public var schemaVersion: Int
  /// The values, by key name.
  public var values: [String: StoredValue]

  /// Creates stored preferences.
  ///
  /// - Parameters:
  ///   - schemaVersion: The schema version the values follow.
  ///   - values: The values by key name.
  public init(schemaVersion: Int, values: [String: StoredValue]) {
    self.schemaVersion = schemaVersion
    self.values = values
  }
}

extension StoredPreferences: Codable {
  private enum CodingKeys: String, CodingKey {
    case schemaVersion
    case values
  }

  /// Decodes `{"schemaVersion": 1, "values": {…}}`.
  ///
  /// - Throws: `DecodingError` when either field is missing or the version is below 1.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .schemaVersion)
    guard version >= 1 else {
      throw DecodingError.dataCorruptedError(
        forKey: .schemaVersion, in: container, debugDescription: "Schema versions start at 1.")
    }
    self.init(
      schemaVersion: version,
      values: try container.decode([String: StoredValue].self, forKey: .values))
  }

  /// Encodes the schema version and the values.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(schemaVersion, forKey: .schemaVersion)
    try container.encode(values, forKey: .values)
  }
}
