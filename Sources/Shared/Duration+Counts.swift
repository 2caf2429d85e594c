/// Every conversion of a `Duration` to a number that Haru makes, in one place: whole units for the
/// system's calls, which take integers, and seconds for Foundation's `TimeInterval`.
extension Duration {
  /// The duration in whole nanoseconds, in 64 bits whatever the platform's `Int` (32 bits on an
  /// Apple Watch, where two seconds of nanoseconds do not fit): 0 for a negative duration,
  /// `UInt64.max` for one too long.
  package var saturatingNanoseconds: UInt64 {
    saturatingCount(perSecond: 1_000_000_000)
  }

  /// The duration in whole microseconds: 0 for a negative duration, `Int64.max` for one too long.
  package var saturatingMicroseconds: Int64 {
    Int64(clamping: saturatingCount(perSecond: 1_000_000))
  }

  /// The duration in whole milliseconds: 0 for a negative duration, `Int64.max` for one too long.
  package var saturatingMilliseconds: Int64 {
    Int64(clamping: saturatingCount(perSecond: 1000))
  }

  /// The duration in seconds, as a floating-point number (Foundation's `TimeInterval`).
  package var inSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// The duration in whole units of which a second has `unitsPerSecond` (a divisor of 10¹⁸): 0
  /// for a negative duration, `UInt64.max` for one too long.
  private func saturatingCount(perSecond unitsPerSecond: UInt64) -> UInt64 {
    let (seconds, attoseconds) = components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: unitsPerSecond)
    let (total, carry) = whole.addingReportingOverflow(
      UInt64(attoseconds) / (1_000_000_000_000_000_000 / unitsPerSecond))
    return overflow || carry ? .max : total
  }
}
