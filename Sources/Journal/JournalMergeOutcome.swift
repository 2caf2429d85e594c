public import HaruModels

/// What ``JournalStore/merge(_:)`` did with one entry.
public enum JournalMergeOutcome: Hashable, Sendable {
  /// No entry had its identity: it was added.
  case added
  /// It replaced the stored entry given here, which was updated earlier.
  case replaced(JournalEntry)
  /// The stored entry given here was updated at the same time or later, and was kept.
  case kept(JournalEntry)
}
