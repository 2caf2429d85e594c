import Dispatch

// Index upkeep: merging the search index's segments after the writes pause and after an
// import.
extension JournalRepository {
  /// Merges the search index's segments, on ``writes`` after the writes paused. A merge that
  /// fails is left for the next pause; the index is whole either way. A merge changes no entry,
  /// but it is a commit: it runs on the writer, so observers here do not see it, and observers of
  /// other repositories see it as a commit (the signal fires, lists are read again and delivered
  /// only if they changed), since telling it apart from a commit by another process at the same
  /// moment would need a lock across processes.
  private func mergeIndexSegments() {
    dispatchPrecondition(condition: .onQueue(writes))
    guard !suspension.isSuspended else { return }
    capabilities.mergeIndexSegments()
  }

  /// Notes a write (or the opening): the segments are looked at once the repository has been
  /// idle for ``Options``' index delay.
  func scheduleIndexUpkeep() {
    indexMaintenance?.noteWrite { [weak self] in self?.mergeIndexSegments() }
  }

  /// Merges the search index after an import that stored `added` entries in several calls of
  /// ``importEntries(fromTSV:)``, as one call that large would have: only when the import added
  /// at least 1,000 entries and a quarter of the journal. It only speeds up later searches; a
  /// failure leaves a sound index and is not reported.
  package func mergeSearchIndex(afterImportOf added: Int) async {
    _ = try? await onWrites { () throws(JournalError) in
      self.mergeSearchIndexNow(afterImportOf: added)
    }
  }

  func mergeSearchIndexNow(afterImportOf added: Int) {
    dispatchPrecondition(condition: .onQueue(writes))
    // Only speeds up later searches: a failure here leaves a sound index and a finished import,
    // and a suspension stops the merge rather than wait for it (the index's upkeep merges its
    // segments later).
    capabilities.mergeSearchIndex(afterImportOf: added)
  }

  /// Returns once the search index's upkeep after the last write is done, for tests.
  func waitForIndexUpkeep() {
    indexMaintenance?.waitUntilIdle()
  }
}
