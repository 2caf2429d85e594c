extension Duration {
  /// The duration in whole nanoseconds, in 64 bits whatever the platform's `Int` (32 bits on an
  /// Apple Watch, where two seconds of nanoseconds do not fit): 0 for a negative duration,
  /// `UInt64.max` for one too long.
  package var saturatingNanoseconds: UInt64 {
    let (seconds, attoseconds) = components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
    let (total, carry) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
    return overflow || carry ? .max : total
  }

  /// The duration in whole milliseconds: 0 for a negative duration, `Int64.max` for one too long.
  package var saturatingMilliseconds: Int64 {
    let (seconds, attoseconds) = components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    let (total, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
    return overflow || carry ? .max : total
  }
}
