#if os(Linux)
  import Foundation
  import HaruShared

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  extension DatabaseWatcher {
    /// The events that mean a commit or a checkpoint may have happened: every commit writes to the
    /// `-wal` file and every checkpoint to the database file.
    static let inotifyMask = UInt32(
      IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)

    /// An `inotify` watch of the database's folder (HaruShared's `FolderWatcher`), waking for the
    /// files whose names start with the database's: the database, its `-wal` and its `-shm`.
    ///
    /// - Returns: The watch, or `nil` when no watch can be had (the user's `inotify` instances
    ///   used up).
    static func inotifyWatch(
      databasePath: String, changed: @escaping @Sendable () -> Void
    ) -> FolderWatcher? {
      let url = URL(fileURLWithPath: databasePath)
      return FolderWatcher(
        folder: url.deletingLastPathComponent().path, mask: inotifyMask,
        names: .startingWith(Array(url.lastPathComponent.utf8)), label: "haru.journal.watcher",
        changed: changed)
    }
  }
#endif
