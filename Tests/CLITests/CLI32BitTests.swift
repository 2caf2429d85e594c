import Foundation
import Testing

@testable import HaruCLI

extension HaruCLI {
  /// Seconds since 1970 pass 2³¹ − 1 (the largest 32-bit `Int`, Apple Watch's) in 2038: the
  /// forecast's clock counts them in 64 bits.
  struct CLI32BitTests {
    @Test func theClockOfAnInstantAfter2038IsExact() throws {
      // 2096-10-02 07:07:00 in Korea Standard Time, 4,000,000,020 s after 1970-01-01 00:00 there.
      let instant = Date(timeIntervalSince1970: 4_000_000_020 - 9 * 3600)
      let seconds: Int64? = ForecastCommand.koreaSeconds(instant)
      #expect(seconds == 4_000_000_020)
      #expect(try #require(seconds) > Int64(Int32.max))
      #expect(ForecastCommand.clock(instant) == "07:07")
      #expect(ForecastCommand.clock(Date(timeIntervalSince1970: .infinity)) == "--:--")
    }
  }
}
