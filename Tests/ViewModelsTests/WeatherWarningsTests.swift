import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import Testing

@testable import HaruViewModelCore
@testable import HaruWeatherViewModels

/// The weather warnings on the weather screen: one test per state. The current town is Seoul City
/// Hall (zone 서울특별시, L1100000), at the fixture's 2026-11-30 14:30 KST.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct WeatherWarningsTests {
  /// What KMA's warning service answers.
  struct Service: Sendable {
    /// The `getPwnCd` body for 2026-11-30; every other day has none (`03`).
    var events: String = KMAWarningsFixtures.noData
    /// The `getPwnStatus` body.
    var status: String = KMAWarningsFixtures.noData

    /// Every request refused: a key not approved for the service.
    static let refused = Service(
      events: KMAWarningsFixtures.keyNotRegistered, status: KMAWarningsFixtures.keyNotRegistered)
  }

  /// A `getPwnCd` body of issue rows on 서울특별시, written `(warnVar, warnStress)`.
  nonisolated static func events(_ rows: [(Int, Int)]) -> String {
    let items = rows.map { kind, level in
      #"{"stnId":"108","tmFc":202611300600,"tmSeq":12,"areaCode":"L1100000","areaName":"서울","#
        + #""warnVar":\#(kind),"warnStress":\#(level),"command":"1","startTime":0,"endTime":0,"#
        + #""allEndTime":0,"cancel":"0"}"#
    }
    return #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"#
      + #""items":{"item":[\#(items.joined(separator: ","))]},"totalCount":\#(rows.count)}}}"#
  }

  /// A `getPwnStatus` body of 14:00 with a 예비특보 text.
  nonisolated static func status(t7: String) -> String {
    #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":"#
      + #"{"item":[{"tmFc":202611301400,"tmSeq":13,"tmEf":"202611301400","t6":"o 없 음","#
      + #""t7":"\#(t7)","other":"o 없음"}]},"totalCount":1}}}"#
  }

  /// The screen's outputs after it appeared and every fetch ended.
  func screen(_ service: Service, language: DisplayLanguage = .english) async throws -> (
    WeatherReport?, WarningsCard?
  ) {
    let fixture = try WeatherFixture()
    let transport = StubTransport { request in
      if request.url.path().hasSuffix("getPwnStatus") { return .json(service.status) }
      return request.queryValue(named: "fromTmFc") == "20261130"
        ? .json(service.events) : .json(KMAWarningsFixtures.noData)
    }
    let client = try KMAWarningsClient(
      serviceKey: "test-key", transport: transport, now: { WeatherFixture.start })
    let viewModel = WeatherViewModel(
      settings: fixture.settings, forecast: fixture.service, warnings: client, language: language)
    let input = WeatherViewModel.Input()
    let output = viewModel.transform(input)
    input.appear.send()
    await viewModel.untilIdle()
    return (output.report.value, output.warnings.value)
  }

  @Test func noWarningInForceIsAnEmptyCard() async throws {
    let (report, card) = try await screen(Service())
    #expect(report != nil)
    let warnings = try #require(card)
    #expect(warnings.active.isEmpty)
    #expect(warnings.preliminary.isEmpty)
    #expect(warnings.missingText == nil)
    #expect(warnings.attribution.text == "출처: 기상청")
  }

  @Test func warningsInForceComeMostSevereFirst() async throws {
    let (_, card) = try await screen(
      Service(events: Self.events([(3, 0), (8, 1)])), language: .korean)
    let warnings = try #require(card)
    #expect(warnings.active.map(\.title) == ["대설경보", "한파주의보"])
    #expect(warnings.active.map(\.level) == [.warning, .advisory])
    #expect(warnings.active.allSatisfy { $0.zoneText == "서울특별시" && !$0.isPartOfTown })
    #expect(warnings.active.first?.sinceText == "11/30 06:00부터")
    #expect(warnings.missingText == nil)
  }

  @Test func aPreliminaryWarningAloneIsListedAndNothingIsInForce() async throws {
    let t7 = #"(1) 대설 예비특보\r\no 12월 01일 새벽(00시~06시) : 서울, 인천"#
    let (_, card) = try await screen(Service(status: Self.status(t7: t7)))
    let warnings = try #require(card)
    #expect(warnings.active.isEmpty)
    #expect(warnings.preliminary == ["대설 preliminary warning · 12월 01일 새벽(00시~06시) : 서울, 인천"])
  }

  @Test func aRefusedServiceSaysWhyAndTheForecastIsShownAllTheSame() async throws {
    let (report, card) = try await screen(.refused)
    #expect(report != nil)
    let warnings = try #require(card)
    #expect(warnings.active.isEmpty)
    let missing = try #require(warnings.missingText)
    #expect(missing.contains("KMA weather warning service"))
    #expect(missing.contains("Apply for it"))
  }

  @Test func withoutAWarningsClientThereIsNoCard() async throws {
    let fixture = try WeatherFixture()
    let viewModel = fixture.makeViewModel()
    let input = WeatherViewModel.Input()
    let output = viewModel.transform(input)
    input.appear.send()
    await viewModel.untilIdle()
    #expect(output.report.value != nil)
    #expect(output.warnings.value == nil)
  }
}
