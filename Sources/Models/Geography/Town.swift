/// A place a person follows the weather for: a name and the forecast grid cell it lies in.
///
/// A town is made from a coordinate (its grid point is computed), from a grid point alone (when
/// only the KMA cell is known), or from both (when a saved town already knows its cell).
///
/// ```swift
/// let home = try Town(name: "우리 집", coordinate: Coordinate(latitude: 37.5665, longitude: 126.9780))
/// let office = try Town(name: "Office", gridPoint: GridPoint(nx: 61, ny: 126))
/// ```
public struct Town: Hashable, Sendable {
  /// The longest name a town may have, in characters.
  public static let maximumNameLength = 60

  /// The name shown to the person, trimmed, never empty.
  public let name: String
  /// Where the town is, when known.
  public let coordinate: Coordinate?
  /// The forecast grid cell the town lies in.
  public let gridPoint: GridPoint

  /// Creates a town at a coordinate and computes its grid point.
  ///
  /// - Parameters:
  ///   - name: The name to show; surrounding whitespace is removed.
  ///   - coordinate: Where the town is.
  /// - Throws: ``ModelError`` with ``ModelError/Code/emptyField``, ``ModelError/Code/fieldTooLong``
  ///   or ``ModelError/Code/invalidCharacters`` for a bad name, or
  ///   ``ModelError/Code/outsideForecastGrid`` when the coordinate is not covered by the grid.
  public init(name: String, coordinate: Coordinate) throws(ModelError) {
    self.name = try TextRules.townName.validate(name, field: "name")
    self.coordinate = coordinate
    self.gridPoint = try GridPoint(containing: coordinate)
  }

  /// Creates a town from a grid cell alone.
  ///
  /// - Parameters:
  ///   - name: The name to show; surrounding whitespace is removed.
  ///   - gridPoint: The forecast grid cell.
  /// - Throws: ``ModelError`` for a bad name, as in ``init(name:coordinate:)``.
  public init(name: String, gridPoint: GridPoint) throws(ModelError) {
    self.name = try TextRules.townName.validate(name, field: "name")
    self.coordinate = nil
    self.gridPoint = gridPoint
  }

  /// Creates a town that knows both its coordinate and its grid cell.
  ///
  /// Use this to restore a saved town without recomputing its cell. The grid point is kept as given:
  /// a province's cell may deliberately stand for a town that lies just outside it.
  ///
  /// - Parameters:
  ///   - name: The name to show; surrounding whitespace is removed.
  ///   - coordinate: Where the town is.
  ///   - gridPoint: The forecast grid cell to ask forecasts for.
  /// - Throws: ``ModelError`` for a bad name, as in ``init(name:coordinate:)``.
  public init(name: String, coordinate: Coordinate, gridPoint: GridPoint) throws(ModelError) {
    self.name = try TextRules.townName.validate(name, field: "name")
    self.coordinate = coordinate
    self.gridPoint = gridPoint
  }

  private init(validatedName name: String, coordinate: Coordinate?, gridPoint: GridPoint) {
    self.name = name
    self.coordinate = coordinate
    self.gridPoint = gridPoint
  }

  /// Seoul City Hall (37.5665° N, 126.9780° E; grid 60, 127), the default town.
  public static let seoulCityHall = Town(
    validatedName: "서울특별시청",
    coordinate: Coordinate(uncheckedLatitude: 37.5665, longitude: 126.9780),
    gridPoint: GridPoint(uncheckedX: 60, y: 127))
}

extension GridPoint {
  /// Creates a grid point from values already known to be inside the grid.
  init(uncheckedX nx: Int, y ny: Int) {
    self.nx = nx
    self.ny = ny
  }
}
