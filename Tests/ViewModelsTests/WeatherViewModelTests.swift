import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import HaruSettings
import Testing

@testable import HaruSettingsViewModels
@testable import HaruViewModelCore
@testable import HaruWeatherViewModels

@MainActor
@Suite(.timeLimit(.minutes(3)))
struct WeatherViewModelTests {
  nonisolated static let seoulInCelsius =
    "서울특별시청: Yesterday 11°/19°, Today 13°/21°, Tomorrow 10°/18°"

  @Test func appearingFetchesTheForecastAndRecordsEveryValue() async throws {
    let fixture = try WeatherFixture()
    var viewModel: WeatherViewModel? = fixture.makeViewModel()
    let work = try #require(viewModel?.work)
    do {
      let model = try #require(viewModel)
      model.startRecording()
      let input = WeatherViewModel.Input()
      let output = model.transform(input)

      input.appear.send()
      await model.untilIdle()

      #expect(model.isLoading.history == [false, true, false])
      #expect(model.report.history?.map(WeatherFixture.summary) == ["none", Self.seoulInCelsius])
      #expect(model.errorMessage.history == [nil])
      #expect(model.townName.history == ["서울특별시청"])
      #expect(model.temperatureUnit.history == [.celsius])
      #expect(output.report.value?.comparisonText == "2° warmer than yesterday")
    }
    #expect(fixture.provider.callCount == 1)
    await expectReleased(&viewModel, work: work)
  }

  @Test func aNewScreenStartsWithTheForecastTheServiceAlreadyHas() async throws {
    let fixture = try WeatherFixture()
    let (first, firstInput, _) = fixture.startScreen()
    firstInput.appear.send()
    await first.untilIdle()

    let (second, secondInput, output) = fixture.startScreen()
    #expect(WeatherFixture.summary(output.report.value) == Self.seoulInCelsius)
    secondInput.appear.send()
    await second.untilIdle()

    #expect(second.report.history?.map(WeatherFixture.summary) == [Self.seoulInCelsius])
    #expect(second.isLoading.history == [false, true, false])
    #expect(fixture.provider.callCount == 1)
  }

