extension MidTermRegions: Codable {
  private enum CodingKeys: String, CodingKey {
    case land
    case temperature
  }

  /// Decodes the region ids and validates them like ``init(land:temperature:)``.
  ///
  /// - Throws: `DecodingError` when an id is missing or malformed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let land = try container.decodeIfPresent(String.self, forKey: .land)
    let temperature = try container.decode(String.self, forKey: .temperature)
    self = try validated(in: container, forKey: .temperature) {
      try MidTermRegions(land: land, temperature: temperature)
    }
  }

  /// Encodes the land id when there is one, and the temperature id.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(land, forKey: .land)
    try container.encode(temperature, forKey: .temperature)
  }
}
