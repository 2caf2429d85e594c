import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels

/// A key made of every character that must be percent-encoded, easy to search for in any text.
let sentinelKey = "SENTINEL+s3cr3t/KEY=="

/// The instant of a Korean wall-clock time.
func kst(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) throws -> Date {
  try CalendarDay(year: year, month: month, day: day).start(in: CalendarDay.koreaTimeZone)
    .addingTimeInterval(Double(hour * 3600 + minute * 60))
}

/// Seoul City Hall's cell.
let seoul = Town.seoulCityHall.gridPoint

func day(_ year: Int, _ month: Int, _ day: Int) throws -> CalendarDay {
  try CalendarDay(year: year, month: month, day: day)
}

func run(_ operation: KMAOperation, _ day: CalendarDay, _ hour: Int) throws -> KMARun {
  try KMARun(operation: operation, baseDate: day, baseHour: hour)
}

/// A client over a transport, at a fixed wall-clock time.
func client(
  _ transport: any HTTPTransport, at now: Date, key: String = sentinelKey,
  configuration: KMAConfiguration = .dataGoKr
) -> KMAClient {
  KMAClient(serviceKey: key, configuration: configuration, transport: transport, now: { now })
}

/// A stub answering every `getVilageFcst` run with the fixture for that run, except the runs
/// listed as having no data yet.
func shortTermStub(noDataFor missing: Set<String> = []) -> StubTransport {
  StubTransport { request in
    guard let date = request.queryValue(named: "base_date"),
      let time = request.queryValue(named: "base_time"),
      let baseDay = try? CalendarDay(parsing: date), let hour = Int(time.prefix(2)),
      let operation = KMAOperation.all.first(where: { request.url.path().hasSuffix($0.name) })
    else { return .text("bad request", status: 400) }
    if missing.contains("\(date) \(time)") { return .json(KMAFixtures.noData) }
    guard let run = try? KMARun(operation: operation, baseDate: baseDay, baseHour: hour) else {
      return .json(KMAFixtures.noData)
    }
    let grid = GridPoint.seoulForTests
    switch operation {
    case .nowcast: return .json(KMAFixtures.nowcast(for: run, at: grid))
    case .ultraShortForecast: return .json(KMAFixtures.ultraShortForecast(for: run, at: grid))
    default: return .json(KMAFixtures.shortTermForecast(for: run, at: grid))
    }
  }
}

extension GridPoint {
  static let seoulForTests = Town.seoulCityHall.gridPoint
}

extension StubTransport {
  /// The `base_date base_time` of every request, in order.
  var askedRuns: [String] {
    requests.map {
      "\($0.queryValue(named: "base_date") ?? "?") \($0.queryValue(named: "base_time") ?? "?")"
    }
  }
}

/// A real (or made, as its folder's PROVENANCE.md says) service body in `Fixtures`, by its path
/// there, such as `"kma-ultra/nodata-03.json"`.
func fixtureBody(_ path: String) throws -> Data {
  try Data(
    contentsOf: URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Fixtures").appending(path: path))
}
