/// A place a person follows the weather for: a name and the forecast grid cell it lies in.
///
/// A town is made from a coordinate (its grid point is computed), from a grid point alone (when
/// only the KMA cell is known), or from both (when a saved town already knows its cell). A town made
/// from one of KMA's administrative areas (see `HaruPlaces`) also keeps the area's code and its
/// mid-term forecast regions, added with ``withArea(code:midTermRegions:)``.
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
  /// The 10-digit administrative area code (행정구역코드) of the KMA area the town was made from,
  /// or `nil` for a town made from a coordinate or a cell.
  public private(set) var areaCode: String?
  /// The mid-term forecast regions of the KMA area the town was made from, when known.
  public private(set) var midTermRegions: MidTermRegions?

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
  /// Use this to restore a saved town, or to pin a town to a neighbouring cell (a town on a cell's
  /// edge, or a coast whose cell is mostly sea). The cell must be the one the coordinate lies in or
  /// one of its eight neighbours: anything farther is a mistake — another town's cell, or a
  /// province's cell used for a city — and is refused.
  ///
  /// - Parameters:
  ///   - name: The name to show; surrounding whitespace is removed.
  ///   - coordinate: Where the town is.
  ///   - gridPoint: The forecast grid cell to ask forecasts for.
  /// - Throws: ``ModelError`` for a bad name, as in ``init(name:coordinate:)``;
  ///   ``ModelError/Code/outsideForecastGrid`` when the coordinate is outside the grid; and
  ///   ``ModelError/Code/gridPointMismatch`` when the cell is not the coordinate's or a neighbour.
  public init(name: String, coordinate: Coordinate, gridPoint: GridPoint) throws(ModelError) {
    self.name = try TextRules.townName.validate(name, field: "name")
    let containing = try GridPoint(containing: coordinate)
    guard abs(containing.nx - gridPoint.nx) <= 1, abs(containing.ny - gridPoint.ny) <= 1 else {
      throw ModelError(
        .gridPointMismatch, field: "gridPoint",
        message:
          "Cell \(gridPoint) is not where (\(coordinate.latitude), \(coordinate.longitude)) lies "
          + "(cell \(containing)); check for swapped or mistyped values.")
    }
    self.coordinate = coordinate
    self.gridPoint = gridPoint
  }

  /// Returns this town with the code and mid-term regions of the KMA area it stands for.
  ///
  /// ```swift
  /// let town = try Town(
  ///   name: "성복동", coordinate: Coordinate(latitude: 37.310331, longitude: 127.083233),
  ///   gridPoint: GridPoint(nx: 62, ny: 121)
  /// ).withArea(
  ///   code: "4146559000",
  ///   midTermRegions: MidTermRegions(land: "11B00000", temperature: "11B20612"))
  /// ```
  ///
  /// - Parameters:
  ///   - code: The area's 10-digit administrative area code.
  ///   - midTermRegions: The area's mid-term forecast regions, if known.
  /// - Returns: The same town, carrying the area's identifiers.
  /// - Throws: ``ModelError/Code/invalidCharacters`` when the code is not 10 ASCII digits.
  public func withArea(code: String, midTermRegions: MidTermRegions?) throws(ModelError) -> Town {
    guard code.utf8.count == 10, code.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      throw ModelError(
        .invalidCharacters, field: "areaCode",
        message: "\"\(code.prefix(20))\" is not an area code, which is 10 digits.")
    }
    var town = self
    town.areaCode = code
    town.midTermRegions = midTermRegions
    return town
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
