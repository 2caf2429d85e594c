/// What ``JournalRepository/verify(progress:)`` found: nothing, or each problem in words.
public struct JournalVerification: Hashable, Sendable {
  /// One sentence per problem, such as `"database: Page 12: btreeInitPage() returns error code
  /// 11"`; empty when the journal is sound.
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
