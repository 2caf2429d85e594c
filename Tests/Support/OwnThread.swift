import Foundation
package import Testing

/// A trait that runs each test of a suite, or one test, on threads of its own rather than on
/// Swift's cooperative pool.
///
/// The pool has one thread per core. A synchronous test that blocks for seconds — waiting for a
/// child process, or searching for minutes — holds one of them, and on a two-core machine every
/// other test's task waits behind it, past its time limit. Under this trait the test's task
/// prefers an executor that runs each of its jobs on a new thread; task-local values, and so
/// `#expect`'s knowledge of which test it is in, carry over.
package struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
  package var isRecursive: Bool { true }

  package func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // Only the test cases themselves; a suite's scope is entered once for all of them.
    guard testCase != nil else { return try await function() }
    try await withTaskExecutorPreference(OwnThreadExecutor.shared) {
      // The preference takes effect when the task is next scheduled: move it there now, before
      // a synchronous test body runs.
      await Task.yield()
      try await function()
    }
  }
}

extension Trait where Self == OwnThreadTrait {
  /// Runs the test (or every test of the suite) on threads of its own, off Swift's cooperative
  /// pool.
  package static var onOwnThreads: Self { OwnThreadTrait() }
}

/// An executor that runs every job on a new thread.
final class OwnThreadExecutor: TaskExecutor {
  static let shared = OwnThreadExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Thread.detachNewThread {
      Thread.current.name = "haru.test.own"
      job.runSynchronously(on: executor)
    }
  }
}
