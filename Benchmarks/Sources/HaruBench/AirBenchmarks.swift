import Foundation
@_spi(Benchmarks) import HaruForecast
import HaruForecastTesting
import HaruModels

/// The benchmarks of AirKorea's air quality (`air.*`).
enum AirBenchmarks {
  static let all = [decode, decodeBaseline, nearest, outlook, outlookBaseline]

  static let plan = SamplingPlan(warmupBatches: 50, samples: 300, batchSize: 1)

  /// A province answer of 40 stations, as Seoul's is: the real body's ten stations four times
  /// over, each copy under other names.
  static func provinceAnswer() throws -> Data {
    let body = AirKoreaFixtures.seoulProvince
    guard let open = body.range(of: "\"items\":["),
      let close = body.range(of: "}],", options: .backwards)
    else { throw BenchmarkSetupError(message: "the Seoul body has no items") }
    // The items run from after `[` to the `}` that closes the last one.
    let items = String(body[open.upperBound...close.lowerBound])
    let copies = (1...4).map { copy in
      items.replacingOccurrences(of: "\"stationName\":\"", with: "\"stationName\":\"\(copy)-")
    }
    return Data(
      (String(body[..<open.upperBound]) + copies.joined(separator: ",")
        + String(body[body.index(after: close.lowerBound)...])).utf8)
  }

  /// The body read into 40 typed measurements: every value read honestly (`"-"` missing, the
  /// flag kept), the hour parsed with the 24:00 rule.
  static let decode = Benchmark(name: "air.decode", unit: .microseconds) {
    let body = try provinceAnswer()
    let count = try AirKoreaBenchmark.measurements(decoding: body).count
    guard count == 40 else {
      throw BenchmarkSetupError(message: "expected 40 stations, read \(count)")
    }
    return try Harness.measure(plan) { () throws(ForecastError) -> UInt64 in
      let measurements = try AirKoreaBenchmark.measurements(decoding: body)
      return measurements.reduce(0) { $0 &+ UInt64($1.pm10.oneHour ?? 0) }
    }
  }

  /// Foundation's `JSONDecoder` decoding the same bytes into plain `Decodable` structs of
  /// optional strings, nothing else: what a naive client pays before it has one number.
  static let decodeBaseline = Benchmark(name: "air.decode.baseline", unit: .microseconds) {
    let body = try provinceAnswer()
    let decoder = JSONDecoder()
    return try Harness.measure(plan) { () throws -> UInt64 in
      let envelope = try decoder.decode(PlainPortalEnvelope<PlainAirBody>.self, from: body)
      return UInt64(envelope.response.body.items.count)
    }
  }

  /// About 650 stations spread over Korea (fixed seed) and the ten real Seoul stations: the size
  /// of AirKorea's list.
  static func stationList() -> [AirStation] {
    var random = SplitMix64(seed: 0x41_4952)
    let provinces = ["경기 수원시", "강원 춘천시", "충남 천안시", "전남 목포시", "경북 안동시", "경남 창원시"]
    var stations: [AirStation] = []
    for index in 0..<650 {
      guard
        let coordinate = try? Coordinate(
          latitude: random.uniform(in: 34.0...38.3), longitude: random.uniform(in: 126.1...129.4))
      else { continue }
      stations.append(
        AirStation(
          name: "측정소\(index)", address: "\(provinces[index % provinces.count]) \(index)",
          network: index % 5 == 0 ? .roadside : .urban, coordinate: coordinate))
    }
    for station in AirKoreaFixtures.seoulStations {
      guard let latitude = Double(station.dmX), let longitude = Double(station.dmY),
        let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
      else { continue }
      stations.append(
        AirStation(
          name: station.name, address: station.address,
          network: AirStationNetwork(rawValue: station.network), coordinate: coordinate))
    }
    return stations
  }

  /// The six stations nearest a place, found locally in the station list (with the urban
  /// preference), for 100 places around Korea in turn.
  static let nearest = Benchmark(name: "air.nearest", unit: .microseconds) {
    let stations = stationList()
    var random = SplitMix64(seed: 7)
    let places = (0..<100).compactMap { _ in
      try? Coordinate(
        latitude: random.uniform(in: 34.5...38.0), longitude: random.uniform(in: 126.5...129.0))
    }
    let plan = SamplingPlan(warmupBatches: 5, samples: 300, batchSize: places.count)
    return Harness.measure(plan) { () -> UInt64 in
      var digest: UInt64 = 0
      for place in places {
        digest &+= UInt64(AirKoreaBenchmark.nearest(to: place, in: stations, count: 6).count)
      }
      return digest
    }
  }

