extension Coordinate: Codable {
  private enum CodingKeys: String, CodingKey {
    case latitude
    case longitude
  }

  /// Decodes a coordinate and validates it like ``init(latitude:longitude:)``.
  ///
  /// - Throws: `DecodingError.dataCorrupted` wrapping the ``ModelError`` when a value is out of range.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let latitude = try container.decode(Double.self, forKey: .latitude)
    let longitude = try container.decode(Double.self, forKey: .longitude)
    self = try validated(in: container, forKey: .latitude) {
      try Coordinate(latitude: latitude, longitude: longitude)
    }
  }

  /// Encodes the latitude and longitude.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(latitude, forKey: .latitude)
    try container.encode(longitude, forKey: .longitude)
  }
}
