import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import Testing

/// The key and the host's differences are settled once, when the provider is made.
struct KeySeamTests {
  @Test(arguments: ["", "   ", "key\u{0}with-nul", "line\nbreak"])
  func aMalformedKeyIsATypedErrorWhenTheProviderIsMade(_ key: String) {
    let transport = StubTransport { _ in .json("") }
    let error = #expect(throws: ForecastError.self) {
      try KMAProvider(serviceKey: key, transport: transport)
    }
    #expect(error?.code == .invalidRequest)
    #expect(transport.requests.isEmpty)
  }

  @Test func anUnusableBaseURLIsATypedErrorWhenTheProviderIsMade() throws {
    var configuration = KMAConfiguration.dataGoKr
    configuration.baseURL = URL(filePath: "/tmp/kma")
    #expect(throws: ForecastError.self) {
      try KMAProvider(serviceKey: sentinelKey, configuration: configuration)
    }
    configuration = .dataGoKr
    configuration.midTermBaseURL = URL(string: "ftp://example.com/mid")
    let error = #expect(throws: ForecastError.self) {
      try KMAProvider(serviceKey: sentinelKey, configuration: configuration)
    }
    #expect(error?.message.contains("mid-term") == true)
  }

  @Test func everyRequestCarriesTheKeyEncodedOnceInTheConfiguredParameter() async throws {
    let transport = tenDayTransport()
    let provider = try KMAProvider(
      serviceKey: sentinelKey, configuration: .apiHub, transport: transport)
    _ = try await provider.forecast(for: .seoulCityHall, at: try kst(2026, 10, 4, 10, 30))
    #expect(transport.requests.count >= 5)
    for request in transport.requests {
      let query = request.url.query() ?? ""
      #expect(query.contains("authKey=SENTINEL%2Bs3cr3t%2FKEY%3D%3D"), "\(request)")
      #expect(!query.contains("serviceKey="))
    }
  }

  @Test func theAPIHubsDifferencesComeFromTheConfigurationNotTheCaller() throws {
    let hub = try #require(
      URL(string: "https://apihub.kma.go.kr/api/typ02/openApi/VilageFcstInfoService_2.0"))
    #expect(KMAConfiguration.standard(for: hub).keyParameterName == "authKey")
    let portal = try #require(URL(string: "http://127.0.0.1:8080/VilageFcstInfoService_2.0"))
    let local = KMAConfiguration.standard(for: portal)
    #expect(local.keyParameterName == "serviceKey")
    #expect(local.baseURL == portal)
  }
}
