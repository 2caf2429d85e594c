import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import HaruSettings
import Testing

@testable import HaruViewModelCore
@testable import HaruWeatherViewModels

/// The air quality on the weather screen: one test per state.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct WeatherAirQualityTests {
  /// 중구 at 35 ㎍/㎥ of PM10 (24 h 40) and 용산구's PM2.5 in 통신장애, with 종로구 giving it.
  nonisolated static func quality(pm25Flagged: Bool = false) throws -> AirQuality {
    let junggu = AirStation(
      name: "중구", address: "서울 중구 덕수궁길 15", network: .urban,
      coordinate: try Coordinate(latitude: 37.564263, longitude: 126.974676))
    let time = WeatherFixture.start.addingTimeInterval(-30 * 60)
    let pm25 =
      pm25Flagged
      ? AirReading(
        pollutant: .pm25, value: nil, station: junggu, measuredAt: time,
        missingReason: .flagged(.communicationFailure))
      : AirReading(
        pollutant: .pm25, value: AirValue(oneHour: 20, twentyFourHours: 18), station: junggu,
        measuredAt: time)
    return AirQuality(
      pm10: AirReading(
        pollutant: .pm10, value: AirValue(oneHour: 35, twentyFourHours: 40), station: junggu,
        measuredAt: time),
      pm25: pm25,
      ozone: AirReading(
        pollutant: .ozone, value: AirValue(oneHour: 0.031), station: junggu, measuredAt: time),
      nextMeasurementAt: time.addingTimeInterval(3600),
      nextForecastAt: time.addingTimeInterval(3 * 3600))
  }

  func report(_ fixture: WeatherFixture, language: DisplayLanguage = .english) async throws
    -> WeatherReport
  {
    let viewModel = fixture.makeViewModel(language: language)
    let input = WeatherViewModel.Input()
    let output = viewModel.transform(input)
    input.appear.send()
    await viewModel.untilIdle()
    return try #require(output.report.value)
  }

  @Test func aForecastNotAskedForAirQualityHasNoCard() async throws {
    let fixture = try WeatherFixture()
    #expect(try await report(fixture).air == nil)
  }

  @Test func theAirQualityIsGradedOnTheChosenScaleWithItsStations() async throws {
    let fixture = try WeatherFixture()
    fixture.answerAir(.quality(try Self.quality()))
    let air = try #require(try await report(fixture, language: .korean).air)
    #expect(air.scale == .korea)
    // PM10's 24-hour 40 is 보통; PM2.5's 24-hour 18 is 보통: the headline is 보통.
    #expect(air.gradeText == "보통")
    #expect(air.missingText == nil)
    #expect(air.pollutants.map(\.name) == ["미세먼지", "초미세먼지", "오존"])
    #expect(air.pollutants.map(\.value) == ["40㎍/㎥", "18㎍/㎥", "0.031ppm"])
    #expect(air.pollutants.map(\.gradeText) == ["보통", "보통", "보통"])
    #expect(air.pollutants.allSatisfy { $0.station == "중구" })
    #expect(air.attribution.text == "출처: 한국환경공단 에어코리아")
  }

  @Test func aFlaggedPollutantSaysWhyAndTheHeadlineUsesTheRest() async throws {
    let fixture = try WeatherFixture()
    fixture.answerAir(.quality(try Self.quality(pm25Flagged: true)))
    let air = try #require(try await report(fixture, language: .korean).air)
    let pm25 = air.pollutants[1]
    #expect(pm25.value == nil && pm25.grade == nil && pm25.station == nil)
    #expect(pm25.missingText == "측정소 통신장애")
    #expect(air.gradeText == "보통")
  }

  @Test func aRefusedAirQualitySaysWhichServiceAndWhatToDo() async throws {
    let fixture = try WeatherFixture()
    let refusal = ForecastError(
      .kmaResult, message: "refused", kmaResultCode: .serviceKeyNotRegistered)
    fixture.answerAir(.refused(MissingPartReason(service: .airKoreaPollution, error: refusal)))
    let report = try await report(fixture, language: .korean)
    let air = try #require(report.air)
    #expect(air.pollutants.isEmpty && air.grade == nil)
    #expect(air.missingText?.contains("한국환경공단_에어코리아_대기오염정보") == true)
    #expect(air.missingText?.contains("활용신청") == true)
    #expect(report.days.count == 3)
  }

  @Test func changingTheScaleGradesAgainWithoutFetching() async throws {
    let fixture = try WeatherFixture()
    fixture.answerAir(.quality(try Self.quality()))
    let (viewModel, input, output) = fixture.startScreen()
    input.appear.send()
    await viewModel.untilIdle()
    try fixture.settings.set(.eightLevel, for: .airQualityScale)
    await viewModel.untilIdle()
    let air = try #require(output.report.value?.air)
    #expect(air.scale == .eightLevel)
    // On eight steps the hour counts: PM10 35 is 양호 (Fair), PM2.5 20 is 양호 too.
    #expect(air.pollutants.map(\.value) == ["35㎍/㎥", "20㎍/㎥", "0.031ppm"])
    #expect(air.gradeText == "Fair")
    #expect(viewModel.airQualityScale.history == [.korea, .eightLevel])
    #expect(fixture.provider.callCount == 1)
  }
}
