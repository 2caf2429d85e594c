/// A cell of the Korea Meteorological Administration's 5 km forecast grid.
///
/// The grid has 149 columns (`nx` 1…149, west to east) and 253 rows (`ny` 1…253, south to north) on a
/// Lambert conformal conic projection centred on South Korea. KMA forecasts are asked for and answered
/// per cell, so a ``Town`` always knows its grid point.
///
/// ```swift
/// let busan = try GridPoint(containing: Coordinate(latitude: 35.1770194, longitude: 129.0769528))
/// // busan.nx == 98, busan.ny == 76
/// let centre = busan.center  // the coordinate of the cell's centre
/// ```
public struct GridPoint: Hashable, Sendable {
  /// The column, 1…149, counted from the west.
  public let nx: Int
  /// The row, 1…253, counted from the south.
  public let ny: Int

  /// The columns the grid has.
  public static let columns: ClosedRange<Int> = 1...149
  /// The rows the grid has.
  public static let rows: ClosedRange<Int> = 1...253

  /// Creates a grid point from its column and row.
  ///
  /// - Parameters:
  ///   - nx: The column, 1…149.
  ///   - ny: The row, 1…253.
  /// - Throws: ``ModelError/Code/outsideForecastGrid`` when either is outside the grid.
  public init(nx: Int, ny: Int) throws(ModelError) {
    guard Self.columns.contains(nx) else {
      throw ModelError(
        .outsideForecastGrid, field: "nx",
        message: "Column \(nx) is outside the forecast grid; use a value between 1 and 149.")
    }
    guard Self.rows.contains(ny) else {
      throw ModelError(
        .outsideForecastGrid, field: "ny",
        message: "Row \(ny) is outside the forecast grid; use a value between 1 and 253.")
    }
    self.nx = nx
    self.ny = ny
  }

  /// Finds the grid cell that contains a place.
  ///
  /// - Parameter coordinate: The place.
  /// - Throws: ``ModelError/Code/outsideForecastGrid`` when the place is not covered by the grid.
  ///   The cell is never clamped to the nearest edge.
  /// - Complexity: O(1): a handful of trigonometric functions.
  public init(containing coordinate: Coordinate) throws(ModelError) {
    let (x, y) = KMAProjection.shared.gridPosition(of: coordinate)
    // Compare in floating point first: a far-away place can produce values no Int can hold.
    guard x.isFinite, y.isFinite,
      Double(Self.columns.lowerBound) <= x, x <= Double(Self.columns.upperBound),
      Double(Self.rows.lowerBound) <= y, y <= Double(Self.rows.upperBound)
    else {
      throw ModelError(
        .outsideForecastGrid, field: "coordinate",
        message:
          "(\(coordinate.latitude), \(coordinate.longitude)) is outside the forecast grid, which "
          + "covers South Korea and its seas.")
    }
    self.nx = Int(x)
    self.ny = Int(y)
  }

  /// Creates a grid point from values already known to be inside the grid.
  init(uncheckedX nx: Int, y ny: Int) {
    self.nx = nx
    self.ny = ny
  }

  /// The coordinate of the centre of this cell.
  ///
  /// Converting the centre back with ``init(containing:)`` gives this grid point again.
  public var center: Coordinate {
    KMAProjection.shared.coordinate(ofGridX: Double(nx), y: Double(ny))
  }
}
