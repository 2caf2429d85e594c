/// How far an export or an import has come.
public struct JournalTransferProgress: Hashable, Sendable {
  /// The entries written or imported so far.
  public let completedEntries: Int
  /// The entries to write or import.
  public let totalEntries: Int
  /// The photos copied so far.
  public let completedPhotos: Int
  /// The photos to copy, once known; 0 before.
  public let totalPhotos: Int

  /// Creates a progress value.
  ///
  /// - Parameters:
  ///   - completedEntries: The entries done.
  ///   - totalEntries: The entries to do.
  ///   - completedPhotos: The photos done.
  ///   - totalPhotos: The photos to do.
  public init(completedEntries: Int, totalEntries: Int, completedPhotos: Int, totalPhotos: Int) {
    self.completedEntries = completedEntries
    self.totalEntries = totalEntries
    self.completedPhotos = completedPhotos
    self.totalPhotos = totalPhotos
  }

  /// The fraction done, from 0 to 1, counting an entry and a photo alike.
  public var fractionCompleted: Double {
    let total = totalEntries + totalPhotos
    guard total > 0 else { return 1 }
    return min(1, Double(completedEntries + completedPhotos) / Double(total))
  }
}
