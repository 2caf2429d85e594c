/// Times batches of operations with `ContinuousClock`.
enum Harness {
  /// Runs `plan.warmupBatches` untimed batches, then `plan.samples` timed ones.
  ///
  /// - Parameters:
  ///   - plan: How many batches, of what size.
  ///   - batch: Performs `plan.batchSize` operations and returns a digest of their results.
  ///     Any setup belongs outside it: everything it does is timed.
  /// - Returns: One time per operation for each timed batch.
  /// - Throws: What `batch` throws; measuring stops at the first error.
  static func measure<Failure: Error>(
    _ plan: SamplingPlan, batch: () throws(Failure) -> UInt64
  ) throws(Failure) -> Samples {
    let clock = ContinuousClock()
    var sink = Sink()
    for _ in 0..<plan.warmupBatches {
      sink.consume(try batch())
    }
    var perOperation: [Double] = []
    perOperation.reserveCapacity(plan.samples)
    for _ in 0..<plan.samples {
      let start = clock.now
      let digest = try batch()
      let end = clock.now
      sink.consume(digest)
      perOperation.append(nanoseconds(start.duration(to: end)) / Double(plan.batchSize))
    }
    return Samples(nanosecondsPerOperation: perOperation, plan: plan, sink: sink.value)
  }

  /// Like ``measure(_:batch:)``, with an untimed `settle` after every batch (warm-up included):
  /// for work that leaves something running, such as consumers still reading what a batch sent,
  /// so that every batch starts from the same state.
  ///
  /// - Parameters:
  ///   - plan: How many batches, of what size.
  ///   - isolation: Where to run: the caller's actor, so the closures need not be `Sendable`.
  ///   - batch: Performs `plan.batchSize` operations and returns a digest of their results.
  ///   - settle: Waits until the batch's effects have played out. Not timed.
  /// - Returns: One time per operation for each timed batch.
  static func measure(
    _ plan: SamplingPlan,
    isolation: isolated (any Actor)? = #isolation,
    batch: () -> UInt64,
    settle: () async -> Void
  ) async -> Samples {
    let clock = ContinuousClock()
    var sink = Sink()
    for _ in 0..<plan.warmupBatches {
      sink.consume(batch())
      await settle()
    }
    var perOperation: [Double] = []
    perOperation.reserveCapacity(plan.samples)
    for _ in 0..<plan.samples {
      let start = clock.now
      let digest = batch()
      let end = clock.now
      sink.consume(digest)
      perOperation.append(nanoseconds(start.duration(to: end)) / Double(plan.batchSize))
      await settle()
    }
    return Samples(nanosecondsPerOperation: perOperation, plan: plan, sink: sink.value)
  }

  /// Like ``measure(_:batch:)`` for work that must await, such as a durable write.
  ///
  /// - Parameters:
  ///   - plan: How many batches, of what size.
  ///   - isolation: Where to run: the caller's actor, so the closure need not be `Sendable`.
  ///   - batch: Performs `plan.batchSize` operations and returns a digest of their results.
  /// - Returns: One time per operation for each timed batch.
  /// - Throws: What `batch` throws; measuring stops at the first error.
  static func measureAsync(
    _ plan: SamplingPlan,
    isolation: isolated (any Actor)? = #isolation,
    batch: () async throws -> UInt64
  ) async throws -> Samples {
    let clock = ContinuousClock()
    var sink = Sink()
    for _ in 0..<plan.warmupBatches {
      sink.consume(try await batch())
    }
    var perOperation: [Double] = []
    perOperation.reserveCapacity(plan.samples)
    for _ in 0..<plan.samples {
      let start = clock.now
      let digest = try await batch()
      let end = clock.now
      sink.consume(digest)
      perOperation.append(nanoseconds(start.duration(to: end)) / Double(plan.batchSize))
    }
    return Samples(nanosecondsPerOperation: perOperation, plan: plan, sink: sink.value)
  }

  static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}
