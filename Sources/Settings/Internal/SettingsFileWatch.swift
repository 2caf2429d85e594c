import Dispatch
import Foundation
import HaruShared

/// Watches for changes to the settings file. On Linux HaruShared's `FolderWatcher` watches its
/// folder with `inotify` (an atomic replace is a rename into the folder, which a watch on the old
/// file would miss), in `SettingsFileWatch+Linux.swift`; on Apple platforms dispatch sources follow
/// the file and its folder, as ``FileWatchPlan`` decides, in `SettingsFileWatch+Darwin.swift`. This
/// file holds the fallback for folders neither can watch.
enum SettingsFileWatch {
  /// How often the fallback compares the file's identity.
  static let pollInterval = DispatchTimeInterval.milliseconds(500)

  /// Compares the file's device, inode, size and modification time every ``pollInterval``: for
  /// folders the kernel cannot watch. One `stat` per interval while nothing changes.
  static func poll(file: URL, onChange: @escaping @Sendable () -> Void) -> PreferencesWatch {
    let queue = DispatchQueue(label: "haru.settings.poll")
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let path = file.path
    let last = PollState(FileIdentity(path: path))
    timer.schedule(
      deadline: .now() + pollInterval, repeating: pollInterval, leeway: .milliseconds(100))
    timer.setEventHandler {
      // The poll's state is only touched here.
      dispatchPrecondition(condition: .onQueue(queue))
      let current = FileIdentity(path: path)
      if last.replace(with: current) { onChange() }
    }
    timer.resume()
    let running = RunningSource(timer)
    return PreferencesWatch { running.cancel() }
  }
}

/// The identity the poll saw last; only touched on the poll's queue.
private final class PollState: @unchecked Sendable {
  private var identity: FileIdentity?

  init(_ identity: FileIdentity?) {
    self.identity = identity
  }

  /// Stores the new identity and says whether it differs from the last.
  func replace(with new: FileIdentity?) -> Bool {
    defer { identity = new }
    return identity != new
  }
}
