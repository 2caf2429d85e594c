#if os(Linux) || os(Android)
  import Foundation
  import HaruShared

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Android)
    import Android
  #endif

  extension SettingsFileWatch {
    /// The events that mean the file may have changed: written in place, renamed into the folder
    /// (an atomic replace), removed or renamed away.
    static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)

    /// Watches the file's folder with HaruShared's `FolderWatcher`: nothing runs while nothing
    /// changes.
    ///
    /// - Returns: The watch, or `nil` when the folder cannot be watched (it does not exist, or
    ///   the process is out of watches).
    static func start(file: URL, onChange: @escaping @Sendable () -> Void) -> PreferencesWatch? {
      guard
        let watcher = FolderWatcher(
          folder: file.deletingLastPathComponent().path, mask: mask,
          names: .exactly(Array(file.lastPathComponent.utf8)), label: "haru.settings.watch",
          changed: onChange)
      else { return nil }
      return PreferencesWatch { watcher.stop() }
    }
  }
#endif
