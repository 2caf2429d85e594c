/// The two region ids KMA's mid-term forecast (days 4–10) is asked for.
///
/// `MidFcstInfoService` answers per region, not per grid cell: `getMidLandFcst` (sky and chance of
/// rain) takes a broad land region such as `11B00000` (서울·인천·경기), and `getMidTa` (lowest and
/// highest temperatures) takes a city's temperature point such as `11B20612` (용인).
///
/// ```swift
/// let yongin = try MidTermRegions(land: "11B00000", temperature: "11B20612")
/// ```
public struct MidTermRegions: Hashable, Sendable {
  /// The `regId` for `getMidLandFcst`, or `nil` where KMA issues no land forecast (이어도).
  public let land: String?
  /// The `regId` for `getMidTa`.
  public let temperature: String

  /// Creates the pair of region ids.
  ///
  /// - Parameters:
  ///   - land: The land region id, or `nil` when there is none.
  ///   - temperature: The temperature point id.
  /// - Throws: ``ModelError/Code/invalidCharacters`` when an id is not 8 ASCII letters and digits,
  ///   the form every KMA region id has.
  public init(land: String?, temperature: String) throws(ModelError) {
    if let land {
      try Self.check(land, field: "land")
    }
    try Self.check(temperature, field: "temperature")
    self.land = land
    self.temperature = temperature
  }

  private static func check(_ id: String, field: String) throws(ModelError) {
    let isRegionID =
      id.utf8.count == 8
      && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
    guard isRegionID else {
      throw ModelError(
        .invalidCharacters, field: field,
        message: "\"\(id.prefix(20))\" is not a KMA region id, which is 8 letters and digits.")
    }
  }
}
