import Foundation
import HaruForecast
import HaruForecastTesting
import HaruTestSupport
import Testing

extension HaruCLI {
  /// `haru warnings` and the warnings in `haru forecast`, against a local server shaped like
  /// KMA's warning service.
  @Suite(.timeLimit(.minutes(2)))
  struct WarningsCommandTests {
    /// A server whose warning service answers `getPwnCd` for one day with a body, every other
    /// day with `03`, and `getPwnStatus` with the real `o 없 음`; every other path as
    /// ``ForecastServer`` answers with its KMA fixtures.
    static func server(day: String, events: String) throws -> LocalHTTPServer {
      try LocalHTTPServer { request in
        let json = ForecastServer.json
        guard request.target.contains("/WthrWrnInfoService/") else {
          let body =
            request.target.hasPrefix("/B552584/")
            ? ForecastServer.airBody(for: request.target)
            : ForecastServer.kmaBody(for: request.target)
          return .respond(status: 200, headers: json, body: Data(body.utf8))
        }
        if request.target.contains("getPwnStatus") {
          return .respond(
            status: 200, headers: json, body: Data(KMAWarningsFixtures.statusNone.utf8))
        }
        let body = request.target.contains("fromTmFc=\(day)") ? events : KMAWarningsFixtures.noData
        return .respond(status: 200, headers: json, body: Data(body.utf8))
      }
    }

    /// A `getPwnCd` body of one issue row.
    static func issue(zone: String, kind: Int, level: Int, at minute: Int64) -> String {
      #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":"#
        + #"{"item":[{"stnId":"108","tmFc":\#(minute),"tmSeq":7,"areaCode":"\#(zone)","#
        + #""areaName":"","warnVar":\#(kind),"warnStress":\#(level),"command":"1","#
        + #""startTime":0,"endTime":0,"allEndTime":0,"cancel":"0"}]},"totalCount":1}}}"#
    }

    static func warnings(_ haru: Haru, server: LocalHTTPServer, now: String, _ arguments: [String])
      async throws -> HaruResult
    {
      try await haru.run(
        [
          "warnings", "--service-key", "warn-key", "--warn-base-url",
          server.baseURL.appending(path: "1360000/WthrWrnInfoService").absoluteString, "--now",
          now,
        ] + arguments)
    }

    @Test func offlineShowsKMAsRealWarningsOfSeptember26WithNoKey() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let text = try await haru.run(["warnings", "--offline", "--lang", "ko"])
      #expect(text.status == 0, "\(text)")
      let lines = text.standardOutput.split(separator: "\n").map(String.init)
      #expect(lines.first?.hasPrefix("샘플 데이터") == true, "\(text)")
      #expect(lines.first?.contains("2026-09-26") == true, "\(text)")
      #expect(lines.contains { $0.hasPrefix("호우경보 · 일부 지역: 제주도산지") }, "\(text)")
      #expect(text.standardOutput.contains("출처: 기상청"), "\(text)")
      let json = try await haru.run(["warnings", "--offline", "--json"])
      #expect(json.status == 0, "\(json)")
      #expect(json.standardError.contains("SAMPLE DATA"), "\(json)")
      let document = try #require(try json.json() as? [String: Any], "\(json)")
      #expect(document["town"] as? String == "서귀포시")
      #expect(document["asOf"] as? String == "2026-09-26T11:30:00+09:00")
      let active = try #require(document["active"] as? [[String: Any]])
      #expect(active.map { $0["level"] as? String } == ["경보", "주의보"])
    }

