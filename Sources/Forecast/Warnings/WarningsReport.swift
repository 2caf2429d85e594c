public import Foundation
import HaruModels

/// The warnings for a town at an instant, as ``KMAWarningsClient/report(province:district:neighborhood:at:)``
/// gives them.
///
/// ```swift
/// for found in report.active {                 // most severe first
///   let title = found.warning.title(in: .korean)               // "호우경보"
///   let zone = found.warning.zoneName                          // "제주도산지"
///   print(found.isPartOfTown ? "\(title) (\(zone), 일부)" : title)
/// }
/// report.preliminary.map(\.text)               // 예비특보: never in force
/// ```
///
/// Show ``ForecastAttribution/kmaWarnings`` ("출처: 기상청") with it.
public struct WarningsReport: Hashable, Sendable {
  /// The instant the report is for.
  public let asOf: Date
  /// The zones the town lies in, or partly in, at ``asOf``.
  public let zones: [TownZone]
  /// The warnings in force in the town's zones, most severe first.
  public let active: [TownWarning]
  /// The warnings issued for the town's zones that come into force later (their `startTime` is
  /// after ``asOf``), soonest first.
  public let upcoming: [TownWarning]
  /// The 예비특보 whose areas name one of the town's zones or its province, as KMA wrote them;
  /// never in force.
  public let preliminary: [PreliminaryWarning]
  /// Where the replayed events and KMA's status disagree; either may lag the other.
  public let diagnostics: [WarningDiagnostic]
  /// Why there are no warnings to show: the service refused or failed. ``active`` is then empty
  /// however things stand, and nothing older is shown as current.
  public let missingReason: MissingPartReason?
  /// Why there are no 예비특보 to show and no cross-check: KMA's status could not be had.
  public let preliminaryMissingReason: MissingPartReason?

  /// Creates a report.
  ///
  /// Use it to build canned reports in tests and previews.
  ///
  /// - Parameters:
  ///   - asOf: The instant.
  ///   - zones: The town's zones.
  ///   - active: The warnings in force, most severe first.
  ///   - upcoming: The warnings issued and not yet in force.
  ///   - preliminary: The town's 예비특보.
  ///   - diagnostics: The disagreements with KMA's status.
  ///   - missingReason: Why there are no warnings, when the events could not be had.
  ///   - preliminaryMissingReason: Why there are no 예비특보, when the status could not be had.
  public init(
    asOf: Date, zones: [TownZone], active: [TownWarning], upcoming: [TownWarning] = [],
    preliminary: [PreliminaryWarning] = [], diagnostics: [WarningDiagnostic] = [],
    missingReason: MissingPartReason? = nil, preliminaryMissingReason: MissingPartReason? = nil
  ) {
    self.asOf = asOf
    self.zones = zones
    self.active = active
    self.upcoming = upcoming
    self.preliminary = preliminary
    self.diagnostics = diagnostics
    self.missingReason = missingReason
    self.preliminaryMissingReason = preliminaryMissingReason
  }

  /// The report of replayed events and the status for a town's zones.
  init(
    events: [WarningEvent], status: WarningStatus?, zones townZones: [TownZone],
    table: WarningZones, at date: Date, preliminaryMissingReason: MissingPartReason?
  ) {
    var byCode: [String: TownZone] = [:]
    for zone in townZones { byCode[zone.zone.code] = zone }
    var active: [TownWarning] = []
    var upcoming: [TownWarning] = []
    for warning in WarningReplay.warnings(from: events, at: date, zones: table) {
      guard let zone = byCode[warning.zoneCode] else { continue }
      let found = TownWarning(warning: warning, isPartOfTown: zone.isPartOfTown)
      if warning.isInForce(at: date) {
        active.append(found)
      } else {
        upcoming.append(found)
      }
    }
    upcoming.sort { $0.warning.effectiveAt < $1.warning.effectiveAt }
    var diagnostics: [WarningDiagnostic] = []
    if let status, let diagnostic = WarningReplay.disagreement(with: status, events: events) {
      diagnostics.append(diagnostic)
    }
    self.init(
      asOf: date, zones: townZones, active: active, upcoming: upcoming,
      preliminary: Self.preliminary(status?.preliminary ?? [], naming: townZones),
      diagnostics: diagnostics, preliminaryMissingReason: preliminaryMissingReason)
  }

  /// The 예비특보 whose areas name a zone of the town by its full or short name.
  static func preliminary(_ warnings: [PreliminaryWarning], naming zones: [TownZone])
    -> [PreliminaryWarning]
  {
    let names = Set(zones.flatMap { [$0.zone.name, $0.zone.shortName] }).filter { !$0.isEmpty }
    return warnings.filter { warning in names.contains { warning.areas.contains($0) } }
  }
}

/// A warning of one of a town's zones.
///
/// Where the zone is a sub-zone of a split city (or a mountain zone the city shares),
/// ``isPartOfTown`` is set: the warning covers part of the town, and the zone's name says which.
public struct TownWarning: Hashable, Sendable {
  /// The warning, with its zone.
  public let warning: ActiveWarning
  /// Whether the warning's zone covers only part of the town.
  public let isPartOfTown: Bool

  /// Creates a town's warning.
  ///
  /// - Parameters:
  ///   - warning: The warning.
  ///   - isPartOfTown: Whether its zone covers only part of the town.
  public init(warning: ActiveWarning, isPartOfTown: Bool) {
    self.warning = warning
    self.isPartOfTown = isPartOfTown
  }
}
