import Foundation
import HaruForecastTesting
import HaruModels
import Testing

@testable import HaruForecast

/// Open-Meteo answers in the units its request asked for; an endpoint behind `--base-url` may
/// have other defaults, so the answer's `hourly_units`/`daily_units`/`current_units` are read.
struct OpenMeteoUnitsTests {
  /// The fixture's answer with every unit imperial, the numbers left as they are: the same
  /// numbers must then read as °F, inches and mph.
  static func imperial(_ body: String) -> String {
    body.replacingOccurrences(
      of: #""hourly_units":{"time":"iso8601","temperature_2m":"°C"}"#,
      with: #""hourly_units":{"time":"iso8601","temperature_2m":"°F","precipitation":"inch","#
        + #""snowfall":"inch","wind_speed_10m":"mp/h","relative_humidity_2m":"%"}"#
    ).replacingOccurrences(
      of: #""daily_units":{"time":"iso8601","temperature_2m_max":"°C"}"#,
      with: #""daily_units":{"time":"iso8601","temperature_2m_max":"°F","temperature_2m_min":"°F"}"#
    ).replacingOccurrences(
      of: #""current":{"#,
      with: #""current_units":{"temperature_2m":"°F","wind_speed_10m":"mp/h"},"current":{"#)
  }

  @Test func theRequestAlwaysAsksForMetricUnits() async throws {
    let morning = try serviceMorning()
    let transport = openMeteoStub(at: morning)
    _ = try await OpenMeteoProvider(transport: transport).forecast(
      for: .seoulCityHall, at: morning)
    let request = try #require(transport.requests.first)
    #expect(request.queryValue(named: "temperature_unit") == "celsius")
    #expect(request.queryValue(named: "precipitation_unit") == "mm")
    #expect(request.queryValue(named: "wind_speed_unit") == "ms")
  }

  @Test func anAnswerInFahrenheitIsConverted() async throws {
    let morning = try serviceMorning()
    let metricBody = OpenMeteoFixtures.forecast(around: morning)
    let imperialBody = Self.imperial(metricBody)
    #expect(imperialBody.contains("°F") && !imperialBody.contains("°C"))
    let metric = try await OpenMeteoProvider(transport: StubTransport { _ in .json(metricBody) })
      .forecast(for: .seoulCityHall, at: morning)
    let imperial = try await OpenMeteoProvider(
      transport: StubTransport { _ in .json(imperialBody) }
    ).forecast(for: .seoulCityHall, at: morning)
    #expect(metric.days.count == imperial.days.count)
    for (celsius, fahrenheit) in zip(metric.days, imperial.days) {
      let reported = try #require(celsius.maximum?.temperature.celsius)
      let converted = try #require(fahrenheit.maximum?.temperature.celsius)
      #expect(abs(converted - (reported - 32) * 5 / 9) < 1e-9)
      #expect(fahrenheit.maximum?.isDerived == false)
      for (a, b) in zip(celsius.hourly, fahrenheit.hourly) {
        let value = try #require(a.temperature?.celsius)
        #expect(abs((b.temperature?.celsius ?? .nan) - (value - 32) * 5 / 9) < 1e-9)
        #expect(abs((b.windSpeed ?? .nan) - (a.windSpeed ?? .nan) * 0.447_04) < 1e-9)
      }
    }
    let current = try #require(imperial.current?.temperature?.celsius)
    #expect(abs(current - (12.5 - 32) * 5 / 9) < 1e-9)
  }

  @Test func rainInInchesBecomesMillimetres() throws {
    let answer = OpenMeteoAnswer(
      hourly: .init(
        time: ["2026-11-30T00:00"], precipitation: [0.1], snowfall: [1], windSpeed: [36]),
      hourlyUnits: ["precipitation": "inch", "snowfall": "inch", "wind_speed_10m": "km/h"])
    let metric = try answer.inMetricUnits()
    #expect(abs((metric.hourly?.precipitation?.first ?? nil).map { $0 - 2.54 } ?? 1) < 1e-9)
    #expect(abs((metric.hourly?.snowfall?.first ?? nil).map { $0 - 2.54 } ?? 1) < 1e-9)
    #expect(abs((metric.hourly?.windSpeed?.first ?? nil).map { $0 - 10 } ?? 1) < 1e-9)
  }

  @Test(arguments: ["K", "°Ré", "furlongs/fortnight"])
  func aUnitHaruCannotConvertIsATypedError(_ unit: String) async throws {
    let morning = try serviceMorning()
    let body = OpenMeteoFixtures.forecast(around: morning).replacingOccurrences(
      of: #""temperature_2m":"°C""#, with: #""temperature_2m":"\#(unit)""#)
    let error = await #expect(throws: ForecastError.self) {
      try await OpenMeteoProvider(transport: StubTransport { _ in .json(body) })
        .forecast(for: .seoulCityHall, at: morning)
    }
    #expect(error?.code == .decoding)
    #expect(error?.message.contains(unit) == true)
  }
}
