public import Foundation

/// A zone KMA issues warnings for (특보구역), as its zone table lists it.
///
/// Zones form a tree under `L1000000 전국` (``parentCode``); each is valid for a time
/// (``validFrom`` – ``validUntil``), since KMA re-splits zones: on 2026-05-31 13:30 KST 용인시
/// (`L1012900`) became 용인시동북부, 용인시서북부 and 용인시남부 under a new `L1013800`.
public struct WarningZone: Hashable, Sendable {
  /// The zone's code (`REG_ID`), such as `"L1013810"`.
  public let code: String
  /// Its full name (`REG_NAME`), such as `"용인시동북부"`.
  public let name: String
  /// Its short name as the bulletins write it (`REG_KO`), such as `"용인동북부"`.
  public let shortName: String
  /// The zone it lies in (`REG_UP`); `nil` for the root, 전국.
  public let parentCode: String?
  /// When the zone came into use (`TM_ST`).
  public let validFrom: Date
  /// When it went out of use (`TM_ED`); `nil` while it is open-ended.
  public let validUntil: Date?

  /// Whether the zone is in use at an instant.
  ///
  /// - Parameter date: The instant.
  /// - Returns: Whether it lies in the zone's validity.
  public func isValid(at date: Date) -> Bool {
    validFrom <= date && validUntil.map { date < $0 } ?? true
  }
}

/// A zone a town lies in, or partly in.
///
/// Where KMA splits a city into sub-zones and no finer mapping from the town to one of them is
/// known, each sub-zone is listed with ``isPartOfTown`` set: a warning on it covers part of the
/// town, never the whole of it, and is never dropped.
public struct TownZone: Hashable, Sendable {
  /// The zone.
  public let zone: WarningZone
  /// Whether the zone covers only part of the town (a sub-zone of its city, or a mountain zone
  /// the city shares).
  public let isPartOfTown: Bool
}
