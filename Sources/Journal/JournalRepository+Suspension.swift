import Dispatch
import Foundation
import HaruShared

extension JournalRepository {
  /// Stops all work on the journal's files until ``resume()``, so that this process holds no
  /// lock on them: for an app about to be suspended.
  ///
  /// iOS ends a suspended app that holds a lock on a file in an App Group container, the folder
  /// an app shares with its widgets and extensions (the crash report says `0xdead10cc`). Call
  /// this when the app moves to the background, inside a background task so that it has the time
  /// to finish, and ``resume()`` when it comes back:
  ///
  /// ```swift
  /// // In the scene delegate (an app extension does the same in its own lifecycle).
  /// func sceneDidEnterBackground(_ scene: UIScene) {
  ///   let task = UIApplication.shared.beginBackgroundTask()
  ///   Task {
  ///     await journal.suspend()
  ///     UIApplication.shared.endBackgroundTask(task)
  ///   }
  /// }
  ///
  /// func sceneWillEnterForeground(_ scene: UIScene) {
  ///   journal.resume()
  /// }
  /// ```
  ///
  /// When it returns:
  /// - The write that was running has committed, and the reads that were running have ended. The
  ///   transaction of an import that was running (an import commits every 5,000 lines, or every
  ///   2,000 entries of an archive) was stopped and rolled back instead of waited for; imports in
  ///   progress wait, holding nothing, and after ``resume()`` write that transaction again and go
  ///   on, so no line is imported twice or lost. A checkpoint that was running, or the merge of
  ///   the search index after an import, is stopped the same way and done later.
  /// - Every database connection is closed, which releases SQLite's locks on the database and its
  ///   `-wal` and `-shm` files. The close leaves the write-ahead log for the next connection
  ///   rather than copy it into the database file then, which could take seconds after an import.
  /// - Reads and writes asked for from then on throw ``JournalError/Code/suspended`` at once,
  ///   without touching a file; observations keep their last value.
  ///
  /// Calling it again while suspended changes nothing. It never throws: closing a connection
  /// cannot fail in a way that leaves a lock behind.
  @concurrent
  public func suspend() async {
    suspension.suspend()
    let database = capabilities.database
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      // A queue of its own: the write queue may hold an import parked until `resume()`.
      DispatchQueue.global(qos: .userInitiated).async {
        database?.suspend()
        continuation.resume()
      }
    }
  }

  /// Lets the journal read and write again after ``suspend()``: parked imports go on, and lists
  /// that are observed are read again, since other processes may have written meanwhile.
  ///
  /// Connections open again as reads and writes need them. Calling it when not suspended changes
  /// nothing.
  public func resume() {
    capabilities.database?.resume()
    guard suspension.resume() else { return }
    writes.async { [weak self] in self?.refreshAfterResume() }
  }

  /// Whether the repository is suspended: ``suspend()`` was called without a ``resume()`` since.
  public var isSuspended: Bool { suspension.isSuspended }

  /// Runs one transaction of a long write (a batch of an import) once the repository is not
  /// suspended, on the thread of the write queue: while suspended it waits, holding nothing, and a
  /// suspension that comes between that look and the transaction makes it wait and run again.
  func writeWhenRunning<Value>(
    _ write: () throws(JournalError) -> Value
  ) throws(JournalError) -> Value {
    dispatchPrecondition(condition: .onQueue(writes))
    while true {
      suspension.waitWhileSuspended()
      do throws(JournalError) {
        return try capabilities.stoppableBySuspension(write)
      } catch JournalError.Code.suspended {
        continue
      }
    }
  }

  /// Throws ``JournalError/Code/suspended`` while suspended.
  func checkNotSuspended() throws(JournalError) {
    guard !suspension.isSuspended else {
      throw SQLiteDatabase.suspendedError(path: directory.path)
    }
  }
}
