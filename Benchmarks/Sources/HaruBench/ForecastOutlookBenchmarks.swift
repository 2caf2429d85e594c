import Foundation
@_spi(Benchmarks) import HaruForecast
import HaruForecastTesting
import HaruModels

/// The benchmarks of the ten-day outlook (`forecast.outlook.*`, `forecast.sun`,
/// `forecast.mid.decode`).
enum ForecastOutlookBenchmarks {
  static let all = [tenDays, singleShortTerm, sun, midDecode]

  /// 10:30 KST on 2026-11-30: the 08:00 short-term run, the 10:00 nowcast and the 06:00
  /// mid-term issuance are current.
  static let morning = ForecastServiceBenchmarks.morning

  static let plan = SamplingPlan(warmupBatches: 20, samples: 200, batchSize: 1)

  /// A whole ten-day answer from a stub transport that answers at once: every request of the
  /// outlook (three short-term runs, the nowcast, the ultra-short run, `getMidLandFcst`,
  /// `getMidTa`, and the UV index of the town's area), decoded, stitched into days with their
  /// halves, and sunrise and sunset for every day.
  static let tenDays = Benchmark(name: "forecast.outlook.ten-days", unit: .microseconds) {
    let provider = try KMAProvider(
      serviceKey: "benchmark", transport: try ForecastServiceBenchmarks.answering(after: nil))
    // 소공동, 중구: a town with an area code has every part.
    let town = try Town.seoulCityHall.withArea(code: "1114052000", midTermRegions: nil)
    let coordinate = town.coordinate ?? town.gridPoint.center
    return try await Harness.measureAsync(plan) {
      let forecast = try await provider.forecast(for: town, at: morning)
      guard forecast.missing.isEmpty, forecast.days.contains(where: { $0.source == .midTerm })
      else { throw BenchmarkSetupError(message: "the ten-day answer lacks a part") }
      var digest = UInt64(forecast.days.count)
      for day in forecast.days {
        let sun = SunTimes(day: day.day, at: coordinate)
        digest &+= UInt64(sun.sunrise?.timeIntervalSince1970 ?? 0)
        digest &+= UInt64(day.morning?.precipitationProbability?.percent ?? 0)
      }
      return digest
    }
  }

  /// The baseline for `ten-days`: the single short-term outlook Haru made before it, over the
  /// same transport — today and the days after, yesterday and the nowcast, asked at the same
  /// time, and nothing else.
  static let singleShortTerm = Benchmark(
    name: "forecast.outlook.ten-days.baseline-short-term", unit: .microseconds
  ) {
    let client = KMAClient(
      serviceKey: "benchmark", transport: try ForecastServiceBenchmarks.answering(after: nil),
      now: { morning })
    let grid = Town.seoulCityHall.gridPoint
    return try await Harness.measureAsync(plan) {
      async let daily = client.dailyForecast(for: grid)
      async let yesterday = client.yesterday(for: grid)
      async let now = client.currentConditions(for: grid)
      let days = try await daily.days.count + 1
      _ = try await yesterday
      _ = try await now
      return UInt64(days)
    }
  }

  /// Sunrise and sunset for one day at Seoul City Hall.
  static let sun = Benchmark(name: "forecast.sun", unit: .microseconds) {
    let coordinate = Town.seoulCityHall.coordinate ?? Town.seoulCityHall.gridPoint.center
    let first = try CalendarDay(year: 2026, month: 1, day: 1)
    let days = (0..<365).map { first.adding(days: $0) }
    let plan = SamplingPlan(warmupBatches: 10, samples: 200, batchSize: days.count)
    return Harness.measure(plan) { () -> UInt64 in
      var digest: UInt64 = 0
      for day in days {
        let times = SunTimes(day: day, at: coordinate)
        digest &+= UInt64(times.sunset?.timeIntervalSince1970 ?? 0)
      }
      return digest
    }
  }

  /// One mid-term body decoded: the captured 06:00 `getMidLandFcst` and `getMidTa` answers for
  /// 서울, read into days 4–10 (each operation counts as one body).
  static let midDecode = Benchmark(name: "forecast.mid.decode", unit: .microseconds) {
    let land = Data(KMAMidTermFixtures.land0600.utf8)
    let temperature = Data(KMAMidTermFixtures.temperature0600.utf8)
    let day = try CalendarDay(year: 2026, month: 10, day: 4)
    let plan = SamplingPlan(warmupBatches: 50, samples: 300, batchSize: 2)
    // One batch of two bodies decodes one land and one temperature body.
    return try Harness.measure(plan) { () throws(ForecastError) -> UInt64 in
      let days = try MidTermDecodingBenchmark.days(
        land: land, temperature: temperature, issuedOn: day, hour: 6)
      return UInt64(days.count)
    }
  }
}
