/// A part of an outlook that can be missing while the rest is served.
///
/// ```swift
/// if outlook.missing.contains(.midTerm) { showNote("Days 4–10 are not available right now") }
/// ```
public enum ForecastPart: String, Hashable, Sendable, Codable, CaseIterable {
  /// The conditions now (KMA's nowcast, `getUltraSrtNcst`).
  case current
  /// Days 4–10 from KMA's mid-term forecast (`MidFcstInfoService`).
  case midTerm
  /// The air quality from AirKorea (``ForecastOutlook/air``), for a provider asked for it.
  case air
}
