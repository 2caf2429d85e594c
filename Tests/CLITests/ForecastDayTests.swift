import Foundation
import HaruForecast
import HaruForecastTesting
import HaruTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension HaruCLI {
  /// A day in a real app, tried from outside: `haru` as the app, one data folder, `--now` moved
  /// every 30 minutes, three towns in one grid cell, against a loopback stand-in of KMA's
  /// services (and AirKorea's, and the warning service's) that logs every request.
  @Suite(.timeLimit(.minutes(10)))
  struct ForecastDayTests {
    /// Three places in Seoul City Hall's cell (60, 127).
    static let towns = [
      ["--lat", "37.5665", "--lon", "126.9780"],
      ["--lat", "37.5651", "--lon", "126.9768"],
      ["--lat", "37.5672", "--lon", "126.9795"],
    ]

    /// The operations of KMA's forecast services an outlook uses.
    static let kmaOperations = [
      "getVilageFcst", "getUltraSrtNcst", "getUltraSrtFcst", "getMidLandFcst", "getMidTa",
    ]

    static func refresh(
      _ haru: Haru, _ server: LocalHTTPServer, at now: String, town: [String]
    ) async throws -> [String: Any] {
      let result = try await haru.run(
        [
          "forecast", "--json", "--service-key", "test-key", "--base-url",
          server.baseURL.absoluteString, "--now", now,
        ] + town)
      #expect(result.status == 0, "\(result)")
      return try #require(try result.json() as? [String: Any], "\(result)")
    }

    static func requests(_ document: [String: Any]) -> (total: Int, operations: [String: Int]) {
      let requests = document["requests"] as? [String: Any]
      return (
        requests?["total"] as? Int ?? -1, requests?["operations"] as? [String: Int] ?? [:]
      )
    }

    static func time(_ start: Date, plus minutes: Int) -> String {
      let formatter = ISO8601DateFormatter()
      formatter.timeZone = TimeZone(secondsFromGMT: 9 * 3600)
      return formatter.string(from: start.addingTimeInterval(Double(minutes * 60)))
    }

    @Test func aSimulatedDayAsksEachIssuanceOnce() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }

      // A fresh data folder's first refresh, the evening before: one request per part.
      let first = Self.requests(
        try await Self.refresh(
          haru, server, at: "2026-11-29T23:40:00+09:00", town: Self.towns[0]))
      #expect(first.operations["getVilageFcst"] == 3)
      #expect(first.operations["getUltraSrtNcst"] == 1)
      #expect(first.operations["getUltraSrtFcst"] == 1)
      #expect(first.operations["getUVIdxV5"] == 1)
      #expect(first.operations["getMidLandFcst"] == 1)
      #expect(first.operations["getMidTa"] == 1)
      #expect(first.operations["getPwnStatus"] == 1)
      #expect(first.total == server.received.count)

      let start = try #require(ISO8601DateFormatter().date(from: "2026-11-30T00:10:00+09:00"))
      var day: [String: Int] = [:]
      var otherTowns = 0
      var nothingNew = 0
      for step in 0..<48 {
        let now = Self.time(start, plus: step * 30)
        for (index, town) in Self.towns.enumerated() {
          let cost = Self.requests(try await Self.refresh(haru, server, at: now, town: town))
          day.merge(cost.operations, uniquingKeysWith: +)
          if index > 0 { otherTowns += cost.total }
        }
        // A refresh with nothing newly published, two minutes later (the ultra-short run is
        // out at :45, the nowcast at :10).
        if step % 12 == 5 {
          let later = Self.time(start, plus: step * 30 + 2)
          nothingNew +=
            Self.requests(
              try await Self.refresh(haru, server, at: later, town: Self.towns[0])
            ).total
        }
      }

      let total = day.values.reduce(0, +)
      let kma = Self.kmaOperations.map { "\($0) \(day[$0] ?? 0)" }.joined(separator: ", ")
      let others = day.filter { !Self.kmaOperations.contains($0.key) }.sorted { $0.key < $1.key }
        .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      print(
        "simulated day: first refresh \(first.total) requests \(first.operations); "
          + "the day's 144 refreshes: \(total) requests; KMA forecast: \(kma); others: \(others)")
      // What KMA published that day: 24 nowcasts, 24 ultra-short runs, 8 short-term runs, 2
      // mid-term issuances of two operations each: 60 requests.
      #expect(day["getUltraSrtNcst"] == 24)
      #expect(day["getUltraSrtFcst"] == 24)
      #expect(Self.kmaOperations.map { day[$0] ?? 0 }.reduce(0, +) == 60)
      // The UV index every three hours; no pollen in November.
      #expect(day["getUVIdxV5"] == 8)
      #expect(day.keys.filter { $0.contains("Pollen") }.isEmpty)
      #expect(day["getVilageFcst"] == 8)
      #expect(day["getMidLandFcst"] == 2)
      #expect(day["getMidTa"] == 2)
      #expect(otherTowns == 0)
      #expect(nothingNew == 0)
      #expect(server.received.count == first.total + total)
    }

    @Test func twoProcessesRefreshingTheSameCellAtOnceMakeTheRequestsOfOne() async throws {
      let alone = try Haru()
      defer { alone.removeFiles() }
      let aloneServer = try ForecastServer.start(.kmaFixtures)
      defer { aloneServer.stop() }
      _ = try await Self.refresh(
        alone, aloneServer, at: ForecastServer.instantText, town: Self.towns[0])
      let one = aloneServer.received.count

      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      let arguments = [
        "forecast", "--json", "--service-key", "test-key", "--base-url",
        server.baseURL.absoluteString, "--now", ForecastServer.instantText,
      ]
      let first = try haru.launch(arguments + Self.towns[0])
      let second = try haru.launch(arguments + Self.towns[1])
      let (a, b) = await (first.result(), second.result())

      #expect(a.status == 0 && b.status == 0, "\(a)\n\(b)")
      #expect(server.received.count == one)
      let documents = try [a, b].map { try #require(try $0.json() as? [String: Any]) }
      #expect(documents.map { Self.requests($0).total }.reduce(0, +) == one)
      let days = documents.map { document in
        (document["days"] as? [[String: Any]] ?? []).map { day in
          "\(day["date"] ?? "") \(day["minTemperature"] ?? "") \(day["maxTemperature"] ?? "") "
            + "\(day["sky"] ?? "") \(day["source"] ?? "")"
        }
      }
      #expect(days[0] == days[1])
      #expect(days[0].count == 11)
    }

    @Test func aProcessKilledWhileRefreshingLeavesTheCacheWhole() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      _ = try await Self.refresh(haru, server, at: ForecastServer.instantText, town: Self.towns[0])
      let folder = haru.dataDirectory.appending(path: "forecast-cache")
      let names = ["parts-kma-60-127.json", "outlook-kma-60-127.json"]

      for attempt in 0..<12 {
        let later = "2026-11-30T\(11 + attempt):10:00+09:00"
        let running = try haru.launch(
          [
            "forecast", "--json", "--service-key", "test-key", "--base-url",
            server.baseURL.absoluteString, "--now", later,
          ] + Self.towns[0])
        usleep(UInt32(20_000 + attempt * 15_000))
        running.kill()
        _ = await running.result()
        for name in names {
          let data = try Data(contentsOf: folder.appending(path: name))
          let document = try JSONSerialization.jsonObject(with: data) as? [String: Any]
          // The outlook file is of version 3, the parts file of version 2: whole either way.
          let version = name.hasPrefix("outlook-") ? 3 : 2
          #expect(document?["version"] as? Int == version, "\(name) after kill \(attempt)")
        }
      }
    }
  }
}
