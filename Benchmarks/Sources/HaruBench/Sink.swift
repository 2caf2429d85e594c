/// Where the results of measured work go, so the optimizer cannot drop the work.
///
/// Every batch returns a digest of what it computed (a sum of grid cells, the last value sent);
/// the sink folds the digests together and the harness prints the total to standard error. A
/// result that is printed has to be computed.
struct Sink: Sendable {
  private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

  mutating func consume(_ digest: UInt64) {
    value = (value ^ digest) &* 0x0000_0100_0000_01B3
  }
}
