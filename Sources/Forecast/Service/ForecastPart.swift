/// A part of an outlook: fetched and kept on its own, with its own issuance
/// (``StoredOutlook/parts``); every part but the short-term forecast and yesterday can be missing
/// while the rest is served.
///
/// ```swift
/// if outlook.missing.contains(.midTerm) { showNote("Days 4–10 are not available right now") }
/// ```
public enum ForecastPart: String, Hashable, Sendable, Codable, CaseIterable {
  /// The short-term forecast: today and the days after, hour by hour (KMA's newest
  /// `getVilageFcst` run, with the one of 23:00 the evening before for today's first hours).
  /// Never in ``ForecastOutlook/missing``: an outlook cannot be made without it.
  case shortTerm
  /// Yesterday, from the run that forecast it (KMA's `getVilageFcst` of 23:00 two evenings
  /// ago). Never in ``ForecastOutlook/missing``: an outlook without it has no
  /// ``ForecastOutlook/yesterday``.
  case yesterday
  /// The conditions now (KMA's nowcast, `getUltraSrtNcst`).
  case current
  /// The next six hours, hour by hour (KMA's ultra-short forecast, `getUltraSrtFcst`, a run every
  /// hour at half past): ``ForecastOutlook/nextHours``, which stand before the short-term
  /// forecast's hours in ``ForecastOutlook/hourly`` and the rain line.
  case nextHours
  /// Days 4–10 from KMA's mid-term forecast (`MidFcstInfoService`).
  case midTerm
  /// The air quality from AirKorea (``ForecastOutlook/air``), for a provider asked for it.
  case air
  /// The UV index (자외선지수, KMA's `getUVIdxV5`, every three hours): ``ForecastOutlook/uvIndex``,
  /// for a town with an area code.
  case uvIndex
  /// The pollen risk (꽃가루농도위험지수, KMA's `HealthWthrIdxServiceV3`: oak and pine from March to
  /// June, weeds from August to October, at 06:00 and 18:00): ``ForecastOutlook/pollen``, for a
  /// town with an area code.
  case pollen
}
