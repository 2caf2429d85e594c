import Foundation
import HaruForecast
import HaruForecastTesting
import HaruModels
import Testing

struct KMARequestTests {
  private func firstRequest(
    key: String, configuration: KMAConfiguration = .dataGoKr
  ) async throws -> HTTPRequest {
    let transport = shortTermStub()
    let client = client(
      transport, at: try kst(2026, 11, 30, 10, 30), key: key, configuration: configuration)
    _ = try await client.forecast(
      try run(.shortTermForecast, try day(2026, 11, 30), 8), for: seoul)
    return try #require(transport.requests.first)
  }

  @Test func theFinalURLCarriesTheKeyEncodedOnce() async throws {
    let request = try await firstRequest(key: "ab+c/d==")
    #expect(
      request.url.absoluteString
        == "https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0/getVilageFcst"
        + "?serviceKey=ab%2Bc%2Fd%3D%3D&pageNo=1&numOfRows=1500&dataType=JSON"
        + "&base_date=20261130&base_time=0800&nx=60&ny=127")
  }

  @Test func anAlreadyEncodedKeyIsNotEncodedTwice() async throws {
    let request = try await firstRequest(key: "ab%2Bc%2Fd%3D%3D")
    let query = try #require(request.url.query(percentEncoded: true))
    #expect(query.hasPrefix("serviceKey=ab%2Bc%2Fd%3D%3D&"))
    #expect(!query.contains("%25"))
  }

  @Test func surroundingWhitespaceOfAPastedKeyIsDropped() async throws {
    let request = try await firstRequest(key: "  ab+c\n")
    #expect(request.url.query(percentEncoded: true)?.hasPrefix("serviceKey=ab%2Bc&") == true)
  }

  @Test func nonASCIIAndReservedCharactersAreEscaped() async throws {
    let request = try await firstRequest(key: "키 &?#%")
    let query = try #require(request.url.query(percentEncoded: true))
    #expect(query.hasPrefix("serviceKey=%ED%82%A4%20%26%3F%23%25&pageNo=1"))
  }

  @Test func theAPIHubUsesItsHostAndAuthKey() async throws {
    let request = try await firstRequest(key: "a+b", configuration: .apiHub)
    #expect(request.url.host() == "apihub.kma.go.kr")
    #expect(request.url.path() == "/api/typ02/openApi/VilageFcstInfoService_2.0/getVilageFcst")
    #expect(request.url.query(percentEncoded: true)?.hasPrefix("authKey=a%2Bb&") == true)
    #expect(request.sensitiveQueryItems == ["authKey"])
  }

  @Test func aBaseURLWithATrailingSlashGetsOneSlash() async throws {
    var configuration = KMAConfiguration.dataGoKr
    configuration.baseURL = try #require(URL(string: "http://127.0.0.1:8080/kma/"))
    let request = try await firstRequest(key: "k", configuration: configuration)
    #expect(request.url.absoluteString.hasPrefix("http://127.0.0.1:8080/kma/getVilageFcst?"))
  }

  @Test func requestsAskForJSONAWholeRunAndTheConfiguredTimeout() async throws {
    var configuration = KMAConfiguration.dataGoKr
    configuration.timeout = .seconds(3)
    let request = try await firstRequest(key: "k", configuration: configuration)
    #expect(request.queryValue(named: "dataType") == "JSON")
    #expect(Int(request.queryValue(named: "numOfRows") ?? "") ?? 0 >= 1100)
    #expect(request.timeout == .seconds(3))
    #expect(request.method == "GET")
  }

  @Test(arguments: ["", "   ", "\n"])
  func anEmptyKeyIsRefusedBeforeAnyRequest(key: String) async throws {
    let transport = shortTermStub()
    let client = client(transport, at: try kst(2026, 11, 30, 10, 30), key: key)
    let error = await #expect(throws: ForecastError.self) {
      try await client.dailyForecast(for: seoul)
    }
    #expect(error?.code == .invalidRequest)
    #expect(transport.requests.isEmpty)
  }

  @Test(arguments: ["ftp://example.com/x", "file:///tmp/kma", "https://example.com/x?a=1"])
  func anUnusableBaseURLIsRefusedBeforeAnyRequest(text: String) async throws {
    var configuration = KMAConfiguration.dataGoKr
    configuration.baseURL = try #require(URL(string: text))
    let transport = shortTermStub()
    let client = client(
      transport, at: try kst(2026, 11, 30, 10, 30), configuration: configuration)
    let error = await #expect(throws: ForecastError.self) {
      try await client.currentConditions(for: seoul)
    }
    #expect(error?.code == .invalidRequest)
    #expect(transport.requests.isEmpty)
  }

  @Test func aRequestDescriptionNeverShowsTheKey() async throws {
    let request = try await firstRequest(key: sentinelKey)
    let encoded = "SENTINEL%2Bs3cr3t%2FKEY%3D%3D"
    #expect(request.url.absoluteString.contains(encoded))
    var dumped = ""
    dump(request, to: &dumped)
    for text in [request.description, request.debugDescription, dumped, "\(request)"] {
      #expect(!text.contains("SENTINEL"))
      #expect(!text.contains("s3cr3t"))
      #expect(text.contains("serviceKey=REDACTED"))
    }
    #expect(request.description.contains("base_date=20261130"))
  }
}
