/// Half a day of weather: the morning (오전, 00–12 KST) or the afternoon (오후, 12–24 KST).
///
/// A short-term day summarises the hours of each half; a mid-term day takes KMA's `Am`/`Pm`
/// values (days 4–7) or the one value KMA gives for the whole day (days 8–10) for both halves.
public struct DayHalf: Hashable, Sendable, Codable {
  /// The cloud cover, `nil` when unknown (no hour informs it, or wording Haru does not know).
  public var sky: Sky?
  /// What falls, `nil` when unknown.
  public var precipitationType: PrecipitationType?
  /// The chance of precipitation; for hours, the highest of the half.
  public var precipitationProbability: Probability?
  /// The provider's own wording, such as `"구름많고 비"`, when it gave one; kept as received even
  /// when Haru cannot read it.
  public var wording: String?

  /// Creates half a day.
  ///
  /// - Parameters:
  ///   - sky: The cloud cover.
  ///   - precipitationType: What falls.
  ///   - precipitationProbability: The chance of precipitation.
  ///   - wording: The provider's wording, if any.
  public init(
    sky: Sky?, precipitationType: PrecipitationType?, precipitationProbability: Probability?,
    wording: String? = nil
  ) {
    self.sky = sky
    self.precipitationType = precipitationType
    self.precipitationProbability = precipitationProbability
    self.wording = wording
  }
}
