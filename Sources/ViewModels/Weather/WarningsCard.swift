import Foundation
public import HaruForecast
import HaruModels
import HaruPlaces

/// The weather warnings (기상특보) of the weather screen for the current town, written out: those
/// in force, most severe first, then the 예비특보, which are never in force.
///
/// ```swift
/// if let warnings = output.warnings.value {
///   for line in warnings.active { banner(line.title, line.zoneText, line.sinceText) }
///   for text in warnings.preliminary { note(text) }
///   if let missing = warnings.missingText { note(missing) }
/// }
/// ```
public struct WarningsCard: Hashable, Sendable {
  /// The warnings in force in the town's zones, most severe first.
  public let active: [WarningLine]
  /// The 예비특보 naming the town's zones, each as one line: `"호우 예비특보 · 09월 27일
  /// 오후(12시~18시) : 제주도(제주도산지)"`.
  public let preliminary: [String]
  /// Why the warnings could not be had, in the screen's language: which service refused them and
  /// what to do; `nil` when they could. ``active`` is then empty, whatever is in force.
  public let missingText: String?
  /// The credit the warnings must carry on screen: "출처: 기상청".
  public let attribution: ForecastAttribution

  /// The card of a report.
  init(_ report: WarningsReport, language: DisplayLanguage) {
    active = report.active.map { WarningLine($0, language: language) }
    preliminary = report.preliminary.map { warning in
      let kind = warning.kindText + (language == .korean ? " 예비특보" : " preliminary warning")
      return "\(kind) · \(warning.text)"
    }
    missingText = report.missingReason?.message(in: language)
    attribution = .kmaWarnings
  }

  /// The town's report from a client, its zones from the town's area (or the area nearest it);
  /// off the main actor, as finding the area may read the area table.
  @concurrent
  static func report(for town: Town, from client: KMAWarningsClient) async -> WarningsReport? {
    let directory = PlaceDirectory()
    let place: Place
    if let code = town.areaCode, let found = directory.place(code: code) {
      place = found
    } else if let found = try? directory.nearest(to: town.coordinate ?? town.gridPoint.center) {
      place = found
    } else {
      return nil
    }
    return await client.report(
      province: place.province, district: place.district, neighborhood: place.neighborhood)
  }
}

/// One warning in force on the weather screen.
public struct WarningLine: Hashable, Sendable {
  /// The kind.
  public let kind: WarningKind
  /// The level, for the banner's colour.
  public let level: WarningLevel
  /// The kind and level as one word: "호우경보", "heavy rain warning".
  public let title: String
  /// The zone: its name, or "일부 지역: 용인시서북부" / "in part of the town: 용인시서북부" for a
  /// sub-zone of a split city.
  public let zoneText: String
  /// Whether the warning covers only part of the town.
  public let isPartOfTown: Bool
  /// Since when it is in force, month, day and time in Korea Standard Time: "9/26 11:00부터",
  /// "since 9/26 11:00".
  public let sinceText: String

  init(_ found: TownWarning, language: DisplayLanguage) {
    let warning = found.warning
    kind = warning.kind
    level = warning.level
    title = warning.title(in: language)
    isPartOfTown = found.isPartOfTown
    switch (found.isPartOfTown, language) {
    case (true, .korean): zoneText = "일부 지역: \(warning.zoneName)"
    case (true, .english): zoneText = "in part of the town: \(warning.zoneName)"
    case (false, _): zoneText = warning.zoneName
    }
    let time = Self.clock(warning.effectiveAt)
    sinceText = language == .korean ? "\(time)부터" : "since \(time)"
  }

  /// `"9/26 11:00"`: the month, day and clock in Korea Standard Time.
  private static func clock(_ date: Date) -> String {
    let day = CalendarDay(containing: date, in: CalendarDay.koreaTimeZone)
    let seconds = Int(date.timeIntervalSince(day.start(in: CalendarDay.koreaTimeZone)))
    let hour = seconds / 3600
    let minute = seconds % 3600 / 60
    let clock = (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    return "\(day.month)/\(day.day) \(clock)"
  }
}
