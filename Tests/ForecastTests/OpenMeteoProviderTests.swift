import Foundation
import HaruForecastTesting
import HaruModels
import Testing

@testable import HaruForecast

struct OpenMeteoProviderTests {
  @Test func theRequestAsksForYesterdayInKoreanTimeWithoutAKey() async throws {
    let morning = try serviceMorning()
    let transport = openMeteoStub(at: morning)
    let provider = OpenMeteoProvider(transport: transport)

    _ = try await provider.forecast(for: .seoulCityHall, at: morning)

    let request = try #require(transport.requests.first)
    #expect(transport.requests.count == 1)
    #expect(request.url.host() == "api.open-meteo.com")
    #expect(request.queryValue(named: "past_days") == "1")
    #expect(request.queryValue(named: "timezone") == "Asia/Seoul")
    #expect(request.queryValue(named: "latitude") == "37.5665")
    #expect(request.queryValue(named: "longitude") == "126.9780")
    #expect(request.queryValue(named: "forecast_days") == "4")
    #expect(request.queryValue(named: "hourly")?.contains("weather_code") == true)
    #expect(request.timeout == .seconds(10))
  }

  @Test func theAnswerBecomesDaysHoursAndCurrentConditions() async throws {
    let morning = try serviceMorning()
    let provider = OpenMeteoProvider(transport: openMeteoStub(at: morning))

    let forecast = try await provider.forecast(for: .seoulCityHall, at: morning)

    let todayDay = try day(2026, 11, 30)
    #expect(forecast.days.map(\.day) == (-1..<4).map { todayDay.adding(days: $0) })
    let today = try #require(forecast.days.first { $0.day == todayDay })
    #expect(today.hourly.count == 24)
    #expect(today.hourly.first?.time == (try kst(2026, 11, 30, 0)))
    #expect(today.maximum == DailyTemperature(try Temperature(celsius: 16), isDerived: false))
    #expect(today.minimum == DailyTemperature(try Temperature(celsius: 8), isDerived: false))
    #expect(today.sky == .clear)
    #expect(today.precipitationType == PrecipitationType.nothing)
    #expect(today.precipitationProbability == (try Probability(percent: 10)))
    #expect(today.hourly.first?.windSpeed == 3)
    #expect(today.hourly.first?.humidity == 60)
    #expect(forecast.current?.time == (try kst(2026, 11, 30, 10)))
    #expect(forecast.current?.temperature == (try Temperature(celsius: 12.5)))
    #expect(forecast.issuedAt == (try kst(2026, 11, 30, 10)))
  }

  @Test(arguments: [
    (0, Sky.clear, PrecipitationType.nothing), (1, .clear, .nothing), (2, .mostlyCloudy, .nothing),
    (3, .overcast, .nothing), (45, .overcast, .nothing), (53, .overcast, .drizzle),
    (57, .overcast, .drizzle), (61, .overcast, .rain), (67, .overcast, .rain),
    (71, .overcast, .snow), (77, .overcast, .flurries), (81, .mostlyCloudy, .shower),
    (86, .overcast, .snow), (95, .mostlyCloudy, .shower), (99, .mostlyCloudy, .shower),
  ])
  func weatherCodesMapToSkyAndPrecipitation(code: Int, sky: Sky, precipitation: PrecipitationType)
    async throws
  {
    let morning = try serviceMorning()
    let body = OpenMeteoFixtures.forecast(around: morning, weatherCode: code)
    let provider = OpenMeteoProvider(transport: StubTransport { _ in .json(body) })

    let forecast = try await provider.forecast(for: .seoulCityHall, at: morning)

    #expect(forecast.current?.sky == sky)
    #expect(forecast.current?.precipitationType == precipitation)
    #expect(forecast.days.allSatisfy { $0.sky == sky })
  }

  @Test(arguments: [4, 100, -1])
  func anUnknownWeatherCodeLeavesTheConditionsUnknown(code: Int) {
    #expect(WMOWeatherCode.conditions(code).sky == nil)
    #expect(WMOWeatherCode.conditions(code).precipitation == nil)
  }

