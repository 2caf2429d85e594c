import HaruModels
import HaruShared

/// The user events of one input, in the order they were sent, waiting to be handled on the main
/// actor.
final class EventQueue: Sendable {
  typealias Job = @MainActor @Sendable () -> Void

  /// Events enqueued and not yet handled.
  let pending = Activity()
  private let jobs: AsyncStream<Job>
  private let continuation: AsyncStream<Job>.Continuation

  init() {
    let (jobs, continuation) = AsyncStream.makeStream(of: Job.self)
    let pending = pending
    // Events still waiting when the queue stops will never be handled.
    continuation.onTermination = { _ in pending.reset() }
    self.jobs = jobs
    self.continuation = continuation
  }

  func enqueue(_ job: @escaping Job) {
    pending.begin()
    if case .terminated = continuation.yield(job) {
      pending.end()
    }
  }

  /// Drops the events waiting and refuses later ones.
  func stop() {
    continuation.finish()
  }

  @MainActor
  func run() async {
    for await job in jobs {
      // A stopped queue may still hand out events it buffered; they are not handled.
      guard !Task.isCancelled else { break }
      job()
      pending.end()
    }
  }
}