  @Test(arguments: [DisplayLanguage.english, .korean])
  func theReportIsWrittenOutInTheScreensLanguage(language: DisplayLanguage) async throws {
    let fixture = try WeatherFixture()
    let viewModel = fixture.makeViewModel(language: language)
    let input = WeatherViewModel.Input()
    let output = viewModel.transform(input)

    input.appear.send()
    await viewModel.untilIdle()

    let report = try #require(output.report.value)
    let english = language == .english
    #expect(report.days.map(\.day) == [.yesterday, .today, .tomorrow])
    #expect(
      report.days.map(\.title)
        == (english ? ["Yesterday", "Today", "Tomorrow"] : ["어제", "오늘", "내일"]))
    #expect(report.days[1].date == (try CalendarDay(year: 2026, month: 11, day: 30)))
    #expect(report.days[1].sky == (english ? "Clear" : "맑음"))
    #expect(report.days[1].precipitation == (english ? "Nothing" : "없음"))
    #expect(report.days[1].probability == nil)
    #expect(report.current?.temperature == "20°")
    #expect(
      report.rainText == (english ? "No rain in the next 6 hours" : "6시간 동안 비 소식 없음"))
    #expect(report.hourly.count == 10)
    #expect(report.hourly.first?.timeText == (english ? "14:00" : "14시"))
    #expect(report.hourly.last?.timeText == (english ? "23:00" : "23시"))
    #expect(report.comparisonText == (english ? "2° warmer than yesterday" : "어제보다 2° 높아요"))
    #expect(report.issuedText == (english ? "Issued Nov 30, 14:00" : "11월 30일 14:00 발표"))
    #expect(report.attribution.text == "Canned weather")
    #expect(!report.isStale)
  }

  @Test func aUnitChangeRewritesTheReportWithoutFetching() async throws {
    let fixture = try WeatherFixture()
    let (viewModel, input, output) = fixture.startScreen()
    input.appear.send()
    await viewModel.untilIdle()

    try fixture.settings.set(.fahrenheit, for: .temperatureUnit)
    await firstValue(of: output.report) { $0?.days.first?.maximum == "66°F" }

    #expect(
      viewModel.report.history?.map(WeatherFixture.summary) == [
        "none", Self.seoulInCelsius,
        "서울특별시청: Yesterday 52°F/66°F, Today 55°F/70°F, Tomorrow 50°F/64°F",
      ])
    #expect(viewModel.isLoading.history == [false, true, false])
    #expect(viewModel.temperatureUnit.history == [.celsius, .fahrenheit])
    #expect(fixture.provider.callCount == 1)
  }

  @Test func theUnitChosenOnTheSettingsScreenReachesTheWeatherScreen() async throws {
    let fixture = try WeatherFixture()
    let weather = fixture.makeViewModel()
    let weatherInput = WeatherViewModel.Input()
    let weatherOutput = weather.transform(weatherInput)
    let settings = SettingsViewModel(settings: fixture.settings, language: .english)
    let settingsInput = SettingsViewModel.Input()
    _ = settings.transform(settingsInput)
    weatherInput.appear.send()
    await weather.untilIdle()

    settingsInput.chooseUnit.send(.fahrenheit)
    await settings.untilIdle()
    let report = await firstValue(of: weatherOutput.report) { $0?.current?.temperature == "69°F" }

    #expect(report??.days.map(\.maximum) == ["66°F", "70°F", "64°F"])
    #expect(fixture.provider.callCount == 1)
  }

  @Test func aUnitChangeWhileLoadingShowsTheForecastOnceInTheNewUnit() async throws {
    let fixture = try WeatherFixture()
    let gate = fixture.pauseFetches()
    let (viewModel, input, output) = fixture.startScreen()

    input.appear.send()
    await gate.waitForArrivals(1)
    try fixture.settings.set(.fahrenheit, for: .temperatureUnit)
    await firstValue(of: output.temperatureUnit) { $0 == .fahrenheit }
    gate.open()
    await viewModel.untilIdle()

    #expect(
      viewModel.report.history?.map(WeatherFixture.summary) == [
        "none", "서울특별시청: Yesterday 52°F/66°F, Today 55°F/70°F, Tomorrow 50°F/64°F",
      ])
    #expect(viewModel.isLoading.history == [false, true, false])
    #expect(fixture.provider.callCount == 1)
  }

  @Test func pullingToRefreshWhileLoadingDoesNotFetchTwice() async throws {
    let fixture = try WeatherFixture()
    let gate = fixture.pauseFetches()
    let (viewModel, input, _) = fixture.startScreen()

    input.appear.send()
    input.refresh.send()
    input.refresh.send()
    await gate.waitForArrivals(1)
    gate.open()
    await viewModel.untilIdle()
    // A later pull within the same forecast run is answered from the service's cache.
    input.refresh.send()
    await viewModel.untilIdle()

    #expect(viewModel.isLoading.history == [false, true, false, true, false])
    #expect(viewModel.report.history?.count == 2)
    #expect(fixture.provider.callCount == 1)
  }

  @Test func aFailingForecastShowsTheStaleOneWithWhenItWasIssuedAndSaysWhy() async throws {
    let fixture = try WeatherFixture()
    let (viewModel, input, output) = fixture.startScreen()
    input.appear.send()
    await viewModel.untilIdle()

    fixture.moveOn(by: 3600)
    fixture.failFetches(with: ForecastError(.transport, message: "The connection was lost."))
    input.refresh.send()
    await viewModel.untilIdle()

    #expect(
      viewModel.report.history?.map(WeatherFixture.summary) == [
        "none", Self.seoulInCelsius, Self.seoulInCelsius + " (stale)",
      ])
    #expect(
      viewModel.errorMessage.history == [
        nil, "Couldn't reach the weather service. Check your internet connection.",
      ])
    #expect(viewModel.isLoading.history == [false, true, false, true, false])
    #expect(output.report.value?.issuedText == "Issued Nov 30, 14:00")
    #expect(fixture.provider.callCount == 2)
  }

  /// Failures with nothing cached: the screen says why in words, and shows no forecast.
  nonisolated static let failures: [(ForecastError, String, String)] = [
    (
      ForecastError(.transport, message: "offline"),
      "Couldn't reach the weather service. Check your internet connection.",
      "날씨 서버에 연결할 수 없어요. 인터넷 연결을 확인해 주세요."
    ),
    (
      ForecastError(.timeout, message: "slow"),
      "The weather service didn't answer in time. Try again in a moment.",
      "날씨 서버가 응답하지 않아요. 잠시 후 다시 시도해 주세요."
    ),
    (
      ForecastError(.httpStatus, message: "503", httpStatus: 503),
      "The weather service couldn't provide a forecast right now. Try again later.",
      "날씨 정보를 받아오지 못했어요. 잠시 후 다시 시도해 주세요."
    ),
    (
      ForecastError(.decoding, message: "HTML page"),
      "The weather service couldn't provide a forecast right now. Try again later.",
      "날씨 정보를 받아오지 못했어요. 잠시 후 다시 시도해 주세요."
    ),
    (
      ForecastError(.outsideGrid, message: "outside"),
      "There is no forecast for this place.", "이 지역의 날씨 예보는 제공되지 않아요."
    ),
    (
      ForecastError(.invalidRequest, message: "empty key"),
      "The weather service is not set up correctly. Check the app's configuration.",
      "날씨 서비스 설정이 잘못되었어요. 앱 설정을 확인해 주세요."
    ),
  ]

  @Test(arguments: [DisplayLanguage.english, .korean], 0..<failures.count)
  func aFailureWithNothingCachedIsShownAsASentence(language: DisplayLanguage, row: Int)
    async throws
  {
    let (error, english, korean) = Self.failures[row]
    let fixture = try WeatherFixture()
    fixture.failFetches(with: error)
    let (viewModel, input, _) = fixture.startScreen(language: language)

    input.appear.send()
    await viewModel.untilIdle()

    #expect(viewModel.errorMessage.history == [nil, language == .english ? english : korean])
    #expect(viewModel.report.history == [nil])
    #expect(viewModel.isLoading.history == [false, true, false])
  }

  @Test func aTownChangeCancelsTheOlderFetchAndShowsOnlyTheNewTown() async throws {
    let fixture = try WeatherFixture()
    let gate = fixture.pauseFetches()
    let (viewModel, input, output) = fixture.startScreen()

    input.appear.send()
    await gate.waitForArrivals(1)
    try fixture.addBusan()
    await firstValue(of: output.townName) { $0 == "부산" }
    await gate.waitForArrivals(2)
    gate.open()
    await viewModel.untilIdle()

    #expect(viewModel.townName.history == ["서울특별시청", "부산"])
    #expect(
      viewModel.report.history?.map(WeatherFixture.summary) == [
        "none", "부산: Yesterday 11°/19°, Today 13°/21°, Tomorrow 10°/18°",
      ])
    #expect(viewModel.isLoading.history == [false, true, false])
    #expect(viewModel.errorMessage.history == [nil])
    #expect(viewModel.work.runningCount == 0)
  }

  @Test func goingBackToATownShowsItsLastForecastAtOnce() async throws {
    let fixture = try WeatherFixture()
    let (viewModel, input, output) = fixture.startScreen()
    input.appear.send()
    await viewModel.untilIdle()
    try fixture.addBusan()
    await firstValue(of: output.report) { $0?.townName == "부산" }
    await viewModel.untilIdle()

    // Removing the only saved town makes 서울특별시청, the default, current again.
    try fixture.settings.update(.savedTowns) { towns in try towns.remove(at: 0) }
    await firstValue(of: output.townName) { $0 == "서울특별시청" }
    await viewModel.untilIdle()

    #expect(
      viewModel.report.history?.map(WeatherFixture.summary) == [
        "none", Self.seoulInCelsius, "none",
        "부산: Yesterday 11°/19°, Today 13°/21°, Tomorrow 10°/18°", Self.seoulInCelsius,
      ])
    #expect(viewModel.isLoading.history == [false, true, false, true, false, true, false])
    #expect(fixture.provider.callCount == 2)
  }

  @Test func aTownChangeBeforeTheScreenAppearsFetchesNothing() async throws {
    let fixture = try WeatherFixture()
    let viewModel = fixture.makeViewModel()
    let output = viewModel.transform(WeatherViewModel.Input())

    try fixture.addBusan()
    await firstValue(of: output.townName) { $0 == "부산" }
    await viewModel.untilIdle()

    #expect(fixture.provider.callCount == 0)
    #expect(output.isLoading.value == false)
  }

  @Test func releasingTheViewModelWhileLoadingCancelsTheFetch() async throws {
    let fixture = try WeatherFixture()
    let gate = fixture.pauseFetches()
    var viewModel: WeatherViewModel? = fixture.makeViewModel()
    let work = try #require(viewModel?.work)
    let input = WeatherViewModel.Input()
    let output = try #require(viewModel?.transform(input))

    input.appear.send()
    await gate.waitForArrivals(1)
    #expect(work.runningCount == 1)
    await expectReleased(&viewModel, work: work)

    #expect(output.isLoading.value == true)
    #expect(fixture.service.cachedOutlook(for: .seoulCityHall) == nil)
    gate.open()
  }
}