  /// Values no number type can hold, found by fuzzing, are missing rather than a trap.
  @Test(arguments: [
    (#""relative_humidity_2m":[60"#, #""relative_humidity_2m":[1e30"#),
    (#""precipitation_probability":[10"#, #""precipitation_probability":[1005555555555555555555"#),
    (#""relative_humidity_2m":55"#, #""relative_humidity_2m":1e300"#),
    (#""weather_code":["#, #""weather_code":[-9e300,"#),
  ])
  func hugeNumbersReadAsMissing(marker: String, replacement: String) async throws {
    let morning = try serviceMorning()
    let normal = OpenMeteoFixtures.forecast(around: morning)
    #expect(normal.contains(marker), "the fixture has \(marker)")
    var huge = normal.replacingOccurrences(of: marker, with: replacement)
    if marker.hasSuffix("[") {
      // One value more than the other arrays: drop the last one to keep them in step.
      if let start = huge.range(of: replacement)?.upperBound,
        let end = huge.range(of: "]", range: start..<huge.endIndex)?.lowerBound,
        let comma = huge.range(of: ",", options: .backwards, range: start..<end)
      {
        huge.removeSubrange(comma.lowerBound..<end)
      }
    }
    let body = huge
    let provider = OpenMeteoProvider(transport: StubTransport { _ in .json(body) })
    let forecast = try await provider.forecast(for: .seoulCityHall, at: morning)
    #expect(!forecast.days.isEmpty)
  }

  @Test func status400IsRejectedWithTheReason() async throws {
    let reason = "Latitude must be in range of -90 to 90°. Given: 137.5."
    let provider = OpenMeteoProvider(
      transport: StubTransport { _ in .json(OpenMeteoFixtures.error(reason: reason), status: 400) })

    let error = await #expect(throws: ForecastError.self) {
      try await provider.forecast(for: .seoulCityHall, at: try serviceMorning())
    }

    #expect(error?.code == .rejected)
    #expect(error?.httpStatus == 400)
    #expect(error?.message.contains(reason) == true)
    #expect(error?.isTransient == false)
  }

  @Test func status429IsRateLimitedWithTheReason() async throws {
    let reason = "Daily API request limit exceeded. Please try again tomorrow."
    let provider = OpenMeteoProvider(
      transport: StubTransport { _ in .json(OpenMeteoFixtures.error(reason: reason), status: 429) })

    let error = await #expect(throws: ForecastError.self) {
      try await provider.forecast(for: .seoulCityHall, at: try serviceMorning())
    }

    #expect(error?.code == .rateLimited)
    #expect(error?.httpStatus == 429)
    #expect(error?.message.contains(reason) == true)
    #expect(error?.isTransient == false)
  }

  @Test(arguments: [
    (429, "", ForecastError.Code.rateLimited, false),
    (400, "<html>Bad Request</html>", .rejected, false),
    (503, "Service Unavailable", .httpStatus, true),
    (404, "", .httpStatus, false),
  ])
  func otherFailureStatusesAreTyped(
    status: Int, body: String, code: ForecastError.Code, isTransient: Bool
  ) async throws {
    let provider = OpenMeteoProvider(
      transport: StubTransport { _ in .text(body, status: status) })

    let error = await #expect(throws: ForecastError.self) {
      try await provider.forecast(for: .seoulCityHall, at: try serviceMorning())
    }

    #expect(error?.code == code)
    #expect(error?.httpStatus == status)
    #expect(error?.isTransient == isTransient)
  }

  @Test(arguments: [
    "", "<html>maintenance</html>", "{}", #"{"hourly":{"time":["2026-11-30T00:00"]}}"#,
    #"{"hourly":{"time":["2026-11-30T00:00"],"temperature_2m":[1,2]},"daily":{"time":[]}}"#,
    #"{"hourly":{"time":["yesterday"]},"daily":{"time":[]}}"#,
    #"{"hourly":{"time":["2026-11-30T25:00"]},"daily":{"time":[]}}"#,
    #"{"hourly":{"time":[]},"daily":{"time":["2026-13-01"]}}"#,
    #"{"hourly":{"time":[]},"daily":{"time":["2026-11-30"],"temperature_2m_max":[]}}"#,
  ])
  func aBodyThatIsNotTheForecastIsADecodingError(body: String) async throws {
    let provider = OpenMeteoProvider(transport: StubTransport { _ in .json(body) })

    let error = await #expect(throws: ForecastError.self) {
      try await provider.forecast(for: .seoulCityHall, at: try serviceMorning())
    }

    #expect(error?.code == .decoding)
  }

  @Test func missingAndImpossibleValuesAreLeftOut() async throws {
    let body = """
      {"utc_offset_seconds":32400,"hourly":{"time":["2026-11-30T00:00","2026-11-30T01:00"],\
      "temperature_2m":[null,-300],"precipitation":[-1,2.5],"weather_code":[null,61]},\
      "daily":{"time":["2026-11-30"],"temperature_2m_max":[null],"temperature_2m_min":[null]}}
      """
    let provider = OpenMeteoProvider(transport: StubTransport { _ in .json(body) })

    let forecast = try await provider.forecast(for: .seoulCityHall, at: try serviceMorning())

    let hours = try #require(forecast.days.first?.hourly)
    #expect(hours.map(\.temperature) == [nil, nil])
    #expect(hours[0].precipitation == nil)
    #expect(hours[1].precipitation?.measure == .about(2.5))
    #expect(hours[1].precipitation?.originalText == "2.5mm")
    #expect(hours[1].precipitation?.unit == .millimeters)
    #expect(hours[1].precipitationType == .rain)
    #expect(forecast.days.first?.maximum == nil)
    #expect(forecast.current == nil)
  }
}

