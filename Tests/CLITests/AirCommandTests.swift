import Foundation
import HaruForecast
import HaruForecastTesting
import HaruTestSupport
import Testing

extension HaruCLI {
  /// `haru air` and the air quality in `haru forecast`, against a local server shaped like KMA's
  /// and AirKorea's services.
  @Suite(.timeLimit(.minutes(2)))
  struct AirCommandTests {
    static func air(_ haru: Haru, server: LocalHTTPServer, _ arguments: [String]) async throws
      -> HaruResult
    {
      try await haru.run(
        [
          "air", "--air-service-key", "air-key", "--air-base-url",
          server.baseURL.appending(path: "B552584").absoluteString, "--now",
          ForecastServer.instantText,
        ] + arguments)
    }

    @Test func jsonPrintsEachPollutantWithItsGradeStationAndTime() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      let result = try await Self.air(haru, server: server, ["--json", "--lang", "en"])
      #expect(result.status == 0, "\(result)")
      let document = try #require(try result.json() as? [String: Any], "\(result)")
      #expect(document["town"] as? String != nil)
      let air = try #require(document["air"] as? [String: Any])
      #expect(air["scale"] as? String == "korea")
      #expect(air["attribution"] as? String == "출처: 한국환경공단 에어코리아")
      #expect(air["forecastRegion"] as? String == "서울")
      let pm10 = try #require(air["pm10"] as? [String: Any])
      #expect(pm10["station"] as? String == "중구")
      #expect(pm10["oneHour"] as? Double == 21)
      #expect(pm10["measuredAt"] as? String == "2026-11-30T10:00:00+09:00")
      // The body has no 24-hour averages (no `ver`), so the korea scale has no PM10 grade.
      #expect(pm10["grade"] is NSNull)
      let pm25 = try #require(air["pm25"] as? [String: Any])
      #expect(pm25["value"] is NSNull)
      #expect(pm25["missingReason"] as? String == "No nearby station measures it")
      let ozone = try #require(air["ozone"] as? [String: Any])
      let grade = try #require(ozone["grade"] as? [String: Any])
      #expect(grade["name"] as? String == "Good")
      let forecast = try #require(air["forecast"] as? [[String: Any]])
      #expect(forecast.first?["date"] as? String == "2026-11-30")
      #expect(forecast.first?["pm10"] as? String == "보통")
      #expect((air["integratedIndex"] as? [String: Any])?["station"] as? String == "중구")
    }

