/// The consumers parked until the next write. Not generic, so the write path needs no runtime
/// type metadata for it.
struct Waiters {
  private struct Waiter {
    let id: UInt64
    let continuation: CheckedContinuation<Void, Never>
  }

  /// Whether the observation has ended.
  var isFinished = false
  private var nextID: UInt64 = 0
  private var parked: [Waiter] = []

  var count: Int { parked.count }

  /// A fresh identity for a consumer about to park.
  mutating func reserveID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  mutating func park(_ id: UInt64, _ continuation: CheckedContinuation<Void, Never>) {
    parked.append(Waiter(id: id, continuation: continuation))
  }

  /// Removes a parked consumer, returning its continuation to resume.
  mutating func remove(_ id: UInt64) -> CheckedContinuation<Void, Never>? {
    guard let index = parked.firstIndex(where: { $0.id == id }) else { return nil }
    return parked.remove(at: index).continuation
  }

  /// Removes every parked consumer, returning their continuations to resume.
  mutating func takeAll() -> [CheckedContinuation<Void, Never>] {
    guard !parked.isEmpty else { return [] }
    let continuations = parked.map(\.continuation)
    parked.removeAll(keepingCapacity: true)
    return continuations
  }

  /// Resumes consumers; call outside the lock.
  static func wake(_ continuations: [CheckedContinuation<Void, Never>]) {
    for continuation in continuations {
      continuation.resume()
    }
  }
}
