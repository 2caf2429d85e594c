import Foundation
import HaruForecast
import HaruForecastTesting
import HaruTestSupport
import Testing

extension HaruCLI {
  /// `haru forecast` against a local server shaped like the KMA service, and offline.
  @Suite(.timeLimit(.minutes(2)))
  struct ForecastCommandTests {
    static let key = "test-key"

    /// `haru forecast` with the test key, asking `base` at `now`, plus `arguments`.
    static func forecast(
      _ haru: Haru, base: URL, _ arguments: [String] = [], now: String = ForecastServer.instantText
    ) async throws -> HaruResult {
      try await haru.run(
        ["forecast", "--service-key", key, "--base-url", base.absoluteString, "--now", now]
          + arguments)
    }

    @Test func jsonPrintsTheContract() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      let result = try await haru.run([
        "forecast", "--json", "--service-key", Self.key, "--base-url",
        server.baseURL.absoluteString,
        "--now", ForecastServer.instantText,
      ])
      #expect(result.status == 0, "\(result)")
      let document = try #require(try result.json() as? [String: Any], "\(result)")
      #expect(
        Set(document.keys) == [
          "provider", "grid", "issuedAt", "midTermIssuedAt", "stale", "staleReason", "current",
          "missing", "missingReasons", "air", "warnings", "days", "hours", "nextHours", "rain",
          "uv", "pollen", "requests",
        ])
      // The UV index of 09:00 (out at 09:30) for the area nearest the coordinate: 4 at 09–12 h,
      // 7 at noon; no pollen in November, and none asked.
      let uv = try #require(document["uv"] as? [String: Any], "\(result)")
      #expect(uv["index"] as? Int == 4 && uv["grade"] as? String == "moderate")
      #expect(uv["max"] as? Int == 7)
      #expect(uv["issuedAt"] as? String == "2026-11-30T09:00:00+09:00")
      let pollen = try #require(document["pollen"] as? [[String: Any]], "\(result)")
      #expect(pollen.compactMap { $0["kind"] as? String } == ["oak", "pine", "weeds"])
      for kind in pollen {
        #expect(Set(kind.keys) == ["kind", "today", "tomorrow", "inSeason"])
        #expect(kind["inSeason"] as? Bool == false && kind["today"] is NSNull)
      }
      #expect(!server.received.contains { $0.target.contains("Pollen") })
      let uvRequest = try #require(server.received.first { $0.target.contains("getUVIdxV5") })
      #expect(uvRequest.target.contains("areaNo=1114"))
      #expect(uvRequest.target.contains("time=2026113009"))
      // The ultra-short fixture has drizzle in its sixth hour (15:00) and the short-term one no
      // rain that day: the line is the ultra-short forecast's, in both languages.
      #expect(
        document["rain"] as? [String: String]
          == ["ko": "15시부터 빗방울 (1mm 미만)", "en": "Drizzle from 15:00 (under 1 mm)"])
      #expect((document["missingReasons"] as? [Any])?.isEmpty == true)
      // The warning service answers "no data" for every day: none in force.
      #expect((document["warnings"] as? [Any])?.isEmpty == true)
      let air = try #require(document["air"] as? [String: Any], "\(result)")
      #expect((air["pm10"] as? [String: Any])?["station"] as? String == "중구")
      #expect(document["midTermIssuedAt"] as? String == "2026-11-30T06:00:00+09:00")
      #expect(document["staleReason"] is NSNull)
      #expect(document["missing"] as? [String] == [])
      #expect(document["current"] is [String: Any])
      #expect(document["provider"] as? String == "kma")
      let grid = try #require(document["grid"] as? [String: Any])
      #expect(grid["nx"] as? Int == 60)
      #expect(grid["ny"] as? Int == 127)
      #expect(document["stale"] as? Bool == false)
      // The 08:00 run is the newest at 10:00 KST.
      #expect(document["issuedAt"] as? String == "2026-11-30T08:00:00+09:00")
      let days = try #require(document["days"] as? [[String: Any]])
      let dates = days.compactMap { $0["date"] as? String }
      #expect(Array(dates.prefix(3)) == ["2026-11-29", "2026-11-30", "2026-12-01"])
      #expect(dates == dates.sorted())
      // Yesterday, then ten days from today: the 08:00 run to day 3, the 06:00 issuance after.
      #expect(dates.count == 11)
      #expect(dates.last == "2026-12-09")
      #expect(
        days.map { $0["source"] as? String ?? "" }
          == Array(repeating: "short-term", count: 5) + Array(repeating: "mid-term", count: 6))
      let skies: Set<String> = ["clear", "mostlyCloudy", "overcast"]
      let types: Set<String> = [
        "none", "rain", "rainAndSnow", "snow", "shower", "drizzle", "drizzleAndFlurries",
        "flurries",
      ]
      for day in days {
        #expect(
          Set(day.keys) == [
            "date", "source", "minTemperature", "maxTemperature", "minTemperatureDerived",
            "maxTemperatureDerived", "partial", "sky", "precipitationType",
            "precipitationProbability", "morning", "afternoon", "sunrise", "sunset",
            "feelsLikeMin", "feelsLikeMax",
          ])
        for half in ["morning", "afternoon"] {
          let value = try #require(day[half] as? [String: Any], "\(half): \(day)")
          #expect(Set(value.keys) == ["sky", "precipitationType", "precipitationProbability"])
        }
        let sunrise = try #require(day["sunrise"] as? String)
        let sunset = try #require(day["sunset"] as? String)
        #expect(sunrise.hasSuffix("+09:00") && sunset.hasSuffix("+09:00"))
        #expect(sunrise.hasPrefix(day["date"] as? String ?? "?"))
        #expect(day["minTemperatureDerived"] is Bool && day["partial"] is Bool)
        let minimum = try #require(day["minTemperature"] as? Double)
        let maximum = try #require(day["maxTemperature"] as? Double)
        #expect(minimum <= maximum)
        #expect(skies.contains(day["sky"] as? String ?? ""), "\(day)")
        #expect(types.contains(day["precipitationType"] as? String ?? ""), "\(day)")
        let chance = try #require(day["precipitationProbability"] as? Int)
        #expect((0...100).contains(chance))
      }
      // A short-term day has its 체감온도 extremes, a mid-term day (no hours) none.
      for day in days {
        let shortTerm = day["source"] as? String == "short-term"
        let lowest = day["feelsLikeMin"] as? Double
        let highest = day["feelsLikeMax"] as? Double
        #expect((lowest != nil && highest != nil) == shortTerm, "\(day)")
        if let lowest, let highest { #expect(lowest <= highest) }
      }
      let current = try #require(document["current"] as? [String: Any])
      #expect(current["feelsLike"] is Double, "\(current)")
      // The short-term forecast hour by hour from 10:00, the hour asked about, to its end.
      let hours = try #require(document["hours"] as? [[String: Any]])
      #expect(hours.first?["time"] as? String == "2026-11-30T10:00:00+09:00")
      let times = hours.compactMap { $0["time"] as? String }
      #expect(times == times.sorted() && Set(times).count == times.count)
      #expect(hours.count >= 62)
      for hour in hours {
        #expect(
          Set(hour.keys) == [
            "time", "temperature", "feelsLike", "humidity", "windSpeed", "sky", "precipitation",
            "precipitationType", "probability",
          ])
        #expect(hour["temperature"] is Double, "\(hour)")
        // In winter at 10 °C or less 체감온도 needs the wind: none without it.
        #expect(hour["feelsLike"] is Double || hour["windSpeed"] is NSNull, "\(hour)")
        #expect(skies.contains(hour["sky"] as? String ?? ""), "\(hour)")
        #expect(types.contains(hour["precipitationType"] as? String ?? ""), "\(hour)")
        #expect((0...100).contains(hour["probability"] as? Int ?? -1), "\(hour)")
      }
      // The ultra-short run of 09:30: its six hours from 10:00, each with the hour's fields; the
      // fixture has no POP (as the bodies before 2026-06-23), so no probability.
      let next = try #require(document["nextHours"] as? [[String: Any]])
      #expect(
        next.compactMap { $0["time"] as? String }
          == (10...15).map { "2026-11-30T\($0):00:00+09:00" })
      for hour in next {
        #expect(Set(hour.keys) == Set(hours.first?.keys.map { $0 } ?? []), "\(hour)")
        #expect(hour["temperature"] is Double && hour["probability"] is NSNull, "\(hour)")
      }
      #expect(next.last?["precipitationType"] as? String == "drizzle")
      // The key went to the server, in its parameter.
      #expect(server.received.allSatisfy { $0.target.contains("serviceKey=\(Self.key)") })
    }

    @Test(arguments: [
      // A wind of 0.6 m/s at −1.2 °C: below the 1.3 m/s of wind chill, 체감온도 is the air's.
      (ForecastServer.Behaviour.kmaFixtures, -1.2, false),
      // 5 m/s (18 km/h) at −1.2 °C: a wind chill of −6.44 °C, shown.
      (ForecastServer.Behaviour.kmaFixturesWindyNowcast, -6.4, true),
    ])
    func theTemperatureNowShowsItsFeelsLikeOnlyWhenItDiffersByADegree(
      behaviour: ForecastServer.Behaviour, feelsLike expected: Double, shown: Bool
    ) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(behaviour)
      defer { server.stop() }
      let json = try await Self.forecast(haru, base: server.baseURL, ["--json"])
      let current = try #require(
        (try json.json() as? [String: Any])?["current"] as? [String: Any], "\(json)")
      #expect(current["temperature"] as? Double == -1.2)
      #expect(current["feelsLike"] as? Double == expected, "\(current)")
      let english = try await Self.forecast(haru, base: server.baseURL, ["--lang", "en"])
      let korean = try await Self.forecast(haru, base: server.baseURL, ["--lang", "ko"])

      let now = try #require(
        english.standardOutput.split(separator: "\n").first { $0.hasPrefix("Now ") }, "\(english)")
      #expect(now.contains(" · feels like -6°") == shown, "\(now)")
      // The rain line comes before the conditions now.
      let lines = english.standardOutput.split(separator: "\n").map(String.init)
      let rain = try #require(
        lines.firstIndex(of: "Drizzle from 15:00 (under 1 mm)"), "\(english)")
      #expect(lines.firstIndex { $0.hasPrefix("Now ") }.map { rain < $0 } == true)
      #expect(korean.standardOutput.contains(" · 체감 -6°") == shown, "\(korean)")
    }

    @Test func theAPIHubGatewaySendsItsKeyAsAuthKeyAndSaysWhereToApply() async throws {
      var haru = try Haru()
      defer { haru.removeFiles() }
      haru.environment["HARU_KMA_AUTH_KEY"] = "hub-key"
      let server = try ForecastServer.start(.midTermRefusedByAPIHub)
      defer { server.stop() }
      let result = try await haru.run([
        "forecast", "--gateway", "apihub", "--base-url", server.baseURL.absoluteString, "--now",
        ForecastServer.instantText, "--lang", "en",
      ])

      // The rest of the outlook is served; the mid-term part is missing with API Hub's advice.
      #expect(result.status == 0, "\(result)")
      #expect(result.standardError.contains("on KMA's API Hub"), "\(result)")
      #expect(result.standardError.contains("apihub.kma.go.kr"), "\(result)")
      let forecast = server.received.filter {
        $0.target.contains("getVilageFcst") || $0.target.contains("tmFc=")
      }
      #expect(!forecast.isEmpty)
      #expect(forecast.allSatisfy { $0.target.contains("authKey=hub-key") }, "\(forecast)")
      #expect(!forecast.contains { $0.target.contains("serviceKey=") })
    }

    @Test func anUnknownGatewayIsAUsageError() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      for command in [["forecast"], ["warnings"]] {
        let result = try await haru.run(
          command + ["--gateway", "hub", "--service-key", "k", "--lang", "en"])
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("--gateway is portal or apihub, not \"hub\""))
      }
    }

    @Test func aBadKeyWithAKeptForecastExitsThreeWithTheReasonNeverZero() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let good = try ForecastServer.start(.kmaFixtures)
      defer { good.stop() }
      let first = try await Self.forecast(haru, base: good.baseURL)
      #expect(first.status == 0, "\(first)")
      // The real gateway refusal of an unknown key: HTTP 403 with a JSON envelope.
      let refusing = try ForecastServer.start(.json(403, KMAMidTermFixtures.keyNotRegistered))
      defer { refusing.stop() }
      for json in [[], ["--json"]] {
        let later = try await Self.forecast(
          haru, base: refusing.baseURL, json, now: "2026-11-30T11:30:00+09:00")
        #expect(later.status == 3, "\(later)")
        #expect(later.standardError.contains("KMA result code 30"), "\(later)")
        #expect(later.standardError.contains("not known"), "\(later)")
        #expect(!later.standardOutput.contains("STALE"), "\(later)")
      }
    }

    @Test func aRedirectToAnotherHostExitsThreeWithoutACrash() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let redirecting = try LocalHTTPServer { request in
        .respond(
          status: 302, headers: ["Location": "http://localhost:1/elsewhere\(request.target)"],
          body: Data())
      }
      defer { redirecting.stop() }
      // The crash this guards against came about once in fifteen runs: run it twenty times.
      for _ in 0..<20 {
        let result = try await Self.forecast(haru, base: redirecting.baseURL)
        #expect(result.status == 3, "\(result)")
        #expect(result.standardError.contains("redirect"), "\(result)")
      }
    }

    @Test func theGatewayRefusalOfAnUnknownKeyExitsThree() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let refusing = try ForecastServer.start(.json(403, KMAMidTermFixtures.keyNotRegistered))
      defer { refusing.stop() }
      let result = try await Self.forecast(haru, base: refusing.baseURL)
      #expect(result.status == 3, "\(result)")
      #expect(result.standardError.contains("KMA result code 30"), "\(result)")
    }

    @Test func onlyTheNowcastMissingIsServedAndSaysSo() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixturesWithoutNowcast)
      defer { server.stop() }
      let result = try await Self.forecast(haru, base: server.baseURL, ["--json"])
      #expect(result.status == 0, "\(result)")
      let document = try #require(try result.json() as? [String: Any])
      #expect(document["missing"] as? [String] == ["current"])
      #expect(document["current"] is NSNull)
      #expect((document["days"] as? [Any])?.count == 11)
    }

    @Test func onlyTheMidTermMissingIsServedAndSaysSo() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      let closed = ["--mid-base-url", try ForecastServer.closedPortURL().absoluteString]
      let result = try await Self.forecast(haru, base: server.baseURL, ["--json"] + closed)
      #expect(result.status == 0, "\(result)")
      let document = try #require(try result.json() as? [String: Any])
      #expect(document["missing"] as? [String] == ["midTerm"])
      #expect(document["midTermIssuedAt"] is NSNull)
      let sources = (document["days"] as? [[String: Any]])?.compactMap { $0["source"] as? String }
      #expect(sources?.allSatisfy { $0 == "short-term" } == true)
      let human = try await Self.forecast(
        haru, base: server.baseURL, ["--lang", "en"] + closed, now: "2026-11-30T11:30:00+09:00")
      #expect(human.standardOutput.contains("Days 4–10 (mid-term) could not be had"), "\(human)")
    }

    @Test func theMidTermServiceIsAskedAtTheSiblingPathOrAtMidBaseURL() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      let base = server.baseURL.appending(path: "1360000/VilageFcstInfoService_2.0")
      _ = try await Self.forecast(haru, base: base)
      let targets = server.received.map(\.target)
      #expect(targets.contains { $0.hasPrefix("/1360000/MidFcstInfoService/getMidTa?") })
      #expect(targets.contains { $0.hasPrefix("/1360000/MidFcstInfoService/getMidLandFcst?") })
      let mid = try ForecastServer.start(.kmaFixtures)
      defer { mid.stop() }
      // A fresh data folder: the mid-term issuance kept by the first run is not asked again.
      let fresh = try Haru()
      defer { fresh.removeFiles() }
      let named = try await Self.forecast(
        fresh, base: base, ["--mid-base-url", mid.baseURL.appending(path: "mid").absoluteString],
        now: "2026-11-30T11:30:00+09:00")
      #expect(named.status == 0, "\(named)")
      #expect(mid.received.contains { $0.target.hasPrefix("/mid/getMidTa?") })
    }

    @Test func coordinatesWithSurroundingSpacesAreAccepted() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      let result = try await Self.forecast(
        haru, base: server.baseURL, ["--json", "--lat", "37.5665 ", "--lon", " 126.9780\t"])
      #expect(result.status == 0, "\(result)")
      let grid = (try result.json() as? [String: Any])?["grid"] as? [String: Int]
      #expect(grid == ["nx": 60, "ny": 127])
    }

    @Test(arguments: [1, 3, 11])
    func daysSetsHowManyDaysFromTodayAreShown(_ count: Int) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      let result = try await Self.forecast(
        haru, base: server.baseURL, ["--json", "--days", "\(count)"])
      #expect(result.status == 0, "\(result)")
      let dates = ((try result.json() as? [String: Any])?["days"] as? [[String: Any]])?
        .compactMap { $0["date"] as? String }
      // Yesterday, then `count` days from today.
      #expect(dates?.count == count + 1)
      #expect(dates?.first == "2026-11-29")
    }

    @Test(arguments: ["0", "12", "ten"])
    func daysOutsideOneToElevenIsAUsageError(_ value: String) async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let result = try await haru.run(["forecast", "--offline", "--days", value])
      #expect(result.status == 2, "\(result)")
    }

    @Test func humanOutputShowsHalvesExtremesAndTheSun() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      let result = try await Self.forecast(haru, base: server.baseURL, ["--lang", "ko"])
      #expect(result.status == 0, "\(result)")
      let lines = result.standardOutput.split(separator: "\n")
      let today = try #require(lines.first { $0.hasPrefix("오늘") }, "\(result)")
      for word in ["오전", "오후", "07:", "17:"] {
        #expect(today.contains(word), "\(word): \(today)")
      }
      #expect(lines.filter { $0.contains("오전") }.count == 11)
      // The UV index and the pollen after the air quality, before the days.
      let uv = try #require(lines.firstIndex(of: "자외선  보통 (4) · 오늘 최고 7"), "\(result)")
      let pollen = try #require(lines.firstIndex(of: "꽃가루  철이 아님"), "\(result)")
      let air = try #require(lines.firstIndex { $0.contains("㎍/㎥") }, "\(result)")
      let first = try #require(lines.firstIndex { $0.hasPrefix("어제") }, "\(result)")
      #expect(air < uv && uv < pollen && pollen < first)
    }

    @Test func pollenInSeasonIsShownByKindForTodayAndTomorrow() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      // 2026-09-26 13:00 KST: weeds in season, the bulletin of 06:00; oak and pine are not.
      let now = "2026-09-26T13:00:00+09:00"
      let english = try await Self.forecast(haru, base: server.baseURL, ["--lang", "en"], now: now)
      let korean = try await Self.forecast(haru, base: server.baseURL, ["--lang", "ko"], now: now)
      let json = try await Self.forecast(haru, base: server.baseURL, ["--json"], now: now)

      #expect(english.standardOutput.contains("Pollen  Weeds: today Low · tomorrow Moderate"))
      #expect(english.standardOutput.contains("UV      High (7) · highest today 7"), "\(english)")
      #expect(korean.standardOutput.contains("꽃가루  잡초류: 오늘 낮음 · 내일 보통"), "\(korean)")
      #expect(!korean.standardOutput.contains("철이 아님"))
      let document = try #require(try json.json() as? [String: Any], "\(json)")
      let pollen = try #require(document["pollen"] as? [[String: Any]])
      let weeds = try #require(pollen.first { $0["kind"] as? String == "weeds" })
      #expect(weeds["today"] as? String == "low" && weeds["tomorrow"] as? String == "moderate")
      #expect(weeds["inSeason"] as? Bool == true)
      #expect(pollen.filter { $0["inSeason"] as? Bool == false }.count == 2)
      // Asked once in three runs: the bulletin is kept.
      #expect(server.received.filter { $0.target.contains("getWeedsPollenRiskndxV3") }.count == 1)
      #expect(!server.received.contains { $0.target.contains("getOakPollenRiskIdxV3") })
    }

    @Test func humanOutputShowsThreeDaysInTheSavedUnit() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      try await haru.run(["settings", "set", "unit", "fahrenheit"])
      let result = try await haru.run([
        "forecast", "--lang", "en", "--service-key", Self.key, "--base-url",
        server.baseURL.absoluteString, "--now", ForecastServer.instantText,
      ])
      #expect(result.status == 0, "\(result)")
      for word in ["Yesterday", "Today", "Tomorrow", "°F", "서울특별시청", "yesterday"] {
        #expect(result.standardOutput.contains(word), "\(word): \(result)")
      }
    }

    @Test func aPlaceCanBeGivenByCoordinateGridOrSavedName() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaFixtures)
      defer { server.stop() }
      try await haru.run(["towns", "add", "부산", "--nx", "98", "--ny", "76"])
      let common = [
        "--json", "--service-key", Self.key, "--base-url", server.baseURL.absoluteString, "--now",
        ForecastServer.instantText,
      ]
      let places: [([String], Int, Int)] = [
        (["--town", "부산"], 98, 76),
        (["--lat", "33.4996213", "--lon", "126.5311884"], 53, 38),
        (["--nx", "89", "--ny", "90"], 89, 90),
        ([], 98, 76),
      ]
      for (place, nx, ny) in places {
        let result = try await haru.run(["forecast"] + place + common)
        #expect(result.status == 0, "\(place): \(result)")
        let grid = (try result.json() as? [String: Any])?["grid"] as? [String: Int]
        #expect(grid == ["nx": nx, "ny": ny], "\(place)")
      }
    }

    @Test func aKMAResultCodeExitsWithThreeAndNamesTheCode() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaGatewayError(.serviceKeyNotRegistered))
      defer { server.stop() }
      let result = try await haru.run([
        "forecast", "--service-key", Self.key, "--base-url", server.baseURL.absoluteString,
        "--now", ForecastServer.instantText,
      ])
      #expect(result.status == 3, "\(result)")
      #expect(result.standardError.contains("KMA result code 30"), "\(result)")
      // A refused key points to the guide to the keys.
      #expect(result.standardError.contains("haru help keys"), "\(result)")
      #expect(result.standardOutput.isEmpty)
    }

    @Test func aRefusedRequestExitsWithThree() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.kmaResult("10"))
      defer { server.stop() }
      let result = try await haru.run([
        "forecast", "--service-key", Self.key, "--base-url", server.baseURL.absoluteString,
      ])
      #expect(result.status == 3, "\(result)")
      #expect(result.standardError.contains("10"), "\(result)")
    }

    @Test func aNetworkFailureExitsWithFour() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let closed = try ForecastServer.closedPortURL()
      for provider in ["kma", "open-meteo"] {
        let result = try await haru.run([
          "forecast", "--provider", provider, "--service-key", Self.key, "--base-url",
          closed.absoluteString,
        ])
        #expect(result.status == 4, "\(provider): \(result)")
        #expect(result.standardError.contains("could not be reached"), "\(result)")
        #expect(result.standardOutput.isEmpty)
      }
    }

    @Test func aFailureAfterAnEarlierAnswerServesItMarkedStale() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let good = try ForecastServer.start(.kmaFixtures)
      defer { good.stop() }
      let first = try await haru.run([
        "forecast", "--json", "--service-key", Self.key, "--base-url", good.baseURL.absoluteString,
        "--now", ForecastServer.instantText,
      ])
      #expect(first.status == 0, "\(first)")
      let closed = try ForecastServer.closedPortURL()
      // An hour later a newer run is due, and the service cannot be reached.
      let later = try await haru.run([
        "forecast", "--json", "--service-key", Self.key, "--base-url", closed.absoluteString,
        "--now", "2026-11-30T11:30:00+09:00",
      ])
      #expect(later.status == 0, "\(later)")
      let document = try #require(try later.json() as? [String: Any])
      #expect(document["stale"] as? Bool == true)
      #expect(document["issuedAt"] as? String == "2026-11-30T08:00:00+09:00")
    }

    @Test func openMeteoNeedsNoKey() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let server = try ForecastServer.start(.openMeteo(around: ForecastServer.instant))
      defer { server.stop() }
      let result = try await haru.run([
        "forecast", "--provider", "open-meteo", "--json", "--base-url",
        server.baseURL.appendingPathComponent("v1/forecast").absoluteString,
        "--now", ForecastServer.instantText,
      ])
      #expect(result.status == 0, "\(result)")
      let document = try #require(try result.json() as? [String: Any])
      #expect(document["provider"] as? String == "open-meteo")
      let dates = (document["days"] as? [[String: Any]])?.compactMap { $0["date"] as? String }
      #expect(dates?.prefix(3) == ["2026-11-29", "2026-11-30", "2026-12-01"])
    }

    @Test func offlineReadsTheBundledSamplesAndSaysSo() async throws {
      let haru = try Haru()
      defer { haru.removeFiles() }
      let human = try await haru.run(["forecast", "--offline", "--lang", "en"])
      #expect(human.status == 0, "\(human)")
      #expect(human.standardOutput.hasPrefix("SAMPLE DATA"), "\(human)")
      #expect(human.standardOutput.contains("Tomorrow"))
      // A percentage beside "Clear" says what it is a chance of.
      #expect(
        human.standardOutput.contains("%: the chance of rain or snow in that half of the day"))

      let json = try await haru.run(["forecast", "--offline", "--json", "--lang", "en"])
      #expect(json.status == 0, "\(json)")
      #expect(json.standardError.contains("SAMPLE DATA"))
      let document = try #require(try json.json() as? [String: Any])
      let dates = (document["days"] as? [[String: Any]])?.compactMap { $0["date"] as? String }
      #expect(dates?.prefix(3) == ["2026-10-03", "2026-10-04", "2026-10-05"])
      // Every part the samples hold is there: the next six hours from 07:00 too, and no note.
      #expect(document["missing"] as? [String] == [], "\(json)")
      #expect((document["nextHours"] as? [Any])?.count == 6)
      #expect(!human.standardError.contains("note"), "\(human)")

      // The samples are Seoul's: another current town is not shown with Seoul's weather.
      try await haru.run(["towns", "add", "제주", "--nx", "53", "--ny", "38"])
      let current = try await haru.run(["forecast", "--offline", "--json"])
      let grid = (try current.json() as? [String: Any])?["grid"] as? [String: Int]
      #expect(grid == ["nx": 60, "ny": 127])

      let openMeteo = try await haru.run([
        "forecast", "--offline", "--provider", "open-meteo", "--json",
      ])
      #expect(openMeteo.status == 0, "\(openMeteo)")
      #expect((try openMeteo.json() as? [String: Any])?["provider"] as? String == "open-meteo")
    }
  }
}