    @Test func offlineShowsAirKoreasRealSampleWithNoKeyLabelledWithItsDate() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let text = try await haru.run(["air", "--offline", "--lang", "en"])
      #expect(text.status == 0, "\(text)")
      let lines = text.standardOutput.split(separator: "\n").map(String.init)
      #expect(lines.first?.hasPrefix("SAMPLE DATA") == true, "\(text)")
      #expect(lines.first?.contains("2023-11-08 14:00") == true, "\(text)")
      #expect(
        lines.contains { $0.hasPrefix("Ozone") && $0.contains("0.025 ppm") && $0.contains("중구") })
      #expect(text.standardOutput.contains("출처: 한국환경공단 에어코리아"), "\(text)")
      let json = try await haru.run(["air", "--offline", "--json"])
      #expect(json.status == 0, "\(json)")
      // The label goes to standard error, so that standard output is the JSON contract.
      #expect(json.standardError.contains("SAMPLE DATA"), "\(json)")
      let air = try #require(try json.json() as? [String: Any], "\(json)")["air"]
      let pm10 = try #require((air as? [String: Any])?["pm10"] as? [String: Any])
      #expect(pm10["station"] as? String == "중구")
      #expect(pm10["oneHour"] as? Double == 21)
      #expect(pm10["measuredAt"] as? String == "2023-11-08T14:00:00+09:00")
      let korean = try await haru.run(["air", "--offline", "--lang", "ko"])
      #expect(korean.standardOutput.hasPrefix("샘플 데이터"), "\(korean)")
    }

    @Test func aRefusedAirKoreaKeyPointsToTheGuideToTheKeys() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaShortTermOnly)
      defer { server.stop() }
      let result = try await Self.air(haru, server: server, [])
      #expect(result.status == 3, "\(result)")
      #expect(result.standardError.contains("haru help keys"), "\(result)")
    }

    @Test func theScaleIsTheOneAsked() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      let result = try await Self.air(haru, server: server, ["--json", "--scale", "eight"])
      let air = try #require(try result.json() as? [String: Any], "\(result)")["air"]
      let pm10 = try #require((air as? [String: Any])?["pm10"] as? [String: Any])
      // 21 ㎍/㎥ in the hour: 좋음, the second of eight steps.
      #expect((pm10["grade"] as? [String: Any])?["level"] as? Int == 2)
      #expect((air as? [String: Any])?["scale"] as? String == "eightLevel")
    }

    @Test func textShowsThePollutantsTheStationsAndTheForecast() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      let result = try await Self.air(haru, server: server, ["--lang", "ko", "--scale", "eight"])
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput.contains("미세먼지"))
      #expect(result.standardOutput.contains("중구 도시대기"))
      #expect(result.standardOutput.contains("예보 서울 오늘"))
      #expect(result.standardOutput.contains("출처: 한국환경공단 에어코리아"))
      #expect(result.standardOutput.contains("잠정"))
    }

    @Test(arguments: [["--scale", "us"], ["--scale"], ["extra"], ["--air-base-url", "ftp://x"]])
    func aWrongCommandLineIsAUsageError(_ arguments: [String]) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      let result = try await Self.air(haru, server: server, arguments)
      #expect(result.status == 2, "\(result)")
    }

    @Test func withoutAnyKeyItSaysWhereTheKeyComesFrom() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["air", "--lang", "en"])
      #expect(result.status == 2, "\(result)")
      #expect(result.standardError.contains("HARU_AIRKOREA_SERVICE_KEY"))
    }

    @Test func aUsedUpQuotaIsADataErrorThatSaysWhen() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.airQuotaExceeded)
      defer { server.stop() }
      let result = try await Self.air(haru, server: server, ["--lang", "en"])
      #expect(result.status == 3, "\(result)")
      #expect(result.standardError.contains("quota"))
      #expect(result.standardError.contains("midnight"))
      #expect(!result.standardError.contains("air-key"))
    }

    @Test func aKeyForTheShortTermForecastOnlyGetsItsDaysAndTheReasonsWithExitZero() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaShortTermOnly)
      defer { server.stop() }
      let result = try await haru.run([
        "forecast", "--json", "--lang", "en", "--service-key", "short-term-only-key",
        "--base-url", server.baseURL.absoluteString, "--now", ForecastServer.instantText,
      ])
      #expect(result.status == 0, "\(result)")
      let document = try #require(try result.json() as? [String: Any], "\(result)")
      #expect(document["missing"] as? [String] == ["midTerm", "air"])
      #expect(document["air"] is NSNull)
      let reasons = try #require(document["missingReasons"] as? [[String: Any]])
      #expect(reasons.map { $0["part"] as? String } == ["midTerm", "air"])
      #expect(reasons.map { $0["service"] as? String } == ["kmaMidTerm", "airKoreaStations"])
      #expect(reasons.map { $0["resultCode"] as? String } == ["30", "30"])
      #expect(reasons.allSatisfy { ($0["message"] as? String)?.contains("Apply for it") == true })
      let days = try #require(document["days"] as? [[String: Any]])
      #expect(days.allSatisfy { $0["source"] as? String == "short-term" })
      #expect(days.count >= 4)
      #expect(
        result.standardError.contains("haru: note: The key is not approved for the KMA mid-term"))
      #expect(result.standardError.contains("AirKorea station service"))
      #expect(!result.standardError.contains("short-term-only-key"))
      #expect(!result.standardOutput.contains("short-term-only-key"))
    }

    @Test func theForecastTextShowsTheAirQualityUnderTheDays() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      let result = try await haru.run([
        "forecast", "--lang", "ko", "--service-key", "k", "--base-url",
        server.baseURL.absoluteString, "--now", ForecastServer.instantText,
      ])
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput.contains("오존"))
      #expect(result.standardOutput.contains("중구"))
      #expect(result.standardError.isEmpty, "\(result)")
    }
  }
}
