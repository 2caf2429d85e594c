import Foundation
@_spi(Benchmarks) import HaruForecast
import HaruModels
import HaruPlaces

/// The benchmarks of KMA's weather warnings (`warnings.*`).
enum WarningsBenchmarks {
  static let all = [replay, zones, decode, decodeBaseline]

  /// 2026-09-26 12:00 KST, the end of the generated window.
  static let noon = Date(timeIntervalSince1970: 1_790_391_600)

  /// Sixty days of `getPwnCd` rows ending on 2026-09-26, generated with a fixed seed to look
  /// like the real ones (about 75 a day, 4,500 in all): announcements through the day, their
  /// number restarting each month; each row either issues a warning on a zone valid then or
  /// releases, changes or extends one in force, the more likely the more are in force, so that
  /// some 60 are in force at a time, as on a busy summer day; mostly 폭염, 열대야, 호우, 강풍 and
  /// 풍랑; a quarter of the issues in force two hours after their announcement; one row in 50
  /// cancelled; JSON types as the service sends them (`stnId`, `command` and `cancel` strings,
  /// the rest numbers).
  static func windowBody() -> String {
    var random = SplitMix64(seed: 0x5741_524E)
    let zones = WarningZones.bundled.zones(at: noon).filter { $0.code != "L1000000" }
    let kinds: [Int64] = [12, 12, 12, 13, 13, 2, 2, 1, 6, 6, 3, 8, 4]
    var inForce: [(zone: WarningZone, kind: Int64, level: Int64)] = []
    var rows: [String] = []
    rows.reserveCapacity(4_600)
    var sequence: Int64 = 0
    var month: Int64 = 0
    for dayOffset in 0..<60 {
      let day = CalendarDay(containing: noon, in: CalendarDay.koreaTimeZone)
        .adding(days: dayOffset - 59)
      let date = Int64(day.year * 10_000 + day.month * 100 + day.day)
      if Int64(day.month) != month {
        month = Int64(day.month)
        sequence = 0
      }
      for announcement in 0..<6 {
        sequence += 1
        let minute = date * 10_000 + Int64(5 + announcement * 3) * 100 + Int64(announcement * 7)
        for _ in 0..<(12 + announcement % 2 * 1) {
          let count = Double(inForce.count)
          let command: Int64
          let index: Int
          if random.unitInterval() < count / (count + 40) {
            index = Int(random.next() % UInt64(inForce.count))
            command = [2, 2, 2, 7, 3][Int(random.next() % 5)]
          } else {
            let zone = zones[Int(random.next() % UInt64(zones.count))]
            let kind = kinds[Int(random.next() % UInt64(kinds.count))]
            let level = Int64(random.next() % 3 == 0 ? 1 : 0)
            inForce.append((zone, kind, level))
            index = inForce.count - 1
            command = 1
          }
          let (zone, kind, level) = inForce[index]
          let (code, name) = (zone.code, zone.name)
          let newLevel = command == 7 ? min(level + 1, kind == 12 ? 2 : 1) : level
          if command == 2 {
            inForce.remove(at: index)
          } else {
            inForce[index].level = newLevel
          }
          let start = command == 2 ? 0 : (random.next() % 4 == 0 ? minute + 200 : minute)
          let end = command == 2 ? minute : 0
          rows.append(
            #"{"stnId":"108","tmFc":\#(minute),"tmSeq":\#(sequence),"areaCode":"\#(code)","#
              + #""areaName":"\#(name)","warnVar":\#(kind),"warnStress":\#(newLevel),"#
              + #""command":"\#(command)","startTime":\#(start),"endTime":\#(end),"#
              + #""allEndTime":0,"cancel":"\#(random.next() % 50 == 0 ? 1 : 0)"}"#)
        }
      }
    }
    return #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"#
      + #""dataType":"JSON","items":{"item":[\#(rows.joined(separator: ","))]},"pageNo":1,"#
      + #""numOfRows":10000,"totalCount":\#(rows.count)}}}"#
  }

  static func windowEvents() throws -> [WarningEvent] {
    let read = try WarningRowsReading.events(decoding: Data(windowBody().utf8))
    guard read.unreadable == 0, (4_000...5_000).contains(read.events.count) else {
      throw BenchmarkSetupError(
        message: "expected about 4,500 readable rows, read \(read.events.count)")
    }
    return read.events
  }

  /// The warnings issued and not released at noon of the window's last day, replayed from its
  /// 4,500 events (per zone and kind the newest event, releases before issues, cancelled rows
  /// ignored), named from the bundled zone table and sorted most severe first. Target: at most
  /// 2 ms.
  static let replay = Benchmark(name: "warnings.replay", unit: .milliseconds) {
    let events = try windowEvents()
    let plan = SamplingPlan(warmupBatches: 10, samples: 200, batchSize: 1)
    var samples = Harness.measure(plan) { () -> UInt64 in
      UInt64(WarningRowsReading.warnings(from: events, at: noon).count)
    }
    samples.note =
      "\(events.count) events; \(WarningRowsReading.warnings(from: events, at: noon).count) warnings"
    return samples
  }

  /// A town to its warning zones (province alias, city by name, split cities' sub-zones,
  /// metropolitan districts, islands) for 200 areas of HaruPlaces' table in turn, at noon of
  /// 2026-09-26. Target: at most 20 µs.
  static let zones = Benchmark(name: "warnings.zones", unit: .microseconds) {
    let all = PlaceDirectory().places
    let step = max(all.count / 200, 1)
    let places = stride(from: 0, to: all.count, by: step).map { all[$0] }
    let table = WarningZones.bundled
    let plan = SamplingPlan(warmupBatches: 5, samples: 300, batchSize: places.count)
    return Harness.measure(plan) { () -> UInt64 in
      var digest: UInt64 = 0
      for place in places {
        digest &+= UInt64(
          table.zones(
            province: place.province, district: place.district,
            neighborhood: place.neighborhood, at: noon
          ).count)
      }
      return digest
    }
  }

  static let decodePlan = SamplingPlan(warmupBatches: 5, samples: 100, batchSize: 1)

  /// The window's 4,500 rows as one `getPwnCd` answer (the size `numOfRows=10000` returns for
  /// 60 days) read into typed events: every field read leniently (numbers as strings and the
  /// reverse, `0` as no time), times turned into instants. Target: at most 0.25 ×
  /// `warnings.decode.baseline`.
  static let decode = Benchmark(name: "warnings.decode", unit: .milliseconds) {
    let body = Data(windowBody().utf8)
    return try Harness.measure(decodePlan) { () throws(ForecastError) -> UInt64 in
      UInt64(try WarningRowsReading.events(decoding: body).events.count)
    }
  }

  /// Foundation's `JSONDecoder` decoding the same bytes into plain `Decodable` structs whose
  /// fields have the types the service sends, nothing else.
  static let decodeBaseline = Benchmark(name: "warnings.decode.baseline", unit: .milliseconds) {
    let body = Data(windowBody().utf8)
    let decoder = JSONDecoder()
    return try Harness.measure(decodePlan) { () throws -> UInt64 in
      UInt64(
        try decoder.decode(PlainPortalEnvelope<PlainWarningBody>.self, from: body).response.body
          .items.item.count)
    }
  }
}

/// The `getPwnCd` body as a naive client declares it, with the field types the service sends.
private struct PlainWarningBody: Decodable {
  struct Items: Decodable {
    let item: [Item]
  }

  struct Item: Decodable {
    let stnId: String?
    let tmFc: Int64?
    let tmSeq: Int64?
    let areaCode: String?
    let areaName: String?
    let warnVar: Int64?
    let warnStress: Int64?
    let command: String?
    let startTime: Int64?
    let endTime: Int64?
    let allEndTime: Int64?
    let cancel: String?
  }

  let totalCount: Int
  let items: Items
}