  /// AirKorea's answers at the KMA benchmarks' morning: the station list, the real Seoul body
  /// moved to 2026-11-30 10:00 and the real forecast moved to that day.
  static func airAnswers() -> @Sendable (String) -> HTTPResponse? {
    let stations = HTTPResponse.json(
      AirKoreaFixtures.stationList(
        stationList().map {
          AirKoreaFixtures.Station(
            $0.name, $0.address, $0.network.rawValue, dmX: String($0.coordinate.latitude),
            dmY: String($0.coordinate.longitude))
        }))
    let province = HTTPResponse.json(
      AirKoreaFixtures.seoulProvince.replacingOccurrences(
        of: "2023-11-08 14:00", with: "2026-11-30 10:00"))
    let forecast = HTTPResponse.json(
      AirKoreaFixtures.dustForecast.replacingOccurrences(of: "2023-06-03", with: "2026-11-30"))
    return { operation in
      switch operation {
      case "getMsrstnList": stations
      case "getCtprvnRltmMesureDnsty": province
      case "getMinuDustFrcstDspth": forecast
      default: nil
      }
    }
  }

  /// `forecast.outlook.ten-days` with the air quality asked at the same time, from the same
  /// stub transport, as a new hour finds it: the station list kept, the province's values and
  /// the forecast asked again.
  static let outlook = Benchmark(name: "air.outlook", unit: .microseconds) {
    let kma = try ForecastServiceBenchmarks.answering(after: nil)
    let air = airAnswers()
    let transport = StubTransport { (request) throws(ForecastError) -> HTTPResponse in
      if let answer = air(request.url.lastPathComponent) { return answer }
      return try await kma.send(request)
    }
    let morning = ForecastOutlookBenchmarks.morning
    let client = try AirKoreaClient(serviceKey: "benchmark", transport: transport, now: { morning })
    let provider = try KMAProvider(
      serviceKey: "benchmark", transport: transport, airQuality: client)
    let town = Town.seoulCityHall
    return try await Harness.measureAsync(plan) {
      client.forgetTheHour()
      let forecast = try await provider.forecast(for: town, at: morning)
      guard forecast.missing.isEmpty, let quality = forecast.air, quality.pm10.value != nil else {
        throw BenchmarkSetupError(message: "the outlook lacks its air quality")
      }
      return UInt64(forecast.days.count) &+ UInt64(quality.pm10.value?.oneHour ?? 0)
    }
  }

  /// The baseline for `air.outlook`: the same outlook without air quality, over the same
  /// transport (`forecast.outlook.ten-days`, measured again beside it).
  static let outlookBaseline = Benchmark(name: "air.outlook.baseline", unit: .microseconds) {
    let provider = try KMAProvider(
      serviceKey: "benchmark", transport: try ForecastServiceBenchmarks.answering(after: nil))
    let morning = ForecastOutlookBenchmarks.morning
    return try await Harness.measureAsync(plan) {
      let forecast = try await provider.forecast(for: .seoulCityHall, at: morning)
      guard forecast.missing.isEmpty else {
        throw BenchmarkSetupError(message: "the ten-day answer lacks a part")
      }
      return UInt64(forecast.days.count)
    }
  }
}

/// The data portal's envelope as a naive client declares it, around a body of its own.
struct PlainPortalEnvelope<Body: Decodable>: Decodable {
  struct Response: Decodable {
    let header: Header
    let body: Body
  }

  struct Header: Decodable {
    let resultCode: String
    let resultMsg: String
  }

  let response: Response
}

/// The real-time body as a naive client declares it: every field an optional string.
private struct PlainAirBody: Decodable {
  let totalCount: Int
  let items: [Item]

  struct Item: Decodable {
    let stationName: String?
    let dataTime: String?
    let so2Value: String?
    let coValue: String?
    let o3Value: String?
    let no2Value: String?
    let pm10Value: String?
    let khaiValue: String?
    let khaiGrade: String?
    let so2Grade: String?
    let coGrade: String?
    let o3Grade: String?
    let no2Grade: String?
    let pm10Grade: String?
    let so2Flag: String?
    let coFlag: String?
    let o3Flag: String?
    let no2Flag: String?
    let pm10Flag: String?
    let sidoName: String?
  }
}
