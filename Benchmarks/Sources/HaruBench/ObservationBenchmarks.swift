import HaruModels

/// The writer's side of `ValueSubject`: what one `send(_:)` costs while consumers iterate the
/// subject's observation at the same time.
enum ObservationBenchmarks {
  static let all = [
    writes(observers: 0, plan: SamplingPlan(warmupBatches: 100, samples: 1000, batchSize: 1000)),
    writes(observers: 10, plan: SamplingPlan(warmupBatches: 20, samples: 1000, batchSize: 200)),
    writes(observers: 100, plan: SamplingPlan(warmupBatches: 5, samples: 250, batchSize: 100)),
  ]

  /// `models.observation.write.observers-<n>`: per-`send` time with `observers` consumer tasks
  /// iterating. The zero-observer line is the baseline: the lock and the store alone.
  static func writes(observers: Int, plan: SamplingPlan) -> Benchmark {
    Benchmark(name: "models.observation.write.observers-\(observers)", unit: .nanoseconds) {
      await measureWrites(observers: observers, plan: plan)
    }
  }

  static func measureWrites(observers: Int, plan: SamplingPlan) async -> Samples {
    let subject = ValueSubject(0)
    let watermark = Watermark(consumers: observers)
    return await withTaskGroup(of: Int.self, returning: Samples.self) { consumers in
      for consumer in 0..<observers {
        consumers.addTask {
          var received = 0
          for await value in subject.observation {
            watermark.record(value, consumer: consumer)
            received += 1
          }
          // The changes seen, not counting the initial value.
          return max(received - 1, 0)
        }
      }
      // The first value each consumer gets is the current one, delivered once its subscription
      // exists: from then on it sees the latest of every write.
      await watermark.wait(untilEveryConsumerSaw: 0)

      var next = 0
      var samples = await Harness.measure(plan) {
        for _ in 0..<plan.batchSize {
          next &+= 1
          subject.send(next)
        }
        return UInt64(truncatingIfNeeded: subject.value)
      } settle: {
        // Every batch starts with every consumer caught up (about to wait for the next value);
        // otherwise a backlog from one batch would be charged to the next, and runs would drift
        // apart.
        await watermark.wait(untilEveryConsumerSaw: next)
      }

      // Cancelling a consumer ends its iteration and its subscription.
      consumers.cancelAll()
      var delivered = 0
      for await received in consumers {
        delivered += received
      }
      if observers > 0 {
        // A slow consumer sees the latest value rather than every one (latest wins), so this is
        // below 100 % by design; it shows how busy the consumers were kept.
        let sent = next * observers
        let percent = Double(delivered) / Double(max(sent, 1)) * 100
        samples.note =
          "\(observers) consumers received \(delivered) of \(sent) values sent "
          + "(\(Int(percent.rounded())) %)"
      }
      return samples
    }
  }
}
