/// A small, seeded pseudo-random generator, so that every run measures the same input.
///
/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit counter advanced by the golden-ratio
/// increment, then scrambled. The standard library's generator is seeded by the system and the
/// algorithm behind `Double.random(in:using:)` is not promised to stay the same, so neither is
/// used: ``unitInterval()`` turns bits into numbers here, in a way that cannot change.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<1` built from the top 53 bits of the next output.
  mutating func unitInterval() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A number in `range`, uniformly distributed.
  mutating func uniform(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + unitInterval() * (range.upperBound - range.lowerBound)
  }
}
