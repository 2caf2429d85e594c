import Testing

@testable import HaruModels

/// Numbers from a provider that pass 2³¹ − 1 (the largest 32-bit `Int`, Apple Watch's) are
/// 64-bit by type, and shown exactly.
struct Models32BitTests {
  @Test func anAmountOfNearlyABillionMillimetresIsShownToTheTenth() throws {
    let amount = try PrecipitationAmount(
      originalText: "999999999.9", unit: .millimeters, measure: .about(999_999_999.9))
    #expect(amount.formatted(in: .korean) == "999999999.9mm")
    #expect(amount.formatted(in: .english) == "999999999.9 mm")
    let tenths: Int64? = wholeTenths(of: 999_999_999.9)
    #expect(tenths == 9_999_999_999)
    #expect(wholeTenths(of: 1e9) == nil)
  }

  @Test func aTemperatureOfMoreThanTwoBillionDegreesIsWrittenExactly() throws {
    let hot = try Temperature(celsius: 3_000_000_000)
    #expect(hot.formatted(in: .celsius) == "3000000000°")
    let degrees: Int64 = Temperature.wholeDegrees(3_000_000_000.4)
    #expect(degrees == 3_000_000_000)
    #expect(Temperature.wholeDegrees(1e300) == 1_000_000_000_000_000)
    #expect(Temperature.wholeDegrees(-.infinity) == 0)
  }
}
