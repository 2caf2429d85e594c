import Dispatch

/// A repository's two dispatch queues, and the bridge that runs blocking store work on them from
/// async code without blocking a thread of Swift's cooperative pool.
struct JournalQueues: Sendable {
  /// Where writes, and the refreshes of observed lists after them, run: one at a time.
  let writes = DispatchQueue(label: "haru.journal.writes", qos: .userInitiated)
  /// Where reads run, in parallel.
  let reads = DispatchQueue(
    label: "haru.journal.reads", qos: .userInitiated, attributes: .concurrent)

  /// Runs `body` on `queue` and waits for it; when the task is cancelled, `interrupter` stops the
  /// statement it runs.
  static func run<Value: Sendable>(
    on queue: DispatchQueue, interrupter: ReadInterrupter?,
    _ body: @escaping @Sendable () throws(JournalError) -> Value
  ) async throws(JournalError) -> Value {
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<Value, JournalError>, Never>) in
        queue.async {
          continuation.resume(returning: Result { () throws(JournalError) -> Value in try body() })
        }
      }
    } onCancel: {
      interrupter?.cancel()
    }
    return try result.get()
  }
}
