extension Town: Codable {
  private enum CodingKeys: String, CodingKey {
    case name
    case coordinate
    case gridPoint
    case areaCode
    case midTermRegions
  }

  /// Decodes a town and validates it like its initializers.
  ///
  /// A stored town needs a name and at least one of a coordinate and a grid point; when only the
  /// coordinate is stored, the grid point is computed. The area code and mid-term regions are
  /// optional, so towns saved before they existed still load.
  ///
  /// - Throws: `DecodingError` when a field is missing or invalid.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .name)
    let coordinate = try container.decodeIfPresent(Coordinate.self, forKey: .coordinate)
    let gridPoint = try container.decodeIfPresent(GridPoint.self, forKey: .gridPoint)
    let town: Town
    switch (coordinate, gridPoint) {
    case (let coordinate?, let gridPoint?):
      town = try validated(in: container, forKey: .name) {
        try Town(name: name, coordinate: coordinate, gridPoint: gridPoint)
      }
    case (let coordinate?, nil):
      town = try validated(in: container, forKey: .coordinate) {
        try Town(name: name, coordinate: coordinate)
      }
    case (nil, let gridPoint?):
      town = try validated(in: container, forKey: .name) {
        try Town(name: name, gridPoint: gridPoint)
      }
    case (nil, nil):
      throw DecodingError.dataCorruptedError(
        forKey: .gridPoint, in: container,
        debugDescription: "A town needs a coordinate, a grid point or both.")
    }
    guard let areaCode = try container.decodeIfPresent(String.self, forKey: .areaCode) else {
      self = town
      return
    }
    let regions = try container.decodeIfPresent(MidTermRegions.self, forKey: .midTermRegions)
    self = try validated(in: container, forKey: .areaCode) {
      try town.withArea(code: areaCode, midTermRegions: regions)
    }
  }

  /// Encodes the name, the coordinate when known, the grid point, and the area's identifiers when
  /// the town has them.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encodeIfPresent(coordinate, forKey: .coordinate)
    try container.encode(gridPoint, forKey: .gridPoint)
    try container.encodeIfPresent(areaCode, forKey: .areaCode)
    try container.encodeIfPresent(midTermRegions, forKey: .midTermRegions)
  }
}
