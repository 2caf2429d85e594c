import Foundation
import HaruForecast
import HaruForecastTesting
import Testing

/// What the test transports offer beyond the transport contract.
struct TestingTransportTests {
  @Test func routesAreTriedInOrderAndMatchOnQueryItems() async throws {
    let transport = StubTransport(routes: [
      .init(path: "getVilageFcst", query: ["base_time": "0800"], response: .json("first")),
      .init(path: "getVilageFcst", response: .json("second")),
      .init(path: "getUltraSrtNcst", error: ForecastError(.timeout, message: "slow")),
    ])
    func send(_ text: String) async throws(ForecastError) -> String {
      let url = URL(string: "https://example.com/x/\(text)") ?? URL(filePath: "/")
      let response = try await transport.send(HTTPRequest(url: url))
      return "\(response.status) \(String(decoding: response.body, as: UTF8.self))"
    }
    #expect(try await send("getVilageFcst?base_time=0800") == "200 first")
    #expect(try await send("getVilageFcst?base_time=%30500") == "200 second")
    #expect(try await send("getVilageFcst?base_time=%30800") == "200 first")
    let error = await #expect(throws: ForecastError.self) { try await send("getUltraSrtNcst") }
    #expect(error?.code == .timeout)
    #expect(try await send("other").hasPrefix("404 "))
    #expect(transport.requests.count == 5)
  }

  @Test func aClosureCanChangeItsAnswerFromCallToCall() async throws {
    let transport = StubTransport { (_: HTTPRequest) throws(ForecastError) -> HTTPResponse in
      // Fails until it has been asked three times.
      throw ForecastError(.transport, message: "down")
    }
    let counting = StubTransport { request throws(ForecastError) -> HTTPResponse in
      _ = try? await transport.send(request)
      guard transport.requests.count >= 3 else {
        throw ForecastError(.transport, message: "down")
      }
      return .json("{}")
    }
    let url = URL(string: "https://example.com/a") ?? URL(filePath: "/")
    for _ in 0..<2 {
      await #expect(throws: ForecastError.self) { try await counting.send(HTTPRequest(url: url)) }
    }
    #expect(try await counting.send(HTTPRequest(url: url)).status == 200)
    #expect(counting.requests.count == 3)
  }

  @Test func theRecordedTransportNamesFilesByPathAndChosenQueryItems() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "haru-recorded-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("{\"a\":1}".utf8).write(
      to: directory.appending(path: "getVilageFcst_20261130_2300.json"))
    try Data("<x/>".utf8).write(to: directory.appending(path: "getVilageFcst_20261130_0500.xml"))
    try Data(" 403 ".utf8).write(
      to: directory.appending(path: "getVilageFcst_20261130_0500.status"))
    let transport = RecordedTransport(
      directory: directory,
      naming: RecordedTransport.naming(queryItems: ["base_date", "base_time"]))
    func send(_ time: String) async throws(ForecastError) -> HTTPResponse {
      let url =
        URL(
          string:
            "https://example.com/s/getVilageFcst?serviceKey=k&base_date=20261130&base_time=\(time)"
        ) ?? URL(filePath: "/")
      return try await transport.send(HTTPRequest(url: url))
    }
    let json = try await send("2300")
    #expect(json.status == 200)
    #expect(json.value(forHeader: "content-type")?.hasPrefix("application/json") == true)
    #expect(json.body == Data("{\"a\":1}".utf8))
    let xml = try await send("0500")
    #expect(xml.status == 403)
    #expect(xml.value(forHeader: "Content-Type")?.hasPrefix("text/xml") == true)
    let missing = try await send("0800")
    #expect(missing.status == 404)
    #expect(String(decoding: missing.body, as: UTF8.self).contains("getVilageFcst_20261130_0800"))
    #expect(transport.requests.count == 3)
  }

  @Test func aRecordedFileNameCannotLeaveTheDirectory() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "haru-recorded-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let transport = RecordedTransport(directory: directory, naming: { _ in "../../etc/passwd" })
    let response = try await transport.send(
      HTTPRequest(url: URL(string: "https://example.com/a") ?? URL(filePath: "/")))
    #expect(response.status == 404)
    #expect(String(decoding: response.body, as: UTF8.self).contains(".._.._etc_passwd"))
  }

  @Test func theFixturesLookLikeTheService() throws {
    let evening = try KMARun(
      operation: .shortTermForecast, baseDate: try day(2026, 11, 29), baseHour: 23)
    let items = KMAFixtures.shortTermForecastItems(for: evening, at: seoul)
    #expect((900...1100).contains(items.count))
    #expect(Set(items.map(\.category)).isSuperset(of: ["TMP", "TMN", "TMX", "UUU", "WAV", "PCP"]))
    #expect(items.filter { $0.category == "TMN" }.allSatisfy { $0.forecastTime == "0600" })
    #expect(items.filter { $0.category == "TMX" }.allSatisfy { $0.forecastTime == "1500" })
    let morning = try KMARun(
      operation: .shortTermForecast, baseDate: try day(2026, 11, 30), baseHour: 14)
    let afternoon = KMAFixtures.shortTermForecastItems(for: morning, at: seoul)
    #expect(!afternoon.contains { $0.category == "TMX" && $0.forecastDate == "20261130" })
  }
}
