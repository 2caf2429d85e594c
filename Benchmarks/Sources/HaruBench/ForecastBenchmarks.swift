import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels

/// The benchmarks of the forecast client (`forecast.*`).
enum ForecastBenchmarks {
  static let all = [decode, decodeBaseline] + ForecastServiceBenchmarks.all

  /// One operation decodes one whole answer (about 75 KB).
  static let plan = SamplingPlan(warmupBatches: 20, samples: 300, batchSize: 1)

  /// `KMAForecast(decoding:operation:)` on a 1,000-item `getVilageFcst` answer: reading the JSON,
  /// every value's text, and aggregating the hours into days with their summaries.
  static let decode = Benchmark(name: "forecast.kma.decode", unit: .microseconds) {
    let body = try shortTermAnswer()
    return try Harness.measure(plan) { () throws(ForecastError) -> UInt64 in
      let forecast = try KMAForecast(decoding: body, operation: .shortTermForecast)
      return digest(forecast)
    }
  }

  /// Foundation's `JSONDecoder` decoding the same bytes into plain `Decodable` structs of the
  /// envelope and items, nothing else: what a naive client pays before it has a single day.
  static let decodeBaseline = Benchmark(
    name: "forecast.kma.decode.baseline", unit: .microseconds
  ) {
    let body = try shortTermAnswer()
    let decoder = JSONDecoder()
    return try Harness.measure(plan) { () throws -> UInt64 in
      let envelope = try decoder.decode(PlainEnvelope.self, from: body)
      return UInt64(truncatingIfNeeded: envelope.response.body?.items.item.count ?? 0)
    }
  }

  /// The 23:00 run for Seoul City Hall, as the service sends it: about 1,000 items, every value a
  /// string, the last day three-hourly and coded.
  static func shortTermAnswer() throws -> Data {
    let run = try KMARun(
      operation: .shortTermForecast, baseDate: try CalendarDay(year: 2026, month: 11, day: 29),
      baseHour: 23)
    let items = KMAFixtures.shortTermForecastItems(for: run, at: Town.seoulCityHall.gridPoint)
    guard (900...1100).contains(items.count) else {
      throw BenchmarkSetupError(message: "expected about 1,000 items, made \(items.count)")
    }
    return Data(KMAFixtures.json(items: items).utf8)
  }

  /// Folds every hour's temperature and the days' extremes into a number, so the work is used.
  static func digest(_ forecast: KMAForecast) -> UInt64 {
    var digest = UInt64(forecast.days.count)
    for day in forecast.days {
      digest &+= UInt64(day.hourly.count)
      digest &+= UInt64(bitPattern: Int64(day.maximum?.temperature.celsius ?? 0))
      for hour in day.hourly {
        digest = digest &* 31 &+ UInt64(bitPattern: Int64(hour.temperature?.celsius ?? 0))
      }
    }
    return digest
  }
}

struct BenchmarkSetupError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// The envelope as a naive client declares it.
private struct PlainEnvelope: Decodable {
  struct Response: Decodable {
    let header: Header
    let body: Body?
  }

  struct Header: Decodable {
    let resultCode: String
    let resultMsg: String
  }

  struct Body: Decodable {
    let dataType: String
    let items: Items
    let pageNo: Int
    let numOfRows: Int
    let totalCount: Int
  }

  struct Items: Decodable {
    let item: [Item]
  }

  struct Item: Decodable {
    let baseDate: String
    let baseTime: String
    let category: String
    let fcstDate: String
    let fcstTime: String
    let fcstValue: String
    let nx: Int
    let ny: Int
  }

  let response: Response
}
