import HaruForecast
import Testing

struct ForecastErrorTests {
  @Test func codesMatchInCatchPatterns() {
    func classify(_ error: any Error) -> String {
      switch error {
      case ForecastError.Code.timeout: "timeout"
      case KMAResultCode.serviceKeyNotRegistered: "key"
      case ForecastError.Code.kmaResult: "other KMA code"
      default: "other"
      }
    }
    #expect(classify(ForecastError(.timeout, message: "slow")) == "timeout")
    let key = ForecastError(.kmaResult, message: "key", kmaResultCode: .serviceKeyNotRegistered)
    #expect(classify(key) == "key")
    let quota = ForecastError(.kmaResult, message: "quota", kmaResultCode: .requestLimitExceeded)
    #expect(classify(quota) == "other KMA code")
    #expect(classify(CancellationError()) == "other")
  }

  @Test(arguments: [
    (ForecastError.Code.timeout, nil, nil, true), (.transport, nil, nil, true),
    (.httpStatus, 503, nil, true), (.httpStatus, 404, nil, false), (.httpStatus, 429, nil, false),
    (.kmaResult, 200, "04", true), (.kmaResult, 200, "22", false), (.noData, 200, "03", false),
    (.decoding, 200, nil, false), (.cancelled, nil, nil, false), (.bodyTooLarge, 200, nil, false),
    (.outsideGrid, nil, nil, false), (.invalidRequest, nil, nil, false),
  ])
  func onlyPassingFailuresAreTransient(
    code: ForecastError.Code, status: Int?, kmaCode: String?, transient: Bool
  ) {
    let error = ForecastError(
      code, message: "m", kmaResultCode: kmaCode.map(KMAResultCode.init), httpStatus: status)
    #expect(error.isTransient == transient)
  }

  @Test func theDescriptionIsTheCodeAndTheMessage() {
    let error = ForecastError(.outsideGrid, message: "Choose a place in Korea.")
    #expect(error.description == "outside-grid: Choose a place in Korea.")
    #expect(ForecastError.Code.bodyTooLarge.description == "body-too-large")
  }

  @Test func everyDocumentedResultCodeHasItsName() {
    let documented: [(KMAResultCode, String)] = [
      (.normal, "NORMAL_SERVICE"), (.applicationError, "APPLICATION_ERROR"),
      (.databaseError, "DB_ERROR"), (.noData, "NODATA_ERROR"), (.httpError, "HTTP_ERROR"),
      (.serviceTimeout, "SERVICETIME_OUT"),
      (.invalidRequestParameter, "INVALID_REQUEST_PARAMETER_ERROR"),
      (.missingRequiredParameter, "NO_MANDATORY_REQUEST_PARAMETERS_ERROR"),
      (.noSuchService, "NO_OPENAPI_SERVICE_ERROR"), (.accessDenied, "SERVICE_ACCESS_DENIED_ERROR"),
      (.serviceKeyTemporarilyDisabled, "TEMPORARILY_DISABLE_THE_SERVICEKEY_ERROR"),
      (.requestLimitExceeded, "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR"),
      (.serviceKeyNotRegistered, "SERVICE_KEY_IS_NOT_REGISTERED_ERROR"),
      (.deadlineExpired, "DEADLINE_HAS_EXPIRED_ERROR"),
      (.unregisteredIPAddress, "UNREGISTERED_IP_ERROR"),
      (.unsignedCall, "UNSIGNED_CALL_ERROR"), (.unknownError, "UNKNOWN_ERROR"),
    ]
    for (code, name) in documented {
      #expect(code.name == name)
      #expect(code.description == "\(code.rawValue) \(name)")
    }
    #expect(KMAResultCode("47").name == nil)
    #expect(KMAResultCode("47").description == "47")
  }
}
