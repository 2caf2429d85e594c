extension GridPoint: Codable {
  private enum CodingKeys: String, CodingKey {
    case nx
    case ny
  }

  /// Decodes a grid point and validates it like ``init(nx:ny:)``.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the cell is outside the grid.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let nx = try container.decode(Int.self, forKey: .nx)
    let ny = try container.decode(Int.self, forKey: .ny)
    self = try validated(in: container, forKey: .nx) { try GridPoint(nx: nx, ny: ny) }
  }

  /// Encodes the column and row.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(nx, forKey: .nx)
    try container.encode(ny, forKey: .ny)
  }
}

extension GridPoint: CustomStringConvertible {
  /// The column and row, as `"60,127"`.
  public var description: String { "\(nx),\(ny)" }
}
