import Foundation

/// Where an App Group's shared folder is.
enum AppGroupContainer {
  /// The container folder the system gives this app for an App Group.
  ///
  /// Only called for an identifier the app names as its App Group: on macOS the look-up answers
  /// for any identifier, entitled or not, and touching another app's group container may prompt
  /// the user.
  ///
  /// - Returns: The folder, or `nil` when the app does not belong to the group, or the platform
  ///   has no App Groups.
  static func url(for identifier: String) -> URL? {
    #if canImport(Darwin)
      // Apple platforms only: not compiled where Haru is built and tested (Linux).
      FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier)
    #else
      nil
    #endif
  }
}
