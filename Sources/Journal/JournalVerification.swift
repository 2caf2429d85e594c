/// What ``JournalRepository/verify(progress:)`` found: nothing, or each problem in words.
public struct JournalVerification: Hashable, Sendable {
  /// One sentence per problem, what it means for the journal followed by SQLite's own words,
  /// such as `"Part of the file that holds the journal's data is damaged: entries stored there
  /// may be lost or wrong. (SQLite: Page 12: btreeInitPage() returns error code 11)"`; empty when
  /// the journal is sound.
  public let problems: [String]

  /// Whether no problem was found.
  public var isSound: Bool { problems.isEmpty }

  /// Creates a result.
  ///
  /// - Parameter problems: One sentence per problem; empty when sound.
  public init(problems: [String]) {
    self.problems = problems
  }
}
