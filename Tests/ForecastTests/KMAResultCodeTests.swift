import Testing

@testable import HaruForecast

struct KMAResultCodeTests {
  @Test(arguments: [
    ("0", "00"), ("00", "00"), ("000", "00"), (" 00\n", "00"), ("3", "03"), ("03", "03"),
    ("30", "30"), ("99", "99"), ("NO_DATA", "NO_DATA"), ("", ""),
  ])
  func codesAreNormalisedToTwoDigits(text: String, expected: String) {
    #expect(KMAResultCode(text).rawValue == expected)
  }

  @Test func normalCodeMatchesEverySpelling() {
    #expect(KMAResultCode("0") == .normal)
    #expect(KMAResultCode("000") == .normal)
    #expect(KMAResultCode("3") == .noData)
  }

  @Test(arguments: ["01", "02", "04", "05", "1", "4"])
  func serviceSideFailuresAreTransient(code: String) {
    #expect(KMAResultCode(code).isTransient)
  }

  @Test(arguments: ["00", "03", "10", "11", "12", "20", "21", "22", "30", "31", "32", "33", "99"])
  func keyQuotaAndParameterErrorsAreNotTransient(code: String) {
    #expect(!KMAResultCode(code).isTransient)
  }
}
