/// One of the data operations of the KMA short-term forecast service
/// (`VilageFcstInfoService_2.0`).
///
/// Each operation has its own schedule of runs (``KMARun``), its own publication delay and its own
/// meaning for some codes: precipitation type 4 is a shower in ``shortTermForecast`` and means
/// nothing in the two ultra-short operations, which use 5–7 for drizzle and flurries instead.
public struct KMAOperation: Hashable, Sendable {
  /// The operation's name in the URL, such as `"getVilageFcst"`.
  package let name: String

  private init(name: String) {
    self.name = name
  }

  /// `getUltraSrtNcst`: the conditions observed now (nowcast), a run every hour on the hour.
  public static let nowcast = KMAOperation(name: "getUltraSrtNcst")
  /// `getUltraSrtFcst`: the next six hours, hour by hour, a run every hour at half past.
  public static let ultraShortForecast = KMAOperation(name: "getUltraSrtFcst")
  /// `getVilageFcst`: the short-term forecast for three to four days, eight runs a day at 02, 05,
  /// 08, 11, 14, 17, 20 and 23 o'clock.
  public static let shortTermForecast = KMAOperation(name: "getVilageFcst")

  /// Every data operation.
  package static let all: [KMAOperation] = [.nowcast, .ultraShortForecast, .shortTermForecast]

  /// The hours of the day (Korea Standard Time) at which a run is based.
  var baseHours: [Int] {
    self == .shortTermForecast ? [2, 5, 8, 11, 14, 17, 20, 23] : Array(0...23)
  }

  /// The minute past the hour at which a run is based.
  var baseMinute: Int {
    self == .ultraShortForecast ? 30 : 0
  }

  /// Whether precipitation type codes follow the ultra-short table (5–7 drizzle and flurries)
  /// rather than the short-term one (4 shower).
  var usesUltraShortCodes: Bool {
    self != .shortTermForecast
  }
}
