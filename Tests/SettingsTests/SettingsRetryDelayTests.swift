import Dispatch
import HaruShared
import Testing

@testable import HaruSettings

/// The pause before a failed save is tried again reaches eight seconds: more nanoseconds than a
/// 32-bit `Int` holds (an Apple Watch's), so it is counted in 64 bits by type.
struct SettingsRetryDelayTests {
  @Test func delaysPastTwoToTheThirtyFirstNanosecondsAreExact() {
    // Annotated: this stops compiling if the count goes back to `Int`.
    let longest: UInt64 = PreferencesHub.longestRetryDelay.saturatingNanoseconds
    #expect(longest == 8_000_000_000)
    #expect(longest > UInt64(Int32.max))
    #expect((Duration.seconds(3) + .nanoseconds(7)).saturatingNanoseconds == 3_000_000_007)
    #expect(Duration.seconds(4_294_967_296).saturatingNanoseconds == 4_294_967_296_000_000_000)
    #expect(Duration.milliseconds(-5).saturatingNanoseconds == 0)
    #expect(Duration.seconds(Int64.max).saturatingNanoseconds == .max)
  }

  @Test func theRetryDeadlineAddsTheWholeDelay() {
    let start = DispatchTime(uptimeNanoseconds: 1_000_000)
    let deadline = PreferencesHub.deadline(after: .seconds(5), from: start)
    // Dispatch may round to its clock's ticks on some platforms; a microsecond covers that.
    let added = Int64(bitPattern: deadline.uptimeNanoseconds &- start.uptimeNanoseconds)
    #expect(abs(added - 5_000_000_000) < 1_000)
    #expect(PreferencesHub.deadline(after: .seconds(Int64.max), from: start) == .distantFuture)
  }
}