/// KMA's own models through Open-Meteo, with the best match filling what they lack.
struct OpenMeteoKMAModelsTests {
  /// The fixture's answer as Open-Meteo gives it for two models: every column and current value
  /// twice, suffixed with the model's name — KMA's a degree warmer and without the chance of
  /// precipitation (its models do not forecast one), the best match as the fixture has it.
  static func twoModelAnswer(at date: Date) throws -> String {
    let body = OpenMeteoFixtures.forecast(around: date)
    var document = try #require(
      try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    for name in ["hourly", "daily", "current", "hourly_units", "daily_units"] {
      let section = try #require(document[name] as? [String: Any])
      var twice: [String: Any] = [:]
      for (key, value) in section {
        if key == "time" || key == "interval" {
          twice[key] = value
          continue
        }
        twice[key + "_best_match"] = value
        if key == "precipitation_probability" {
          twice[key + "_kma_seamless"] = (value as? [Any]).map { $0.map { _ in NSNull() } }
        } else if key.hasPrefix("temperature_2m"), !name.hasSuffix("units") {
          twice[key + "_kma_seamless"] =
            (value as? [Double]).map { $0.map { $0 + 1 } } as Any?
            ?? (value as? Double).map { $0 + 1 }
        } else {
          twice[key + "_kma_seamless"] = value
        }
      }
      document[name] = twice
    }
    let data = try JSONSerialization.data(withJSONObject: document)
    return try #require(String(data: data, encoding: .utf8))
  }

  @Test func aTownIsAskedForKMAsModelsAndTheBestMatch() async throws {
    let morning = try serviceMorning()
    let transport = openMeteoStub(at: morning)
    _ = try await OpenMeteoProvider(transport: transport).forecast(
      for: .seoulCityHall, at: morning)
    _ = try await OpenMeteoProvider(models: .bestMatch, transport: transport).forecast(
      for: .seoulCityHall, at: morning)

    #expect(
      transport.requests.map { $0.queryValue(named: "models") } == ["kma_seamless,best_match", nil])
  }

  @Test func kmasValuesComeFirstAndTheBestMatchFillsWhatTheyLack() async throws {
    let morning = try serviceMorning()
    let body = try Self.twoModelAnswer(at: morning)
    let provider = OpenMeteoProvider(transport: StubTransport { _ in .json(body) })

    let forecast = try await provider.forecast(for: .seoulCityHall, at: morning)

    let today = try #require(forecast.days.first { $0.day == (try day(2026, 11, 30)) })
    // KMA's: a degree warmer than the best match's 16 and 8 and 12.5.
    #expect(today.maximum == DailyTemperature(try Temperature(celsius: 17), isDerived: false))
    #expect(today.minimum == DailyTemperature(try Temperature(celsius: 9), isDerived: false))
    #expect(forecast.current?.temperature == (try Temperature(celsius: 13.5)))
    // The best match's, where KMA's models have none.
    #expect(today.precipitationProbability == (try Probability(percent: 10)))
    #expect(today.hourly.count == 24)
    #expect(today.hourly.first?.humidity == 60)
  }

  @Test(arguments: [
    // A column of KMA's shorter than the best match's: KMA's as it is.
    (
      #"{"hourly":{"time":["2026-11-30T00:00","2026-11-30T01:00"],"temperature_2m_kma_seamless":[1.0],"temperature_2m_best_match":[2.0,3.0]}}"#,
      #"[1]"#
    ),
    // A value only the best match has.
    (
      #"{"hourly":{"time":["2026-11-30T00:00"],"temperature_2m_best_match":[2.5]}}"#,
      #"[2.5]"#
    ),
    // Not a JSON object: left for the decoder to refuse.
    (#"[ "_kma_seamless" ]"#, nil),
  ])
  func answersOfTwoModelsThatDoNotFitAreMergedSafely(body: String, temperatures: String?) throws {
    let merged = OpenMeteoAnswer.mergingModels(in: Data(body.utf8))
    guard let temperatures else {
      #expect(merged == Data(body.utf8))
      return
    }
    let document = try #require(try JSONSerialization.jsonObject(with: merged) as? [String: Any])
    let hourly = try #require(document["hourly"] as? [String: Any])
    let column = try #require(hourly["temperature_2m"] as? [Double])
    let expected = try #require(
      try JSONSerialization.jsonObject(with: Data(temperatures.utf8)) as? [Double])
    #expect(column == expected)
    #expect(
      hourly.keys.allSatisfy { !$0.hasSuffix("_best_match") && !$0.hasSuffix("_kma_seamless") })
  }
}
