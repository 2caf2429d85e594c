import HaruModels
import HaruShared

/// The lists a repository's observations follow, and its count of changes seen.
///
/// The lock guards the dictionary only and is never held while the store works; the pages are
/// read and delivered by the repository on its write queue, one refresh at a time, so every
/// observation's values follow the order of the writes.
final class ObservedLists: Sendable {
  /// One observed list: which entries, and the page size.
  struct Key: Hashable, Sendable {
    let list: JournalList
    let limit: Int
  }

  /// What an observation of one list delivers.
  typealias Subject = ValueSubject<Result<JournalPage, JournalError>>

  private let subjects = LockedState<[Key: Subject]>([:])
  /// The number of changes seen: the repository's writes and other connections' commits.
  let changeCount = ValueSubject(0)

  /// The observation of a list already observed.
  func existing(_ key: Key) -> ValueObservation<Result<JournalPage, JournalError>>? {
    subjects.withLock { $0[key]?.observation }
  }

  /// Registers `subject` for a list unless another was registered first.
  ///
  /// - Returns: The observation of the list's subject, and whether it is `subject`'s.
  func register(
    _ subject: Subject, for key: Key
  ) -> (observation: ValueObservation<Result<JournalPage, JournalError>>, isNew: Bool) {
    subjects.withLock { subjects in
      if let existing = subjects[key] { return (existing.observation, false) }
      subjects[key] = subject
      return (subject.observation, true)
    }
  }

  /// The observed lists that pass `isAffected`, with their subjects.
  func subjects(where isAffected: (JournalList) -> Bool) -> [Key: Subject] {
    subjects.withLock { subjects in subjects.filter { isAffected($0.key.list) } }
  }

  /// Counts one more change.
  func countChange() {
    changeCount.send(changeCount.value + 1)
  }
}
