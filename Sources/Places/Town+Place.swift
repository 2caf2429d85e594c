public import HaruModels

extension Town {
  /// Creates a town for an administrative area, with the area's own grid cell, code and
  /// mid-term regions.
  ///
  /// ```swift
  /// if let place = PlaceDirectory().search("여주시 중앙동").first {
  ///   let town = try Town(place)  // "중앙동", grid cell and region ids from KMA's table
  /// }
  /// ```
  ///
  /// The town keeps the table's cell even where it is a neighbour of the cell the coordinate
  /// projects to, and its identifiers survive a settings round trip.
  ///
  /// - Parameters:
  ///   - place: The area.
  ///   - name: The name to show; the area's own name (``Place/name``) when `nil`.
  /// - Throws: ``/HaruModels/ModelError`` for a bad `name`, as `Town(name:coordinate:)` does.
  public init(_ place: Place, name: String? = nil) throws(ModelError) {
    let name = name ?? place.name
    let town =
      if let coordinate = place.coordinate {
        try Town(name: name, coordinate: coordinate, gridPoint: place.gridPoint)
      } else {
        try Town(name: name, gridPoint: place.gridPoint)
      }
    self = try town.withArea(code: place.code, midTermRegions: place.midTermRegions)
  }
}
