import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels

/// The benchmarks of the forecast service (`forecast.service.*`): the cache and the coalescing
/// of identical requests in flight, over the KMA provider and a stub transport.
enum ForecastServiceBenchmarks {
  static let all = [cacheHit, coalesced100, single, uncoalesced100]

  /// 10:30 KST: the 08:00 short-term run and the 10:00 nowcast are current.
  static let morning = Date(timeIntervalSince1970: 1_796_002_200)

  /// `outlook(for:)` answered from memory: the provider's run for the instant, one lock and one
  /// dictionary lookup.
  static let cacheHit = Benchmark(name: "forecast.service.cache-hit", unit: .microseconds) {
    let service = ForecastService(
      provider: try KMAProvider(serviceKey: "benchmark", transport: try answering(after: nil)),
      now: { morning })
    _ = try await service.outlook(for: .seoulCityHall)
    let plan = SamplingPlan(warmupBatches: 20, samples: 300, batchSize: 1000)
    return try await Harness.measureAsync(plan) {
      var digest: UInt64 = 0
      for _ in 0..<plan.batchSize {
        let outlook = try await service.outlook(for: .seoulCityHall)
        digest &+= UInt64(outlook.days.count)
      }
      return digest
    }
  }

  /// Wall time for 100 concurrent `outlook(for:)` calls for the same town on an empty cache,
  /// against a transport that answers every request after 1 ms: one fetch (the KMA operations
  /// one outlook needs, asked at the same time) shared by all.
  static let coalesced100 = Benchmark(
    name: "forecast.service.coalesced-100", unit: .milliseconds
  ) {
    let transport = try answering(after: .milliseconds(1))
    let plan = SamplingPlan(warmupBatches: 5, samples: 100, batchSize: 1)
    var samples = try await Harness.measureAsync(plan) {
      let service = ForecastService(
        provider: try KMAProvider(serviceKey: "benchmark", transport: transport), now: { morning })
      return try await withThrowingTaskGroup(of: UInt64.self) { group in
        for _ in 0..<100 {
          group.addTask { UInt64(try await service.outlook(for: .seoulCityHall).days.count) }
        }
        return try await group.reduce(0, &+)
      }
    }
    let fetches = plan.warmupBatches + plan.samples
    samples.note =
      "\(transport.requests.count) requests for \(fetches) rounds of 100 calls "
      + "(\(transport.requests.count / max(fetches, 1)) per round)"
    return samples
  }

  /// The baseline for `coalesced-100`: one call on an empty cache against the same transport.
  static let single = Benchmark(
    name: "forecast.service.coalesced-100.baseline-1-call", unit: .milliseconds
  ) {
    let transport = try answering(after: .milliseconds(1))
    let plan = SamplingPlan(warmupBatches: 5, samples: 100, batchSize: 1)
    return try await Harness.measureAsync(plan) {
      let service = ForecastService(
        provider: try KMAProvider(serviceKey: "benchmark", transport: transport), now: { morning })
      return UInt64(try await service.outlook(for: .seoulCityHall).days.count)
    }
  }

  /// The other baseline for `coalesced-100`: the same 100 concurrent calls, each on a service of
  /// its own, so that nothing is shared — a hundred fetches.
  static let uncoalesced100 = Benchmark(
    name: "forecast.service.coalesced-100.baseline-uncoalesced", unit: .milliseconds
  ) {
    let transport = try answering(after: .milliseconds(1))
    let plan = SamplingPlan(warmupBatches: 2, samples: 20, batchSize: 1)
    var samples = try await Harness.measureAsync(plan) {
      try await withThrowingTaskGroup(of: UInt64.self) { group in
        for _ in 0..<100 {
          group.addTask {
            let service = ForecastService(
              provider: try KMAProvider(serviceKey: "benchmark", transport: transport),
              now: { morning })
            return UInt64(try await service.outlook(for: .seoulCityHall).days.count)
          }
        }
        return try await group.reduce(0, &+)
      }
    }
    let rounds = plan.warmupBatches + plan.samples
    samples.note =
      "\(transport.requests.count) requests for \(rounds) rounds of 100 calls "
      + "(\(transport.requests.count / max(rounds, 1)) per round)"
    return samples
  }

  /// A transport answering every KMA request with the fixture for its run (the mid-term ones
  /// with the captured 06:00 bodies), after a delay. The
  /// answers for the runs asked at ``morning`` are made once, before anything is timed.
  static func answering(after delay: Duration?) throws -> StubTransport {
    let grid = Town.seoulCityHall.gridPoint
    let today = try CalendarDay(year: 2026, month: 11, day: 30)
    let runs = [
      try KMARun(operation: .shortTermForecast, baseDate: today, baseHour: 8),
      try KMARun(operation: .shortTermForecast, baseDate: today.adding(days: -1), baseHour: 23),
      try KMARun(operation: .shortTermForecast, baseDate: today.adding(days: -2), baseHour: 23),
      try KMARun(operation: .nowcast, baseDate: today, baseHour: 10),
      try KMARun(operation: .ultraShortForecast, baseDate: today, baseHour: 9),
    ]
    var bodies: [String: HTTPResponse] = [:]
    for run in runs {
      let (operation, body): (String, String)
      switch run.operation {
      case .nowcast:
        (operation, body) = ("getUltraSrtNcst", KMAFixtures.nowcast(for: run, at: grid))
      case .ultraShortForecast:
        (operation, body) = (
          "getUltraSrtFcst", KMAFixtures.ultraShortForecast(for: run, at: grid)
        )
      default:
        (operation, body) = (
          "getVilageFcst", KMAFixtures.shortTermForecast(for: run, at: grid)
        )
      }
      bodies[key(operation, run.baseDate, run.baseHour)] = .json(body)
    }
    let answers = bodies
    let midTerm: [String: HTTPResponse] = [
      "getMidLandFcst 202611300600": .json(KMAMidTermFixtures.land0600),
      "getMidTa 202611300600": .json(KMAMidTermFixtures.temperature0600),
    ]
    return StubTransport { request throws(ForecastError) in
      if let delay {
        try? await Task.sleep(for: delay)
      }
      if let area = request.queryValue(named: "areaNo"),
        let time = request.queryValue(named: "time")
      {
        // The UV index of the town's area; no pollen is in season in November.
        return .json(KMALivingFixtures.uvIndex(areaCode: area, time: time))
      }
      if let issued = request.queryValue(named: "tmFc") {
        // The captured 06:00 mid-term bodies, served as the issuance current at `morning`.
        return midTerm["\(request.url.lastPathComponent) \(issued)"] ?? .json(KMAFixtures.noData)
      }
      guard let date = request.queryValue(named: "base_date"),
        let time = request.queryValue(named: "base_time"),
        let baseDay = try? CalendarDay(parsing: date), let hour = Int(time.prefix(2)),
        let answer = answers[key(request.url.lastPathComponent, baseDay, hour)]
      else { return .json(KMAFixtures.noData) }
      return answer
    }
  }

  private static func key(_ operation: String, _ day: CalendarDay, _ hour: Int) -> String {
    "\(operation) \(day) \(hour)"
  }
}