    @Test func jsonPrintsTheContractForTheRealRowsOfSeptember26() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try Self.server(day: "20260926", events: KMAWarningsFixtures.eventsSeptember26)
      defer { server.stop() }
      let result = try await Self.warnings(
        haru, server: server, now: "2026-09-26T11:30:00+09:00", ["--town", "서귀포시", "--json"])
      #expect(result.status == 0, "\(result)")
      let document = try #require(try result.json() as? [String: Any], "\(result)")
      #expect(
        Set(document.keys) == ["asOf", "town", "zones", "active", "preliminary", "missing"])
      #expect(document["asOf"] as? String == "2026-09-26T11:30:00+09:00")
      #expect(document["town"] as? String == "서귀포시")
      #expect(document["missing"] is NSNull)
      #expect((document["preliminary"] as? [Any])?.isEmpty == true)
      let zones = try #require(document["zones"] as? [[String: Any]])
      #expect(
        zones.contains { $0["code"] as? String == "L1090500" && $0["name"] as? String == "제주도산지" })
      let active = try #require(document["active"] as? [[String: Any]])
      #expect(active.map { $0["kind"] as? String } == ["호우", "호우"])
      #expect(active.map { $0["level"] as? String } == ["경보", "주의보"])
      let first = try #require(active.first)
      #expect((first["zone"] as? [String: Any])?["code"] as? String == "L1090500")
      #expect((first["zone"] as? [String: Any])?["name"] as? String == "제주도산지")
      #expect(first["partOfTown"] as? Bool == true)
      #expect(first["issuedAt"] as? String == "2026-09-26T11:00:00+09:00")
      #expect(first["effectiveAt"] as? String == "2026-09-26T11:00:00+09:00")
    }

    @Test func aSplitCitysSubZoneIsShownAsPartOfTheTown() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try Self.server(
        day: "20260729",
        events: Self.issue(zone: "L1013820", kind: 12, level: 1, at: 202_607_291_000))
      defer { server.stop() }
      let result = try await Self.warnings(
        haru, server: server, now: "2026-07-29T12:00:00+09:00",
        ["--town", "용인시수지구 성복동", "--lang", "ko"])
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput.contains("폭염경보 · 일부 지역: 용인시서북부"), "\(result)")
      #expect(result.standardOutput.contains("출처: 기상청"))
    }

    @Test func aRefusalSaysWhyAndShowsNothingAsInForce() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try LocalHTTPServer { _ in
        .respond(
          status: 200, headers: ForecastServer.json,
          body: Data(KMAWarningsFixtures.keyNotRegistered.utf8))
      }
      defer { server.stop() }
      let result = try await Self.warnings(
        haru, server: server, now: "2026-09-26T11:30:00+09:00",
        ["--lat", "33.25", "--lon", "126.56", "--json", "--lang", "en"])
      #expect(result.status == 0, "\(result)")
      #expect(result.standardError.contains("KMA weather warning service"), "\(result)")
      let document = try #require(try result.json() as? [String: Any], "\(result)")
      #expect((document["active"] as? [Any])?.isEmpty == true)
      let missing = try #require(document["missing"] as? [String: Any])
      #expect(missing["service"] as? String == "kmaWarnings")
      #expect(missing["resultCode"] as? String == "30")
    }

    @Test func withoutAKeyItIsAUsageError() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["warnings", "--town", "성복동"])
      #expect(result.status == 2, "\(result)")
      #expect(result.standardError.contains("HARU_KMA_SERVICE_KEY"))
    }

    @Test func forecastShowsTheWarningsAboveTheDaysAndInItsJSON() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try Self.server(
        day: "20261130",
        events: Self.issue(zone: "L1100000", kind: 3, level: 0, at: 202_611_300_600))
      defer { server.stop() }
      let arguments = [
        "forecast", "--service-key", "key", "--base-url",
        server.baseURL.appending(path: "1360000/VilageFcstInfoService_2.0").absoluteString,
        "--now", ForecastServer.instantText, "--lang", "ko",
      ]
      let text = try await haru.run(arguments)
      #expect(text.status == 0, "\(text)")
      let output = text.standardOutput
      let warning = try #require(output.range(of: "한파주의보 · 서울특별시"), "\(text)")
      let today = try #require(output.range(of: "11-29"), "\(text)")
      #expect(warning.lowerBound < today.lowerBound, "\(text)")
      let json = try await haru.run(arguments + ["--json"])
      let document = try #require(try json.json() as? [String: Any], "\(json)")
      let warnings = try #require(document["warnings"] as? [[String: Any]])
      #expect(warnings.map { $0["kind"] as? String } == ["한파"])
      #expect(warnings.first?["level"] as? String == "주의보")
      #expect(warnings.first?["partOfTown"] as? Bool == false)
    }
  }
}
