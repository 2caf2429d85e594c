/// The flag of a store's save loop, which only `claim()` sets and only `release()` clears: whoever
/// schedules the loop claims it, and the loop releases it when it stops.
struct SaveClaim {
  private(set) var isClaimed = false

  /// Claims the loop, or says that it is claimed already.
  mutating func claim() -> Bool {
    guard !isClaimed else { return false }
    isClaimed = true
    return true
  }

  /// Releases the loop: the next write or flush schedules it again.
  mutating func release() {
    isClaimed = false
  }
}
